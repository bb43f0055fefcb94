// SQL of the small persistent settings table (app_settings).
import type { Transaction } from 'kysely';
import type { DB } from './db/client';
import type { Database } from './db/schema';

type Db = DB | Transaction<Database>;

export async function settingValue(db: Db, key: string): Promise<string | undefined> {
  return (await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

/**
 * Deletes a setting and returns the value it had (undefined when there was none). The delete is the first write, so
 * of two transactions taking the same key at once exactly one gets its value.
 */
export async function takeSetting(db: Db, key: string): Promise<string | undefined> {
  return (await db.deleteFrom('app_settings').where('key', '=', key).returning('value').executeTakeFirst())?.value;
}

/** Stores a setting, replacing its value. */
export async function upsertSetting(db: DB, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** Inserts the key unless it exists; whether this caller did (one process wins a claim, e.g. a job's day). */
export async function claimSetting(db: DB, key: string, value: string): Promise<boolean> {
  const r = await db
    .insertInto('app_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
}
