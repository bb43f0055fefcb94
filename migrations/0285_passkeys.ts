// Passkeys (issue 28, decision 226): WebAuthn credentials an account signs in with instead of password + code.
// `passkeys` holds each credential's id and COSE public key (base64url), its signature counter (bigint: the spec's
// counter is an unsigned 32-bit number), the transports the browser reported, the name the owner gave it and when it
// was last used; a row goes with its account. `passkey_challenges` holds the challenges handed out for a ceremony,
// each used once (deleted when a response presents it) and short-lived; a registration challenge names the account
// it was made for (and the WebAuthn user handle offered), a sign-in challenge may carry the e-mail typed before it. Portable DDL (decision 140).
import type { Kysely } from 'kysely';
import { autoId } from '#server/db/dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('passkey_id', 'integer', autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('credential_id', 'varchar(1400)', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('user_handle', 'varchar(100)', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('device_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('passkeys_credential').on('passkeys').column('credential_id').unique().execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();
  await db.schema
    .createTable('passkey_challenges')
    .addColumn('challenge_id', 'integer', autoId(db))
    .addColumn('challenge', 'varchar(100)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)')
    .addColumn('user_handle', 'varchar(100)')
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('passkey_challenges_challenge')
    .on('passkey_challenges')
    .column('challenge')
    .unique()
    .execute();
  await db.schema.createIndex('passkey_challenges_expiry').on('passkey_challenges').column('expires_at').execute();
  await db.schema.createIndex('passkey_challenges_user').on('passkey_challenges').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('passkey_challenges').ifExists().execute();
  await db.schema.dropTable('passkeys').ifExists().execute();
}
