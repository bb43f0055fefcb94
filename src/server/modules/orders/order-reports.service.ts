// The reports' figures over orders (decision 230), owned here because the orders module owns the orders tables and
// their rollups (decision 244): per time bucket, per sold product, size and colour, and per place. Numbers come back
// as numbers on both engines.
import type { DB } from '#server/db/client';
import { isPostgres } from '#server/db/dialect';
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
 * starts): each dimension read in SALES_STEPS consecutive slices of the range on SQLite (one read on PostgreSQL),
 * with a turn of the event loop between reads, and summed here. A year of products in one statement held the serving
 * thread for up to 181 ms on the bench shop (200 000 orders, decision 287); a slice takes a twelfth of that. The
 * number of reads is the same for a week as for two years (no read per bucket, per day or per month).
 */
export async function lineSales(db: DB, startAt: string, endAt: string): Promise<LineSales> {
  const [from, to] = [dayPartKey(startAt), dayPartKey(endAt)];
  const products = await salesInSteps(db, 'product', from, to);
  await nextTurn();
  const sizes = await salesInSteps(db, 'size', from, to);
  await nextTurn();
  const colors = await salesInSteps(db, 'color', from, to);
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

/** The slices a dimension's sales are read in. */
export const SALES_STEPS = 12;

const DAY_MS = 86_400_000;

/**
 * The bounds of `steps` consecutive slices of the part keys [from, to): from, then steps - 1 cuts at whole UTC days
 * ("YYYY-MM-DDT00", between the keys of one day's parts and the next's), then to. Every key of the range is in exactly
 * one slice; on a range of fewer days than steps some slices are empty.
 */
export function rangeSlices(from: string, to: string, steps: number): string[] {
  const day = (key: string) => Date.UTC(+key.slice(0, 4), +key.slice(5, 7) - 1, +key.slice(8, 10));
  const [first, last] = [day(from), day(to)];
  const cuts = Array.from({ length: steps - 1 }, (_, k) => {
    const at = first + Math.floor(((k + 1) * (last - first)) / DAY_MS / steps) * DAY_MS;
    const cut = `${new Date(at).toISOString().slice(0, 10)}T00`;
    return cut < from ? from : cut > to ? to : cut;
  });
  return [from, ...cuts, to];
}

interface DimensionSales {
  id: number;
  label: string;
  units: number;
  revenueCents: number;
}

/**
 * One dimension's sales in [from, to), read a slice at a time and summed: lines of a product by its id (its label the
 * greatest seen, as MAX does), lines of a deleted product (id 0), sizes and colours by their label; only what sold
 * more than it took back.
 */
async function salesInSteps(
  db: DB,
  dim: q.DimensionSalesRow['dim'],
  from: string,
  to: string,
): Promise<DimensionSales[]> {
  // PostgreSQL's driver does not hold the event loop: there one read is cheaper than twelve round trips.
  const bounds = rangeSlices(from, to, isPostgres(db) ? 1 : SALES_STEPS);
  const sums = new Map<string, DimensionSales>();
  for (let i = 0; i + 1 < bounds.length; i++) {
    if (i > 0) await nextTurn();
    for (const r of await q.salesPerDimension(db, dim, bounds[i]!, bounds[i + 1]!)) {
      const id = Number(r.product_id);
      const key = id === 0 ? `0 ${r.label}` : String(id);
      const seen = sums.get(key);
      if (!seen) sums.set(key, { id, label: r.label, units: Number(r.units), revenueCents: Number(r.revenue_cents) });
      else {
        seen.units += Number(r.units);
        seen.revenueCents += Number(r.revenue_cents);
        if (r.label > seen.label) seen.label = r.label;
      }
    }
  }
  return [...sums.values()].filter((x) => x.units > 0);
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
