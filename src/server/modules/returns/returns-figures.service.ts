// The overview's returns figures (decision 235): refunds recorded in a range (the revenue is shown net of them), the
// return rate (units asked back over units sold since a day) and the top reasons by product and size.
import type { ReturnFiguresDto } from '../../../shared/dto/returns';
import { centsToEuros } from '../../../shared/money';
import type { ReturnReason } from '../../../shared/returns';
import type { DB } from '../../db/client';
import { orderLinesByIds, unitsSoldSince } from '../orders';
import * as q from './returns.queries';

const TOP_REASONS = 5;

/** Refunds recorded in [startAt, endAt), in cents. */
export const refundCentsBetween = (db: DB, startAt: string, endAt: string) => q.refundsBetween(db, startAt, endAt);

const tieBreak = (g: { productName: string; size: string; reason: string }) =>
  `${g.productName}\u0000${g.size}\u0000${g.reason}`;

export async function returnFigures(db: DB, startAt: string, endAt: string): Promise<ReturnFiguresDto> {
  const rows = await q.returnedUnitsSince(db, startAt);
  const lines = new Map(
    (await orderLinesByIds(db, [...new Set(rows.map((r) => r.order_details_id))])).map((l) => [l.order_details_id, l]),
  );
  const groups = new Map<string, { productName: string; size: string; reason: ReturnReason; units: number }>();
  let returned = 0;
  for (const r of rows) {
    const line = lines.get(r.order_details_id);
    const units = Number(r.units);
    returned += units;
    if (!line) continue;
    const key = `${line.product_name}\u0000${line.size}\u0000${r.reason}`;
    const g = groups.get(key) ?? { productName: line.product_name, size: line.size, reason: r.reason, units: 0 };
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
