// Sessions and sign-in history (issue 28, decision 227). A session is a login, i.e. a refresh-token family: one
// `login_sessions` row per family holds what the account's session list shows (the browser's user agent, the client
// address, when it signed in, when it was last seen) under an opaque number, never the family id or a token.
// `sign_ins` keeps the recent sign-in attempts of each account (success and failure, method, address, user agent and
// the device fingerprint "browser|os" that decides whether a sign-in comes from a new device); the service keeps at
// most the newest 50 per account. Families that exist already get a session row (no agent or address known).
import { sql, type Kysely } from 'kysely';
import { autoId } from '#server/db/dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_sessions')
    .addColumn('session_id', 'integer', autoId(db))
    .addColumn('family_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('user_agent', 'varchar(400)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_sessions_user').on('login_sessions').column('user_id').execute();
  // Logins still live (a token neither revoked nor rotated): signed in at the family's first token.
  await sql`INSERT INTO login_sessions (family_id, user_id, created_at, last_seen_at)
    SELECT family_id, user_id, MIN(created_at), MAX(created_at) FROM refresh_tokens
    GROUP BY family_id, user_id HAVING SUM(CASE WHEN revoked_at IS NULL THEN 1 ELSE 0 END) > 0`.execute(db);

  await db.schema
    .createTable('sign_ins')
    .addColumn('sign_in_id', 'integer', autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('method', 'varchar(20)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(400)')
    .addColumn('device_key', 'varchar(120)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_ins_user').on('sign_ins').columns(['user_id', 'sign_in_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_ins').ifExists().execute();
  await db.schema.dropTable('login_sessions').ifExists().execute();
}
