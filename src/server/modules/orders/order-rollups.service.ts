// The order rollups kept for the reports and the overview (decision 244): the triggers of migrations/0440 keep them
// in step with every write; this rebuilds them where rows arrived around the triggers (db:copy fills the tables in
// bulk and rebuilds after) and checks them at start, rebuilding when their totals disagree with the orders.
import type { DB } from '../../db/client';
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
