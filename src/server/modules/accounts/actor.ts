// Who is calling: a valid access token whose user still exists and whose login is still live, with the role
// the database holds now. The token's own role claim is not trusted for authorisation, so a demoted or deleted
// account loses its rights on the next request, and logout or a password change ends the token at once
// (decisions 009, 123). One query per authenticated request; requests without a token do no work here. The session
// list's "last seen" is refreshed by the same path, at most once a minute per session (decision 227).
import { isStaffRole } from '#shared/roles';
import type { AppDeps } from '#server/deps';
import { findLiveActorRole } from './accounts.queries';
import { staffSecondFactorRequired } from './security-settings';
import { touchSession } from './sessions.queries';
import { verifyAccessToken, type Actor } from './tokens';

/** How stale a session's "last seen" may get before a request refreshes it. */
export const LAST_SEEN_EVERY_MS = 60_000;

export async function actorFromToken(
  deps: Pick<AppDeps, 'db' | 'config'>,
  token: string | null,
): Promise<Actor | null> {
  if (!token) return null;
  const claimed = await verifyAccessToken(token, deps.config.keys.accessToken);
  if (!claimed) return null;
  const now = Date.now();
  const row = await findLiveActorRole(deps.db, claimed.userId, claimed.familyId, new Date(now).toISOString());
  if (!row) return null;
  // The session list's "last seen": written at most once a minute per session, so reads do not write every time.
  if (row.last_seen_at !== null && Date.parse(row.last_seen_at) < now - LAST_SEEN_EVERY_MS) {
    const at = new Date(now).toISOString();
    await touchSession(deps.db, claimed.familyId, at, new Date(now - LAST_SEEN_EVERY_MS).toISOString());
  }
  const actor: Actor = { userId: claimed.userId, roleID: row.role_id, familyId: claimed.familyId };
  // Only staff without a second factor pay for reading the requirement (one small read).
  if (isStaffRole(row.role_id) && !row.has_second_factor && (await staffSecondFactorRequired(deps.db)))
    actor.secondFactorMissing = true;
  return actor;
}
