// Small persistent settings kept in the database (e.g. the generated JWT secret when none is configured).
import { randomBytes } from 'node:crypto';
import type { DB } from './db/client';
import { insertSettingIfAbsent, settingValue, upsertSetting } from './settings.queries';

export async function getOrCreateSetting(db: DB, key: string, create: () => string): Promise<string> {
  const existing = await settingValue(db, key);
  if (existing !== undefined) return existing;
  await insertSettingIfAbsent(db, key, create());
  const stored = await settingValue(db, key);
  if (stored === undefined) throw new Error(`Setting ${key} could not be stored.`);
  return stored;
}

export const generateSecret = () => randomBytes(48).toString('base64url');

/** A yes/no setting ('1' / '0'); `fallback` when it was never stored. */
export async function flagSetting(db: DB, key: string, fallback = false): Promise<boolean> {
  const value = await settingValue(db, key);
  return value === undefined ? fallback : value === '1';
}

export const setFlagSetting = (db: DB, key: string, on: boolean) => upsertSetting(db, key, on ? '1' : '0');
