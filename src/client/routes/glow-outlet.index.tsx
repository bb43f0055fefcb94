// /glow-outlet/: listing of main category 2 (filters, page and order in the URL, read leniently by the page's declaration).
import { createFileRoute } from '@tanstack/react-router';
import { pages } from '#shared/pages';
import { ListingPage } from '../features/catalog/listing-page';
import { WishlistHeart } from '../features/wishlist/wishlist-heart';
import { ListingPending } from './-listing-pending';
import { loadFirstView, routeHead } from './-page-data';

const page = pages.glowOutlet;

export const Route = createFileRoute('/glow-outlet/')({
  validateSearch: page.parseSearch,
  // The router passes the URL's other parameters along with the validated ones: the declaration reads them again.
  loaderDeps: ({ search }) => page.parseSearch(search),
  loader: (args) => loadFirstView(args, page.firstView, {}, args.deps),
  pendingComponent: ListingPending,
  head: routeHead(pages.glowOutlet),
  component: GlowOutletPage,
});

function GlowOutletPage() {
  const search = Route.useLoaderDeps();
  return (
    <ListingPage base="/glow-outlet" search={search} renderAction={(p) => <WishlistHeart productId={p.productID} />} />
  );
}
