// The buyers rollup (decision 256): orders joined into buyers by what they share (an account, an e-mail, a phone,
// each in one stored form), kept right by settling the queue the order triggers write (migration 0460).
// Settling an order: the buyers holding any of its keys are folded into the oldest of them (or a new buyer is made),
// the order joins it; then every buyer the order touched (the one it had, the one it has) is derived again from its
// own orders: its keys, its figures, and, when an edit or a delete left its orders in groups that share nothing,
// one buyer per group (a split). The list settles the queue before it reads, a slice at a time; the start settles
// it too, after the shop listens (decision 263), rebuilding everything in slices when a bulk load (or a copy, whose
// triggers queue every order) queued many orders.
import { callingCodeOf, storedPhone } from '#shared/phone';
import type { DB } from '#server/db/client';
import { withCheckpointsAside } from '#server/db/checkpoints-aside';
import { isPostgres, resetIdCounters } from '#server/db/dialect';
import { BUYERS_SEARCH, withMergesDeferred } from '#server/db/search-index';
import { nextTurn, timeSlices, type TimeSlices } from '#server/time-slices';
import * as q from './buyers.queries';
import { addGroupKinds, dropOrderKinds, syncBuyerKinds, wipeBuyerKinds } from './buyer-kinds.service';
import type { BuyerFigures, OrderFacts } from './buyers.queries';

/** The keys that make two orders one buyer's: the account, the e-mail (lower case), the phone (stored form). */
export function buyerKeys(o: Pick<OrderFacts, 'user_id' | 'email' | 'phone_number' | 'country_name'>): string[] {
  const keys: string[] = [];
  if (o.user_id !== null) keys.push(`u:${o.user_id}`);
  const email = (o.email ?? '').trim().toLowerCase();
  if (email) keys.push(`e:${email}`);
  const phone = storedPhone(o.phone_number ?? '', callingCodeOf(o.country_name));
  if (phone) keys.push(`p:${phone}`);
  return keys;
}

/**
 * What a buyer's row says, from its orders (newest first): the latest name; e-mails and phones latest first; the
 * account of the latest account order; orders placed; spend = totals of delivered orders not returned (decision
 * 248: delivered means paid); refusals = orders refused at the door or returned (closed_as 'returned', the reports'
 * refusals, decision 254); cancellations; deliveries (delivered, not returned: decision 272); first and last
 * order date.
 */
export function buyerFigures(orders: OrderFacts[]): BuyerFigures {
  const latest = orders[0]!;
  const distinct = (values: string[]) => [...new Set(values.filter(Boolean))].join(' ');
  let spend = 0;
  let refusals = 0;
  let cancelled = 0;
  let delivered = 0;
  let first = latest.order_date;
  for (const o of orders) {
    if (o.status === 'delivered' && o.closed_as === null) {
      spend += Number(o.total_cents);
      delivered++;
    }
    if (o.closed_as === 'returned') refusals++;
    if (o.closed_as === 'cancelled') cancelled++;
    if (o.order_date < first) first = o.order_date;
  }
  return {
    name: `${latest.first_name} ${latest.last_name}`.trim(),
    emails: distinct(orders.map((o) => (o.email ?? '').trim().toLowerCase())),
    phones: distinct(orders.map((o) => storedPhone(o.phone_number ?? '', callingCodeOf(o.country_name)))),
    user_id: orders.find((o) => o.user_id !== null)?.user_id ?? null,
    orders: orders.length,
    spend_cents: spend,
    refusals,
    cancelled,
    delivered,
    first_order_at: first,
    last_order_at: orders.reduce((max, o) => (o.order_date > max ? o.order_date : max), latest.order_date),
  };
}

/**
 * Orders in groups that share keys, each group in the order given (union-find over the keys). Given `slices`, it
 * yields a turn of the event loop whenever a slice is spent (the rebuild's 200 000 orders).
 */
export function groupOrders(orders: OrderFacts[]): OrderFacts[][];
export function groupOrders(orders: OrderFacts[], slices: TimeSlices): Promise<OrderFacts[][]>;
export function groupOrders(orders: OrderFacts[], slices?: TimeSlices): OrderFacts[][] | Promise<OrderFacts[][]> {
  const parent = orders.map((_, i) => i);
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root]!;
    for (let j = i; parent[j] !== root;) {
      const next = parent[j]!;
      parent[j] = root;
      j = next;
    }
    return root;
  };
  const holder = new Map<string, number>();
  const join = (o: OrderFacts, i: number) => {
    for (const key of buyerKeys(o)) {
      const j = holder.get(key);
      if (j === undefined) holder.set(key, i);
      else parent[find(i)] = find(j);
    }
  };
  const collect = () => {
    const groups = new Map<number, OrderFacts[]>();
    orders.forEach((o, i) => {
      const root = find(i);
      const group = groups.get(root);
      if (group) group.push(o);
      else groups.set(root, [o]);
    });
    return [...groups.values()];
  };
  if (!slices) {
    orders.forEach(join);
    return collect();
  }
  return (async () => {
    for (let i = 0; i < orders.length; i++) {
      join(orders[i]!, i);
      if (slices.spent()) await slices.next();
    }
    return collect();
  })();
}

const newestFirst = (a: OrderFacts, b: OrderFacts) =>
  a.order_date === b.order_date ? b.order_id - a.order_id : a.order_date < b.order_date ? 1 : -1;

/** A buyer derived again from its orders: keys and figures; split when they fall in groups; gone with none left. */
async function deriveBuyer(trx: DB, buyerId: number): Promise<void> {
  const orders = await q.ordersOfBuyer(trx, buyerId);
  await q.deleteKeysOf(trx, buyerId);
  if (orders.length === 0) {
    await q.deleteBuyer(trx, buyerId);
    return;
  }
  // The largest group keeps the buyer's id (and its place in the list); the others become buyers of their own.
  const groups = groupOrders(orders).sort((a, b) => b.length - a.length);
  for (const [i, group] of groups.entries()) {
    const id = i === 0 ? buyerId : await q.createBuyer(trx);
    if (i > 0)
      await q.setOrdersBuyer(
        trx,
        group.map((o) => o.order_id),
        id,
      );
    await q.addKeys(trx, id, [...new Set(group.flatMap(buyerKeys))]);
    await q.writeBuyer(trx, id, buyerFigures(group.sort(newestFirst)));
    await syncBuyerKinds(trx, group); // first-time vs returning buyer (decision 275)
  }
}

/** One order settled: merged into the buyers sharing its keys; the buyers it touched derived again. */
async function settleOrder(trx: DB, order: OrderFacts | undefined, formerBuyers: Set<number>): Promise<void> {
  const touched = new Set(formerBuyers);
  if (order) {
    if (order.buyer_id !== null) touched.add(order.buyer_id);
    const keys = buyerKeys(order);
    const holders = (await q.buyersOfKeys(trx, keys)).sort((a, b) => a - b);
    const target = holders[0] ?? (await q.createBuyer(trx));
    const others = holders.slice(1);
    if (others.length) await q.foldBuyers(trx, target, others);
    for (const other of others) touched.delete(other);
    if (order.buyer_id !== target) await q.setOrdersBuyer(trx, [order.order_id], target);
    await q.addKeys(trx, target, keys);
    touched.add(target);
  }
  for (const buyerId of touched) await deriveBuyer(trx, buyerId);
}

/** Queue rows taken per transaction (each transaction also stops after one time slice). */
const CHUNK = 200;

/**
 * Settles the queue: a transaction per slice of at most about 20 ms of work, with a turn of the event loop between
 * them, until the queue is empty. Returns the orders settled.
 */
/** Settles the queue in slices of about 20 ms; `stopped` (a shutdown) ends it between two of them. */
export async function settleBuyers(db: DB, stopped: () => boolean = () => false): Promise<number> {
  let settled = 0;
  if (!(await q.hasQueued(db))) return 0;
  const slices = timeSlices(20);
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      await q.lockBuyers(trx);
      const rows = await q.queuedRows(trx, CHUNK);
      if (rows.length === 0) return 0;
      let last = 0;
      let count = 0;
      // Rows of one order (placed, then edited) are settled once, with every buyer it had.
      const formers = new Map<number, Set<number>>();
      for (const r of rows) {
        const set = formers.get(r.order_id) ?? new Set<number>();
        if (r.buyer_id !== null) set.add(r.buyer_id);
        formers.set(r.order_id, set);
      }
      for (const [orderId, former] of formers) {
        // Read as it stands now: settling an earlier order may have folded this one's buyer into another.
        const order = (await q.ordersByIds(trx, [orderId]))[0];
        if (!order) await dropOrderKinds(trx, [orderId]); // a deleted order's share in the buyer kinds (decision 275)
        await settleOrder(trx, order, former);
        count++;
        last = Math.max(...rows.filter((r) => r.order_id === orderId).map((r) => r.queue_id), last);
        if (slices.spent()) break;
      }
      // Rows of the orders settled go; an order cut off by the slice keeps its rows for the next transaction.
      const settledIds = new Set([...formers.keys()].slice(0, count));
      const firstLeft = rows.find((r) => !settledIds.has(r.order_id))?.queue_id;
      await q.dropQueued(trx, firstLeft === undefined ? last : Math.min(last, firstLeft - 1));
      return count;
    });
    if (done === 0) return settled;
    settled += done;
    await slices.next();
    if (stopped()) return settled;
  }
}

/** Orders read per page while rebuilding. */
const REBUILD_PAGE = 2000;

/** Every order in groups that share keys, read a page at a time with a turn of the event loop between pages. */
async function readGroups(db: DB): Promise<OrderFacts[][]> {
  const all: OrderFacts[] = [];
  for (let after = 0; ;) {
    const page = await q.orderFactsAfter(db, after, REBUILD_PAGE);
    if (page.length === 0) break;
    all.push(...page);
    after = page[page.length - 1]!.order_id;
    await nextTurn();
  }
  return groupOrders(all, timeSlices(20));
}

/**
 * Writes the groups as buyers 1, 2, … (the buyers and keys are empty): rows in chunks, each `write` call at most
 * about 20 ms of work with a turn of the event loop after it. Returns each order's new buyer.
 */
async function writeGroups(
  groups: OrderFacts[][],
  write: (fn: (trx: DB) => Promise<void>) => Promise<void>,
  stopped: () => boolean = () => false,
): Promise<Map<number, number> | null> {
  const buyerOf = new Map<number, number>();
  const slices = timeSlices(20);
  let next = 0;
  while (next < groups.length) {
    await write(async (trx) => {
      const rows: Array<BuyerFigures & { buyer_id: number }> = [];
      const keys: Array<{ key: string; buyer_id: number }> = [];
      const pairs: Array<[number, number]> = [];
      const flush = async () => {
        if (rows.length) await q.insertBuyers(trx, rows.splice(0));
        if (keys.length) await q.insertKeys(trx, keys.splice(0));
        if (pairs.length) await q.setBuyersOf(trx, pairs.splice(0));
      };
      const written: OrderFacts[][] = [];
      while (next < groups.length && !slices.spent()) {
        const group = groups[next]!;
        written.push(group);
        const buyerId = ++next;
        rows.push({ buyer_id: buyerId, ...buyerFigures(group.sort(newestFirst)) });
        for (const key of new Set(group.flatMap(buyerKeys))) keys.push({ key, buyer_id: buyerId });
        for (const o of group) {
          pairs.push([o.order_id, buyerId]);
          buyerOf.set(o.order_id, buyerId);
        }
        if (pairs.length >= 400 || keys.length >= 1000) await flush();
      }
      await flush();
      await addGroupKinds(trx, written);
    });
    await slices.next();
    if (stopped()) return null;
  }
  return buyerOf;
}

/**
 * The queue's rows up to `upTo` (the orders the rebuild read) go; rows queued while it ran stay for settling, with
 * the buyer their order has now (the one the rebuild gave it), since the buyer they recorded was an old one.
 */
async function finishRebuild(trx: DB, upTo: number, buyerOf: Map<number, number>): Promise<void> {
  await q.dropQueued(trx, upTo);
  for (const r of await q.queuedRows(trx, 100_000)) {
    const now = buyerOf.get(r.order_id);
    if (now !== undefined && now !== r.buyer_id) await q.setQueuedBuyer(trx, r.queue_id, now);
  }
  await resetIdCounters(trx, ['buyers']);
}

/**
 * Every buyer made again from every order (a bulk load, a copy, the first start after migration 0460), in the
 * caller's transaction: union-find over all orders' keys in memory, then the rows in chunks.
 */
export async function rebuildBuyers(trx: DB): Promise<number> {
  const upTo = await q.lastQueued(trx);
  const groups = await readGroups(trx);
  await q.wipeBuyers(trx);
  await wipeBuyerKinds(trx);
  await finishRebuild(trx, upTo, (await writeGroups(groups, (fn) => fn(trx)))!);
  return groups.length;
}

/**
 * rebuildBuyers that never holds the event loop or the database long (decision 263). PostgreSQL: in one
 * transaction holding the buyers' lock (its driver does not block the loop; other processes' lists wait for the lock
 * and read the old buyers meanwhile). SQLite (one process per file): the orders read a page at a time, then the old
 * buyers deleted and the new ones written in transactions of about 20 ms with a turn of the loop between them; the
 * queue is cut last, so a crash midway leaves it long and the next start rebuilds again. Meanwhile this process's
 * list waits for it (`pageBuyers`); orders written meanwhile are queued and settled after.
 */
export function rebuildBuyersInSlices(db: DB, stopped: () => boolean = () => false): Promise<number> {
  const running = rebuilding.get(db);
  if (running) return running;
  const run = (async () => {
    if (isPostgres(db))
      return db.transaction().execute(async (trx) => {
        await q.lockBuyers(trx);
        return rebuildBuyers(trx);
      });
    const upTo = await q.lastQueued(db);
    const groups = await readGroups(db);
    await withCheckpointsAside(db, () =>
      withMergesDeferred(db, BUYERS_SEARCH.index, async () => {
        while (await db.transaction().execute((trx) => q.wipeSomeBuyers(trx, 2000))) await nextTurn();
        await db.transaction().execute((trx) => wipeBuyerKinds(trx));
        // A shutdown midway leaves the queue long, as a crash would: the next start rebuilds again.
        const buyerOf = await writeGroups(groups, (fn) => db.transaction().execute(fn), stopped);
        if (buyerOf) await db.transaction().execute((trx) => finishRebuild(trx, upTo, buyerOf));
      }),
    );
    return groups.length;
  })().finally(() => rebuilding.delete(db));
  rebuilding.set(db, run);
  return run;
}

/** The rebuild running on a database in this process, which the list waits for. */
const rebuilding = new WeakMap<DB, Promise<number>>();

/** Queued orders past which the start rebuilds rather than settling one by one. */
const REBUILD_FROM = 5000;

/**
 * After a start: a long queue (migration 0460 on a shop with orders, a bulk load) rebuilt, a short one settled, both
 * in slices (decision 263).
 */
export async function settleBuyersAtStart(db: DB, stopped?: () => boolean): Promise<'rebuilt' | number> {
  if ((await q.queueSize(db)) < REBUILD_FROM) return settleBuyers(db, stopped);
  await rebuildBuyersInSlices(db, stopped);
  return 'rebuilt';
}

/** One page of buyers (settled first), latest order first, with how many match the search words. */
export async function pageBuyers(db: DB, words: string[], limit: number, offset: number) {
  await rebuilding.get(db);
  await settleBuyers(db);
  return q.pageBuyers(db, words, limit, offset);
}

/** Each order of the given buyers, with its buyer. */
export const orderIdsOfBuyers = (db: DB, buyerIds: number[]) => q.orderIdsOfBuyers(db, buyerIds);
