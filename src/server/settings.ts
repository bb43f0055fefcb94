// Small persistent settings kept in the database (flags, job claims). Never a key: keys come from the environment
// (decision 236).
import type { DB } from './db/client';
import { settingValue, upsertSetting } from './settings.queries';

/** A yes/no setting ('1' / '0'); `fallback` when it was never stored. */
export async function flagSetting(db: DB, key: string, fallback = false): Promise<boolean> {
  const value = await settingValue(db, key);
  return value === undefined ? fallback : value === '1';
}

export const setFlagSetting = (db: DB, key: string, on: boolean) => upsertSetting(db, key, on ? '1' : '0');
