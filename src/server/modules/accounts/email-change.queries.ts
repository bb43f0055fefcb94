// SQL of the self-service e-mail change (decision 259): the changes waiting for their new address's confirmation.
import type { Transaction } from 'kysely';
import type { DB } from '#server/db/client';
import type { Database } from '#server/db/schema';

type Db = DB | Transaction<Database>;

export async function insertEmailChange(
  db: Db,
  v: { userId: number; newEmail: string; familyId: string | null; createdAt: string; expiresAt: string },
): Promise<number> {
  const r = await db
    .insertInto('email_changes')
    .values({
      user_id: v.userId,
      new_email: v.newEmail,
      family_id: v.familyId,
      created_at: v.createdAt,
      expires_at: v.expiresAt,
    })
    .returning('email_change_id')
    .executeTakeFirstOrThrow();
  return r.email_change_id;
}

export function findEmailChange(db: Db, changeId: number) {
  return db
    .selectFrom('email_changes')
    .select(['email_change_id', 'user_id', 'new_email', 'family_id', 'expires_at'])
    .where('email_change_id', '=', changeId)
    .executeTakeFirst();
}

/** The account's change still waiting (the newest unexpired one), if any. */
export function pendingEmailChangeOf(db: Db, userId: number, nowIso: string) {
  return db
    .selectFrom('email_changes')
    .select(['email_change_id', 'new_email', 'expires_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', nowIso)
    .orderBy('email_change_id', 'desc')
    .executeTakeFirst();
}

/** Guarded: true for the one caller that took (deleted) the still-waiting change. */
export async function takeEmailChange(db: Db, changeId: number): Promise<boolean> {
  const r = await db.deleteFrom('email_changes').where('email_change_id', '=', changeId).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** Every change the account asked for stops waiting (a newer request, a password change, the change itself). */
export function dropEmailChangesOf(db: Db, userId: number) {
  return db.deleteFrom('email_changes').where('user_id', '=', userId).execute();
}

/** Housekeeping: changes whose link lapsed before this time. */
export function dropLapsedEmailChanges(db: Db, beforeIso: string) {
  return db.deleteFrom('email_changes').where('expires_at', '<', beforeIso).execute();
}
