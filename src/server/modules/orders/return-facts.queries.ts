// SQL of what the returns module asks of the orders (decision 235); return-facts.service.ts gives it to index.ts in
// the orders' own words.
import type { DB } from '#server/db/client';
import { dayPartKey } from './order-rollup-keys';

/** Order lines by id (a request's lines, the overview's top reasons): names, size, colour, quantity, paid. */
export function orderLineRows(db: DB, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_details')
    .select([
      'order_details_id',
      'order_id',
      'variant_id',
      'product_id',
      'product_name',
      'color',
      'size',
      'quantity',
      'line_total_cents',
    ])
    .where('order_details_id', 'in', ids)
    .execute();
}

/**
 * Units in live (not cancelled or returned) orders placed since `startAt`, a shop day start: from the lines' rollup
 * (decision 244).
 */
export async function unitsSoldSince(db: DB, startAt: string): Promise<number> {
  const r = await db
    .selectFrom('order_line_figures')
    .select((eb) => eb.fn.sum<number>('units').as('units'))
    .where('dim', '=', 'product')
    .where('part', '>=', dayPartKey(startAt))
    .executeTakeFirst();
  return Number(r?.units ?? 0);
}

/**
 * Locks the order's row until the transaction ends (a no-op update: PostgreSQL holds the row lock, SQLite the write
 * lock), so two return requests for the same order are checked one after the other.
 */
export async function lockOrderRow(trx: DB, orderId: number): Promise<void> {
  await trx
    .updateTable('orders')
    .set((eb) => ({ order_id: eb.ref('order_id') }))
    .where('order_id', '=', orderId)
    .execute();
}
