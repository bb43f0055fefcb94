// Staff replies to contact messages (issue 35 point 11, decision 257): each reply is a row of contact_replies (the
// message, the staff member, the text, when) with the outbox id of the e-mail that carries it, both written in one
// transaction. The dashboard's thread reads a message's replies by (contact_id, reply_id): one indexed range. A
// deleted message takes its replies with it; a deleted staff account leaves its replies unsigned (user_id null).
// mail_id names the outbox row without a foreign key: the outbox keeps its own rows (decision 241 clears bodies).
import type { Kysely } from 'kysely';
import { autoId } from '#server/db/dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contact_replies')
    .addColumn('reply_id', 'integer', autoId(db))
    .addColumn('contact_id', 'integer', (c) =>
      c.notNull().references('contact_messages.contact_id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('mail_id', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contact_replies_contact_id')
    .on('contact_replies')
    .columns(['contact_id', 'reply_id'])
    .execute();
  await db.schema.createIndex('contact_replies_user_id').on('contact_replies').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contact_replies').ifExists().execute();
}
