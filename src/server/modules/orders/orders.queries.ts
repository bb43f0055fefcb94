// SQL of the dashboard orders module: lists, one order with its lines, the status toggle, deletion with stock return.
import { type ExpressionBuilder, sql, type Updateable } from 'kysely';
import type { DB } from '#server/db/client';
import type { OrderStatus } from '#shared/dto/orders';
import type { Database, OrderEventKind, OrderOutcome, OrderStage, OrdersTable } from '#server/db/schema';
import { containsIgnoringCase, isPostgres, notIndexed } from '#server/db/dialect';
import { ORDERS_SEARCH, searchCandidates } from '#server/db/search-index';
import { parseOrderNumber } from '#shared/order-number';

type Db = DB;

const ORDER_COLUMNS = [
  'o.order_id',
  'o.order_date',
  'o.order_ship_date',
  'o.status',
  'o.first_name',
  'o.last_name',
  'o.email',
  'o.phone_number',
  'o.address',
  'o.city',
  'o.zip_code',
  'o.country_id',
  'o.country_name',
  'o.subtotal_cents',
  'o.discount_cents',
  'o.shipping_cost_cents',
  'o.total_cents',
  'o.promo_code',
  'o.promo_percentage',
  'o.promo_amount_cents',
  'o.store_credit_cents',
  'o.gift_card_cents',
  'o.look_discount_cents',
  'o.deposit_cents',
  'o.user_id',
  'o.guest_id',
  'o.created_by_user_id',
  'o.closed_as',
  'o.closed_at',
  'o.closed_by_user_id',
  'o.stage',
  'o.call_attempts',
  'o.confirmed_at',
  'o.shipped_at',
  'o.courier_name',
  'o.tracking_number',
  'o.tracking_url',
  'o.buyer_id',
  'o.held_at',
] as const;

function ordersQuery(db: Db) {
  return db
    .selectFrom('orders as o')
    .select(ORDER_COLUMNS)
    .select([
      (eb) =>
        eb
          .selectFrom('order_details as d')
          .select((e) => e.fn.coalesce(e.fn.sum<number>('d.quantity'), sql<number>`0`).as('n'))
          .whereRef('d.order_id', '=', 'o.order_id')
          .as('item_count'),
    ]);
}

export type OrderRow = Awaited<ReturnType<ReturnType<typeof ordersQuery>['executeTakeFirstOrThrow']>>;

/** What an order list shows: one state (or all), and search words each of which must match a field (decision 134). */
export interface OrderListFilter {
  status?: OrderStatus;
  /** A stage of live pending orders (decision 229); 'new' = not yet confirmed. */
  stage?: ListStage;
  words: string[];
  /** For each word, the states whose label contains it ("pritje" finds pending orders). */
  statesByWord?: OrderStatus[][];
}

const SEARCHED_COLUMNS = [
  'o.first_name',
  'o.last_name',
  'o.email',
  'o.phone_number',
  'o.city',
  'o.country_name',
  'o.promo_code',
] as const;

function stateCondition(eb: ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>, status: OrderStatus) {
  return status === 'pending' || status === 'delivered'
    ? eb.and([eb('o.status', '=', status), eb('o.closed_as', 'is', null)])
    : eb('o.closed_as', '=', status);
}

type ListStage = 'new' | OrderStage;

function stageCondition(eb: ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>, stage: ListStage) {
  return eb.and([
    eb('o.status', '=', 'pending'),
    eb('o.closed_as', 'is', null),
    stage === 'new' ? eb('o.stage', 'is', null) : eb('o.stage', '=', stage),
  ]);
}

function filteredOrders(db: Db, filter: OrderListFilter) {
  let q = db.selectFrom('orders as o');
  if (filter.status) {
    const status = filter.status;
    q = q.where((eb) => stateCondition(eb, status));
  }
  if (filter.stage) {
    const stage = filter.stage;
    q = q.where((eb) => stageCondition(eb, stage));
  }
  // The search index narrows to the orders whose text holds the words: one lookup for the words that can match
  // nothing else, one per order-number word (it may also name its order); a word that names a state can match
  // orders by state alone, so it does not narrow (decision 243).
  const plain = filter.words.filter((w, i) => parseOrderNumber(w) === null && !filter.statesByWord?.[i]?.length);
  const narrowed = [searchCandidates(db, ORDERS_SEARCH.index, sql.ref('o.order_id'), plain)];
  filter.words.forEach((word, i) => {
    const id = parseOrderNumber(word); // "41", "000041" and "#000041" all find order 41
    const states = filter.statesByWord?.[i] ?? [];
    if (id !== null && states.length === 0)
      narrowed.push(searchCandidates(db, ORDERS_SEARCH.index, sql.ref('o.order_id'), [word], [id]));
    q = q.where((eb) =>
      eb.or([
        containsIgnoringCase(SEARCHED_COLUMNS, word),
        ...(id === null ? [] : [eb('o.order_id', '=', id)]),
        ...states.map((st) => stateCondition(eb, st)),
      ]),
    );
  });
  for (const c of narrowed) if (c) q = q.where(c);
  return q;
}

/**
 * One page of an order list, newest first, and how many orders match. The page's ids are chosen on the orders table
 * alone (index orders_order_date / orders_status_date), then only those rows are joined and counted up.
 */
export async function pageOrders(
  db: Db,
  filter: OrderListFilter,
  limit: number,
  offset: number,
): Promise<{ rows: OrderRow[]; total: number }> {
  const page = await pageIds(db, filter, limit, offset);
  if (page.ids.length === 0) return { rows: [], total: page.total };
  const rows = await ordersQuery(db)
    .where('o.order_id', 'in', page.ids)
    .orderBy('o.order_date', 'desc')
    .orderBy('o.order_id', 'desc')
    .execute();
  return { rows, total: page.total };
}

const newestFirst = <Q extends { orderBy: (c: 'o.order_date' | 'o.order_id', d: 'desc') => Q }>(q: Q) =>
  q.orderBy('o.order_date', 'desc').orderBy('o.order_id', 'desc');

/**
 * The page's order ids and the filtered total. A search reads the rows its search index leaves (decision 243; all
 * rows when no word can use it), so its ids and total come from one pass (`searchPage`). An unsearched list takes its
 * total from the rollups (or, by stage, counts on its index) and reads only the page's rows.
 */
async function pageIds(
  db: Db,
  filter: OrderListFilter,
  limit: number,
  offset: number,
): Promise<{ ids: number[]; total: number }> {
  const countAll = async () =>
    Number(
      (
        await filteredOrders(db, filter)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  if (filter.words.length > 0) {
    const rows = await newestFirst(searchPage(db, filter)).limit(limit).offset(offset).execute();
    if (rows.length > 0) return { ids: rows.map((r) => r.order_id), total: Number(rows[0]!.n) };
    return { ids: [], total: offset === 0 ? 0 : await countAll() };
  }
  const unsearched = filter.words.length === 0 && !filter.stage;
  const total = unsearched ? await countFromRollups(db, filter.status) : await countAll();
  if (total === 0 || offset >= total) return { ids: [], total };
  const ids = await newestFirst(filteredOrders(db, filter).select('o.order_id')).limit(limit).offset(offset).execute();
  return { ids: ids.map((r) => r.order_id), total };
}

/**
 * A search's matching ids with their number (`count(*) over ()`), to be ordered and cut to a page. PostgreSQL reads
 * the matches first in a materialized CTE, so its planner takes them from the trigram index (bitmap scan) and sorts
 * only them; planned as one query it walked every order by date to test the words, windowed over the whole list
 * (1.1–1.6 s at 200 000 orders, decision 265). SQLite narrows through its FTS table in the query itself.
 */
function searchPage(db: Db, filter: OrderListFilter) {
  if (!isPostgres(db))
    return filteredOrders(db, filter).select((eb) => ['o.order_id', eb.fn.countAll<number>().over().as('n')]);
  return db
    .with(
      (cte) => cte('matching').materialized(),
      () => filteredOrders(db, filter).select(['o.order_id', 'o.order_date']),
    )
    .selectFrom('matching as o')
    .select((eb) => ['o.order_id', eb.fn.countAll<number>().over().as('n')]);
}

/**
 * How many orders there are of one state (or in all), read from the order rollups the database keeps with every
 * order write (decision 244: order_hour_figures per hour, order_place_figures per day part): a sum over a few
 * thousand rows a year instead of a count of every order (on PostgreSQL 200–450 ms at 200 000 orders on a 2-core
 * machine, decision 265). Exact: the triggers write the rollups in the order's own transaction, so one statement
 * sees both at the same point, and the start-up check rebuilds rollups that were written around the triggers.
 */
async function countFromRollups(db: Db, status: OrderStatus | undefined): Promise<number> {
  if (status === 'cancelled' || status === 'returned') {
    const r = await db
      .selectFrom('order_place_figures')
      .select((eb) => eb.fn.sum<number | string | null>(status).as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n ?? 0);
  }
  const r = await db
    .selectFrom('order_hour_figures')
    .select((eb) => [
      eb.fn.sum<number | string | null>('placed').as('placed'),
      eb.fn.sum<number | string | null>('orders').as('live'),
      eb.fn.sum<number | string | null>('pending').as('pending'),
    ])
    .executeTakeFirstOrThrow();
  const [placed, live, pending] = [r.placed, r.live, r.pending].map((n) => Number(n ?? 0)) as [number, number, number];
  if (status === 'pending') return pending;
  if (status === 'delivered') return live - pending;
  return placed;
}

export async function findOrder(db: Db, id: number): Promise<OrderRow | undefined> {
  return ordersQuery(db).where('o.order_id', '=', id).executeTakeFirst();
}

/** The orders with these ids, in no particular order (the caller orders them). */
export async function findOrders(db: Db, ids: number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return ordersQuery(db).where('o.order_id', 'in', ids).execute();
}

/**
 * Flips pending <-> delivered in one statement (SET sees the old status); stamps or clears the ship date.
 * A cancelled or returned order is left alone (undefined: the caller tells "missing" from "closed").
 */
export async function toggleStatus(db: Db, id: number, nowIso: string) {
  return db
    .updateTable('orders')
    .set({
      status: sql<'pending' | 'delivered'>`CASE WHEN status = 'pending' THEN 'delivered' ELSE 'pending' END`,
      order_ship_date: sql<string | null>`CASE WHEN status = 'pending' THEN ${nowIso} ELSE NULL END`,
    })
    .where('order_id', '=', id)
    .where('closed_as', 'is', null)
    .returning(['status', 'order_ship_date'])
    .executeTakeFirst();
}

export async function orderState(db: Db, id: number) {
  return db
    .selectFrom('orders')
    .select([
      'status',
      'closed_as',
      'stage',
      'held_at',
      'buyer_id',
      'deposit_cents',
      'total_cents',
      'store_credit_cents',
      'gift_card_cents',
    ])
    .where('order_id', '=', id)
    .executeTakeFirst();
}

/**
 * Closes a live order of the given status as cancelled or returned, guarded in the WHERE clause: of two
 * concurrent requests only one changes the row (1), so the caller gives stock back exactly once.
 */
export async function closeOrder(
  db: Db,
  id: number,
  from: 'pending' | 'delivered',
  outcome: OrderOutcome,
  nowIso: string,
  userId: number | null,
) {
  const r = await db
    .updateTable('orders')
    .set({ closed_as: outcome, closed_at: nowIso, closed_by_user_id: userId })
    .where('order_id', '=', id)
    .where('status', '=', from)
    .where('closed_as', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function insertOrderEvent(
  db: Db,
  orderId: number,
  state: OrderEventKind,
  atIso: string,
  userId: number | null,
  detail: string | null = null,
) {
  await db
    .insertInto('order_events')
    .values({ order_id: orderId, state, at: atIso, user_id: userId, detail })
    .execute();
}

/**
 * Moves a live pending order from one stage (null = new) to the next in one guarded statement: of two racing
 * requests only one changes the row (1); 0 means missing, delivered, closed or at another stage.
 */
export async function moveStage(
  db: Db,
  id: number,
  from: OrderStage | null,
  set: Updateable<OrdersTable> | 'call_attempt',
  notHeld = false,
): Promise<number> {
  let q = db
    .updateTable('orders')
    .set(set === 'call_attempt' ? { call_attempts: sql<number>`call_attempts + 1` } : set)
    .where('order_id', '=', id)
    .where('status', '=', 'pending')
    .where('closed_as', 'is', null)
    .where((eb) => (from === null ? eb('stage', 'is', null) : eb('stage', '=', from)));
  if (notHeld) q = q.where('held_at', 'is', null);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Records a deposit received by bank transfer (decision 277), guarded: a live pending order not yet shipped, the
 * deposit no more than what the door would still collect (total − store credit). 1 when written, 0 otherwise.
 */
export async function recordDeposit(db: Db, id: number, cents: number, at: string, userId: number | null) {
  const r = await db
    .updateTable('orders')
    .set({ deposit_cents: cents, deposit_at: at, deposit_by_user_id: userId })
    .where('order_id', '=', id)
    .where('status', '=', 'pending')
    .where('closed_as', 'is', null)
    .where((eb) => eb.or([eb('stage', 'is', null), eb('stage', '!=', 'shipped')]))
    .where(sql<boolean>`total_cents - store_credit_cents - gift_card_cents >= ${cents}`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Releases a held order (decision 272): 1 when it was held, 0 otherwise. */
export async function releaseHeld(db: Db, id: number): Promise<number> {
  const r = await db
    .updateTable('orders')
    .set({ held_at: null })
    .where('order_id', '=', id)
    .where('held_at', 'is not', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Live pending orders per stage (null = new), on the (stage, status) index. */
export async function stageCounts(db: Db) {
  return db
    .selectFrom('orders')
    .select(['stage', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'pending')
    .where('closed_as', 'is', null)
    .groupBy('stage')
    .execute();
}

/** An order's staff notes, oldest first. */
export async function orderNotes(db: Db, orderId: number) {
  return db
    .selectFrom('order_notes')
    .select(['order_note_id', 'user_id', 'body', 'at'])
    .where('order_id', '=', orderId)
    .orderBy('order_note_id')
    .execute();
}

export async function insertOrderNote(db: Db, orderId: number, userId: number | null, body: string, atIso: string) {
  await db.insertInto('order_notes').values({ order_id: orderId, user_id: userId, body, at: atIso }).execute();
}

/** An order's changes of state, oldest first, with who made each (the names are the accounts module's). */
export async function orderEvents(db: Db, orderId: number) {
  return db
    .selectFrom('order_events')
    .select(['state', 'at', 'user_id', 'detail'])
    .where('order_id', '=', orderId)
    .orderBy('order_event_id')
    .execute();
}

/** Quantity per still-existing variant of an order's lines. */
export async function lineQuantitiesByVariant(db: Db, orderId: number) {
  return db
    .selectFrom('order_details')
    .select(['variant_id', (eb) => eb.fn.sum<number>('quantity').as('qty')])
    .where('order_id', '=', orderId)
    .where('variant_id', 'is not', null)
    .groupBy('variant_id')
    .execute();
}

export async function deleteOrder(db: Db, id: number) {
  const r = await db.deleteFrom('orders').where('order_id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export interface ExportFilter {
  startAt?: string;
  endAt?: string;
  status?: OrderStatus;
}

/** Narrows an orders query ('o') to a state the way the lists do: live pending/delivered, or closed as cancelled/returned. */
function whereState<Q extends { where: (...args: any[]) => Q }>(q: Q, status: OrderStatus | undefined): Q {
  if (status === 'pending' || status === 'delivered')
    return q.where('o.status', '=', status).where('o.closed_as', 'is', null);
  if (status) return q.where('o.closed_as', '=', status);
  return q;
}

/**
 * The smallest and largest id of the orders placed in the export's days (index orders_order_date, read once), or
 * null when none was: the export walks the primary key between the two (decision 241).
 */
export async function exportIdSpan(db: Db, f: ExportFilter): Promise<{ first: number; last: number } | null> {
  let q = db
    .selectFrom('orders as o')
    .select((eb) => [eb.fn.min<number>('o.order_id').as('first'), eb.fn.max<number>('o.order_id').as('last')]);
  if (f.startAt) q = q.where('o.order_date', '>=', f.startAt);
  if (f.endAt) q = q.where('o.order_date', '<', f.endAt);
  const r = await q.executeTakeFirst();
  return r?.first == null || r.last == null ? null : { first: Number(r.first), last: Number(r.last) };
}

/**
 * One batch of the CSV export's orders: the next `limit` ids after `afterId` (up to `lastId`) of orders in the days
 * and state asked for, walking the primary key. The dates are a filter here, not an index (`notIndexed`): led by the
 * date index, every batch would sort the whole period again, so a year's export cost the square of its size.
 */
export async function exportOrderIds(db: Db, f: ExportFilter, afterId: number, lastId: number, limit: number) {
  let q = db
    .selectFrom('orders as o')
    .select('o.order_id')
    .where('o.order_id', '>', afterId)
    .where('o.order_id', '<=', lastId);
  if (f.startAt) q = q.where(notIndexed(db, 'o.order_date'), '>=', f.startAt);
  if (f.endAt) q = q.where(notIndexed(db, 'o.order_date'), '<', f.endAt);
  q = whereState(q, f.status);
  const rows = await q.orderBy('o.order_id').limit(limit).execute();
  return rows.map((r) => r.order_id);
}

/** The lines of these orders joined with their order, in (order, line) order: one CSV batch. */
export async function exportLinesOf(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_details as d')
    .innerJoin('orders as o', 'o.order_id', 'd.order_id')
    .select([
      'o.order_id',
      'o.order_date',
      'o.order_ship_date',
      'o.status',
      'o.closed_as',
      'o.closed_at',
      'o.first_name',
      'o.last_name',
      'o.email',
      'o.phone_number',
      'o.address',
      'o.city',
      'o.zip_code',
      'o.country_name',
      'o.subtotal_cents',
      'o.discount_cents',
      'o.shipping_cost_cents',
      'o.total_cents',
      'o.store_credit_cents',
      'o.gift_card_cents',
      'o.look_discount_cents',
      'o.promo_code',
      'd.order_details_id',
      'd.product_id',
      'd.product_name',
      'd.color',
      'd.size',
      'd.quantity',
      'd.unit_price_cents',
      'd.line_total_cents',
    ])
    .where('d.order_id', 'in', orderIds)
    .orderBy('d.order_id')
    .orderBy('d.order_details_id')
    .execute();
}

export type ExportLineRow = Awaited<ReturnType<typeof exportLinesOf>>[number];

/** What the audit trail records of an order (decision 228): its state, customer, totals and lines. */
export async function orderAuditRow(db: Db, id: number) {
  return db
    .selectFrom('orders')
    .select([
      'status',
      'closed_as',
      'first_name',
      'last_name',
      'email',
      'phone_number',
      'address',
      'city',
      'zip_code',
      'country_name',
      'promo_code',
      'subtotal_cents',
      'discount_cents',
      'shipping_cost_cents',
      'total_cents',
      'stage',
      'call_attempts',
      'courier_name',
      'tracking_number',
      'held_at',
      'store_credit_cents',
      'gift_card_cents',
      'look_discount_cents',
      'deposit_cents',
    ])
    .where('order_id', '=', id)
    .executeTakeFirst();
}

export async function orderAuditLines(db: Db, id: number) {
  return db
    .selectFrom('order_details')
    .select(['product_name', 'size', 'color', 'quantity'])
    .where('order_id', '=', id)
    .orderBy('order_details_id')
    .execute();
}
