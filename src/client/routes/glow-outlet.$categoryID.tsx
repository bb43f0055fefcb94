// /glow-outlet/{categoryID}: a Glow Outlet category (see docs/decisions/020-glow-outlet-category-urls.md).
// A bad id is the not-found page (params.parse); the loader starts the page's queries.
import { createFileRoute } from '@tanstack/react-router';
import { NotFoundView } from '../components/ui/not-found-view';
import { ListingPage } from '../features/catalog/listing-page';
import { prefetchListing } from '../features/catalog/listing-queries';
import { validateListingSearch } from '../features/catalog/listing-search';
import { WishlistHeart } from '../features/wishlist/wishlist-heart';
import { idParam } from '../lib/route-id';

export const Route = createFileRoute('/glow-outlet/$categoryID')({
  params: idParam('categoryID'),
  validateSearch: validateListingSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) => {
    void prefetchListing(context.queryClient, context.trpc, '/glow-outlet', params.categoryID, deps);
  },
  notFoundComponent: () => <NotFoundView />,
  component: GlowOutletCategoryPage,
});

function GlowOutletCategoryPage() {
  const search = Route.useSearch();
  const { categoryID } = Route.useParams();
  return (
    <ListingPage
      key={categoryID}
      base="/glow-outlet"
      categoryID={categoryID}
      search={search}
      renderAction={(p) => <WishlistHeart productId={p.productID} />}
    />
  );
}
