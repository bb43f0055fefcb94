// Store credit spent at checkout (issue 37, decision 273): orders.store_credit_cents, the part of the order's total
// paid with the shopper's store credit (its 'order_spend' row in store_credit_entries names the order). 0 for every
// order placed without credit, so "Për t'u paguar" = total_cents − store_credit_cents holds for all orders.
// Portable DDL (decision 140).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('store_credit_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('store_credit_cents').execute();
}
