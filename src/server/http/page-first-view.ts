// A page's first view on the server (decision 192): the declaration's reads (src/shared/pages.ts) run on the cached
// catalogue service, as anyone sees it, and recorded in the order the page asks as the first-view data the page
// carries for hydration: the same reads the route's loader makes in the browser.
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import {
  categories,
  categoriesByMain,
  categoryById,
  colorsWithCount,
  events,
  filterProducts,
  homepageProducts,
  listingFacets,
  productById,
  sizeGuideForProduct,
  looksPage,
  productLooks,
  relatedProducts,
  searchProducts,
  sizes,
} from '../modules/catalog';
import type { InitialQuery } from '#shared/initial-queries';
import type { FirstViewRead, FirstViewReader, FirstViewReads } from '#shared/pages';
import { initialQuery } from './initial-queries';

/** A read's answer, or null when it names nothing (NOT_FOUND): the page is a 404. */
export const notFoundAsNull = async <T>(read: () => Promise<T>): Promise<T | null> => {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
    throw err;
  }
};

/** The cached catalogue read behind each first-view read of the page declarations (src/shared/pages.ts). */
const SERVICE_READS: {
  [P in FirstViewRead]: (db: AppDeps['db'], input: FirstViewReads[P][0]) => Promise<{ value: FirstViewReads[P][1] }>;
} = {
  homepage: (db) => homepageProducts(db),
  product: (db, input) => productById(db, input.productID),
  sizeGuide: (db, input) => sizeGuideForProduct(db, input.productID),
  productLooks: (db, input) => productLooks(db, input.productID),
  looks: (db) => looksPage(db),
  related: (db, input) => relatedProducts(db, input),
  filter: (db, input) => filterProducts(db, input),
  category: (db, input) => categoryById(db, input.categoryID),
  categories: (db) => categories(db),
  categoriesByMain: (db, input) => categoriesByMain(db, input.mainCategoryID),
  sizes: (db) => sizes(db),
  events: (db) => events(db),
  filterColors: (db, input) => colorsWithCount(db, input.minProductCount),
  search: (db, input) => searchProducts(db, input),
  facets: (db, input) => listingFacets(db, input),
};

/**
 * Runs a page's declared first view on the cached catalogue service (as anyone sees it: no caller, so an inactive
 * product is not found, decision 202) and records every read, in the order the page asks, as first-view data.
 */
export async function serverFirstView<Params, Search, View>(
  deps: AppDeps,
  firstView: (reader: FirstViewReader, params: Params, search: Search) => Promise<View>,
  params: Params,
  search: Search,
): Promise<{ view: View; queries: InitialQuery[] }> {
  const slots: (InitialQuery | null)[] = [];
  const pending: Promise<unknown>[] = [];
  const run = async <P extends FirstViewRead>(path: P, input: FirstViewReads[P][0]) => {
    const slot = slots.push(null) - 1;
    const value = (await SERVICE_READS[path](deps.db, input)).value;
    slots[slot] = initialQuery(path, input, value);
    return value;
  };
  const reader: FirstViewReader = {
    read: run,
    // The server always enters a page: what it keeps is read like the rest.
    keep: run,
    prefetch: (path, input) => void pending.push(run(path, input).catch(() => undefined)),
  };
  const view = await firstView(reader, params, search);
  await Promise.all(pending);
  return { view, queries: slots.filter((q): q is InitialQuery => q !== null) };
}
