// The one way a variant's stock changes (decision 231). `changeStock` does the guarded update and writes the
// ledger row (before, after, delta, reason, who, when, order) in the caller's transaction; `setStocks` does the
// same for many variants at once (the CSV import, a stock count). Nothing else writes the stock column:
// stock-ledger.test.ts scans src/server for any other write.
import { AppError } from '#server/errors';
import type { Kysely, Transaction } from 'kysely';
import type { Database, StockReason } from '#server/db/schema';
import * as q from './stock-ledger.queries';
import { notifyBackInStock } from './back-in-stock/notify';

type Q = Kysely<Database> | Transaction<Database>;

export interface StockChange {
  variantId: number;
  /** Units to add (negative: to take; refused, not clipped, when fewer are in stock). Give delta or setTo. */
  delta?: number;
  /** The new stock (a staff edit, an import, a count). */
  setTo?: number;
  reason: StockReason;
  /** The user who caused it (staff, or the shopper of a sale); null for a guest or the system. */
  actorId?: number | null;
  orderId?: number | null;
  note?: string | null;
  now?: Date;
}

export interface StockChangeResult {
  /** The ledger row written; null when the stock did not change (delta 0, or already at setTo). */
  changeId: number | null;
  before: number;
  after: number;
}

/**
 * A variant came back in stock (0 before, more after): its waiting shoppers are e-mailed and their requests closed,
 * in the same transaction after the ledger row (back-in-stock/notify.ts, decision 233).
 */
const backInStock = (trx: Q, variantIds: number[], now?: Date) => notifyBackInStock(trx, variantIds, now);

const SET_ATTEMPTS = 5;

/** Reads the stock and writes `setTo` over exactly that value (retried if a concurrent change got in between). */
async function setStock(trx: Q, variantId: number, setTo: number): Promise<{ before: number; after: number } | null> {
  for (let i = 0; i < SET_ATTEMPTS; i++) {
    const before = (await q.stocksOf(trx, [variantId])).get(variantId);
    if (before === undefined) return null;
    if (before === setTo || (await q.compareAndSetStock(trx, variantId, before, setTo)))
      return { before, after: setTo };
  }
  throw new AppError('CONFLICT', 'stock changed concurrently');
}

async function applyDelta(trx: Q, variantId: number, delta: number) {
  if (delta === 0) {
    const stock = (await q.stocksOf(trx, [variantId])).get(variantId);
    return stock === undefined ? null : { before: stock, after: stock };
  }
  const after = await q.addToStock(trx, variantId, delta);
  return after === undefined ? null : { before: after - delta, after };
}

const ledgerRow = (c: StockChange, before: number, after: number): q.StockChangeRow => ({
  variant_id: c.variantId,
  delta: after - before,
  stock_before: before,
  stock_after: after,
  reason: c.reason,
  actor_id: c.actorId ?? null,
  order_id: c.orderId ?? null,
  note: c.note ?? null,
  created_at: (c.now ?? new Date()).toISOString(),
});

/**
 * Changes one variant's stock and records why, in `trx`. Null when refused: the variant does not exist, or a
 * negative delta asks for more units than are in stock (the stock is left as it was).
 */
export async function changeStock(trx: Q, c: StockChange): Promise<StockChangeResult | null> {
  if ((c.delta === undefined) === (c.setTo === undefined)) throw new Error('changeStock: give delta or setTo');
  if (c.setTo !== undefined && c.setTo < 0) return null;
  const moved =
    c.setTo !== undefined ? await setStock(trx, c.variantId, c.setTo) : await applyDelta(trx, c.variantId, c.delta!);
  if (!moved) return null;
  if (moved.before === moved.after) return { changeId: null, ...moved };
  const [changeId] = await q.insertStockChanges(trx, [ledgerRow(c, moved.before, moved.after)]);
  if (moved.before <= 0 && moved.after > 0) await backInStock(trx, [c.variantId], c.now);
  return { changeId: changeId!, ...moved };
}

/**
 * Sets many variants' stock at once (an import, a stock count) and writes one ledger row per variant whose stock
 * changed; unknown variants are skipped. One read and one compare-and-set UPDATE per 500 variants; a variant a
 * concurrent change moved in between is set again on its own. The variants changed, with before and after.
 */
export async function setStocks(
  trx: Q,
  rows: Array<{ variantId: number; setTo: number }>,
  common: Omit<StockChange, 'variantId' | 'delta' | 'setTo'>,
): Promise<Array<{ variantId: number; before: number; after: number }>> {
  const changed: Array<{ variantId: number; before: number; after: number }> = [];
  for (const part of q.chunked(rows)) {
    const current = await q.stocksOf(
      trx,
      part.map((r) => r.variantId),
    );
    const wanted = part.flatMap((r) => {
      const before = current.get(r.variantId);
      return before === undefined || before === r.setTo || r.setTo < 0
        ? []
        : [{ variantId: r.variantId, before, after: r.setTo }];
    });
    const done = new Set(await q.compareAndSetStocks(trx, wanted));
    for (const w of wanted) {
      if (done.has(w.variantId)) changed.push(w);
      else {
        const again = await setStock(trx, w.variantId, w.after);
        if (again && again.before !== again.after) changed.push({ variantId: w.variantId, ...again });
      }
    }
  }
  await q.insertStockChanges(
    trx,
    changed.map((w) => ledgerRow({ ...common, variantId: w.variantId }, w.before, w.after)),
  );
  await backInStock(
    trx,
    changed.filter((w) => w.before <= 0 && w.after > 0).map((w) => w.variantId),
    common.now,
  );
  return changed;
}

/** Names the order a checkout's stock changes belong to, once the order is written (same transaction). */
export const linkStockChangesToOrder = (trx: Q, changeIds: number[], orderId: number) =>
  q.linkChangesToOrder(trx, changeIds, orderId);

/** The opening 'initial' row of every variant without one (the demo seed; migration 0310 did it for old shops). */
export const recordOpeningStock = (db: Q, now: Date = new Date()) => q.insertOpeningRows(db, now.toISOString());

/** Who and why, for the thin wrappers below (an order's stages and line edits pass reason 'exchange'). */
export type StockContext = Pick<StockChange, 'reason' | 'actorId' | 'orderId' | 'note' | 'now'>;

/**
 * Takes `quantity` units if (and only if) that many are in stock (default reason: a sale); whether it did. Kept for
 * the order stages' line edits (reason 'exchange'); checkout calls changeStock to link its rows to the order.
 * @public
 */
export async function takeStock(
  trx: Q,
  variantId: number,
  quantity: number,
  ctx: StockContext = { reason: 'sale' },
): Promise<boolean> {
  return (await changeStock(trx, { ...ctx, variantId, delta: -quantity })) !== null;
}

/** Gives `qty` units back (default reason: a cancellation); the number of variants changed (0: it is gone). */
export async function addStock(
  db: Q,
  variantId: number,
  qty: number,
  ctx: StockContext = { reason: 'cancellation' },
): Promise<number> {
  return (await changeStock(db, { ...ctx, variantId, delta: qty })) !== null ? 1 : 0;
}
