// Small persistent settings kept in the database (e.g. the generated JWT secret when none is configured).
import { randomBytes } from 'node:crypto';
import type { DB } from './db/client';

export async function getOrCreateSetting(db: DB, key: string, create: () => string): Promise<string> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
  if (row) return row.value;
  const value = create();
  await db.insertInto('app_settings').values({ key, value }).onConflict((oc) => oc.column('key').doNothing()).execute();
  const stored = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return stored.value;
}

export const generateSecret = () => randomBytes(48).toString('base64url');
