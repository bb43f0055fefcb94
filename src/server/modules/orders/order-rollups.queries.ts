// The order rollups as a whole (migrations/0440, decision 244): rebuilt from orders and order_details (after
// db:copy, or when found stale at start), and the totals that tell a stale rollup from a right one. The sums are the
// ones the triggers keep, written once more here in the same portable SQL (a migration is never edited, so its
// backfill keeps its own copy).
import { sql } from 'kysely';
import type { DB } from '#server/db/client';

/** The rollup tables: derived data, never copied, always rebuilt from the orders. */
export const ORDER_ROLLUP_TABLES = ['order_hour_figures', 'order_line_figures', 'order_place_figures'] as const;

const HOUR = sql`substr(o.order_date, 1, 13)`;
const PART = sql`CASE WHEN substr(o.order_date, 12, 2) >= '22' THEN substr(o.order_date, 1, 13) ELSE substr(o.order_date, 1, 10) || 'T00' END`;
const LIVE = sql`o.closed_as IS NULL`;
const PENDING = sql`o.closed_as IS NULL AND o.status = 'pending'`;
const LINE_REVENUE = sql`CASE WHEN o.subtotal_cents > 0
  THEN CAST(d.line_total_cents AS BIGINT) * (o.subtotal_cents - o.discount_cents) / o.subtotal_cents ELSE 0 END`;

/** Whole UTC days, `from` included, `to` not ("2026-11-02"): every rollup key of an order in them starts with one. */
export interface DayRange {
  from: string;
  to: string;
}

/** Orders whose date falls in `range` (all of them without one). */
const ordersIn = (range?: DayRange) =>
  range ? sql`o.order_date >= ${range.from} AND o.order_date < ${range.to}` : sql`1 = 1`;

/**
 * Live orders in `range`: the range walks orders_order_date; the live test is written so no index can serve it (on
 * the closed_as index SQLite would visit every live order of the shop for a few days' lines).
 */
const liveIn = (range?: DayRange) =>
  range ? sql`${ordersIn(range)} AND (CASE WHEN ${LIVE} THEN 1 ELSE 0 END) = 1` : LIVE;

/** Rollup rows whose key (`hour` or `part`) falls in `range`. */
const keysIn = (column: 'hour' | 'part', range?: DayRange) =>
  range ? sql`${sql.ref(column)} >= ${range.from} AND ${sql.ref(column)} < ${range.to}` : sql`1 = 1`;

/** order_line_figures rows in `range`: its key starts with `dim`, so naming every dim lets the range use it. */
const linesIn = (range?: DayRange) =>
  range ? sql`dim IN ('product', 'size', 'color') AND ${keysIn('part', range)}` : sql`1 = 1`;

/**
 * Empties the rollups (of `range`'s days only, when given) and sums every order and line (of those days) into them
 * again, in the caller's transaction.
 */
export async function rebuildOrderRollups(trx: DB, range?: DayRange): Promise<void> {
  await sql`DELETE FROM order_hour_figures WHERE ${keysIn('hour', range)}`.execute(trx);
  await sql`DELETE FROM order_place_figures WHERE ${keysIn('part', range)}`.execute(trx);
  await sql`DELETE FROM order_line_figures WHERE ${linesIn(range)}`.execute(trx);
  await sql`
    INSERT INTO order_hour_figures (hour, placed, closed, orders, revenue_cents, cod_cents, pending)
    SELECT ${HOUR}, COUNT(*), SUM(CASE WHEN o.closed_as IS NOT NULL THEN 1 ELSE 0 END),
           SUM(CASE WHEN ${LIVE} THEN 1 ELSE 0 END), SUM(CASE WHEN ${LIVE} THEN o.total_cents ELSE 0 END),
           SUM(CASE WHEN ${PENDING} THEN o.total_cents ELSE 0 END), SUM(CASE WHEN ${PENDING} THEN 1 ELSE 0 END)
    FROM orders o WHERE ${ordersIn(range)} GROUP BY 1`.execute(trx);
  await sql`
    INSERT INTO order_place_figures (part, country_name, city, placed, cancelled, shipped, returned)
    SELECT ${PART}, o.country_name, o.city, COUNT(*), SUM(CASE WHEN o.closed_as = 'cancelled' THEN 1 ELSE 0 END),
           SUM(CASE WHEN o.status = 'delivered' THEN 1 ELSE 0 END),
           SUM(CASE WHEN o.closed_as = 'returned' THEN 1 ELSE 0 END)
    FROM orders o WHERE ${ordersIn(range)} GROUP BY 1, 2, 3`.execute(trx);
  await sql`
    INSERT INTO order_line_figures (dim, part, product_id, label, units, revenue_cents, gross_cents)
    SELECT k.dim, ${PART},
           CASE WHEN k.dim = 'product' THEN coalesce(d.product_id, 0) ELSE 0 END,
           CASE k.dim WHEN 'product' THEN d.product_name WHEN 'size' THEN d.size ELSE d.color END,
           SUM(d.quantity), SUM(${LINE_REVENUE}), SUM(d.line_total_cents)
    FROM orders o JOIN order_details d ON d.order_id = o.order_id
         CROSS JOIN (SELECT 'product' AS dim UNION ALL SELECT 'size' UNION ALL SELECT 'color') k
    WHERE ${liveIn(range)}
    GROUP BY k.dim, 2, 3, 4`.execute(trx);
}

export interface RollupTotals {
  placed: string;
  closed: string;
  orders: string;
  revenue: string;
  cod: string;
  pending: string;
  cancelled: string;
  shipped: string;
  returned: string;
  units: string;
  sizeUnits: string;
  colorUnits: string;
  lineRevenue: string;
  gross: string;
  places: string;
}

const text = (v: unknown) => String(v ?? 0);

/**
 * Whole-shop totals of every rollup column, counted from the orders (`source` = 'orders') or read from the rollups:
 * equal when the rollups are right (a check at start; a full rebuild costs a little more).
 */
export async function rollupTotals(db: DB, source: 'orders' | 'rollups', range?: DayRange): Promise<RollupTotals> {
  const fromOrders = source === 'orders';
  const hours = fromOrders
    ? sql<Record<string, unknown>>`
        SELECT COUNT(*) AS placed, SUM(CASE WHEN o.closed_as IS NOT NULL THEN 1 ELSE 0 END) AS closed,
               SUM(CASE WHEN ${LIVE} THEN 1 ELSE 0 END) AS orders,
               SUM(CASE WHEN ${LIVE} THEN o.total_cents ELSE 0 END) AS revenue,
               SUM(CASE WHEN ${PENDING} THEN o.total_cents ELSE 0 END) AS cod,
               SUM(CASE WHEN ${PENDING} THEN 1 ELSE 0 END) AS pending,
               SUM(CASE WHEN o.closed_as = 'cancelled' THEN 1 ELSE 0 END) AS cancelled,
               SUM(CASE WHEN o.status = 'delivered' THEN 1 ELSE 0 END) AS shipped,
               SUM(CASE WHEN o.closed_as = 'returned' THEN 1 ELSE 0 END) AS returned,
               COUNT(*) AS places
        FROM orders o WHERE ${ordersIn(range)}`
    : sql<Record<string, unknown>>`
        SELECT h.placed, h.closed, h.orders, h.revenue, h.cod, h.pending,
               p.cancelled, p.shipped, p.returned, p.places
        FROM (SELECT SUM(placed) AS placed, SUM(closed) AS closed, SUM(orders) AS orders,
                     SUM(revenue_cents) AS revenue, SUM(cod_cents) AS cod, SUM(pending) AS pending
              FROM order_hour_figures WHERE ${keysIn('hour', range)}) h
        CROSS JOIN (SELECT SUM(cancelled) AS cancelled, SUM(shipped) AS shipped, SUM(returned) AS returned,
                           SUM(placed) AS places
                    FROM order_place_figures WHERE ${keysIn('part', range)}) p`;
  const lines = fromOrders
    ? sql<Record<string, unknown>>`
        SELECT SUM(d.quantity) AS units, SUM(d.quantity) AS size_units, SUM(d.quantity) AS color_units,
               SUM(${LINE_REVENUE}) AS line_revenue, SUM(d.line_total_cents) AS gross
        FROM orders o JOIN order_details d ON d.order_id = o.order_id WHERE ${liveIn(range)}`
    : sql<Record<string, unknown>>`
        SELECT SUM(CASE WHEN dim = 'product' THEN units ELSE 0 END) AS units,
               SUM(CASE WHEN dim = 'size' THEN units ELSE 0 END) AS size_units,
               SUM(CASE WHEN dim = 'color' THEN units ELSE 0 END) AS color_units,
               SUM(CASE WHEN dim = 'product' THEN revenue_cents ELSE 0 END) AS line_revenue,
               SUM(CASE WHEN dim = 'product' THEN gross_cents ELSE 0 END) AS gross
        FROM order_line_figures WHERE ${linesIn(range)}`;
  const h = (await hours.execute(db)).rows[0] ?? {};
  const l = (await lines.execute(db)).rows[0] ?? {};
  return {
    placed: text(h.placed),
    closed: text(h.closed),
    orders: text(h.orders),
    revenue: text(h.revenue),
    cod: text(h.cod),
    pending: text(h.pending),
    cancelled: text(h.cancelled),
    shipped: text(h.shipped),
    returned: text(h.returned),
    places: text(h.places),
    units: text(l.units),
    sizeUnits: text(l.size_units),
    colorUnits: text(l.color_units),
    lineRevenue: text(l.line_revenue),
    gross: text(l.gross),
  };
}

/** The first and last day any order or rollup row holds ("2026-11-02"), or null when there are none. */
/**
 * The day of the `n`th order from day `from` on ("2026-11-02"; orders_order_date: a skip of `n` index entries, not a
 * scan), or null when fewer orders are left.
 */
export async function dayOfOrder(db: DB, from: string, n: number): Promise<string | null> {
  const row = await db
    .selectFrom('orders')
    .select('order_date')
    .where('order_date', '>=', from)
    .orderBy('order_date')
    .limit(1)
    .offset(n)
    .executeTakeFirst();
  return row ? row.order_date.slice(0, 10) : null;
}

export async function rollupDays(db: DB): Promise<{ first: string; last: string } | null> {
  const { rows } = await sql<{ first: string | null; last: string | null }>`
    SELECT min(d) AS first, max(d) AS last FROM (
      SELECT min(order_date) AS d FROM orders UNION ALL SELECT max(order_date) FROM orders
      UNION ALL SELECT min(hour) FROM order_hour_figures UNION ALL SELECT max(hour) FROM order_hour_figures
      UNION ALL SELECT min(part) FROM order_place_figures UNION ALL SELECT max(part) FROM order_place_figures
      UNION ALL SELECT min(part) FROM order_line_figures WHERE dim = 'product'
      UNION ALL SELECT max(part) FROM order_line_figures WHERE dim = 'product'
      UNION ALL SELECT min(part) FROM order_line_figures WHERE dim = 'size'
      UNION ALL SELECT max(part) FROM order_line_figures WHERE dim = 'size'
      UNION ALL SELECT min(part) FROM order_line_figures WHERE dim = 'color'
      UNION ALL SELECT max(part) FROM order_line_figures WHERE dim = 'color') x`.execute(db);
  const r = rows[0];
  return r?.first && r.last ? { first: r.first.slice(0, 10), last: r.last.slice(0, 10) } : null;
}
