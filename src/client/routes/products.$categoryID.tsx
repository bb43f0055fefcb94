// /products/{categoryID}: the listing narrowed to one category (its main category comes from the category).
import { createFileRoute } from '@tanstack/react-router';
import { ListingPage } from '../features/catalog/listing-page';
import { validateListingSearch } from '../features/catalog/listing-search';
import { NotFoundView } from '../components/ui/not-found-view';
import { parseId } from '../../shared/schemas/numbers';
import { WishlistHeart } from '../features/wishlist/wishlist-heart';

export const Route = createFileRoute('/products/$categoryID')({
  validateSearch: validateListingSearch,
  component: ProductsCategoryPage,
});

function ProductsCategoryPage() {
  const search = Route.useSearch();
  const categoryID = parseId(Route.useParams().categoryID);
  if (categoryID === null) return <NotFoundView />;
  return <ListingPage key={categoryID} base="/products" categoryID={categoryID} search={search} renderAction={(p) => <WishlistHeart productId={p.productID} />} />;
}
