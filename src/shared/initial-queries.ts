// First-view data in the page (decision 192): the server puts the anonymous catalogue reads a storefront page
// makes on its first render into the HTML, and the client fills its React Query cache from them before the
// router starts, so the first view needs no second round trip. Shared: the element id, the procedures that may
// be seeded, and the listing's default catalog.filter input (one definition for the page and the server).
import type { ProductDto } from './dto/catalog';
import type { ListingSort } from './listing-sorts';
import type { ListingSearch, SearchPageSearch } from './page-search';

export const INITIAL_QUERIES_ID = 'butiku-queries';

/** catalog.* procedures whose answers the page may carry (anonymous, cached, the same for every visitor). */
export const SEEDABLE_CATALOG_READS = [
  'product',
  'sizeGuide',
  'productLooks',
  'looks',
  'productReviews',
  'related',
  'homepage',
  'filter',
  'category',
  'categories',
  'categoriesByMain',
  'sizes',
  'events',
  'filterColors',
  'search',
  'facets',
] as const;
export type SeedableCatalogRead = (typeof SEEDABLE_CATALOG_READS)[number];

/** Other public reads a page may carry, named `<router>.<procedure>`: the same for every visitor of a deployment. */
export const SEEDABLE_OTHER_READS = ['returns.policy'] as const;
export type SeedableRead = SeedableCatalogRead | (typeof SEEDABLE_OTHER_READS)[number];

/** One seeded query: procedure, its input (absent for none) and the answer as superjson.serialize wrote it. */
export interface InitialQuery {
  path: SeedableRead;
  input?: unknown;
  data: unknown;
}

/** Products per listing page. */
export const LISTING_PAGE_SIZE = 24;

/** The filters of a listing or search page as the catalogue reads take them (empty lists for none). */
function filtersOf(search: ListingSearch) {
  return {
    size: search.size ?? [],
    eventID: search.eventID ?? [],
    colorID: search.colorID ?? [],
    brand: search.brand ?? [],
    ...(search.minPrice !== undefined ? { minPrice: search.minPrice } : {}),
    ...(search.maxPrice !== undefined ? { maxPrice: search.maxPrice } : {}),
  };
}

/** The catalog.filter input of a listing page (the filters a visitor chose; none on the default view). */
export function listingFilterInput(mainCategoryID: 1 | 2, categoryID: number | undefined, search: ListingSearch) {
  return {
    mainCategoryID,
    categoryID,
    ...filtersOf(search),
    page: search.page ?? 1,
    pageSize: LISTING_PAGE_SIZE,
    sort: search.sort ?? ('newest' as ListingSort),
  };
}

/** The catalog.search input of the search page (its text is there: a page without one reads nothing). */
export function searchPageInput(search: SearchPageSearch & { q: string }) {
  return {
    q: search.q,
    categoryID: search.categoryID,
    ...filtersOf(search),
    page: search.page ?? 1,
    pageSize: LISTING_PAGE_SIZE,
    sort: search.sort ?? ('newest' as ListingSort),
  };
}

/**
 * The catalog.facets input of a listing or search page: what its sizes, brands and price range are drawn from
 * (the page's category, text and filters; each group leaves its own choice out on the server).
 */
export function facetsInput(where: { mainCategoryID?: 1 | 2; categoryID?: number; q?: string }, search: ListingSearch) {
  return {
    ...(where.mainCategoryID !== undefined ? { mainCategoryID: where.mainCategoryID } : {}),
    ...(where.categoryID !== undefined ? { categoryID: where.categoryID } : {}),
    ...(where.q !== undefined ? { q: where.q } : {}),
    ...filtersOf(search),
  };
}

/** The catalog.related input of a product page: products like this one by category, brand, sizes and colours. */
export function relatedProductsInput(product: ProductDto) {
  return {
    categoryId: product.categoryID,
    brand: product.brand ?? undefined,
    currentProductId: product.productID,
    sizeIds: [...new Set(product.productVariants.map((v) => v.sizeID))],
    colorIds: [...new Set(product.productVariants.map((v) => v.colorID))],
  };
}
