// SQL aggregates of the reports screen (decision 230). Every figure is a GROUP BY in the database; no order is read
// into memory. Time buckets are half-open UTC ranges [start_at, end_at) computed in code from shop-time days (right
// across DST changes) and joined as a VALUES list, so the same SQL runs on SQLite and PostgreSQL: neither engine's
// date functions are used (SQLite has no time zones; order_date is ISO UTC text on both). Live orders (closed_as
// null) earn revenue; cancelled and returned ones count only in the rates by place.
import { sql } from 'kysely';
import type { DB } from '../../db/client';

/** A time bucket as a key and its UTC range of ISO timestamps. */
export interface BucketRange {
  key: string;
  startAt: string;
  endAt: string;
}

export interface BucketFiguresRow {
  key: string;
  orders: number | string;
  revenue_cents: number | string;
  cod_cents: number | string;
}

/** Live orders, revenue and the pending (cash still to collect) amount per bucket; 0 for an empty bucket. */
export async function figuresPerBucket(db: DB, buckets: BucketRange[]): Promise<BucketFiguresRow[]> {
  if (buckets.length === 0) return [];
  const values = sql.join(buckets.map((b) => sql`(${b.key}, ${b.startAt}, ${b.endAt})`));
  const result = await sql<BucketFiguresRow>`
    WITH buckets(k, start_at, end_at) AS (VALUES ${values})
    SELECT b.k AS key,
           COUNT(o.order_id) AS orders,
           COALESCE(SUM(o.total_cents), 0) AS revenue_cents,
           COALESCE(SUM(CASE WHEN o.status = 'pending' THEN o.total_cents ELSE 0 END), 0) AS cod_cents
    FROM buckets b
    LEFT JOIN orders o ON o.order_date >= b.start_at AND o.order_date < b.end_at AND o.closed_as IS NULL
    GROUP BY b.k`.execute(db);
  return result.rows;
}

export interface LineSalesRow {
  product_id: number | null;
  product_name: string;
  size: string;
  color: string;
  units: number | string;
  revenue_cents: number | string;
}

/**
 * Units and revenue of live orders' lines in [startAt, endAt), per product (lines of deleted products by name), size
 * and colour as the lines recorded them. A line's revenue is its total less its share of the order's discount
 * (line × (subtotal − discount) / subtotal, rounded down to the cent per line), without shipping.
 */
export async function lineSales(db: DB, startAt: string, endAt: string): Promise<LineSalesRow[]> {
  const result = await sql<LineSalesRow>`
    SELECT d.product_id AS product_id,
           MAX(d.product_name) AS product_name,
           d.size AS size,
           d.color AS color,
           SUM(d.quantity) AS units,
           SUM(CASE WHEN o.subtotal_cents > 0
                    THEN CAST(d.line_total_cents AS BIGINT) * (o.subtotal_cents - o.discount_cents) / o.subtotal_cents
                    ELSE 0 END) AS revenue_cents
    FROM orders o JOIN order_details d ON d.order_id = o.order_id
    WHERE o.order_date >= ${startAt} AND o.order_date < ${endAt} AND o.closed_as IS NULL
    GROUP BY d.product_id, CASE WHEN d.product_id IS NULL THEN d.product_name END, d.size, d.color`.execute(db);
  return result.rows;
}

export interface PlaceOutcomeRow {
  country_name: string;
  city: string;
  placed: number | string;
  cancelled: number | string;
  shipped: number | string;
  returned: number | string;
}

/** Orders placed in [startAt, endAt) per country and city, with how many were cancelled, shipped and returned. */
export async function outcomesByPlace(db: DB, startAt: string, endAt: string): Promise<PlaceOutcomeRow[]> {
  const result = await sql<PlaceOutcomeRow>`
    SELECT o.country_name AS country_name,
           o.city AS city,
           COUNT(*) AS placed,
           SUM(CASE WHEN o.closed_as = 'cancelled' THEN 1 ELSE 0 END) AS cancelled,
           SUM(CASE WHEN o.status = 'delivered' THEN 1 ELSE 0 END) AS shipped,
           SUM(CASE WHEN o.closed_as = 'returned' THEN 1 ELSE 0 END) AS returned
    FROM orders o
    WHERE o.order_date >= ${startAt} AND o.order_date < ${endAt}
    GROUP BY o.country_name, o.city`.execute(db);
  return result.rows;
}
