// SQL of passkeys and their challenges (decision 226). Every read and write of a passkey a user manages is scoped to
// the owner's user id in the WHERE clause, so another account's passkey is never listed, renamed or removed.
import type { DB } from '#server/db/client';

const LISTED = ['passkey_id', 'name', 'created_at', 'last_used_at', 'device_type', 'backed_up'] as const;

export function passkeysOf(db: DB, userId: number) {
  return db
    .selectFrom('passkeys')
    .select(LISTED)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('passkey_id', 'desc')
    .execute();
}

export type PasskeyListRow = Awaited<ReturnType<typeof passkeysOf>>[number];

/** The owner's credentials (ids, transports, handle): excluded when registering another, counted against the bound. */
export function credentialsOf(db: DB, userId: number) {
  return db
    .selectFrom('passkeys')
    .select(['credential_id', 'transports', 'user_handle'])
    .where('user_id', '=', userId)
    .orderBy('passkey_id')
    .execute();
}

export function findByCredentialId(db: DB, credentialId: string) {
  return db
    .selectFrom('passkeys as p')
    .innerJoin('users as u', 'u.user_id', 'p.user_id')
    .select([
      'p.passkey_id',
      'p.user_id',
      'p.credential_id',
      'p.public_key',
      'p.user_handle',
      'p.counter',
      'p.transports',
      'u.role_id',
      'u.email',
    ])
    .where('p.credential_id', '=', credentialId)
    .executeTakeFirst();
}

export function insertPasskey(
  db: DB,
  values: {
    userId: number;
    credentialId: string;
    publicKey: string;
    userHandle: string;
    counter: number;
    transports: string;
    deviceType: string;
    backedUp: boolean;
    name: string;
    createdAt: string;
  },
) {
  return db
    .insertInto('passkeys')
    .values({
      user_id: values.userId,
      credential_id: values.credentialId,
      public_key: values.publicKey,
      user_handle: values.userHandle,
      counter: values.counter,
      transports: values.transports,
      device_type: values.deviceType,
      backed_up: values.backedUp ? 1 : 0,
      name: values.name,
      created_at: values.createdAt,
    })
    .returning(LISTED)
    .executeTakeFirstOrThrow();
}

/** After a sign-in: the authenticator's new counter and backup state, and when. */
export function markUsed(db: DB, passkeyId: number, values: { counter: number; backedUp: boolean; at: string }) {
  return db
    .updateTable('passkeys')
    .set({ counter: values.counter, backed_up: values.backedUp ? 1 : 0, last_used_at: values.at })
    .where('passkey_id', '=', passkeyId)
    .execute();
}

export function renamePasskey(db: DB, userId: number, passkeyId: number, name: string) {
  return db
    .updateTable('passkeys')
    .set({ name })
    .where('passkey_id', '=', passkeyId)
    .where('user_id', '=', userId)
    .returning(LISTED)
    .executeTakeFirst();
}

export async function deletePasskey(db: DB, userId: number, passkeyId: number): Promise<boolean> {
  const res = await db
    .deleteFrom('passkeys')
    .where('passkey_id', '=', passkeyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** What a stored challenge is for: adding a passkey, signing in, or a step-up with one (decision 237). */
export type ChallengePurpose = 'register' | 'login' | 'stepUp';

export function insertChallenge(
  db: DB,
  values: {
    challenge: string;
    purpose: ChallengePurpose;
    userId: number | null;
    email: string | null;
    userHandle: string | null;
    expiresAt: string;
  },
) {
  return db
    .insertInto('passkey_challenges')
    .values({
      challenge: values.challenge,
      purpose: values.purpose,
      user_id: values.userId,
      email: values.email,
      user_handle: values.userHandle,
      expires_at: values.expiresAt,
    })
    .execute();
}

/** Takes a challenge out (once: two racing answers cannot both get it); expired or unknown: undefined. */
export function takeChallenge(db: DB, challenge: string, purpose: ChallengePurpose, nowIso: string) {
  return db
    .deleteFrom('passkey_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', nowIso)
    .returning(['user_id', 'email', 'user_handle'])
    .executeTakeFirst();
}

/** Housekeeping: challenges nobody answered. */
export function deleteExpiredChallenges(db: DB, nowIso: string) {
  return db.deleteFrom('passkey_challenges').where('expires_at', '<=', nowIso).execute();
}
