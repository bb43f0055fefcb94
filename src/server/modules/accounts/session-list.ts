// The session list (issue 28, decision 227): an account sees its live sessions and its last sign-ins and ends any
// or all of its other sessions; an administrator sees a staff member's and ends all of them. Ending a session
// revokes its refresh-token family, so its access token is refused on the next request (decision 123). Lists carry
// an opaque session number, never a token or a family id.
import type { SessionDto, SessionsEndedDto, SignInDto } from '#shared/dto/accounts';
import { accountMessages } from '#shared/messages/account';
import { staffMessages } from '#shared/messages-staff';
import { STAFF_ROLES } from '#shared/roles';
import type { AppDeps } from '#server/deps';
import type { DB } from '#server/db/client';
import { AppError, notFound } from '#server/errors';
import { recordAudit } from '../audit';
import { findUserById, revokeFamily } from './accounts.queries';
import { deviceLabel } from './devices';
import * as q from './sessions.queries';
import { lastSignIns } from './sign-ins';
import type { Actor } from './tokens';

type Deps = Pick<AppDeps, 'db'>;
const nowIso = () => new Date().toISOString();

async function sessionsOf(db: DB, userId: number, currentFamily: string | undefined): Promise<SessionDto[]> {
  const rows = await q.liveSessions(db, userId, nowIso());
  return rows.map((r) => ({
    id: r.session_id,
    device: deviceLabel(r.user_agent),
    address: r.ip,
    signedInAt: r.created_at,
    lastSeenAt: r.last_seen_at,
    current: r.family_id === currentFamily,
  }));
}

/** Ends the user's live sessions except `keepFamily`; how many ended. An administrator's act is audited. */
async function endSessionsOf(
  db: DB,
  userId: number,
  keepFamily: string | null,
  audit = false,
): Promise<SessionsEndedDto> {
  return db.transaction().execute(async (trx) => {
    const at = nowIso();
    const all = await q.liveSessions(trx, userId, at);
    const live = all.filter((s) => s.family_id !== keepFamily);
    for (const s of live) await revokeFamily(trx, s.family_id, at);
    // Only how many sessions were live before and after: no token, family id or address (decision 228).
    const [before, after] = [{ live_sessions: all.length }, { live_sessions: all.length - live.length }];
    if (audit) await recordAudit(trx, { entity: 'user', entityId: userId, action: 'end-sessions', before, after });
    return { ended: live.length };
  });
}

export function mySessions(deps: Deps, actor: Actor): Promise<SessionDto[]> {
  return sessionsOf(deps.db, actor.userId, actor.familyId);
}

/** Ends one of the caller's own sessions (the current one too: that is a logout); 404 for anyone else's. */
export async function endMySession(deps: Deps, actor: Actor, sessionId: number): Promise<SessionsEndedDto> {
  const at = nowIso();
  const session = await q.findLiveSession(deps.db, sessionId, actor.userId, at);
  if (!session) throw notFound(accountMessages.sessions.notFound);
  await revokeFamily(deps.db, session.family_id, at);
  return { ended: 1 };
}

/** Ends every session of the caller but the one its access token belongs to. */
export function endOtherSessions(deps: Deps, actor: Actor): Promise<SessionsEndedDto> {
  return endSessionsOf(deps.db, actor.userId, actor.familyId ?? null);
}

export function mySignIns(deps: Deps, actor: Actor): Promise<SignInDto[]> {
  return lastSignIns(deps.db, actor.userId);
}

/** A staff or administrator account for the administrators' views: 404 unknown, 403 for a customer's account. */
async function staffAccount(db: DB, userId: number): Promise<number> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound(staffMessages.dashboardSales.userNotFound);
  if (!STAFF_ROLES.includes(user.role_id)) throw new AppError('FORBIDDEN', staffMessages.staffSessions.notStaff);
  return user.user_id;
}

export async function staffSessions(deps: Deps, actor: Actor, userId: number): Promise<SessionDto[]> {
  return sessionsOf(deps.db, await staffAccount(deps.db, userId), actor.familyId);
}

export async function staffSignIns(deps: Deps, userId: number): Promise<SignInDto[]> {
  return lastSignIns(deps.db, await staffAccount(deps.db, userId));
}

/** An administrator ends every session of a staff member (their own included, apart from the one in use). */
export async function endAllStaffSessions(deps: Deps, actor: Actor, userId: number): Promise<SessionsEndedDto> {
  const target = await staffAccount(deps.db, userId);
  return endSessionsOf(deps.db, target, target === actor.userId ? (actor.familyId ?? null) : null, true);
}
