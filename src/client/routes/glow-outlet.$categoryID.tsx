// /glow-outlet/{categoryID}: a Glow Outlet category (see docs/decisions/020-glow-outlet-category-urls.md).
import { createFileRoute } from '@tanstack/react-router';
import { ListingPage } from '../features/catalog/listing-page';
import { validateListingSearch } from '../features/catalog/listing-search';
import { NotFoundView } from '../components/ui/not-found-view';
import { parseId } from '../../shared/schemas/numbers';
import { WishlistHeart } from '../features/wishlist/wishlist-heart';

export const Route = createFileRoute('/glow-outlet/$categoryID')({
  validateSearch: validateListingSearch,
  component: GlowOutletCategoryPage,
});

function GlowOutletCategoryPage() {
  const search = Route.useSearch();
  const categoryID = parseId(Route.useParams().categoryID);
  if (categoryID === null) return <NotFoundView />;
  return <ListingPage key={categoryID} base="/glow-outlet" categoryID={categoryID} search={search} renderAction={(p) => <WishlistHeart productId={p.productID} />} />;
}
