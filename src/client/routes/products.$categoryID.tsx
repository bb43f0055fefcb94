// /products/{categoryID}: the listing narrowed to one category (its main category comes from the category).
// A bad id is the not-found page (params.parse); the loader starts the page's queries.
import { createFileRoute } from '@tanstack/react-router';
import { NotFoundView } from '../components/ui/not-found-view';
import { ListingPage } from '../features/catalog/listing-page';
import { prefetchListing } from '../features/catalog/listing-queries';
import { validateListingSearch } from '../features/catalog/listing-search';
import { WishlistHeart } from '../features/wishlist/wishlist-heart';
import { idParam } from '../lib/route-id';

export const Route = createFileRoute('/products/$categoryID')({
  params: idParam('categoryID'),
  validateSearch: validateListingSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) => {
    void prefetchListing(context.queryClient, context.trpc, '/products', params.categoryID, deps);
  },
  notFoundComponent: () => <NotFoundView />,
  component: ProductsCategoryPage,
});

function ProductsCategoryPage() {
  const search = Route.useSearch();
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
