// The reports' figures over orders (decision 230), owned here because the orders module owns the orders tables and
// their rollups (decision 244): per time bucket, per sold product, size and colour, and per place. Numbers come back
// as numbers on both engines.
import type { DB } from '../../db/client';
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

/** Units and revenue per product, per size and per colour of live orders placed in [startAt, endAt) (shop day starts). */
export async function lineSales(db: DB, startAt: string, endAt: string): Promise<LineSales> {
  const rows = await q.salesPerDimension(db, dayPartKey(startAt), dayPartKey(endAt));
  const sales: LineSales = { products: [], sizes: [], colors: [] };
  for (const r of rows) {
    const figures = { units: Number(r.units), revenueCents: Number(r.revenue_cents) };
    if (r.dim === 'product') {
      const id = Number(r.product_id);
      sales.products.push({ productId: id === 0 ? null : id, productName: r.label, ...figures });
    } else (r.dim === 'size' ? sales.sizes : sales.colors).push({ name: r.label, ...figures });
  }
  return sales;
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
