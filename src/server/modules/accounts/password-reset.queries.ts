// SQL of password reset (decision 171): one row per e-mailed link, found by the SHA-256 of its token.
import type { Transaction } from 'kysely';
import type { DB } from '#server/db/client';
import type { Database } from '#server/db/schema';

type Db = DB | Transaction<Database>;

export async function insertResetToken(
  db: Db,
  v: { userId: number; tokenHash: string; createdAt: string; expiresAt: string },
): Promise<number> {
  const r = await db
    .insertInto('password_reset_tokens')
    .values({ user_id: v.userId, token_hash: v.tokenHash, created_at: v.createdAt, expires_at: v.expiresAt })
    .returning('reset_id')
    .executeTakeFirstOrThrow();
  return r.reset_id;
}

/** The worker's mint: a new hash for a link still open (unused, unexpired); false when it is not. */
export async function rehashOpenResetToken(
  db: Db,
  resetId: number,
  tokenHash: string,
  nowIso: string,
): Promise<boolean> {
  const r = await db
    .updateTable('password_reset_tokens')
    .set({ token_hash: tokenHash })
    .where('reset_id', '=', resetId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function findResetToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('password_reset_tokens')
    .select(['reset_id', 'user_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Guarded: true for the one caller that marked the still-unused link as used. */
export async function claimResetToken(db: Db, resetId: number, nowIso: string): Promise<boolean> {
  const r = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: nowIso })
    .where('reset_id', '=', resetId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Every other link sent to this user stops working. */
export function retireUserResetTokens(db: Db, userId: number, nowIso: string) {
  return db
    .updateTable('password_reset_tokens')
    .set({ used_at: nowIso })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
