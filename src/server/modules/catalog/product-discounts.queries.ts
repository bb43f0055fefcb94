// SQL of product discounts (the catalogue owns product_discounts and product_discount_products: it prices with them,
// listing.queries.ts and discount-pricing.ts). The discounts module's staff screens manage them through these, by the
// catalogue's index (decision 223): its service keeps the rules (product checks, not found, the cache bump).
import type { DB } from '#server/db/client';

export async function productDiscountRows(db: DB, id?: number) {
  let q = db
    .selectFrom('product_discounts')
    .select(['product_discount_id', 'discount_percentage', 'start_date', 'end_date'])
    .orderBy('start_date', 'desc')
    .orderBy('product_discount_id', 'desc');
  if (id !== undefined) q = q.where('product_discount_id', '=', id);
  return q.execute();
}

export async function productDiscountLinks(db: DB, discountIds: number[]) {
  if (discountIds.length === 0) return [];
  return db
    .selectFrom('product_discount_products')
    .select(['product_discount_id', 'product_id'])
    .where('product_discount_id', 'in', discountIds)
    .orderBy('product_id')
    .execute();
}

export async function insertProductDiscountRow(db: DB, v: { percentage: number; startDate: string; endDate: string }) {
  const row = await db
    .insertInto('product_discounts')
    .values({ discount_percentage: v.percentage, start_date: v.startDate, end_date: v.endDate })
    .returning('product_discount_id')
    .executeTakeFirstOrThrow();
  return row.product_discount_id;
}

export async function updateProductDiscountRow(
  db: DB,
  id: number,
  v: { percentage: number; startDate: string; endDate: string },
) {
  const r = await db
    .updateTable('product_discounts')
    .set({ discount_percentage: v.percentage, start_date: v.startDate, end_date: v.endDate })
    .where('product_discount_id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function setProductDiscountProducts(db: DB, id: number, productIds: number[]) {
  await db.deleteFrom('product_discount_products').where('product_discount_id', '=', id).execute();
  if (productIds.length) {
    await db
      .insertInto('product_discount_products')
      .values(productIds.map((product_id) => ({ product_discount_id: id, product_id })))
      .execute();
  }
}

export async function deleteProductDiscountRow(db: DB, id: number) {
  const r = await db.deleteFrom('product_discounts').where('product_discount_id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}
