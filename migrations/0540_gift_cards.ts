// Gift cards (issue 37, decision 274). `gift_cards`: one row per card, its code kept only as a keyed hash (HMAC under
// a key derived from JWT_SECRET, decision 236) and its last 4 characters for staff; `sealed_code` holds the code
// encrypted (AES-GCM, another derived key) only until the worker has put it into the recipient's e-mail, then null.
// `gift_card_entries`: the card's ledger (issue, order_spend, order_release, staff_adjustment), the balance its sum.
// `orders.gift_card_cents`: the part of the order's total paid with a gift card (0 without), like store_credit_cents.
// `products.is_gift_card`: a product whose delivered order issues a card per unit (source_order_id, source_unit unique,
// so issuing twice writes nothing). Portable DDL (decision 140).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { autoId } from '#server/db/dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gift_cards')
    .addColumn('gift_card_id', 'integer', autoId(db))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('last4', 'varchar(4)', (c) => c.notNull())
    .addColumn('sealed_code', 'varchar(200)')
    .addColumn('initial_cents', 'integer', (c) => c.notNull())
    .addColumn('expires_on', 'varchar(10)')
    .addColumn('recipient_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('recipient_email', 'varchar(254)')
    .addColumn('message', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('issued_by_user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('source_order_id', 'integer')
    .addColumn('source_unit', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addCheckConstraint('gift_cards_initial', sql`initial_cents > 0`)
    .execute();
  await db.schema
    .createIndex('gift_cards_source')
    .on('gift_cards')
    .columns(['source_order_id', 'source_unit'])
    .unique()
    .execute();
  await db.schema.createIndex('gift_cards_issuer').on('gift_cards').column('issued_by_user_id').execute();
  await db.schema
    .createTable('gift_card_entries')
    .addColumn('entry_id', 'integer', autoId(db))
    .addColumn('gift_card_id', 'integer', (c) => c.notNull().references('gift_cards.gift_card_id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('staff_user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('note', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addCheckConstraint('gift_card_entries_amount', sql`amount_cents <> 0`)
    .execute();
  await db.schema
    .createIndex('gift_card_entries_card')
    .on('gift_card_entries')
    .columns(['gift_card_id', 'entry_id'])
    .execute();
  await db.schema.createIndex('gift_card_entries_order').on('gift_card_entries').column('order_id').execute();
  await db.schema.createIndex('gift_card_entries_staff').on('gift_card_entries').column('staff_user_id').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('gift_card_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('is_gift_card', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('is_gift_card').execute();
  await db.schema.alterTable('orders').dropColumn('gift_card_cents').execute();
  await db.schema.dropTable('gift_card_entries').ifExists().execute();
  await db.schema.dropTable('gift_cards').ifExists().execute();
}
