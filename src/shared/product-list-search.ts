// The staff product list's URL (/dashboard/products?page=2&sort=price&dir=desc&categoryID=4&active=false&lowStock=true)
// read leniently (decision 212). Kept apart from the zod schemas (schemas/product-list.ts) so the route table, which
// the storefront downloads too, carries no zod and no staff texts (check:bundle).
import { parseId } from './ids';
import { PAGE_MAX } from './limits';

export const PRODUCT_SORTS = ['date', 'name', 'price', 'stock'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** The direction a sort starts in: newest first for the date, A–Z and lowest first for the rest. */
export const defaultDirection = (sort: ProductSort): SortDirection => (sort === 'date' ? 'desc' : 'asc');

/** The list's state as its URL carries it; absent fields are the defaults (page 1, newest first, no filter). */
export interface ProductListSearch {
  page?: number;
  sort?: ProductSort;
  dir?: SortDirection;
  categoryID?: number;
  active?: boolean;
  lowStock?: true;
}

const isOneOf = <T extends string>(list: readonly T[], v: unknown): v is T => list.includes(v as T);
const flagOf = (v: unknown): boolean | undefined =>
  v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined;

/**
 * /dashboard/products?page=2&sort=price&dir=desc&categoryID=4&active=false&lowStock=true, read leniently: what is
 * well formed is kept, the rest (and the defaults) dropped, so the result is also the URL's clean form (idempotent).
 */
export function parseProductListSearch(input: Record<string, unknown>): ProductListSearch {
  const out: ProductListSearch = {};
  const page = parseId(input.page);
  if (page !== null && page > 1 && page <= PAGE_MAX) out.page = page;
  const sort = isOneOf(PRODUCT_SORTS, input.sort) ? input.sort : 'date';
  if (sort !== 'date') out.sort = sort;
  if (isOneOf(SORT_DIRECTIONS, input.dir) && input.dir !== defaultDirection(sort)) out.dir = input.dir;
  const categoryID = parseId(input.categoryID);
  if (categoryID !== null) out.categoryID = categoryID;
  const active = flagOf(input.active);
  if (active !== undefined) out.active = active;
  if (flagOf(input.lowStock) === true) out.lowStock = true;
  return out;
}
