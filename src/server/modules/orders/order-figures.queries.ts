// SQL aggregates over orders for the dashboard overview: orders and revenue per shop day, pending count, best
// sellers, refusal rate, read from the order rollups the database keeps (migrations/0440, decision 244); and promo
// uses per code for the discounts screen. Cancelled and returned orders (closed_as set, decision 180) earn nothing:
// they are left out of orders, revenue and best sellers, and counted only in the refusal rate. Hours and day parts are
// keys made by order-rollup-keys.ts ("2026-11-02T22").
import { sql } from 'kysely';
import type { DB } from '#server/db/client';

type Db = DB;

/** A shop-time day as its first and past-the-end UTC hours [fromHour, toHour). */
export interface DayHours {
  day: string;
  fromHour: string;
  toHour: string;
}

/** Orders and revenue per day, one row per given day (0 when none), one range of hour rows per day. */
export async function ordersPerDay(db: Db, days: DayHours[]) {
  if (days.length === 0) return [];
  const values = sql.join(days.map((d) => sql`(${d.day}, ${d.fromHour}, ${d.toHour})`));
  const result = await sql<{ day: string; orders: number | string; revenue_cents: number | string }>`
    WITH days(day, from_hour, to_hour) AS (VALUES ${values})
    SELECT days.day AS day, COALESCE(SUM(h.orders), 0) AS orders, COALESCE(SUM(h.revenue_cents), 0) AS revenue_cents
    FROM days LEFT JOIN order_hour_figures h ON h.hour >= days.from_hour AND h.hour < days.to_hour
    GROUP BY days.day
    ORDER BY days.day`.execute(db);
  return result.rows;
}

/** Orders and revenue within the hours [fromHour, toHour). */
export async function ordersBetween(db: Db, fromHour: string, toHour: string) {
  const row = await db
    .selectFrom('order_hour_figures')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('orders'), sql<number>`0`).as('orders'),
      eb.fn.coalesce(eb.fn.sum<number>('revenue_cents'), sql<number>`0`).as('revenue_cents'),
    ])
    .where('hour', '>=', fromHour)
    .where('hour', '<', toHour)
    .executeTakeFirstOrThrow();
  return { orders: Number(row.orders), revenueCents: Number(row.revenue_cents) };
}

/** Live orders still pending, of all time. */
export async function pendingCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('order_hour_figures')
    .select((eb) => eb.fn.sum<number>('pending').as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

/**
 * Top products by units sold in live orders since the day part fromPart (lines of deleted products grouped by their
 * name), with the lines' total before the order's discount.
 */
export async function bestSellers(db: Db, fromPart: string, limit: number) {
  const result = await sql<{
    product_id: number | null;
    product_name: string;
    quantity: number | string;
    revenue_cents: number | string;
  }>`
    SELECT NULLIF(f.product_id, 0) AS product_id,
           MAX(f.label) AS product_name,
           SUM(f.units) AS quantity,
           SUM(f.gross_cents) AS revenue_cents
    FROM order_line_figures f
    WHERE f.dim = 'product' AND f.part >= ${fromPart}
    GROUP BY f.product_id, CASE WHEN f.product_id = 0 THEN f.label END
    HAVING SUM(f.units) > 0
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
