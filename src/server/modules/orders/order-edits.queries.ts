// SQL of a pending order's edit (decision 229), in the checkout's edit transaction: the guarded claim of an order
// still open for changes, its lines replaced and its totals and address rewritten.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import type { NewOrderLineRow } from './order-records.queries';

type Q = Kysely<Database> | Transaction<Database>;

/**
 * Claims a live pending order not yet shipped for an edit with a guarded no-op UPDATE (on PostgreSQL it also locks
 * the row until commit, so a concurrent ship or cancel waits and then sees the edit); false when it is not editable.
 */
export async function claimEditable(db: Q, id: number): Promise<boolean> {
  const r = await db
    .updateTable('orders')
    .set((eb) => ({ call_attempts: eb.ref('call_attempts') }))
    .where('order_id', '=', id)
    .where('status', '=', 'pending')
    .where('closed_as', 'is', null)
    .where((eb) => eb.or([eb('stage', 'is', null), eb('stage', '!=', 'shipped')]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function editedOrderFacts(db: Q, id: number) {
  return db
    .selectFrom('orders')
    .select([
      'order_id',
      'country_id',
      'address',
      'city',
      'zip_code',
      'shipping_cost_cents',
      'total_cents',
      'promo_code_discount_id',
      'promo_code',
      'promo_percentage',
      'promo_amount_cents',
    ])
    .where('order_id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Replaces the lines that still name a variant (lines of deleted variants stay as they were). */
export async function replaceVariantLines(db: Q, orderId: number, lines: readonly NewOrderLineRow[]): Promise<void> {
  await db.deleteFrom('order_details').where('order_id', '=', orderId).where('variant_id', 'is not', null).execute();
  if (lines.length > 0)
    await db
      .insertInto('order_details')
      .values(lines.map((l) => ({ ...l, order_id: orderId })))
      .execute();
}

export interface EditedTotals {
  subtotal_cents: number;
  discount_cents: number;
  /** The looks complete in the edited lines (decision 276). */
  look_discount_cents: number;
  shipping_cost_cents: number;
  total_cents: number;
  address: string;
  city: string;
  zip_code: string;
  country_id: number | null;
  country_name?: string;
}

export async function rewriteOrder(db: Q, orderId: number, t: EditedTotals): Promise<void> {
  await db.updateTable('orders').set(t).where('order_id', '=', orderId).execute();
}
