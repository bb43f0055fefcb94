// The store-credit ledger (issue 37, decision 271): one row per credit or spend of a customer's credit, the amount in
// integer cents (positive: credit, negative: spend), why (return_refund, staff_adjustment; later order_spend and
// order_release, a checkout's hold and its release), the order, return request and staff member it came from, a note
// and when. The balance is always the sum of a customer's rows, never a stored number. No foreign key on the order
// or the return: a deleted order's rows keep naming it (as stock_changes do) and the sum stays what was credited.
// Portable DDL (decision 140).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { autoId } from '#server/db/dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('store_credit_entries')
    .addColumn('entry_id', 'integer', autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('return_request_id', 'integer')
    .addColumn('staff_user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('note', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addCheckConstraint('store_credit_entries_amount', sql`amount_cents <> 0`)
    .execute();
  await db.schema
    .createIndex('store_credit_entries_user')
    .on('store_credit_entries')
    .columns(['user_id', 'entry_id'])
    .execute();
  // A checkout's hold is found and released by its order (order_spend / order_release, to come).
  await db.schema.createIndex('store_credit_entries_order').on('store_credit_entries').column('order_id').execute();
  await db.schema
    .createIndex('store_credit_entries_staff')
    .on('store_credit_entries')
    .column('staff_user_id')
    .execute();
  // Refunds recorded as store credit before the ledger existed become its first rows, on the order's account (a guest
  // order's stay a label: credit lives on an account).
  await sql`INSERT INTO store_credit_entries (user_id, amount_cents, reason, order_id, return_request_id, note, created_at)
    SELECT o.user_id, r.refund_cents, 'return_refund', r.order_id, r.return_request_id,
      '#' || CAST(r.return_request_id AS VARCHAR(20)), r.updated_at
    FROM return_requests r JOIN orders o ON o.order_id = r.order_id
    WHERE r.state = 'refunded' AND r.refund_method = 'store_credit' AND r.refund_cents > 0 AND o.user_id IS NOT NULL
    ORDER BY r.return_request_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('store_credit_entries').ifExists().execute();
}
