// SQL of the buyers rollup (migration 0460, decision 256): the queue the order triggers write, the keys that merge
// orders into one buyer, a buyer's orders and figures, the rebuild's bulk writes, and the staff list's page.
import { sql } from 'kysely';
import type { DB } from '#server/db/client';
import { containsIgnoringCase, isPostgres } from '#server/db/dialect';
import { BUYERS_SEARCH, searchCandidates } from '#server/db/search-index';

/** What a buyer is derived from: one order's keys, names and figures. */
export function orderFacts(db: DB) {
  return db
    .selectFrom('orders')
    .select([
      'order_id',
      'buyer_id',
      'user_id',
      'email',
      'phone_number',
      'country_name',
      'first_name',
      'last_name',
      'status',
      'closed_as',
      'total_cents',
      'order_date',
    ]);
}
export type OrderFacts = Awaited<ReturnType<ReturnType<typeof orderFacts>['executeTakeFirstOrThrow']>>;

export const queuedRows = (db: DB, limit: number) =>
  db.selectFrom('buyer_queue').select(['queue_id', 'order_id', 'buyer_id']).orderBy('queue_id').limit(limit).execute();

/** Whether any order waits to be settled (the list's cheap check before it opens a transaction). */
export async function hasQueued(db: DB): Promise<boolean> {
  return (await db.selectFrom('buyer_queue').select('queue_id').limit(1).executeTakeFirst()) !== undefined;
}

export async function queueSize(db: DB): Promise<number> {
  const r = await db
    .selectFrom('buyer_queue')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export const dropQueued = (db: DB, upToId: number) =>
  db.deleteFrom('buyer_queue').where('queue_id', '<=', upToId).execute();

/**
 * PostgreSQL: one settling at a time (a transaction-level advisory lock), so two requests never merge the same
 * buyers at once. SQLite's one connection already runs one transaction at a time.
 */
export async function lockBuyers(trx: DB): Promise<void> {
  if (isPostgres(trx)) await sql`SELECT pg_advisory_xact_lock(256460)`.execute(trx);
}

export const ordersByIds = (db: DB, ids: number[]) =>
  ids.length ? orderFacts(db).where('order_id', 'in', ids).execute() : Promise.resolve([]);

export const ordersOfBuyer = (db: DB, buyerId: number) =>
  orderFacts(db).where('buyer_id', '=', buyerId).orderBy('order_date', 'desc').orderBy('order_id', 'desc').execute();

export async function buyersOfKeys(db: DB, keys: string[]): Promise<number[]> {
  if (keys.length === 0) return [];
  const rows = await db.selectFrom('buyer_keys').select('buyer_id').distinct().where('key', 'in', keys).execute();
  return rows.map((r) => r.buyer_id);
}

export async function createBuyer(db: DB): Promise<number> {
  const r = await db.insertInto('buyers').defaultValues().returning('buyer_id').executeTakeFirstOrThrow();
  return r.buyer_id;
}

/** Folds `others` into `target`: their orders and keys move, their rows go (figures are written after). */
export async function foldBuyers(db: DB, target: number, others: number[]): Promise<void> {
  await db.updateTable('orders').set({ buyer_id: target }).where('buyer_id', 'in', others).execute();
  await db.updateTable('buyer_keys').set({ buyer_id: target }).where('buyer_id', 'in', others).execute();
  await db.deleteFrom('buyers').where('buyer_id', 'in', others).execute();
}

export const setOrdersBuyer = (db: DB, orderIds: number[], buyerId: number) =>
  db.updateTable('orders').set({ buyer_id: buyerId }).where('order_id', 'in', orderIds).execute();

/** Keys a buyer holds; a key another buyer holds stays with it (the settling merges such buyers first). */
export async function addKeys(db: DB, buyerId: number, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insertInto('buyer_keys')
    .values(keys.map((key) => ({ key, buyer_id: buyerId })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export const deleteKeysOf = (db: DB, buyerId: number) =>
  db.deleteFrom('buyer_keys').where('buyer_id', '=', buyerId).execute();

export const deleteBuyer = (db: DB, buyerId: number) =>
  db.deleteFrom('buyers').where('buyer_id', '=', buyerId).execute();

/** A buyer's row as its orders make it. */
export interface BuyerFigures {
  name: string;
  emails: string;
  phones: string;
  user_id: number | null;
  orders: number;
  spend_cents: number;
  refusals: number;
  cancelled: number;
  delivered: number;
  first_order_at: string;
  last_order_at: string;
}

export const writeBuyer = (db: DB, buyerId: number, f: BuyerFigures) =>
  db.updateTable('buyers').set(f).where('buyer_id', '=', buyerId).execute();

// ---- Rebuild ----------------------------------------------------------------------------------------------------

/** Empties the buyers and their keys (the rebuild writes them all again). */
export async function wipeBuyers(db: DB): Promise<void> {
  await db.deleteFrom('buyer_keys').execute();
  await db.deleteFrom('buyers').execute();
}

/** Deletes up to `limit` buyers and their keys (the sliced rebuild's wipe); how many buyers went. */
export async function wipeSomeBuyers(db: DB, limit: number): Promise<number> {
  const ids = (await db.selectFrom('buyers').select('buyer_id').limit(limit).execute()).map((r) => r.buyer_id);
  if (ids.length === 0) return 0;
  await db.deleteFrom('buyer_keys').where('buyer_id', 'in', ids).execute();
  await db.deleteFrom('buyers').where('buyer_id', 'in', ids).execute();
  return ids.length;
}

/** The latest queue row's id (0 when the queue is empty). */
export async function lastQueued(db: DB): Promise<number> {
  const r = await db
    .selectFrom('buyer_queue')
    .select((eb) => eb.fn.max('queue_id').as('n'))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export const setQueuedBuyer = (db: DB, queueId: number, buyerId: number) =>
  db.updateTable('buyer_queue').set({ buyer_id: buyerId }).where('queue_id', '=', queueId).execute();

/** Orders after `afterId` in id order, a page at a time. */
export const orderFactsAfter = (db: DB, afterId: number, limit: number) =>
  orderFacts(db).where('order_id', '>', afterId).orderBy('order_id').limit(limit).execute();

export const insertBuyers = (db: DB, rows: Array<BuyerFigures & { buyer_id: number }>) =>
  db.insertInto('buyers').values(rows).execute();

export const insertKeys = (db: DB, rows: Array<{ key: string; buyer_id: number }>) =>
  db.insertInto('buyer_keys').values(rows).execute();

/** Sets each order's buyer in one statement: `pairs` of [order id, buyer id]. */
export async function setBuyersOf(db: DB, pairs: Array<[number, number]>): Promise<void> {
  if (pairs.length === 0) return;
  const cases = sql.join(
    pairs.map(([o, b]) => sql`WHEN ${o} THEN CAST(${b} AS INTEGER)`),
    sql` `,
  );
  const ids = sql.join(pairs.map(([o]) => sql`${o}`));
  await sql`UPDATE orders SET buyer_id = CASE order_id ${cases} END WHERE order_id IN (${ids})`.execute(db);
}

// ---- The staff list ---------------------------------------------------------------------------------------------

const SEARCHED_COLUMNS = ['b.name', 'b.emails', 'b.phones'] as const;

/** Every word occurs in the buyer's name, e-mails or phones (decision 134), narrowed by buyers_search (243). */
function filteredBuyers(db: DB, words: string[]) {
  let q = db.selectFrom('buyers as b');
  const candidates = searchCandidates(db, BUYERS_SEARCH.index, sql.ref<number>('b.buyer_id'), words);
  if (candidates) q = q.where(candidates);
  for (const word of words) q = q.where(containsIgnoringCase(SEARCHED_COLUMNS, word));
  return q;
}

/** One page of buyers, latest order first, and how many match. */
export async function pageBuyers(db: DB, words: string[], limit: number, offset: number) {
  const total = Number(
    (
      await filteredBuyers(db, words)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (offset >= total) return { rows: [], total };
  const rows = await filteredBuyers(db, words)
    .select([
      'b.buyer_id',
      'b.name',
      'b.emails',
      'b.phones',
      'b.user_id',
      'b.orders',
      'b.spend_cents',
      'b.refusals',
      'b.cancelled',
      'b.delivered',
      'b.first_order_at',
      'b.last_order_at',
    ])
    .orderBy('b.last_order_at', 'desc')
    .orderBy('b.buyer_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total };
}

/** The orders of some buyers (their returns are counted by the returns module). */
export const orderIdsOfBuyers = (db: DB, buyerIds: number[]) =>
  buyerIds.length
    ? db.selectFrom('orders').select(['order_id', 'buyer_id']).where('buyer_id', 'in', buyerIds).execute()
    : Promise.resolve([]);

// ---- Refusal risk (decision 272) --------------------------------------------------------------------------------

/** The figures of some buyers (a page of orders' buyers: one query on the primary key). */
export const buyerOutcomes = (db: DB, buyerIds: number[]) =>
  buyerIds.length
    ? db
        .selectFrom('buyers')
        .select(['buyer_id', 'orders', 'delivered', 'refusals', 'cancelled'])
        .where('buyer_id', 'in', buyerIds)
        .execute()
    : Promise.resolve([]);
