// What the returns module asks of the orders (decision 235), through index.ts, in the orders' own words: the lines a
// request names, the units sold since a day (the return rate's denominator), the history row each step of a request
// writes, and the order's lock while a request is checked.
import type { DB } from '#server/db/client';
import type { OrderEventKind } from '#server/db/schema';
import { insertOrderEvent } from './orders.queries';
import * as q from './return-facts.queries';

/** An order line as a return request shows and restocks it. */
export interface OrderLineFact {
  id: number;
  orderId: number;
  /** null once its variant was deleted. */
  variantId: number | null;
  productId: number | null;
  productName: string;
  color: string;
  size: string;
  quantity: number;
  lineTotalCents: number;
}

/** Order lines by id (a request's lines, the overview's top reasons): names, size, colour, quantity, paid. */
export async function orderLinesByIds(db: DB, ids: number[]): Promise<OrderLineFact[]> {
  return (await q.orderLineRows(db, ids)).map((r) => ({
    id: r.order_details_id,
    orderId: r.order_id,
    variantId: r.variant_id,
    productId: r.product_id,
    productName: r.product_name,
    color: r.color,
    size: r.size,
    quantity: r.quantity,
    lineTotalCents: r.line_total_cents,
  }));
}

/**
 * Units in live (not cancelled or returned) orders placed since `startAt`, a shop day start: from the lines' rollup
 * (decision 244).
 */
export const unitsSoldSince = (db: DB, startAt: string): Promise<number> => q.unitsSoldSince(db, startAt);

/** A history row of the order, in the caller's transaction (a return request's step). */
export const recordOrderEvent = (
  trx: DB,
  orderId: number,
  state: OrderEventKind,
  at: string,
  userId: number | null,
  detail: string | null = null,
) => insertOrderEvent(trx, orderId, state, at, userId, detail);

/**
 * Locks the order's row until the transaction ends, so two return requests for the same order are checked one after
 * the other.
 */
export const lockOrderRow = (trx: DB, orderId: number): Promise<void> => q.lockOrderRow(trx, orderId);
