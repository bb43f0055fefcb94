// The reports' figures over orders (decision 230), owned here because the orders module owns the orders tables and
// their rollups (decision 244): per time bucket, per sold product, size and colour, and per place. Numbers come back
// as numbers on both engines.
import type { DB } from '../../db/client';
import { nextTurn } from '../../time-slices';
import { dayPartKey } from './order-rollup-keys';
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
