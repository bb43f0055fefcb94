// SQL aggregates of the reports screen (decision 230). Every figure is a GROUP BY in the database; no order is read
// into memory. Time is grouped by UTC hour of the ISO text order_date (the same on SQLite and PostgreSQL), never by
// an engine's date functions (SQLite has no time zones); the service turns hours into shop-time days, weeks and
// months. Live orders (closed_as null) earn revenue; cancelled and returned ones count only in the rates by place.
// The only WHERE is the order_date range, so both planners take the date index (a `closed_as IS NULL` term made
// SQLite walk the closed_as index, i.e. every live order of all time); liveness is tested inside the sums.
import { sql } from 'kysely';
import type { DB } from '../../db/client';

export interface HourFiguresRow {
  hour: string;
  orders: number | string;
  revenue_cents: number | string;
  cod_cents: number | string;
}

/**
 * Live orders, revenue and the pending (cash still to collect) amount per UTC hour of [startAt, endAt): one range scan
 * and one GROUP BY. The hour is the first 13 characters of the ISO text ("2026-11-02T09"), the same expression on
 * both engines; the service puts each hour into its shop-time bucket (the shop's offset is whole hours).
 */
export async function figuresPerHour(db: DB, startAt: string, endAt: string): Promise<HourFiguresRow[]> {
  const hour = sql<string>`substr(o.order_date, 1, 13)`;
  const result = await sql<HourFiguresRow>`
    SELECT ${hour} AS hour,
           SUM(CASE WHEN o.closed_as IS NULL THEN 1 ELSE 0 END) AS orders,
           SUM(CASE WHEN o.closed_as IS NULL THEN o.total_cents ELSE 0 END) AS revenue_cents,
           SUM(CASE WHEN o.closed_as IS NULL AND o.status = 'pending' THEN o.total_cents ELSE 0 END) AS cod_cents
    FROM orders o
    WHERE o.order_date >= ${startAt} AND o.order_date < ${endAt}
    GROUP BY ${hour}`.execute(db);
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
           SUM(CASE WHEN o.closed_as IS NULL THEN d.quantity ELSE 0 END) AS units,
           SUM(CASE WHEN o.closed_as IS NULL AND o.subtotal_cents > 0
                    THEN CAST(d.line_total_cents AS BIGINT) * (o.subtotal_cents - o.discount_cents) / o.subtotal_cents
                    ELSE 0 END) AS revenue_cents
    FROM orders o JOIN order_details d ON d.order_id = o.order_id
    WHERE o.order_date >= ${startAt} AND o.order_date < ${endAt}
    GROUP BY d.product_id, CASE WHEN d.product_id IS NULL THEN d.product_name END, d.size, d.color
    HAVING SUM(CASE WHEN o.closed_as IS NULL THEN d.quantity ELSE 0 END) > 0`.execute(db);
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
