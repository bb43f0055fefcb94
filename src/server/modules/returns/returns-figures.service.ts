// The overview's returns figures (decision 235): refunds recorded in a range (the revenue is shown net of them), the
// return rate (units asked back over units sold since a day) and the top reasons by product and size.
import type { ReturnFiguresDto } from '#shared/dto/returns';
import { centsToEuros } from '#shared/money';
import type { ReturnReason } from '#shared/returns';
import type { DB } from '#server/db/client';
import { orderLinesByIds, unitsSoldSince } from '../orders';
import * as q from './returns.queries';

const TOP_REASONS = 5;

/** Refunds recorded in [startAt, endAt), in cents. */
export const refundCentsBetween = (db: DB, startAt: string, endAt: string) => q.refundsBetween(db, startAt, endAt);

/** Units asked back (requests not refused or withdrawn) per order id, in chunks of 500 ids (decision 256). */
export async function returnedUnitsPerOrder(db: DB, orderIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < orderIds.length; i += 500)
    for (const r of await q.returnedUnitsOfOrders(db, orderIds.slice(i, i + 500))) out.set(r.order_id, Number(r.units));
  return out;
}

/** A range of instants [startAt, endAt), ISO UTC, starting and ending on whole UTC hours (shop days do). */
export interface InstantRange {
  startAt: string;
  endAt: string;
}

/**
 * Refunds recorded in each of the ranges (sorted, not overlapping), in cents: one question over the whole span,
 * summed per hour, each hour added to the range it falls in (the overview's 30 days, the reports' hundreds of days).
 */
export async function refundCentsPerRange(db: DB, ranges: InstantRange[]): Promise<number[]> {
  const totals = ranges.map(() => 0);
  if (ranges.length === 0) return totals;
  const hours = (await q.refundsPerHour(db, ranges[0]!.startAt, ranges.at(-1)!.endAt))
    .map((r) => ({ at: `${r.hour}:00:00.000Z`, cents: Number(r.cents) }))
    .sort((a, b) => (a.at < b.at ? -1 : 1));
  let i = 0;
  for (const h of hours) {
    while (i < ranges.length && ranges[i]!.endAt <= h.at) i++;
    if (i < ranges.length && ranges[i]!.startAt <= h.at) totals[i]! += h.cents;
  }
  return totals;
}

const tieBreak = (g: { productName: string; size: string; reason: string }) =>
  `${g.productName}\u0000${g.size}\u0000${g.reason}`;

export async function returnFigures(db: DB, startAt: string, endAt: string): Promise<ReturnFiguresDto> {
  const rows = await q.returnedUnitsSince(db, startAt);
  const lines = new Map(
    (await orderLinesByIds(db, [...new Set(rows.map((r) => r.order_details_id))])).map((l) => [l.id, l]),
  );
  const groups = new Map<string, { productName: string; size: string; reason: ReturnReason; units: number }>();
  let returned = 0;
  for (const r of rows) {
    const line = lines.get(r.order_details_id);
    const units = Number(r.units);
    returned += units;
    if (!line) continue;
    const key = `${line.productName}\u0000${line.size}\u0000${r.reason}`;
    const g = groups.get(key) ?? { productName: line.productName, size: line.size, reason: r.reason, units: 0 };
    g.units += units;
    groups.set(key, g);
  }
  const sold = await unitsSoldSince(db, startAt);
  return {
    refunds: centsToEuros(await q.refundsBetween(db, startAt, endAt)),
    returnRate: sold === 0 ? 0 : Math.round((returned / sold) * 1000) / 10,
    // Most units first; ties by product, size and reason, so both engines list the same (rows come in no set order).
    topReasons: [...groups.values()]
      .sort((a, b) => b.units - a.units || tieBreak(a).localeCompare(tieBreak(b)))
      .slice(0, TOP_REASONS),
  };
}
