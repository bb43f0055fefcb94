// Refresh tokens: random, stored only as a SHA-256 hash, rotated on every use; a reused token revokes its login. Each
// login keeps when its owner last proved who they are (decision 237): set at sign-in and by a step-up, never by a
// refresh.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { accountMessages } from '#shared/messages/account';
import type { DB } from '#server/db/client';
import { AppError } from '#server/errors';
import * as q from './accounts.queries';
import { storedUserAgent } from './devices';
import type { Actor } from './tokens';
import * as sq from './sessions.queries';

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const REFRESH_COOKIE = 'RefreshToken';

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

const iso = (ms: number) => new Date(ms).toISOString();

export interface IssuedSession {
  refreshToken: string;
  familyId: string;
  userId: number;
}

/** Where a login comes from: the client address and the browser's user agent (shown in the session list). */
export interface SessionClient {
  ip?: string | null;
  userAgent?: string | null;
}

/** Starts a new login (a new token family) for a user, with its row in the session list (decision 227). */
export async function startSession(
  db: DB,
  userId: number,
  client: SessionClient = {},
  now = Date.now(),
): Promise<IssuedSession> {
  const refreshToken = newToken();
  const familyId = randomUUID();
  await q.insertRefreshToken(db, {
    userId,
    tokenHash: hashRefreshToken(refreshToken),
    familyId,
    expiresAt: iso(now + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  await sq.insertLoginSession(db, {
    familyId,
    userId,
    userAgent: storedUserAgent(client.userAgent),
    ip: client.ip ? client.ip.slice(0, 64) : null,
    nowIso: iso(now),
  });
  // Keep the tables small: tokens expired for a week are of no use, not even for reuse detection.
  const gone = await q.deleteExpiredRefreshTokens(db, iso(now - 7 * 24 * 60 * 60 * 1000));
  if (gone.some((r) => Number(r.numDeletedRows) > 0)) await sq.deleteSessionsWithoutTokens(db);
  return { refreshToken, familyId, userId };
}

/** A refresh that lost the race for its token to another refresh of the same token. */
class LostRace extends Error {
  constructor(readonly familyId: string) {
    super('refresh token rotated concurrently');
  }
}

const expired = () => new AppError('UNAUTHORIZED', accountMessages.account.refreshFailed);

/**
 * Exchanges a refresh token for a new one in the same family. A token that was already rotated
 * (or revoked) being presented again means it leaked: the whole family is revoked.
 */
export async function rotateSession(
  db: DB,
  presented: string | null | undefined,
  now = Date.now(),
): Promise<IssuedSession> {
  if (!presented || presented.length > 200) throw expired();
  const tokenHash = hashRefreshToken(presented);
  const outcome = await db
    .transaction()
    .execute(async (trx) => {
      const row = await q.findRefreshToken(trx, tokenHash);
      if (!row) return null;
      if (row.revoked_at !== null) {
        await q.revokeFamily(trx, row.family_id, iso(now));
        return 'reused' as const;
      }
      if (Date.parse(row.expires_at) <= now) return null;
      const refreshToken = newToken();
      const inserted = await q.insertRefreshToken(trx, {
        userId: row.user_id,
        tokenHash: hashRefreshToken(refreshToken),
        familyId: row.family_id,
        expiresAt: iso(now + REFRESH_TOKEN_TTL_SECONDS * 1000),
      });
      const updated = await q.markRotated(trx, row.refresh_token_id, inserted.refresh_token_id, iso(now));
      // Another refresh with the same token rotated it while this one ran (PostgreSQL: its update waited for the
      // other's commit and then matched nothing). Undo this one's new token and treat it as a reuse.
      if (Number(updated.numUpdatedRows) !== 1) throw new LostRace(row.family_id);
      return { refreshToken, familyId: row.family_id, userId: row.user_id };
    })
    .catch(async (err: unknown) => {
      if (!(err instanceof LostRace)) throw err;
      await q.revokeFamily(db, err.familyId, iso(now));
      return 'reused' as const;
    });
  if (!outcome || outcome === 'reused') throw expired();
  return outcome;
}

/** Logout: revokes the login the token belongs to. Unknown tokens are ignored (logging out twice is fine). */
export async function endSession(db: DB, presented: string | null | undefined, now = Date.now()): Promise<void> {
  if (!presented || presented.length > 200) return;
  const row = await q.findRefreshToken(db, hashRefreshToken(presented));
  if (row) await q.revokeFamily(db, row.family_id, iso(now));
}

/** The family of a live token, to keep the current login when revoking the others. */
export async function familyOf(db: DB, presented: string | null | undefined, userId: number): Promise<string | null> {
  if (!presented || presented.length > 200) return null;
  const row = await q.findRefreshToken(db, hashRefreshToken(presented));
  return row && row.user_id === userId && row.revoked_at === null ? row.family_id : null;
}

/** A proof the caller just gave on their login (a step-up, or a change that carried the password or a code). */
export async function recordProof(db: DB, actor: Actor, now = new Date()): Promise<void> {
  if (actor.familyId) await sq.markProved(db, actor.familyId, actor.userId, now.toISOString());
}
