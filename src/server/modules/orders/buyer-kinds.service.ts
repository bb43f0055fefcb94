// The refusal rate by first-time vs returning buyer (issue 37, decision 275), kept by the buyers' settling (decision
// 256) rather than by a scan of the period's orders: whenever a buyer is derived again from its orders, each order's
// share is worked out (its day part; returning when its buyer has an earlier order; shipped; refused at the door, as
// the reports count refusals, decision 254), compared with the stored one, and only the differences move the sums per
// day part and kind. A deleted order's share goes; a rebuild of the buyers writes them all again.
import type { DB } from '#server/db/client';
import type { OrderFacts } from './buyers.queries';
import * as q from './buyer-kinds.queries';

/** The day part of an order date (the rollups' cut of decision 244: 00, 22 and 23 UTC). */
export const dayPartOf = (at: string) => (at.slice(11, 13) >= '22' ? at.slice(0, 13) : `${at.slice(0, 10)}T00`);

const earlier = (a: OrderFacts, b: OrderFacts) =>
  a.order_date === b.order_date ? a.order_id - b.order_id : a.order_date < b.order_date ? -1 : 1;

/** The shares of one buyer's orders. */
export function kindsOf(group: OrderFacts[]): q.KindRow[] {
  const first = [...group].sort(earlier)[0]!;
  return group.map((o) => ({
    order_id: o.order_id,
    part: dayPartOf(o.order_date),
    repeat_buyer: o.order_id === first.order_id ? 0 : 1,
    shipped: o.status === 'delivered' ? 1 : 0,
    returned: o.closed_as === 'returned' ? 1 : 0,
  }));
}

type Delta = { part: string; repeat_buyer: number; shipped: number; returned: number };

function addDelta(deltas: Map<string, Delta>, row: q.KindRow, sign: 1 | -1) {
  const key = `${row.part}|${row.repeat_buyer}`;
  const d = deltas.get(key) ?? { part: row.part, repeat_buyer: row.repeat_buyer, shipped: 0, returned: 0 };
  d.shipped += sign * row.shipped;
  d.returned += sign * row.returned;
  deltas.set(key, d);
}

const same = (a: q.KindRow, b: q.KindRow) =>
  a.part === b.part && a.repeat_buyer === b.repeat_buyer && a.shipped === b.shipped && a.returned === b.returned;

/** One buyer's orders derived again: their changed shares stored, the sums moved by the differences. */
export async function syncBuyerKinds(trx: DB, group: OrderFacts[]): Promise<void> {
  const wanted = kindsOf(group);
  const stored = new Map(
    (
      await q.kindRows(
        trx,
        wanted.map((r) => r.order_id),
      )
    ).map((r) => [r.order_id, r]),
  );
  const deltas = new Map<string, Delta>();
  const changed = wanted.filter((w) => {
    const old = stored.get(w.order_id);
    if (old && same(old, w)) return false;
    if (old) addDelta(deltas, old, -1);
    addDelta(deltas, w, 1);
    return true;
  });
  await q.putKindRows(trx, changed);
  await q.addKindFigures(trx, [...deltas.values()]);
}

/** A deleted order's share taken away. */
export async function dropOrderKinds(trx: DB, orderIds: number[]): Promise<void> {
  const deltas = new Map<string, Delta>();
  for (const old of await q.kindRows(trx, orderIds)) addDelta(deltas, old, -1);
  await q.addKindFigures(trx, [...deltas.values()]);
  await q.deleteKindRows(trx, orderIds);
}

/** The rebuild's bulk write: the shares of these groups added (the tables were emptied first). */
export async function addGroupKinds(trx: DB, groups: OrderFacts[][]): Promise<void> {
  const rows = groups.flatMap(kindsOf);
  const deltas = new Map<string, Delta>();
  for (const r of rows) addDelta(deltas, r, 1);
  for (let i = 0; i < rows.length; i += 400) await q.putKindRows(trx, rows.slice(i, i + 400));
  await q.addKindFigures(trx, [...deltas.values()]);
}

export const wipeBuyerKinds = q.wipeKinds;

/** Shipped and refused orders, and the refusal rate's parts, of first-time and returning buyers over [from, to) parts. */
export async function refusalsByBuyerKind(db: DB, fromPart: string, toPart: string) {
  const rows = await q.kindFiguresBetween(db, fromPart, toPart);
  const of = (repeat: number) => {
    const r = rows.find((x) => Number(x.repeat_buyer) === repeat);
    return { shipped: Number(r?.shipped ?? 0), returned: Number(r?.returned ?? 0) };
  };
  return { firstTime: of(0), returning: of(1) };
}
