// Self-service e-mail change (issue 35, decision 259): one row per change the owner asked for from the profile (with
// the current password), waiting for the new address to confirm it through its e-mailed link. No token is stored: the
// link is a MAC minted when the e-mail is sent, keyed from the environment. `family_id` names the login that asked
// (kept signed in when the change takes effect; not a credential). Rows go when the change is confirmed, replaced by a
// newer request, cancelled by a password change, or lapse (swept at the next request).
import type { Kysely } from 'kysely';
import { autoId } from '#server/db/dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_changes')
    .addColumn('email_change_id', 'integer', autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('new_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('family_id', 'varchar(64)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_changes_user').on('email_changes').column('user_id').execute();
  await db.schema.createIndex('email_changes_expires').on('email_changes').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_changes').ifExists().execute();
}
