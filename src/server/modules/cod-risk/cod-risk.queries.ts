// SQL of the refusal-risk module (decision 272): the phones staff blocked (migration 0520).
import type { DB } from '#server/db/client';

export const blockedPhone = (db: DB, phone: string) =>
  db
    .selectFrom('blocked_phones')
    .select(['blocked_phone_id', 'phone', 'note', 'blocked_by_user_id', 'blocked_at'])
    .where('phone', '=', phone)
    .executeTakeFirst();

/** Which of these stored phones are blocked (one query on the unique index for a page of orders). */
export async function blockedAmong(db: DB, phones: string[]): Promise<string[]> {
  if (phones.length === 0) return [];
  const rows = await db.selectFrom('blocked_phones').select('phone').where('phone', 'in', phones).execute();
  return rows.map((r) => r.phone);
}

export const blockedPhones = (db: DB) =>
  db
    .selectFrom('blocked_phones')
    .select(['blocked_phone_id', 'phone', 'note', 'blocked_by_user_id', 'blocked_at'])
    .orderBy('blocked_at', 'desc')
    .orderBy('blocked_phone_id', 'desc')
    .execute();

/** The new row's id, or null when the phone was blocked already (the unique index decides, race included). */
export async function insertBlockedPhone(
  db: DB,
  row: { phone: string; note: string; blocked_by_user_id: number | null; blocked_at: string },
): Promise<number | null> {
  const r = await db
    .insertInto('blocked_phones')
    .values(row)
    .onConflict((oc) => oc.column('phone').doNothing())
    .returning('blocked_phone_id')
    .executeTakeFirst();
  return r?.blocked_phone_id ?? null;
}

export const deleteBlockedPhone = (db: DB, phone: string) =>
  db
    .deleteFrom('blocked_phones')
    .where('phone', '=', phone)
    .returning(['blocked_phone_id', 'phone', 'note'])
    .executeTakeFirst();
