// The order rollups kept for the reports and the overview (decision 244): the triggers of migrations/0440 keep them
// in step with every write; this rebuilds them where rows arrived around the triggers (db:copy fills the tables in
// bulk and rebuilds after) and checks them after each start (decision 263: a few days at a time, each slice comparing
// and, where the totals disagree, rebuilding only its days), so a start never holds the event loop for a scan.
import type { DB } from '#server/db/client';
import { isPostgres } from '#server/db/dialect';
import { nextTurn } from '#server/time-slices';
import * as q from './order-rollups.queries';

export { ORDER_ROLLUP_TABLES } from './order-rollups.queries';

/** Sums every order and line into the rollups again, in one transaction (or the caller's). */
export async function rebuildOrderRollups(db: DB): Promise<void> {
  if (db.isTransaction) await q.rebuildOrderRollups(db);
  else await db.transaction().execute((trx) => q.rebuildOrderRollups(trx));
}

/**
 * Compares the rollups' whole-shop totals with the orders' and rebuilds them when they differ. Returns the columns
 * that differed (empty when the rollups were right).
 */
export async function checkOrderRollups(db: DB): Promise<string[]> {
  const [fromOrders, fromRollups] = [await q.rollupTotals(db, 'orders'), await q.rollupTotals(db, 'rollups')];
  const differ = (Object.keys(fromOrders) as Array<keyof q.RollupTotals>).filter(
    (k) => fromOrders[k] !== fromRollups[k],
  );
  if (differ.length) await rebuildOrderRollups(db);
  return differ;
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** What the sliced check found: the days it checked and those it rebuilt (with the totals that differed). */
export interface RollupCheck {
  slices: number;
  /** Each slice's days, in order. */
  checked: q.DayRange[];
  rebuilt: Array<q.DayRange & { differ: string[] }>;
}

/** Slices past this many ms of work halve their days; quicker ones double them (up to a year). */
const SLICE_MS = 30;
/**
 * A slice never holds more orders than this unless they fall on one day (about 5 ms of work at the bench's size), whatever its days: doubling
 * the days after quiet ones (a shop's first weeks) reached into busy ones, and one slice of a year held the event
 * loop for over 100 ms right after a start (issue 38).
 */
export const SLICE_ORDERS = 2000;

/**
 * checkOrderRollups a few days at a time, from the first day any order or rollup row holds to the last: each slice
 * compares its days' totals (one transaction: a consistent view, REPEATABLE READ on PostgreSQL) and rebuilds those
 * days when they differ, with a turn of the event loop between slices. The days per slice adapt so a slice costs
 * about SLICE_MS, and hold at most SLICE_ORDERS orders. Writes meanwhile keep the rollups right through the triggers; days not checked yet read as before.
 */
export async function checkOrderRollupsInSlices(db: DB, opts: { stopped?: () => boolean } = {}): Promise<RollupCheck> {
  const found: RollupCheck = { slices: 0, checked: [], rebuilt: [] };
  const days = await q.rollupDays(db);
  if (!days) return found;
  let span = 2;
  for (let from = days.first; from <= days.last && !opts.stopped?.();) {
    // Up to the day of the order past SLICE_ORDERS (at least one day: a day's rollups are checked whole).
    const busy = await q.dayOfOrder(db, from, SLICE_ORDERS);
    const busyEnd = busy === null ? null : busy > from ? busy : addDays(from, 1);
    const to = addDays(from, span);
    const range = { from, to: busyEnd !== null && busyEnd < to ? busyEnd : to };
    const started = performance.now();
    const tx = isPostgres(db) ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
    const differ = await tx.execute(async (trx) => {
      const [fromOrders, fromRollups] = [
        await q.rollupTotals(trx, 'orders', range),
        await q.rollupTotals(trx, 'rollups', range),
      ];
      return (Object.keys(fromOrders) as Array<keyof q.RollupTotals>).filter((k) => fromOrders[k] !== fromRollups[k]);
    });
    if (differ.length) {
      await db.transaction().execute((trx) => q.rebuildOrderRollups(trx, range));
      found.rebuilt.push({ ...range, differ });
    }
    found.slices++;
    found.checked.push(range);
    const ms = performance.now() - started;
    from = range.to;
    span = ms > SLICE_MS ? Math.max(1, Math.floor(span / 2)) : ms < SLICE_MS / 4 ? Math.min(366, span * 2) : span;
    await nextTurn();
  }
  return found;
}
