// Who is calling: a valid access token whose user still exists and whose login is still live, with the role
// the database holds now. The token's own role claim is not trusted for authorisation, so a demoted or deleted
// account loses its rights on the next request, and logout or a password change ends the token at once
// (decisions 009, 123). One query per authenticated request; requests without a token do no work here.
import { isStaffRole } from '../../../shared/roles';
import type { AppDeps } from '../../deps';
import { findLiveActorRole } from './accounts.queries';
import { staffSecondFactorRequired } from './security-settings';
import { verifyAccessToken, type Actor } from './tokens';

export async function actorFromToken(
  deps: Pick<AppDeps, 'db' | 'config'>,
  token: string | null,
): Promise<Actor | null> {
  if (!token) return null;
  const claimed = await verifyAccessToken(token, deps.config.jwtSecret);
  if (!claimed) return null;
  const row = await findLiveActorRole(deps.db, claimed.userId, claimed.familyId, new Date().toISOString());
  if (!row) return null;
  const actor: Actor = { userId: claimed.userId, roleID: row.role_id };
  // Only staff without a second factor pay for reading the requirement (one small read).
  if (isStaffRole(row.role_id) && !row.has_second_factor && (await staffSecondFactorRequired(deps.db)))
    actor.secondFactorMissing = true;
  return actor;
}
