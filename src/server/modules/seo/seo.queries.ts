// SQL for the sitemap and the product feeds (Kysely builder only: portable to PostgreSQL).
import type { DB } from '../../db/client';

/** When each active product last changed (updated_at, or date_added when that is later). */
export function activeProductDates(db: DB) {
  return db
    .selectFrom('products')
    .select(['product_id', 'updated_at', 'date_added'])
    .where('is_active', '=', 1)
    .execute();
}

/** Product discounts whose window contains `today` (both ends inclusive), with the window. */
export function activeDiscountWindows(db: DB, today: string) {
  return db
    .selectFrom('product_discount_products as dp')
    .innerJoin('product_discounts as d', 'd.product_discount_id', 'dp.product_discount_id')
    .innerJoin('products as p', 'p.product_id', 'dp.product_id')
    .select(['dp.product_id', 'd.discount_percentage', 'd.start_date', 'd.end_date'])
    .where('p.is_active', '=', 1)
    .where('d.start_date', '<=', today)
    .where('d.end_date', '>=', today)
    .execute();
}
