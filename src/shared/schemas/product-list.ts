// The staff product list (issue 25, decision 220): one page of products sorted by name, price, stock or date added
// and filtered by category, state and low stock (the paging contract of decision 134), and the bulk action on the
// chosen products. The zod schemas parse both doors strictly; the dashboard's URL is read leniently by
// `parseProductListSearch` (decision 212: a bad value is dropped, the page never fails).
import { z } from 'zod';
import { fill } from '../messages';
import { staffMessages } from '../messages-staff';
import { idSchema } from './numbers';
import { pagingFields } from './paging';
import { PRODUCT_SORTS, SORT_DIRECTIONS } from '../product-list-search';
export { defaultDirection, type ProductSort, type SortDirection } from '../product-list-search';

const m = staffMessages.productList;

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

export { parseProductListSearch, type ProductListSearch } from '../product-list-search';
