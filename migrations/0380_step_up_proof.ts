// Step-up before anything that keeps an account (issue 33, decision 237): each login (refresh-token family) records
// when its owner last proved who they are (the password, a second-factor code or a passkey at sign-in, or a step-up
// since). Refreshing the login never moves it. Logins that exist already have no proof: their next account-keeping
// change asks for the password or a code again.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('login_sessions').addColumn('proved_at', 'varchar(40)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('login_sessions').dropColumn('proved_at').execute();
}
