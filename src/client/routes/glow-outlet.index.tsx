// /glow-outlet: listing of main category 2 (filters and page in the URL).
import { createFileRoute } from '@tanstack/react-router';
import { ListingPage } from '../features/catalog/listing-page';
import { validateListingSearch } from '../features/catalog/listing-search';
import { WishlistHeart } from '../features/wishlist/wishlist-heart';

export const Route = createFileRoute('/glow-outlet/')({
  validateSearch: validateListingSearch,
  component: GlowOutletPage,
});

function GlowOutletPage() {
  const search = Route.useSearch();
  return <ListingPage base="/glow-outlet" search={search} renderAction={(p) => <WishlistHeart productId={p.productID} />} />;
}
