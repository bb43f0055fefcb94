// All auth/session handling lives here: token storage, expiry checks, refresh-and-retry for tRPC and REST.
// (Owned by the accounts work, which adds refresh-and-retry and the 30 s expiry timer.)
import { useSyncExternalStore } from 'react';
import { STORAGE } from './storage-keys';

export interface Session {
  token: string;
  userId: number;
  roleID: number;
}

const CHANGE_EVENT = 'butiku:session';

function decodeExp(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.exp === 'number' ? payload.exp : null;
  } catch {
    return null;
  }
}

export function getAuthToken(): string | null {
  return typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE.authToken);
}

/** The current session, or null when there is no token or it has expired. */
export function readSession(): Session | null {
  const token = getAuthToken();
  if (!token) return null;
  const exp = decodeExp(token);
  if (exp !== null && exp * 1000 <= Date.now()) return null;
  return { token, userId: Number(localStorage.getItem(STORAGE.userId) ?? 0), roleID: Number(localStorage.getItem(STORAGE.roleID) ?? 0) };
}

export function storeSession(s: { token: string; roleID: number; userId: number }): void {
  localStorage.setItem(STORAGE.authToken, s.token);
  localStorage.setItem(STORAGE.roleID, String(s.roleID));
  localStorage.setItem(STORAGE.userId, String(s.userId));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE.authToken);
  localStorage.removeItem(STORAGE.roleID);
  localStorage.removeItem(STORAGE.userId);
  localStorage.removeItem(STORAGE.refreshToken);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

let cachedKey = '';
let cached: Session | null = null;
function snapshot(): Session | null {
  const s = readSession();
  const key = s ? `${s.token}|${s.roleID}|${s.userId}` : '';
  if (key !== cachedKey) {
    cachedKey = key;
    cached = s;
  }
  return cached;
}

/** React hook: the current session (re-renders on login, logout and changes in other tabs). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

/** fetch() that sends cookies and the bearer token; used by the tRPC link and REST calls alike. */
export async function authFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = getAuthToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  return fetch(input, { ...init, headers, credentials: 'include' });
}
