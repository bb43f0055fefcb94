// SQL of the stock ledger (decision 231): the ONLY file that writes product_variants.stock_quantity
// (stock-ledger.test.ts scans src/server for any other). Every write here is called by stock.ts, which pairs it
// with the ledger row in the caller's transaction. Decrements stay guarded (`WHERE stock_quantity >= n`), so two
// concurrent checkouts can never take the same last unit on SQLite or PostgreSQL; absolute values are written as a
// compare-and-set on the value read, so a concurrent change is never overwritten unseen.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, StockChangesTable } from '#server/db/schema';
import type { Insertable } from 'kysely';
import { nextTurn } from '#server/time-slices';

type Q = Kysely<Database> | Transaction<Database>;
export type StockChangeRow = Insertable<StockChangesTable>;

/** Rows per IN list or multi-row insert (well under both engines' bound-parameter limits). */
const CHUNK = 500;
export const chunked = <T>(items: T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
};

/** Adds `delta` (negative: takes, only if that many are there); the stock after, or undefined when refused. */
export async function addToStock(db: Q, variantId: number, delta: number): Promise<number | undefined> {
  let query = db
    .updateTable('product_variants')
    .set({ stock_quantity: sql<number>`stock_quantity + ${delta}` })
    .where('variant_id', '=', variantId);
  if (delta < 0) query = query.where('stock_quantity', '>=', -delta);
  const row = await query.returning('stock_quantity').executeTakeFirst();
  return row?.stock_quantity;
}

/** Writes `after` only while the stock is still `before`; whether it did. */
export async function compareAndSetStock(db: Q, variantId: number, before: number, after: number): Promise<boolean> {
  const r = await db
    .updateTable('product_variants')
    .set({ stock_quantity: after })
    .where('variant_id', '=', variantId)
    .where('stock_quantity', '=', before)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Many compare-and-sets in one UPDATE (a CASE on the id); the ids that were still at their `before`. */
export async function compareAndSetStocks(
  db: Q,
  rows: Array<{ variantId: number; before: number; after: number }>,
): Promise<number[]> {
  if (!rows.length) return [];
  const when = (pick: (r: (typeof rows)[number]) => number) =>
    sql.join(
      rows.map((r) => sql`WHEN ${r.variantId} THEN CAST(${pick(r)} AS integer)`),
      sql` `,
    );
  const done = await db
    .updateTable('product_variants')
    .set({ stock_quantity: sql<number>`CASE variant_id ${when((r) => r.after)} END` })
    .where(
      'variant_id',
      'in',
      rows.map((r) => r.variantId),
    )
    .where(sql<boolean>`stock_quantity = CASE variant_id ${when((r) => r.before)} END`)
    .returning('variant_id')
    .execute();
  return done.map((r) => r.variant_id);
}

export async function stocksOf(db: Q, variantIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const part of chunked(variantIds)) {
    const rows = await db
      .selectFrom('product_variants')
      .select(['variant_id', 'stock_quantity'])
      .where('variant_id', 'in', part)
      .execute();
    for (const r of rows) out.set(r.variant_id, r.stock_quantity);
  }
  return out;
}

export async function insertStockChanges(db: Q, rows: StockChangeRow[]): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunked(rows)) {
    const made = await db.insertInto('stock_changes').values(part).returning('change_id').execute();
    ids.push(...made.map((r) => r.change_id));
    if (rows.length > CHUNK) await nextTurn();
  }
  return ids;
}

/** Names the order a checkout's stock changes belong to (the order is written after its stock is taken). */
export async function linkChangesToOrder(db: Q, changeIds: number[], orderId: number): Promise<void> {
  for (const part of chunked(changeIds))
    await db.updateTable('stock_changes').set({ order_id: orderId }).where('change_id', 'in', part).execute();
}

/** One opening row ('initial') for every variant that has none yet: the seed, and migration 0310 for old shops. */
export async function insertOpeningRows(db: Q, at: string): Promise<void> {
  await sql`INSERT INTO stock_changes (variant_id, delta, stock_before, stock_after, reason, created_at)
    SELECT v.variant_id, v.stock_quantity, 0, v.stock_quantity, 'initial', ${at} FROM product_variants v
    WHERE NOT EXISTS (SELECT 1 FROM stock_changes c WHERE c.variant_id = v.variant_id)
    ORDER BY v.variant_id`.execute(db);
}

/** A variant's changes, newest first. */
export function variantChanges(db: Q, variantId: number, limit: number) {
  return db
    .selectFrom('stock_changes')
    .select([
      'change_id',
      'delta',
      'stock_before',
      'stock_after',
      'reason',
      'actor_id',
      'order_id',
      'note',
      'created_at',
    ])
    .where('variant_id', '=', variantId)
    .orderBy('change_id', 'desc')
    .limit(limit)
    .execute();
}
