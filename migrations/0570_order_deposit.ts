// A deposit by bank transfer on a risky cash-on-delivery order (issue 37, decision 277): when the shop's refusal rule
// asks for a deposit, staff record the transfer they received on the order. orders.deposit_cents (0 when none), who
// recorded it and when. "Për t'u paguar" = total_cents − store_credit_cents − deposit_cents (never below 0).
// Portable DDL (decision 140).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('deposit_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('deposit_at', 'varchar(40)').execute();
  await db.schema.alterTable('orders').addColumn('deposit_by_user_id', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('deposit_by_user_id').execute();
  await db.schema.alterTable('orders').dropColumn('deposit_at').execute();
  await db.schema.alterTable('orders').dropColumn('deposit_cents').execute();
}
