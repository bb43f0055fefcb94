// Forgotten carts (issue 37, decision 275). `cart_followups`: one row per cart the shop may remind about (a signed-in
// shopper's, by user_id; a guest's who typed her e-mail at checkout and ticked the consent box, by guest_email, with
// her lines in `guest_cart_lines` and her browser's key stored as a hash), with when the next reminder is due
// (`due_at`, indexed: the job reads only due rows) and how many were sent in this round. `cart_reminders`: one row per
// reminder queued (its outbox mail, the cart's value then, the restore link's token as a SHA-256 hash and its expiry,
// and the order that came back after it: recovered revenue). `cart_reminder_optouts`: addresses that unsubscribed.
// And for the reports: an index for store credit used per period (store_credit_entries by reason and date), and the
// rollup of refusals by first-time vs returning buyer.
// Portable DDL (decision 140).
import { sql, type Kysely } from 'kysely';
import { autoId } from '#server/db/dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cart_followups')
    .addColumn('followup_id', 'integer', autoId(db))
    .addColumn('user_id', 'integer', (c) => c.unique().references('users.user_id').onDelete('cascade'))
    .addColumn('guest_email', 'varchar(254)', (c) => c.unique())
    .addColumn('guest_key_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('due_at', 'varchar(40)')
    .addColumn('reminders_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('cart_followups_due').on('cart_followups').column('due_at').execute();
  await db.schema
    .createTable('guest_cart_lines')
    .addColumn('followup_id', 'integer', (c) =>
      c.notNull().references('cart_followups.followup_id').onDelete('cascade'),
    )
    .addColumn('variant_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('guest_cart_lines_pk', ['followup_id', 'variant_id'])
    .execute();
  await db.schema
    .createTable('cart_reminders')
    .addColumn('reminder_id', 'integer', autoId(db))
    .addColumn('followup_id', 'integer', (c) => c.references('cart_followups.followup_id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('value_cents', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('token_expires_at', 'varchar(40)')
    .addColumn('order_id', 'integer')
    .addColumn('recovered_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recovered_at', 'varchar(40)')
    .execute();
  // The reports read reminders by when they were sent and recoveries by when the order came; checkout finds the
  // owner's latest reminder by account or address.
  await db.schema.createIndex('cart_reminders_sent').on('cart_reminders').column('sent_at').execute();
  await db.schema.createIndex('cart_reminders_recovered').on('cart_reminders').column('recovered_at').execute();
  await db.schema.createIndex('cart_reminders_user').on('cart_reminders').columns(['user_id', 'sent_at']).execute();
  await db.schema.createIndex('cart_reminders_email').on('cart_reminders').columns(['email', 'sent_at']).execute();
  await db.schema.createIndex('cart_reminders_followup').on('cart_reminders').column('followup_id').execute();
  // The reports' "paid with credit" line (decision 275) reads the checkout's spends of a period by date.
  await db.schema
    .createIndex('store_credit_entries_reason_created')
    .on('store_credit_entries')
    .columns(['reason', 'created_at'])
    .execute();
  // The reports' refusal rate by first-time vs returning buyer (decision 275): each order's share (its day part, whether
  // its buyer had an earlier order, shipped, refused) kept by the buyers' settling (decision 256), and its sum per day
  // part. Every order is queued for the buyers' settling, so the first start fills both (a rebuild past 5 000 orders).
  await db.schema
    .createTable('buyer_order_kinds')
    .addColumn('order_id', 'integer', (c) => c.primaryKey())
    .addColumn('part', 'varchar(16)', (c) => c.notNull())
    .addColumn('repeat_buyer', 'integer', (c) => c.notNull())
    .addColumn('shipped', 'integer', (c) => c.notNull())
    .addColumn('returned', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('buyer_kind_figures')
    .addColumn('part', 'varchar(16)', (c) => c.notNull())
    .addColumn('repeat_buyer', 'integer', (c) => c.notNull())
    .addColumn('shipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('returned', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('buyer_kind_figures_pk', ['part', 'repeat_buyer'])
    .execute();
  await sql`INSERT INTO buyer_queue (order_id, buyer_id) SELECT order_id, buyer_id FROM orders ORDER BY order_id`.execute(
    db,
  );
  await db.schema
    .createTable('cart_reminder_optouts')
    .addColumn('email', 'varchar(254)', (c) => c.primaryKey())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cart_reminder_optouts').ifExists().execute();
  await db.schema.dropTable('buyer_kind_figures').ifExists().execute();
  await db.schema.dropTable('buyer_order_kinds').ifExists().execute();
  await db.schema.dropIndex('store_credit_entries_reason_created').ifExists().execute();
  await db.schema.dropTable('cart_reminders').ifExists().execute();
  await db.schema.dropTable('guest_cart_lines').ifExists().execute();
  await db.schema.dropTable('cart_followups').ifExists().execute();
}
