// /kerko?q=…: the products a text finds (name, brand, category, price and colour words, diacritics ignored), with
// the listing's order, filters and pages in the URL (issue 25), read leniently by the page's declaration.
import { createFileRoute } from '@tanstack/react-router';
import { pages } from '#shared/pages';
import { SearchPage } from '../features/catalog/search-page';
import { WishlistHeart } from '../features/wishlist/wishlist-heart';
import { ListingPending } from './-listing-pending';
import { loadFirstView, routeHead } from './-page-data';

const page = pages.search;

export const Route = createFileRoute('/kerko')({
  validateSearch: page.parseSearch,
  // The router passes the URL's other parameters along with the validated ones: the declaration reads them again.
  loaderDeps: ({ search }) => page.parseSearch(search),
  loader: (args) => loadFirstView(args, page.firstView, {}, args.deps),
  pendingComponent: ListingPending,
  head: routeHead(pages.search),
  component: SearchRoute,
});

function SearchRoute() {
  const search = Route.useLoaderDeps();
  return <SearchPage search={search} renderAction={(p) => <WishlistHeart productId={p.productID} />} />;
}
