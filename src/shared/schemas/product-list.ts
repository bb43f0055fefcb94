// The staff product list (issue 25, decision 220): one page of products sorted by name, price, stock or date added
// and filtered by category, state and low stock (the paging contract of decision 134), and the bulk action on the
// chosen products. The zod schemas parse both doors strictly; the dashboard's URL is read leniently by
// `parseProductListSearch` (decision 212: a bad value is dropped, the page never fails).
import { z } from 'zod';
import { fill } from '../messages';
import { staffMessages } from '../messages-staff';
import { idSchema, parseId } from './numbers';
import { PAGE_MAX, pagingFields } from './paging';

const m = staffMessages.productList;

export const PRODUCT_SORTS = ['date', 'name', 'price', 'stock'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** The direction a sort starts in: newest first for the date, A–Z and lowest first for the rest. */
export const defaultDirection = (sort: ProductSort): SortDirection => (sort === 'date' ? 'desc' : 'asc');

/** true / false, or their text in a query string. */
const flag = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean({ message: m.invalidFlag }),
);

/** GET /api/Product/table and catalogAdmin.productPage. */
export const ProductTableInput = z
  .object({
    ...pagingFields,
    sort: z.enum(PRODUCT_SORTS, { message: m.invalidSort }).optional(),
    dir: z.enum(SORT_DIRECTIONS, { message: m.invalidSort }).optional(),
    categoryID: idSchema(m.invalidCategory).optional(),
    active: flag.optional(),
    lowStock: flag.optional(),
  })
  .default({});
export type ProductTableInput = z.infer<typeof ProductTableInput>;

/** Most products one bulk action may change. */
export const BULK_PRODUCTS_MAX = 200;
export const BULK_PRODUCT_ACTIONS = ['activate', 'deactivate', 'delete'] as const;
export type BulkProductAction = (typeof BULK_PRODUCT_ACTIONS)[number];

/** POST /api/Product/bulk and catalogAdmin.bulkProducts: all of the products or none. */
export const BulkProductsInput = z.object({
  action: z.enum(BULK_PRODUCT_ACTIONS, { message: m.invalidAction }),
  productIDs: z
    .array(idSchema(), { message: m.noneChosen })
    .min(1, m.noneChosen)
    .max(BULK_PRODUCTS_MAX, fill(m.tooMany, { max: BULK_PRODUCTS_MAX }))
    .transform((ids) => [...new Set(ids)]),
});
export type BulkProductsInput = z.infer<typeof BulkProductsInput>;

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
