// Product discounts as the catalogue keeps them (it owns product_discounts and product_discount_products: it prices
// with them, listing.queries.ts and discount-pricing.ts). The discounts module's staff screens manage them through
// these, by the catalogue's entry (decision 223), in the caller's transaction; its service keeps the rules (product
// checks, not found, the audit trail, the cache bump).
import type { DB } from '#server/db/client';
import * as q from './product-discounts.queries';

/** A product discount: its percentage, its days (shop dates, both included) and the products it lowers. */
export interface ProductDiscount {
  id: number;
  percentage: number;
  startDate: string;
  endDate: string;
  productIds: number[];
}

export type ProductDiscountFields = Pick<ProductDiscount, 'percentage' | 'startDate' | 'endDate'>;

/** Every product discount, newest start first (or only the one with `onlyId`), with their products: two reads. */
export async function productDiscounts(db: DB, onlyId?: number): Promise<ProductDiscount[]> {
  const rows = await q.productDiscountRows(db, onlyId);
  const links = await q.productDiscountLinks(
    db,
    rows.map((r) => r.product_discount_id),
  );
  const productsOf = new Map<number, number[]>();
  for (const l of links) {
    const list = productsOf.get(l.product_discount_id) ?? [];
    list.push(l.product_id);
    productsOf.set(l.product_discount_id, list);
  }
  return rows.map((r) => ({
    id: r.product_discount_id,
    percentage: r.discount_percentage,
    startDate: r.start_date,
    endDate: r.end_date,
    productIds: productsOf.get(r.product_discount_id) ?? [],
  }));
}

/** Adds a product discount on these products; its id. */
export async function addProductDiscount(db: DB, fields: ProductDiscountFields, productIds: number[]): Promise<number> {
  const id = await q.insertProductDiscountRow(db, fields);
  await q.setProductDiscountProducts(db, id, productIds);
  return id;
}

/** Changes a product discount and its products; false when there is none with this id. */
export async function changeProductDiscount(
  db: DB,
  id: number,
  fields: ProductDiscountFields,
  productIds: number[],
): Promise<boolean> {
  if ((await q.updateProductDiscountRow(db, id, fields)) === 0) return false;
  await q.setProductDiscountProducts(db, id, productIds);
  return true;
}

/** Removes a product discount; false when there is none with this id. */
export const removeProductDiscount = async (db: DB, id: number): Promise<boolean> =>
  (await q.deleteProductDiscountRow(db, id)) > 0;
