// Figures over orders that other screens show (the orders module owns the orders table and its rollups, decision
// 244): the overview's orders and revenue per shop day, this month's, pending count, best sellers and refusal rate;
// promo uses per code. Ranges start and end on shop day starts (whole hours, day part starts).
import type { DB } from '#server/db/client';
import { dayPartKey, hourKey } from './order-rollup-keys';
import * as q from './order-figures.queries';

/** A shop-time day as a half-open UTC range [startAt, endAt) of ISO timestamps on whole hours. */
export interface DayRange {
  day: string;
  startAt: string;
  endAt: string;
}

export const ordersPerDay = (db: DB, days: DayRange[]) =>
  q.ordersPerDay(
    db,
    days.map((d) => ({ day: d.day, fromHour: hourKey(d.startAt), toHour: hourKey(d.endAt) })),
  );
export const ordersBetween = (db: DB, startAt: string, endAt: string) =>
  q.ordersBetween(db, hourKey(startAt), hourKey(endAt));
export const pendingOrderCount = (db: DB) => q.pendingCount(db);
export const bestSellers = (db: DB, startAt: string, limit: number) => q.bestSellers(db, dayPartKey(startAt), limit);
export const promoUseCounts = (db: DB, promoIds: readonly number[]) => q.promoUseCounts(db, promoIds);
