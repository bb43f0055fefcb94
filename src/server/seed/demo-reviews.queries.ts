// SQL of the demo reviews (decision 234): the delivered guest orders' lines to review, the reviews, the kept stars.
import type { Insertable } from 'kysely';
import type { DB } from '../db/client';
import type { Database } from '../db/schema';

/** Lines of delivered guest orders (oldest first): who could review which product. */
export function deliveredGuestLines(db: DB) {
  return db
    .selectFrom('orders as o')
    .innerJoin('order_details as d', 'd.order_id', 'o.order_id')
    .select(['o.order_id', 'o.email', 'o.first_name', 'o.last_name', 'o.order_date', 'd.product_id'])
    .where('o.status', '=', 'delivered')
    .where('o.user_id', 'is', null)
    .where('d.product_id', 'is not', null)
    .orderBy('o.order_id')
    .orderBy('d.order_details_id')
    .execute();
}

export async function insertReviews(db: DB, rows: Insertable<Database['product_reviews']>[]) {
  if (rows.length) await db.insertInto('product_reviews').values(rows).execute();
}

/** Each reviewed product's approved stars into its kept sum and count (what the catalogue keeps on approval). */
export async function keepRatings(db: DB, productIds: number[]) {
  for (const id of productIds) {
    const r = await db
      .selectFrom('product_reviews')
      .select((eb) => [eb.fn.sum<number>('rating').as('total'), eb.fn.countAll<number>().as('n')])
      .where('product_id', '=', id)
      .where('status', '=', 'approved')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('products')
      .set({ rating_total: Number(r.total ?? 0), rating_count: Number(r.n) })
      .where('product_id', '=', id)
      .execute();
  }
}
