// SQL of the small persistent settings table (app_settings).
import type { DB } from './db/client';

export async function settingValue(db: DB, key: string): Promise<string | undefined> {
  return (await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

/** Inserts the value unless another process stored one first (the first writer wins). */
export async function insertSettingIfAbsent(db: DB, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
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
