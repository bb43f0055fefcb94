// /products/{categoryID}: the listing narrowed to one category (its main category comes from the category).
// A bad id or a missing category is the not-found page (params.parse, the loader); the server answers it 404.
import { createFileRoute } from '@tanstack/react-router';
import { pages } from '#shared/pages';
import { ListingPage } from '../features/catalog/listing-page';
import { WishlistHeart } from '../features/wishlist/wishlist-heart';
import { idParam } from '../lib/route-id';
import { ListingPending } from './-listing-pending';
import { loadFirstView, routeHead } from './-page-data';

const page = pages.productsCategory;

export const Route = createFileRoute('/products/$categoryID')({
  params: idParam('categoryID'),
  validateSearch: page.parseSearch,
  // The router passes the URL's other parameters along with the validated ones: the declaration reads them again.
  loaderDeps: ({ search }) => page.parseSearch(search),
  loader: (args) => loadFirstView(args, page.firstView, args.params, args.deps),
  pendingComponent: ListingPending,
  head: routeHead(pages.productsCategory),
  component: ProductsCategoryPage,
});

function ProductsCategoryPage() {
  const search = Route.useLoaderDeps();
  const { categoryID } = Route.useParams();
  return (
    <ListingPage
      key={categoryID}
      base="/products"
      categoryID={categoryID}
      search={search}
      renderAction={(p) => <WishlistHeart productId={p.productID} />}
    />
  );
}
