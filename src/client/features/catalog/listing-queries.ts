// The listing's queries: the page declaration (src/shared/pages.ts, decision 212) reads them in the route's loader
// (and on the server), and ListingPage reads the same trpc queryOptions, so the loaded answer is the one shown.
import { listingFilterInput } from '#shared/initial-queries';
import type { ListingBase, MainCategoryId } from '#shared/pages';
import type { ListingSearch } from './listing-search';

export type { ListingBase };

/** The catalog.filter input of a listing page (shared with the server's first-view data, decision 192). */
export function filterInput(mainCategoryID: MainCategoryId, categoryID: number | undefined, search: ListingSearch) {
  return listingFilterInput(mainCategoryID, categoryID, search);
}
