// Account rows the sign-in helpers of testing/auth.ts do not make: a social-login user with no password, a stored
// refresh token, and the states time or another actor leaves behind (a changed role, expired reset links).
import type { DB } from '#server/db/client';
import { next } from './seq';

/** A user who signed up through a social login: no password, no session; returns the user id. */
export async function createPasswordlessUser(
  db: DB,
  opts: { email?: string; firstName?: string; lastName?: string; roleID?: number } = {},
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      first_name: opts.firstName ?? 'Social',
      last_name: opts.lastName ?? 'Përdorues',
      email: opts.email ?? `social${next()}@example.com`,
      password_hash: null,
      ...(opts.roleID === undefined ? {} : { role_id: opts.roleID }),
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  return row.user_id;
}

/** A refresh-token row as a login leaves it (the token's hash only), live until 2099 by default. */
export async function createRefreshToken(
  db: DB,
  opts: { userId: number; tokenHash?: string; familyId?: string; expiresAt?: string },
): Promise<void> {
  const n = next();
  await db
    .insertInto('refresh_tokens')
    .values({
      user_id: opts.userId,
      token_hash: opts.tokenHash ?? `hash${n}`,
      family_id: opts.familyId ?? `family${n}`,
      expires_at: opts.expiresAt ?? '2099-01-01T00:00:00.000Z',
      revoked_at: null,
      replaced_by_id: null,
    })
    .execute();
}

/** Another administrator changed the user's role (the token in hand still names the old one). */
export async function setUserRole(db: DB, userId: number, roleID: number): Promise<void> {
  await db.updateTable('users').set({ role_id: roleID }).where('user_id', '=', userId).execute();
}

/** Every login's refresh token expired at `at` (long ago by default). */
export async function expireRefreshTokens(db: DB, at = '2000-01-01T00:00:00.000Z'): Promise<void> {
  await db.updateTable('refresh_tokens').set({ expires_at: at }).execute();
}

/** Every password-reset link stored so far expired at `at` (long ago by default). */
export async function expirePasswordResetLinks(db: DB, at = '2000-01-01T00:00:00.000Z'): Promise<void> {
  await db.updateTable('password_reset_tokens').set({ expires_at: at }).execute();
}
