// Figures over orders that other screens show (the orders module owns the orders table): the overview's orders and
// revenue per shop day, this month's, pending count, best sellers and refusal rate; promo uses per code.
import type { DB } from '../../db/client';
import * as q from './order-figures.queries';

export type { DayRange } from './order-figures.queries';

export const ordersPerDay = (db: DB, days: q.DayRange[]) => q.ordersPerDay(db, days);
export const ordersBetween = (db: DB, startAt: string, endAt: string) => q.ordersBetween(db, startAt, endAt);
export const pendingOrderCount = (db: DB) => q.pendingCount(db);
export const bestSellers = (db: DB, startAt: string, limit: number) => q.bestSellers(db, startAt, limit);
export const refusals = (db: DB, startAt: string) => q.refusals(db, startAt);
export const promoUseCounts = (db: DB, promoIds: readonly number[]) => q.promoUseCounts(db, promoIds);
