// The reports' aggregates (decision 230), read from the order rollups the database keeps (migrations/0440, decision
// 244) instead of every order of the period: hours from order_hour_figures summed per day part, sold lines per
// product, size and colour and places per day part from order_line_figures and order_place_figures. The keys are the first 13 characters of
// the ISO text ("2026-11-02T09"), compared as text on both engines; the service turns hours into shop-time days,
// weeks and months. Live orders (closed_as null) earn revenue; cancelled and returned ones count only in the rates
// by place. Callers pass keys made by order-rollup-keys.ts, so no range cuts a row in two.
import { sql } from 'kysely';
import type { DB } from '#server/db/client';

export interface PartFiguresRow {
  part: string;
  orders: number | string;
  revenue_cents: number | string;
  cod_cents: number | string;
}

/**
 * Live orders, revenue and the pending (cash still to collect) amount per day part of [fromPart, toPart), summed from
 * the hours in SQL: three rows a day at most reach JavaScript instead of 24.
 */
export async function figuresPerDayPart(db: DB, fromPart: string, toPart: string): Promise<PartFiguresRow[]> {
  const part = sql<string>`CASE WHEN substr(h.hour, 12, 2) >= '22' THEN h.hour ELSE substr(h.hour, 1, 10) || 'T00' END`;
  const result = await sql<PartFiguresRow>`
    SELECT ${part} AS part, SUM(h.orders) AS orders, SUM(h.revenue_cents) AS revenue_cents,
           SUM(h.cod_cents) AS cod_cents
    FROM order_hour_figures h
    WHERE h.hour >= ${fromPart} AND h.hour < ${toPart}
    GROUP BY ${part}
    HAVING SUM(h.placed) > 0`.execute(db);
  return result.rows;
}

export interface DimensionSalesRow {
  dim: 'product' | 'size' | 'color';
  /** The product's id; 0 for a deleted product's lines (grouped by name) and for sizes and colours. */
  product_id: number | string;
  label: string;
  units: number | string;
  revenue_cents: number | string;
}

/**
 * Units and revenue of live orders' lines in the day parts [fromPart, toPart), per product (lines of deleted
 * products by name; the name is the greatest the lines recorded), per size or per colour as the lines recorded them.
 * A line's revenue is its total less its share of the order's discount, rounded down per line (the triggers' sum).
 * Every group is returned, a net of zero or less included: the caller sums ranges read in steps, then keeps what sold.
 */
export async function salesPerDimension(
  db: DB,
  dim: DimensionSalesRow['dim'],
  fromPart: string,
  toPart: string,
): Promise<DimensionSalesRow[]> {
  const result = await sql<DimensionSalesRow>`
    SELECT f.dim AS dim, f.product_id AS product_id, MAX(f.label) AS label,
           SUM(f.units) AS units, SUM(f.revenue_cents) AS revenue_cents
    FROM order_line_figures f
    WHERE f.dim = ${dim} AND f.part >= ${fromPart} AND f.part < ${toPart}
    GROUP BY f.dim, f.product_id, CASE WHEN f.product_id = 0 THEN f.label END`.execute(db);
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

/** Orders placed in the day parts [fromPart, toPart) per country and city, and how many were cancelled, shipped and returned. */
export function outcomesByPlace(db: DB, fromPart: string, toPart: string): Promise<PlaceOutcomeRow[]> {
  return db
    .selectFrom('order_place_figures')
    .select((eb) => [
      'country_name',
      'city',
      eb.fn.sum<number | string>('placed').as('placed'),
      eb.fn.sum<number | string>('cancelled').as('cancelled'),
      eb.fn.sum<number | string>('shipped').as('shipped'),
      eb.fn.sum<number | string>('returned').as('returned'),
    ])
    .where('part', '>=', fromPart)
    .where('part', '<', toPart)
    .groupBy(['country_name', 'city'])
    .having((eb) => eb.fn.sum('placed'), '>', 0)
    .execute();
}

/** Orders placed in the day parts [fromPart, toPart), and how many were cancelled, shipped and returned, in all. */
export function outcomesBetween(db: DB, fromPart: string, toPart: string) {
  return db
    .selectFrom('order_place_figures')
    .select((eb) => [
      eb.fn.sum<number | string | null>('placed').as('placed'),
      eb.fn.sum<number | string | null>('cancelled').as('cancelled'),
      eb.fn.sum<number | string | null>('shipped').as('shipped'),
      eb.fn.sum<number | string | null>('returned').as('returned'),
    ])
    .where('part', '>=', fromPart)
    .where('part', '<', toPart)
    .executeTakeFirstOrThrow();
}
