// The reports' figures over orders (decision 230), owned here because the orders module owns the orders tables: per
// time bucket, per sold line (product, size, colour) and per place. Numbers come back as numbers on both engines.
import type { DB } from '../../db/client';
import * as q from './order-reports.queries';

export interface HourFigures {
  /** The UTC hour as ISO text: "2026-11-02T09". */
  hour: string;
  orders: number;
  revenueCents: number;
  codCents: number;
}

/** Live orders, revenue and pending amount per UTC hour of [startAt, endAt) (hours without orders are absent). */
export async function figuresPerHour(db: DB, startAt: string, endAt: string): Promise<HourFigures[]> {
  return (await q.figuresPerHour(db, startAt, endAt)).map((r) => ({
    hour: String(r.hour),
    orders: Number(r.orders),
    revenueCents: Number(r.revenue_cents),
    codCents: Number(r.cod_cents),
  }));
}

export interface LineSales {
  productId: number | null;
  productName: string;
  size: string;
  color: string;
  units: number;
  revenueCents: number;
}

/** Units and revenue per product, size and colour of live orders placed in [startAt, endAt). */
export async function lineSales(db: DB, startAt: string, endAt: string): Promise<LineSales[]> {
  return (await q.lineSales(db, startAt, endAt)).map((r) => ({
    productId: r.product_id === null ? null : Number(r.product_id),
    productName: r.product_name,
    size: r.size,
    color: r.color,
    units: Number(r.units),
    revenueCents: Number(r.revenue_cents),
  }));
}

export interface PlaceOutcomes {
  country: string;
  city: string;
  placed: number;
  cancelled: number;
  shipped: number;
  returned: number;
}

/** Orders placed in [startAt, endAt) per country and city and what became of them. */
export async function outcomesByPlace(db: DB, startAt: string, endAt: string): Promise<PlaceOutcomes[]> {
  return (await q.outcomesByPlace(db, startAt, endAt)).map((r) => ({
    country: r.country_name,
    city: r.city,
    placed: Number(r.placed),
    cancelled: Number(r.cancelled),
    shipped: Number(r.shipped),
    returned: Number(r.returned),
  }));
}
