// The outbox keeps a sent message's body for MAIL_KEEP_DAYS, then only its metadata (issue 38, decision 241):
// body_cleared_at says when the HTML and text were emptied, and an index finds the sent messages whose bodies are
// still kept, oldest first, without reading those already cleared.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('body_cleared_at', 'varchar(30)').execute();
  await db.schema
    .createIndex('mail_outbox_body_kept')
    .on('mail_outbox')
    .columns(['status', 'body_cleared_at', 'sent_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_body_kept').ifExists().execute();
  await db.schema.alterTable('mail_outbox').dropColumn('body_cleared_at').execute();
}
