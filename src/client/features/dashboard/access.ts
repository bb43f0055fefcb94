// Client guard for /dashboard (spec §6): read the profile with the stored token (bearer + credentials); on a
// 401 refresh once (the session module owns refreshing) and read again; allow roleID 2 or 3 compared as
// strings; anything else denies. The server checks the role on every staff call regardless.
import { bearerFetch, getAuthToken, refreshAccessToken } from '../../lib/session';
import { isStaffRole } from '../../../shared/roles';

// One positive answer per token is enough for a short while: moving between screens does not re-ask.
const ALLOW_TTL_MS = 60_000;
let allowed: { token: string; until: number } | null = null;

const readProfile = () => bearerFetch('/api/users/profile', { headers: { accept: 'application/json' } });

/** True when the signed-in user may use the dashboard. Never throws. */
export async function checkDashboardAccess(): Promise<boolean> {
  const token = getAuthToken();
  if (token && allowed && allowed.token === token && allowed.until > Date.now()) return true;
  try {
    let res = await readProfile();
    if (res.status === 401) {
      if (!(await refreshAccessToken(token))) return false;
      res = await readProfile();
    }
    if (!res.ok) return false;
    const profile = (await res.json()) as { roleID?: number | string };
    const ok = isStaffRole(profile.roleID);
    const current = getAuthToken();
    allowed = ok && current ? { token: current, until: Date.now() + ALLOW_TTL_MS } : null;
    return ok;
  } catch {
    return false;
  }
}
