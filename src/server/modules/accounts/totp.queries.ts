// SQL of two-step sign-in (decision 225): the accounts' TOTP secrets (encrypted) and their recovery codes (hashed).
import type { Transaction } from 'kysely';
import type { DB } from '#server/db/client';
import type { Database } from '#server/db/schema';

type Db = DB | Transaction<Database>;

export function findTotp(db: Db, userId: number) {
  return db
    .selectFrom('user_totp')
    .select(['user_id', 'secret_enc', 'confirmed_at', 'last_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Every stored secret (confirmed or pending), for re-encrypting them under a new key (decision 236). */
export function allTotpSecrets(db: Db) {
  return db.selectFrom('user_totp').select(['user_id', 'secret_enc']).orderBy('user_id').execute();
}

/** Replaces a stored secret's ciphertext, only if it is still `was` (a secret replaced meanwhile is left alone). */
export async function replaceTotpCiphertext(db: Db, userId: number, was: string, next: string): Promise<void> {
  await db
    .updateTable('user_totp')
    .set({ secret_enc: next })
    .where('user_id', '=', userId)
    .where('secret_enc', '=', was)
    .execute();
}

/** A new secret awaiting its first code, replacing an earlier unconfirmed one. */
export async function putPendingTotp(db: Db, userId: number, secretEnc: string, now: string): Promise<void> {
  await db.deleteFrom('user_totp').where('user_id', '=', userId).where('confirmed_at', 'is', null).execute();
  await db.insertInto('user_totp').values({ user_id: userId, secret_enc: secretEnc, created_at: now }).execute();
}

/** Confirms the pending secret at the step of its first code; false when there was none pending. */
export async function confirmTotp(db: Db, userId: number, step: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('user_totp')
    .set({ confirmed_at: now, last_step: step })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Takes a time-step for a confirmed secret; false when it (or a later one) was already used: the replay guard. */
export async function claimStep(db: Db, userId: number, step: number): Promise<boolean> {
  const res = await db
    .updateTable('user_totp')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteSecondFactor(db: Db, userId: number): Promise<boolean> {
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  const res = await db.deleteFrom('user_totp').where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('user_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Uses an unused recovery code once (a guarded update: two racing uses cannot both succeed). */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string, now: string): Promise<boolean> {
  const res = await db
    .updateTable('user_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) >= 1;
}

export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('user_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
