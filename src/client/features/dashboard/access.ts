// Client guard for /dashboard (spec §6): read the profile with the stored token (bearer + credentials); on a
// 401 refresh once (the session module owns refreshing) and read again; allow roleID 2 or 3 compared as
// strings; anything else denies. Staff whom the administrator requires a second factor of, and who have none, are
// sent to set it up first (decision 225). The server checks the role and the requirement on every staff call.
import { bearerFetch, getAuthToken, refreshAccessToken } from '#client/lib/session';
import { isStaffRole } from '#shared/roles';

// One positive answer per token is enough for a short while: moving between screens does not re-ask.
const ALLOW_TTL_MS = 60_000;
let allowed: { token: string; until: number } | null = null;

const readJson = (path: string) => bearerFetch(path, { headers: { accept: 'application/json' } });

/** 'allowed'; 'denied' (not staff, not signed in); 'secondFactor' (staff who must set up two-step sign-in first). */
export type DashboardAccess = 'allowed' | 'denied' | 'secondFactor';

async function mustSetUpSecondFactor(): Promise<boolean> {
  const res = await readJson('/api/users/second-factor');
  return res.ok && ((await res.json()) as { mustSetUp?: boolean }).mustSetUp === true;
}

/** Whether the signed-in user may use the dashboard. Never throws. */
export async function checkDashboardAccess(): Promise<DashboardAccess> {
  const token = getAuthToken();
  if (token && allowed && allowed.token === token && allowed.until > Date.now()) return 'allowed';
  try {
    let res = await readJson('/api/users/profile');
    if (res.status === 401) {
      if (!(await refreshAccessToken(token))) return 'denied';
      res = await readJson('/api/users/profile');
    }
    if (!res.ok) return 'denied';
    const profile = (await res.json()) as { roleID?: number | string };
    if (!isStaffRole(profile.roleID)) return ((allowed = null), 'denied');
    if (await mustSetUpSecondFactor()) return ((allowed = null), 'secondFactor');
    const current = getAuthToken();
    allowed = current ? { token: current, until: Date.now() + ALLOW_TTL_MS } : null;
    return 'allowed';
  } catch {
    return 'denied';
  }
}
