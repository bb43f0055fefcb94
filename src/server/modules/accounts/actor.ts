// Who is calling: a valid access token whose user still exists, with the role the database holds now.
// The token's own role claim is not trusted for authorisation, so a demoted or deleted account loses
// its rights on the next request instead of when its 15-minute token runs out.
import type { AppDeps } from '../../deps';
import { findUserRole } from './accounts.queries';
import { verifyAccessToken, type Actor } from './tokens';

export async function actorFromToken(deps: Pick<AppDeps, 'db' | 'config'>, token: string | null): Promise<Actor | null> {
  if (!token) return null;
  const claimed = await verifyAccessToken(token, deps.config.jwtSecret);
  if (!claimed) return null;
  const row = await findUserRole(deps.db, claimed.userId);
  return row ? { userId: claimed.userId, roleID: row.role_id } : null;
}
