// /products/: listing of main category 1 (filters, page and order in the URL, read leniently by the page's declaration).
import { createFileRoute } from '@tanstack/react-router';
import { pages } from '#shared/pages';
import { ListingPage } from '../features/catalog/listing-page';
import { WishlistHeart } from '../features/wishlist/wishlist-heart';
import { ListingPending } from './-listing-pending';
import { loadFirstView, routeHead } from './-page-data';

const page = pages.products;

export const Route = createFileRoute('/products/')({
  validateSearch: page.parseSearch,
  // The router passes the URL's other parameters along with the validated ones: the declaration reads them again.
  loaderDeps: ({ search }) => page.parseSearch(search),
  loader: (args) => loadFirstView(args, page.firstView, {}, args.deps),
  pendingComponent: ListingPending,
  head: routeHead(pages.products),
  component: ProductsPage,
});

function ProductsPage() {
  const search = Route.useLoaderDeps();
  return (
    <ListingPage base="/products" search={search} renderAction={(p) => <WishlistHeart productId={p.productID} />} />
  );
}
