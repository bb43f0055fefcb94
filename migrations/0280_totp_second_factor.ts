// Two-step sign-in (issue 28, decision 225): one TOTP secret per account, AES-256-GCM encrypted with a key derived
// from the server's secret (never stored in the clear), confirmed once a first code is typed; the last time-step
// used (no code is accepted twice); ten single-use recovery codes stored as SHA-256 hashes. Portable DDL (decision 140).
import type { Kysely } from 'kysely';
import { autoId } from '#server/db/dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_totp')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.user_id').onDelete('cascade'))
    .addColumn('secret_enc', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('confirmed_at', 'varchar(40)')
    .addColumn('last_step', 'integer')
    .execute();
  await db.schema
    .createTable('user_recovery_codes')
    .addColumn('recovery_code_id', 'integer', autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('user_recovery_codes_user').on('user_recovery_codes').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_recovery_codes').ifExists().execute();
  await db.schema.dropTable('user_totp').ifExists().execute();
}
