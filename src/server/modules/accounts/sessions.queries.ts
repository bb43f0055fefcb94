// SQL of the session list and the sign-in history (issue 28, decision 227): `login_sessions` (one row per login,
// i.e. refresh-token family) and `sign_ins`. A session is live while some token of its family is neither revoked nor
// expired, the same test the per-request check makes (accounts.queries.findLiveActorRole).
import type { ExpressionBuilder, Transaction } from 'kysely';
import type { DB } from '#server/db/client';
import type { Database } from '#server/db/schema';

type Db = DB | Transaction<Database>;

/** More sessions than this are not listed (a login a day for a month is 30). */
const SESSIONS_SHOWN = 100;

export function insertLoginSession(
  db: Db,
  v: { familyId: string; userId: number; userAgent: string | null; ip: string | null; nowIso: string },
) {
  return db
    .insertInto('login_sessions')
    .values({
      family_id: v.familyId,
      user_id: v.userId,
      user_agent: v.userAgent,
      ip: v.ip,
      created_at: v.nowIso,
      last_seen_at: v.nowIso,
      // Every login starts with its owner's proof (password, code, passkey or provider; decision 237).
      proved_at: v.nowIso,
    })
    .execute();
}

/** When the owner last proved who they are on this login (decision 237); undefined: no such login of the user. */
export function findProof(db: Db, familyId: string, userId: number) {
  return db
    .selectFrom('login_sessions')
    .select('proved_at')
    .where('family_id', '=', familyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A step-up (or a change that carried its own proof) on this login: proved now. */
export function markProved(db: Db, familyId: string, userId: number, nowIso: string) {
  return db
    .updateTable('login_sessions')
    .set({ proved_at: nowIso })
    .where('family_id', '=', familyId)
    .where('user_id', '=', userId)
    .execute();
}

const liveFamily = (nowIso: string) => (eb: ExpressionBuilder<Database, 'login_sessions'>) =>
  eb.exists(
    eb
      .selectFrom('refresh_tokens')
      .select('refresh_tokens.refresh_token_id')
      .whereRef('refresh_tokens.family_id', '=', 'login_sessions.family_id')
      .whereRef('refresh_tokens.user_id', '=', 'login_sessions.user_id')
      .where('refresh_tokens.revoked_at', 'is', null)
      .where('refresh_tokens.expires_at', '>', nowIso),
  );

/** The user's live sessions, the most recently seen first. */
export function liveSessions(db: Db, userId: number, nowIso: string) {
  return db
    .selectFrom('login_sessions')
    .select(['session_id', 'family_id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where(liveFamily(nowIso))
    .orderBy('last_seen_at', 'desc')
    .orderBy('session_id', 'desc')
    .limit(SESSIONS_SHOWN)
    .execute();
}

/** The family of one live session of the user (undefined when it is someone else's, ended or unknown). */
export function findLiveSession(db: Db, sessionId: number, userId: number, nowIso: string) {
  return db
    .selectFrom('login_sessions')
    .select(['session_id', 'family_id'])
    .where('session_id', '=', sessionId)
    .where('user_id', '=', userId)
    .where(liveFamily(nowIso))
    .executeTakeFirst();
}

/** Last seen now, only when the stored time is older than `staleBeforeIso` (at most one write a minute). */
export function touchSession(db: Db, familyId: string, nowIso: string, staleBeforeIso: string) {
  return db
    .updateTable('login_sessions')
    .set({ last_seen_at: nowIso })
    .where('family_id', '=', familyId)
    .where('last_seen_at', '<', staleBeforeIso)
    .execute();
}

/** Housekeeping: sessions whose tokens are all gone (expired long ago and deleted). */
export function deleteSessionsWithoutTokens(db: Db) {
  return db
    .deleteFrom('login_sessions')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('refresh_tokens')
            .select('refresh_tokens.refresh_token_id')
            .whereRef('refresh_tokens.family_id', '=', 'login_sessions.family_id'),
        ),
      ),
    )
    .execute();
}

export function insertSignIn(
  db: Db,
  v: {
    userId: number;
    ok: boolean;
    method: string;
    ip: string | null;
    userAgent: string | null;
    deviceKey: string;
    nowIso: string;
  },
) {
  return db
    .insertInto('sign_ins')
    .values({
      user_id: v.userId,
      ok: v.ok ? 1 : 0,
      method: v.method,
      ip: v.ip,
      user_agent: v.userAgent,
      device_key: v.deviceKey,
      created_at: v.nowIso,
    })
    .execute();
}

/** Whether the user ever signed in successfully (any device) and from this device. */
export async function earlierSuccesses(db: Db, userId: number, deviceKey: string) {
  const rows = await db
    .selectFrom('sign_ins')
    .select('device_key')
    .where('user_id', '=', userId)
    .where('ok', '=', 1)
    .orderBy((eb) => eb.case().when('device_key', '=', deviceKey).then(0).else(1).end())
    .limit(1)
    .execute();
  return { any: rows.length > 0, sameDevice: rows[0]?.device_key === deviceKey };
}

/** Keeps the newest `keep` sign-ins of the user. */
export function pruneSignIns(db: Db, userId: number, keep: number) {
  return db
    .deleteFrom('sign_ins')
    .where('user_id', '=', userId)
    .where(
      'sign_in_id',
      'not in',
      db
        .selectFrom('sign_ins')
        .select('sign_in_id')
        .where('user_id', '=', userId)
        .orderBy('sign_in_id', 'desc')
        .limit(keep),
    )
    .execute();
}

export function recentSignIns(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('sign_ins')
    .select(['sign_in_id', 'ok', 'method', 'ip', 'user_agent', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('sign_in_id', 'desc')
    .limit(limit)
    .execute();
}
