// The e-mail outbox (decision 170): one row per message, written in the transaction of the event that causes it
// and sent by the worker in the server process. Portable DDL (SQLite and PostgreSQL): dates are ISO-8601 text
// written by the application, like the rest of the schema.
import type { Kysely } from 'kysely';
import { autoId } from '#server/db/dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('mail_id', 'integer', autoId(db)) // AUTOINCREMENT on SQLite, identity on PostgreSQL (decision 140)
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(320)', (c) => c.notNull())
    .addColumn('reply_to', 'varchar(320)')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    // queued | sending | sent | failed
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('claim_token', 'varchar(64)')
    .addColumn('claimed_until', 'varchar(30)')
    .addColumn('last_error', 'text')
    .addColumn('order_id', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('mail_outbox_created').on('mail_outbox').columns(['created_at', 'mail_id']).execute();
  await db.schema.createIndex('mail_outbox_order').on('mail_outbox').column('order_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_outbox').ifExists().execute();
}
