// The listing's queries, shared by ListingPage (reads) and the listing routes' loaders (prefetch): the same
// trpc queryOptions, so a prefetched answer is the one the page reads.
import type { QueryClient } from '@tanstack/react-query';
import type { trpc as appTrpc } from '../../lib/trpc';
import { listingFilterInput } from '../../../shared/initial-queries';
import type { ListingSearch } from './listing-search';

type Trpc = typeof appTrpc;
export type ListingBase = '/products' | '/glow-outlet';

/** The catalog.filter input of a listing page (shared with the server's first-view data, decision 192). */
export function filterInput(mainCategoryID: 1 | 2, categoryID: number | undefined, search: ListingSearch) {
  return listingFilterInput(mainCategoryID, categoryID, search);
}

/**
 * Starts loading what a listing page shows: its category (for a category page, whose main category decides
 * the rest), the page of products and the filter lists. Not awaited by the loader: the page renders at once
 * with its skeletons, as before, only the data is on its way earlier.
 */
export async function prefetchListing(
  qc: QueryClient,
  trpc: Trpc,
  base: ListingBase,
  categoryID: number | undefined,
  search: ListingSearch,
): Promise<void> {
  let main: 1 | 2 = base === '/glow-outlet' ? 2 : 1;
  if (categoryID !== undefined) {
    const category = await qc.ensureQueryData(trpc.catalog.category.queryOptions({ categoryID })).catch(() => null);
    if (!category) return;
    main = category.mainCategoryID === 2 ? 2 : 1;
  }
  await Promise.all([
    qc.prefetchQuery(trpc.catalog.filter.queryOptions(filterInput(main, categoryID, search))),
    qc.prefetchQuery(trpc.catalog.categoriesByMain.queryOptions({ mainCategoryID: main })),
    qc.prefetchQuery(trpc.catalog.sizes.queryOptions()),
    qc.prefetchQuery(trpc.catalog.events.queryOptions()),
    qc.prefetchQuery(trpc.catalog.filterColors.queryOptions({ minProductCount: 4 })),
  ]);
}
