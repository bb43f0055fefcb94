// The reports' figures over orders (decision 230), owned here because the orders module owns the orders tables and
// their rollups (decision 244): per time bucket, per sold product, size and colour, and per place. Numbers come back
// as numbers on both engines.
import type { DB } from '#server/db/client';
import { nextTurn } from '#server/time-slices';
import { dayPartKey } from './order-rollup-keys';
import { refusalsByBuyerKind } from './buyer-kinds.service';
import { settleBuyers } from './buyers.service';
import * as q from './order-reports.queries';

export interface PartFigures {
  /** The day part's first UTC hour as ISO text: "2026-11-02T22" (order-rollup-keys.ts). */
  part: string;
  orders: number;
  revenueCents: number;
  codCents: number;
}

/**
 * Live orders, revenue and pending amount per day part of [startAt, endAt), shop day starts (parts without orders
 * are absent). A day part never straddles two shop days.
 */
export async function figuresPerDayPart(db: DB, startAt: string, endAt: string): Promise<PartFigures[]> {
  return (await q.figuresPerDayPart(db, dayPartKey(startAt), dayPartKey(endAt))).map((r) => ({
    part: String(r.part),
    orders: Number(r.orders),
    revenueCents: Number(r.revenue_cents),
    codCents: Number(r.cod_cents),
  }));
}

export interface ProductSales {
  /** null for lines of a deleted product (grouped by name). */
  productId: number | null;
  productName: string;
  units: number;
  revenueCents: number;
}

export interface NamedSales {
  name: string;
  units: number;
  revenueCents: number;
}

export interface LineSales {
  products: ProductSales[];
  sizes: NamedSales[];
  colors: NamedSales[];
}

/**
 * Units and revenue per product, per size and per colour of live orders placed in [startAt, endAt) (shop day
 * starts): one read per dimension, with a turn of the event loop between them (a year of products is the largest
 * read of the reports).
 */
export async function lineSales(db: DB, startAt: string, endAt: string): Promise<LineSales> {
  const [from, to] = [dayPartKey(startAt), dayPartKey(endAt)];
  const read = async (dim: q.DimensionSalesRow['dim']) =>
    (await q.salesPerDimension(db, dim, from, to)).map((r) => ({
      id: Number(r.product_id),
      label: r.label,
      units: Number(r.units),
      revenueCents: Number(r.revenue_cents),
    }));
  const products = await read('product');
  await nextTurn();
  const sizes = await read('size');
  const colors = await read('color');
  const named = ({ label, units, revenueCents }: (typeof sizes)[number]) => ({ name: label, units, revenueCents });
  return {
    products: products.map((p) => ({
      productId: p.id === 0 ? null : p.id,
      productName: p.label,
      units: p.units,
      revenueCents: p.revenueCents,
    })),
    sizes: sizes.map(named),
    colors: colors.map(named),
  };
}

export interface PlaceOutcomes {
  country: string;
  city: string;
  placed: number;
  cancelled: number;
  shipped: number;
  returned: number;
}

/** Orders placed in [startAt, endAt) (shop day starts) per country and city and what became of them. */
export async function outcomesByPlace(db: DB, startAt: string, endAt: string): Promise<PlaceOutcomes[]> {
  return (await q.outcomesByPlace(db, dayPartKey(startAt), dayPartKey(endAt))).map((r) => ({
    country: r.country_name,
    city: r.city,
    placed: Number(r.placed),
    cancelled: Number(r.cancelled),
    shipped: Number(r.shipped),
    returned: Number(r.returned),
  }));
}

/** How a period's orders ended: placed, cancelled before leaving, shipped, and refused at the door or returned. */
export interface Outcomes {
  placed: number;
  cancelled: number;
  shipped: number;
  returned: number;
}

/** A share in percent with one decimal (0 of nothing is 0). */
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/**
 * The one definition of the two rates every screen shows (issue 35: the overview, the reports and their CSV agree):
 * cancellations of all orders placed, refusals (refused at the door or returned) of the orders that were shipped.
 */
export const outcomeRates = (t: Outcomes) => ({
  cancelRate: percent(t.cancelled, t.placed),
  refusalRate: percent(t.returned, t.shipped),
});

/** The outcomes of the orders placed in [startAt, endAt), shop day starts, from the same rollup as the reports. */
export async function outcomesBetween(db: DB, startAt: string, endAt: string): Promise<Outcomes> {
  const r = await q.outcomesBetween(db, dayPartKey(startAt), dayPartKey(endAt));
  return {
    placed: Number(r.placed ?? 0),
    cancelled: Number(r.cancelled ?? 0),
    shipped: Number(r.shipped ?? 0),
    returned: Number(r.returned ?? 0),
  };
}

/**
 * Refusals of orders placed in [startAt, endAt) (shop day starts) by first-time and returning buyers (decision 275),
 * from the buyer-kind rollup the buyers' settling keeps: the queue is settled first, in slices, as the customers list
 * does, so an order written a moment ago counts.
 */
export async function refusalsByBuyer(db: DB, startAt: string, endAt: string) {
  await settleBuyers(db);
  const r = await refusalsByBuyerKind(db, dayPartKey(startAt), dayPartKey(endAt));
  const rate = (k: { shipped: number; returned: number }) => ({ ...k, refusalRate: percent(k.returned, k.shipped) });
  return { firstTime: rate(r.firstTime), returning: rate(r.returning) };
}
