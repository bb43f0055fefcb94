// SQL of the returns module (decision 235): owner of return_requests and return_request_lines. Every state move is
// one guarded UPDATE (the expected state in its WHERE): of two concurrent moves only one changes the row.
import { sql, type Insertable, type Updateable } from 'kysely';
import type { DB } from '#server/db/client';
import type { ReturnRequestLinesTable, ReturnRequestsTable } from '#server/db/schema';
import { ENDED_UNRETURNED, type ReturnState } from '#shared/returns';

export type NewRequestRow = Insertable<ReturnRequestsTable>;
export type NewRequestLineRow = Omit<Insertable<ReturnRequestLinesTable>, 'return_request_id'>;

export async function insertRequest(db: DB, row: NewRequestRow, lines: NewRequestLineRow[]): Promise<number> {
  const { return_request_id: id } = await db
    .insertInto('return_requests')
    .values(row)
    .returning('return_request_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('return_request_lines')
    .values(lines.map((l) => ({ ...l, return_request_id: id })))
    .execute();
  return id;
}

/** Units of each of the order's lines already in a request that was not refused or withdrawn. */
export async function askedPerLine(db: DB, orderId: number) {
  return db
    .selectFrom('return_request_lines as l')
    .innerJoin('return_requests as r', 'r.return_request_id', 'l.return_request_id')
    .select(['l.order_details_id', (eb) => eb.fn.sum<number>('l.quantity').as('qty')])
    .where('r.order_id', '=', orderId)
    .where('r.state', 'not in', [...ENDED_UNRETURNED])
    .groupBy('l.order_details_id')
    .execute();
}

const REQUEST_COLUMNS = [
  'r.return_request_id',
  'r.order_id',
  'r.kind',
  'r.reason',
  'r.comment',
  'r.state',
  'r.created_at',
  'r.updated_at',
  'r.refusal_reason',
  'r.refund_method',
  'r.refund_cents',
  'r.exchange_order_id',
] as const;

export function requestById(db: DB, id: number) {
  return db
    .selectFrom('return_requests as r')
    .select(REQUEST_COLUMNS)
    .where('r.return_request_id', '=', id)
    .executeTakeFirst();
}
export type RequestRow = NonNullable<Awaited<ReturnType<typeof requestById>>>;

export function requestsOfOrder(db: DB, orderId: number) {
  return db
    .selectFrom('return_requests as r')
    .select(REQUEST_COLUMNS)
    .where('r.order_id', '=', orderId)
    .orderBy('r.return_request_id', 'desc')
    .execute();
}

/** One page of requests, newest first, with the count. */
export async function pageRequests(db: DB, state: ReturnState | undefined, limit: number, offset: number) {
  let base = db.selectFrom('return_requests as r');
  if (state) base = base.where('r.state', '=', state);
  const rows = await base
    .select(REQUEST_COLUMNS)
    .orderBy('r.return_request_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

/** The requests' lines with the wanted variant's ids (names come from the order lines and the catalogue). */
export function linesOfRequests(db: DB, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('return_request_lines')
    .selectAll()
    .where('return_request_id', 'in', ids)
    .orderBy('return_request_line_id')
    .execute();
}

/** Moves a request from one of `from` to the next state with the step's fields; 1 when it moved, 0 when refused. */
export async function moveRequest(
  db: DB,
  id: number,
  from: readonly ReturnState[],
  set: Updateable<ReturnRequestsTable>,
): Promise<number> {
  const r = await db
    .updateTable('return_requests')
    .set(set)
    .where('return_request_id', '=', id)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Clears the reservation flag of a request's lines; the lines whose flag this call cleared (release each once). */
export async function takeReservations(db: DB, id: number) {
  const held = await db
    .selectFrom('return_request_lines')
    .select(['return_request_line_id', 'exchange_variant_id', 'quantity'])
    .where('return_request_id', '=', id)
    .where('reserved', '=', 1)
    .execute();
  const out: typeof held = [];
  for (const h of held) {
    const r = await db
      .updateTable('return_request_lines')
      .set({ reserved: 0 })
      .where('return_request_line_id', '=', h.return_request_line_id)
      .where('reserved', '=', 1)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) out.push(h);
  }
  return out;
}

/** Refunds recorded per shop day range [startAt, endAt) (updated_at of refunded requests). */
export async function refundsBetween(db: DB, startAt: string, endAt: string): Promise<number> {
  const r = await db
    .selectFrom('return_requests')
    .select((eb) => eb.fn.sum<number>('refund_cents').as('cents'))
    .where('state', '=', 'refunded')
    .where('updated_at', '>=', startAt)
    .where('updated_at', '<', endAt)
    .executeTakeFirst();
  return Number(r?.cents ?? 0);
}

/** Refunds recorded in [startAt, endAt), summed per UTC hour (`YYYY-MM-DDTHH`). */
export async function refundsPerHour(db: DB, startAt: string, endAt: string) {
  const hour = sql<string>`substr(updated_at, 1, 13)`;
  return db
    .selectFrom('return_requests')
    .select([hour.as('hour'), (eb) => eb.fn.sum<number>('refund_cents').as('cents')])
    .where('state', '=', 'refunded')
    .where('updated_at', '>=', startAt)
    .where('updated_at', '<', endAt)
    .groupBy(hour)
    .execute();
}

/** Units in requests (not refused) made since `startAt`, per order line with its reason. */
export function returnedUnitsSince(db: DB, startAt: string) {
  return db
    .selectFrom('return_request_lines as l')
    .innerJoin('return_requests as r', 'r.return_request_id', 'l.return_request_id')
    .select(['l.order_details_id', 'r.reason', (eb) => eb.fn.sum<number>('l.quantity').as('units')])
    .where('r.state', 'not in', [...ENDED_UNRETURNED])
    .where('r.created_at', '>=', startAt)
    .groupBy(['l.order_details_id', 'r.reason'])
    .execute();
}

/**
 * Units in requests (not refused or withdrawn: the overview's returns, decision 254) per order, for some orders: the
 * returns of the buyers on a page of the customers list (decision 256).
 */
export function returnedUnitsOfOrders(db: DB, orderIds: number[]) {
  return db
    .selectFrom('return_request_lines as l')
    .innerJoin('return_requests as r', 'r.return_request_id', 'l.return_request_id')
    .select(['r.order_id', (eb) => eb.fn.sum<number>('l.quantity').as('units')])
    .where('r.state', 'not in', [...ENDED_UNRETURNED])
    .where('r.order_id', 'in', orderIds)
    .groupBy('r.order_id')
    .execute();
}
