// /glow-outlet: listing of main category 2 (filters and page in the URL).
import { createFileRoute } from '@tanstack/react-router';
import { ListingPage } from '../features/catalog/listing-page';
import { prefetchListing } from '../features/catalog/listing-queries';
import { validateListingSearch } from '../features/catalog/listing-search';
import { WishlistHeart } from '../features/wishlist/wishlist-heart';

export const Route = createFileRoute('/glow-outlet/')({
  validateSearch: validateListingSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void prefetchListing(context.queryClient, context.trpc, '/glow-outlet', undefined, deps);
  },
  component: GlowOutletPage,
});

function GlowOutletPage() {
  const search = Route.useSearch();
  return (
    <ListingPage base="/glow-outlet" search={search} renderAction={(p) => <WishlistHeart productId={p.productID} />} />
  );
}
