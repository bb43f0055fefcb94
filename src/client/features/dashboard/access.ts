// Client guard for /dashboard (spec §6): read the profile with the stored token; on 401 refresh once and read
// again; allow roleID 2 or 3 compared as strings. The server checks the role on every staff call regardless.
import { authFetch, getAuthToken, storeSession } from '../../lib/session';
import { isStaffRole } from '../../../shared/roles';

interface Profile { userID?: number; userId?: number; roleID?: number | string }

// One positive answer per token is enough for a short while: navigating between screens does not re-ask.
const ALLOW_TTL_MS = 60_000;
let allowed: { token: string; until: number } | null = null;

async function readProfile(): Promise<Response> {
  return authFetch('/api/users/profile', { headers: { accept: 'application/json' } });
}

async function refreshToken(): Promise<string | null> {
  const res = await fetch('/api/users/refresh-token', { method: 'POST', credentials: 'include' });
  if (!res.ok) return null;
  const body = (await res.json().catch(() => null)) as { token?: string } | null;
  return body?.token ?? null;
}

/** True when the signed-in user may use the dashboard. Never throws. */
export async function checkDashboardAccess(): Promise<boolean> {
  const token = getAuthToken();
  if (token && allowed && allowed.token === token && allowed.until > Date.now()) return true;
  try {
    let res = await readProfile();
    let refreshed: string | null = null;
    if (res.status === 401) {
      refreshed = await refreshToken();
      if (!refreshed) return false;
      localStorage.setItem('authToken', refreshed);
      res = await readProfile();
    }
    if (!res.ok) return false;
    const profile = (await res.json()) as Profile;
    const ok = isStaffRole(profile.roleID);
    const current = getAuthToken();
    if (refreshed && current) storeSession({ token: current, roleID: Number(profile.roleID), userId: Number(profile.userID ?? profile.userId ?? 0) });
    if (ok && current) allowed = { token: current, until: Date.now() + ALLOW_TTL_MS };
    return ok;
  } catch {
    return false;
  }
}
