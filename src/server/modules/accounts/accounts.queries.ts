// SQL of the accounts module: users, social accounts, refresh tokens and roles.
import type { Transaction } from 'kysely';
import type { DB } from '#server/db/client';
import type { Database } from '#server/db/schema';
import { equalsIgnoringCase, nowIso } from '#server/db/dialect';

type Db = DB | Transaction<Database>;

const USER_COLUMNS = [
  'user_id',
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'password_hash',
  'role_id',
  'about_me',
] as const;

export function findUserByEmail(db: Db, email: string) {
  // The unique index ignores case (COLLATE NOCASE / lower(email)), and so does this comparison, which uses it.
  return db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where(equalsIgnoringCase(db, 'email', email))
    .executeTakeFirst();
}

export function findUserById(db: Db, userId: number) {
  return db.selectFrom('users').select(USER_COLUMNS).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * The caller's current role, only while the login (refresh-token family) the access token belongs to is live:
 * one query per authenticated request, so logout, a password change or an ended session end access tokens at once.
 * It also reads when the session was last seen (null for a login without a session row), so the caller can refresh
 * that time without a write on every request (decision 227).
 */
export function findLiveActorRole(db: Db, userId: number, familyId: string, nowIso: string) {
  return db
    .selectFrom('users')
    .leftJoin('login_sessions', (j) =>
      j.onRef('login_sessions.user_id', '=', 'users.user_id').on('login_sessions.family_id', '=', familyId),
    )
    .select((eb) => [
      'users.role_id',
      'login_sessions.last_seen_at',
      // Whether the account has a confirmed second factor (the staff requirement's gate, decision 225).
      eb
        .exists(
          eb
            .selectFrom('user_totp')
            .select('user_totp.user_id')
            .whereRef('user_totp.user_id', '=', 'users.user_id')
            .where('user_totp.confirmed_at', 'is not', null),
        )
        .as('has_second_factor'),
    ])
    .where('users.user_id', '=', userId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('refresh_tokens')
          .select('refresh_tokens.refresh_token_id')
          .where('refresh_tokens.family_id', '=', familyId)
          .where('refresh_tokens.user_id', '=', userId)
          .where('refresh_tokens.revoked_at', 'is', null)
          .where('refresh_tokens.expires_at', '>', nowIso),
      ),
    )
    .executeTakeFirst();
}

export function insertUser(
  db: Db,
  values: {
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber: string;
    passwordHash: string | null;
    roleID: number;
  },
) {
  return db
    .insertInto('users')
    .values({
      first_name: values.firstName,
      last_name: values.lastName,
      email: values.email,
      phone_number: values.phoneNumber,
      password_hash: values.passwordHash,
      role_id: values.roleID,
    })
    .returning(USER_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function updatePasswordHash(db: Db, userId: number, passwordHash: string) {
  return db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: nowIso(db) })
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The names and phone the owner edits on the profile (decision 259). */
export function updateUserDetails(
  db: Db,
  userId: number,
  values: { firstName: string; lastName: string; phoneNumber: string },
) {
  return db
    .updateTable('users')
    .set({
      first_name: values.firstName,
      last_name: values.lastName,
      phone_number: values.phoneNumber,
      updated_at: nowIso(db),
    })
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A confirmed e-mail change (decision 259): the account's sign-in name and where its mail goes. */
export function updateUserEmail(db: Db, userId: number, email: string) {
  return db
    .updateTable('users')
    .set({ email, updated_at: nowIso(db) })
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findSocialAccount(db: Db, provider: string, providerUid: string) {
  return db
    .selectFrom('social_accounts')
    .select(['user_id'])
    .where('provider', '=', provider)
    .where('provider_uid', '=', providerUid)
    .executeTakeFirst();
}

export function insertSocialAccount(db: Db, provider: string, providerUid: string, userId: number) {
  return db
    .insertInto('social_accounts')
    .values({ provider, provider_uid: providerUid, user_id: userId })
    .onConflict((oc) => oc.columns(['provider', 'provider_uid']).doNothing())
    .execute();
}

export function insertRefreshToken(
  db: Db,
  values: { userId: number; tokenHash: string; familyId: string; expiresAt: string },
) {
  return db
    .insertInto('refresh_tokens')
    .values({
      user_id: values.userId,
      token_hash: values.tokenHash,
      family_id: values.familyId,
      expires_at: values.expiresAt,
    })
    .returning('refresh_token_id')
    .executeTakeFirstOrThrow();
}

export function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .select(['refresh_token_id', 'user_id', 'family_id', 'expires_at', 'revoked_at', 'replaced_by_id'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks one token used (rotated): only if it is still live, so two racing refreshes cannot both win. */
export function markRotated(db: Db, refreshTokenId: number, replacedById: number, nowIso: string) {
  return db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso, replaced_by_id: replacedById })
    .where('refresh_token_id', '=', refreshTokenId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export function revokeFamily(db: Db, familyId: string, nowIso: string) {
  return db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every login of a user except one family (the session that changed the password). */
export function revokeUserFamiliesExcept(db: Db, userId: number, keepFamilyId: string | null, nowIso: string) {
  let q = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepFamilyId) q = q.where('family_id', '!=', keepFamilyId);
  return q.execute();
}

/** Ends every login of every account (the server's secret was replaced, decision 236); how many tokens it revoked. */
export async function revokeEveryRefreshToken(db: Db, nowIso: string): Promise<number> {
  const res = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso })
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Housekeeping: drops tokens that expired long ago so the table stays small. */
export function deleteExpiredRefreshTokens(db: Db, beforeIso: string) {
  return db.deleteFrom('refresh_tokens').where('expires_at', '<', beforeIso).execute();
}

export function listRoles(db: Db) {
  return db.selectFrom('roles').select(['role_id', 'role_name']).orderBy('role_id').execute();
}

/** First and last names of the given users (deleted ones are simply absent). */
/** E-mail and first name of each given account (forgotten-cart reminders, decision 275). */
export function emailsOf(db: Db, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['user_id', 'email', 'first_name']).where('user_id', 'in', userIds).execute();
}

export function namesOf(db: Db, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['user_id', 'first_name', 'last_name'])
    .where('user_id', 'in', userIds)
    .execute();
}
