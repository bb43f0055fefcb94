// Small persistent settings kept in the database (e.g. the generated JWT secret when none is configured).
import { randomBytes } from 'node:crypto';
import type { DB } from './db/client';
import { insertSettingIfAbsent, settingValue } from './settings.queries';

export async function getOrCreateSetting(db: DB, key: string, create: () => string): Promise<string> {
  const existing = await settingValue(db, key);
  if (existing !== undefined) return existing;
  await insertSettingIfAbsent(db, key, create());
  const stored = await settingValue(db, key);
  if (stored === undefined) throw new Error(`Setting ${key} could not be stored.`);
  return stored;
}

export const generateSecret = () => randomBytes(48).toString('base64url');
