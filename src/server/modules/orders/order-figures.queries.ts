// SQL aggregates over orders for the dashboard overview: orders and revenue per shop day, pending count, best
// sellers, refusal rate; and promo uses per code for the discounts screen. Cancelled and returned orders (closed_as
// set, decision 180) earn nothing: they are left out of orders, revenue and best sellers, and counted only in the
// refusal rate.
import { sql } from 'kysely';
import type { DB } from '../../db/client';

type Db = DB;

/** A shop-time day as a half-open UTC range [startAt, endAt) of ISO timestamps (order_date is ISO UTC). */
export interface DayRange {
  day: string;
  startAt: string;
  endAt: string;
}

/** Orders and revenue per day, one row per given day (0 when none), using the order_date index per range. */
export async function ordersPerDay(db: Db, days: DayRange[]) {
  if (days.length === 0) return [];
  const values = sql.join(days.map((d) => sql`(${d.day}, ${d.startAt}, ${d.endAt})`));
  const result = await sql<{ day: string; orders: number; revenue_cents: number }>`
    WITH days(day, start_at, end_at) AS (VALUES ${values})
    SELECT days.day AS day, COUNT(o.order_id) AS orders, COALESCE(SUM(o.total_cents), 0) AS revenue_cents
    FROM days LEFT JOIN orders o ON o.order_date >= days.start_at AND o.order_date < days.end_at AND o.closed_as IS NULL
    GROUP BY days.day
    ORDER BY days.day`.execute(db);
  return result.rows;
}

/** Orders and revenue within one range. */
export async function ordersBetween(db: Db, startAt: string, endAt: string) {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.countAll<number>().as('orders'),
      eb.fn.coalesce(eb.fn.sum<number>('total_cents'), sql<number>`0`).as('revenue_cents'),
    ])
    .where('order_date', '>=', startAt)
    .where('order_date', '<', endAt)
    .where('closed_as', 'is', null)
    .executeTakeFirstOrThrow();
  return { orders: Number(row.orders), revenueCents: Number(row.revenue_cents) };
}

export async function pendingCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .where('closed_as', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Orders placed since startAt, and how many of them were cancelled or returned. */
export async function refusals(db: Db, startAt: string) {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>('closed_as').as('refused')])
    .where('order_date', '>=', startAt)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), refused: Number(row.refused) };
}

/** Top products by units sold in orders placed since startAt (lines of deleted products grouped by their name). */
export async function bestSellers(db: Db, startAt: string, limit: number) {
  const result = await sql<{
    product_id: number | null;
    product_name: string;
    quantity: number;
    revenue_cents: number;
  }>`
    SELECT d.product_id AS product_id,
           MAX(d.product_name) AS product_name,
           SUM(d.quantity) AS quantity,
           SUM(d.line_total_cents) AS revenue_cents
    FROM order_details d JOIN orders o ON o.order_id = d.order_id
    WHERE o.order_date >= ${startAt} AND o.closed_as IS NULL
    GROUP BY d.product_id, CASE WHEN d.product_id IS NULL THEN d.product_name END
    ORDER BY quantity DESC, revenue_cents DESC, product_name
    LIMIT ${limit}`.execute(db);
  return result.rows;
}

/** Orders placed with each of the given promo codes (0 for a code never used). */
export async function promoUseCounts(db: Db, promoIds: readonly number[]): Promise<Map<number, number>> {
  if (promoIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['promo_code_discount_id', eb.fn.countAll<number>().as('n')])
    .where('promo_code_discount_id', 'in', [...promoIds])
    .groupBy('promo_code_discount_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.promo_code_discount_id), Number(r.n)]));
}
