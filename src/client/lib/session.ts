// All auth/session handling lives here: token storage, the 30 s expiry check, storage events across tabs,
// and refresh-once-and-retry on a 401 for tRPC (see trpc.ts) and REST (authFetch) alike.
import { useRouter } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore } from 'react';
import { STORAGE } from './storage-keys';

export interface Session {
  token: string;
  userId: number;
  roleID: number;
}

const CHANGE_EVENT = 'butiku:session';
/** Token expiry is re-checked this often (spec: every 30 s). */
export const EXPIRY_CHECK_MS = 30_000;
/** Refresh a little before the access token runs out, so requests do not meet a 401 at all. */
const REFRESH_AHEAD_S = 60;
const REFRESH_URL = '/api/users/refresh-token';
// Calls whose 401 means "wrong credentials", not "session expired": never refresh-and-retry them.
const NO_RETRY_PATHS = [
  '/api/users/login',
  '/api/users/social-login',
  '/api/users/login/second-factor',
  '/api/users/register',
  REFRESH_URL,
  '/api/users/logout',
];

/**
 * The token's `exp` claim, read without checking the signature (the server does that; the browser only times its
 * refreshes): the middle part's base64url JSON. A few lines instead of jose's decodeJwt on every page's first load.
 */
function decodeExp(token: string): number | null {
  try {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const { exp } = JSON.parse(atob(parts[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** Seconds until the token expires (negative when expired); null for a token that cannot be read. */
function secondsLeft(token: string): number | null {
  const exp = decodeExp(token);
  return exp === null ? null : exp - Date.now() / 1000;
}

export function getAuthToken(): string | null {
  return typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE.authToken);
}

/** The current session, or null when there is no token or it has expired. */
export function readSession(): Session | null {
  const token = getAuthToken();
  if (!token) return null;
  const left = secondsLeft(token);
  if (left === null || left <= 0) return null;
  return {
    token,
    userId: Number(localStorage.getItem(STORAGE.userId) ?? 0),
    roleID: Number(localStorage.getItem(STORAGE.roleID) ?? 0),
  };
}

export function storeSession(s: { token: string; roleID: number; userId: number }): void {
  localStorage.setItem(STORAGE.authToken, s.token);
  localStorage.setItem(STORAGE.roleID, String(s.roleID));
  localStorage.setItem(STORAGE.userId, String(s.userId));
  // The refresh token lives only in the httpOnly cookie; drop any copy an older client left behind.
  localStorage.removeItem(STORAGE.refreshToken);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE.authToken);
  localStorage.removeItem(STORAGE.roleID);
  localStorage.removeItem(STORAGE.userId);
  localStorage.removeItem(STORAGE.refreshToken);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

// ---------------------------------------------------------------------------------------------------------
// Refresh

let refreshing: Promise<string | null> | null = null;

async function callRefresh(failedToken: string | null): Promise<string | null> {
  // Another tab may have refreshed while we waited for the lock: use its token instead of spending ours,
  // because presenting an already rotated refresh token would revoke the whole login (reuse detection).
  const current = getAuthToken();
  if (current && current !== failedToken && (secondsLeft(current) ?? 0) > REFRESH_AHEAD_S) return current;
  const res = await fetch(REFRESH_URL, {
    method: 'POST',
    credentials: 'include',
    headers: { accept: 'application/json' },
  });
  if (!res.ok) return null;
  const body = (await res.json().catch(() => null)) as { token?: string; roleID?: number; userID?: number } | null;
  if (!body?.token) return null;
  storeSession({
    token: body.token,
    roleID: Number(body.roleID ?? localStorage.getItem(STORAGE.roleID) ?? 0),
    userId: Number(body.userID ?? localStorage.getItem(STORAGE.userId) ?? 0),
  });
  return body.token;
}

/**
 * Gets a new access token with the RefreshToken cookie. One refresh at a time per tab (concurrent callers share
 * it) and across tabs (Web Locks), so a token is never presented twice. Returns null when the login is over.
 */
export function refreshAccessToken(failedToken: string | null = getAuthToken()): Promise<string | null> {
  if (refreshing) return refreshing;
  const run = () => callRefresh(failedToken);
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const pending: Promise<string | null> = (
    locks ? (locks.request('butiku-refresh', run) as unknown as Promise<string | null>) : run()
  )
    .catch(() => null)
    .finally(() => {
      refreshing = null;
    });
  refreshing = pending;
  return pending;
}

// ---------------------------------------------------------------------------------------------------------
// Expiry: what happens when the login cannot be renewed

let expiredHandler: (() => void) | null = null;

/** Clears the tokens and sends the visitor to /account (spec: a 401 that a refresh cannot fix). */
export function endExpiredSession(): void {
  clearSession();
  if (expiredHandler) expiredHandler();
  else if (window.location.pathname !== '/account') window.location.assign('/account');
}

/** Returns a valid session, refreshing an expired (or nearly expired) token first; null when logged out. */
export async function ensureSession(): Promise<Session | null> {
  const token = getAuthToken();
  if (!token) return null;
  const left = secondsLeft(token);
  if (left !== null && left > REFRESH_AHEAD_S) return readSession();
  const fresh = await refreshAccessToken(token);
  if (!fresh) {
    clearSession();
    return null;
  }
  return readSession();
}

// The periodic check (and on storage changes): renew a token about to run out; log out when that fails.
let timer: ReturnType<typeof setInterval> | null = null;
let checking = false;
async function checkExpiry(): Promise<void> {
  const token = getAuthToken();
  if (!token || checking) return;
  const left = secondsLeft(token);
  if (left !== null && left > REFRESH_AHEAD_S) return;
  checking = true;
  try {
    // A malformed token cannot be renewed into anything trustworthy: the spec drops it.
    if (left === null) clearSession();
    else if (!(await refreshAccessToken(token))) clearSession();
  } finally {
    checking = false;
  }
}

let subscribers = 0;
function onStorage(e: StorageEvent): void {
  if (e.key === null || e.key === STORAGE.authToken || e.key === STORAGE.roleID || e.key === STORAGE.userId)
    void checkExpiry();
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  subscribers += 1;
  if (subscribers === 1) {
    window.addEventListener('storage', onStorage);
    // Dispatching after each check re-renders subscribers whose token simply ran out meanwhile.
    timer = setInterval(() => {
      void checkExpiry().then(() => window.dispatchEvent(new Event(CHANGE_EVENT)));
    }, EXPIRY_CHECK_MS);
    void checkExpiry();
  }
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
    subscribers -= 1;
    if (subscribers === 0) {
      window.removeEventListener('storage', onStorage);
      if (timer) clearInterval(timer);
      timer = null;
    }
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

/**
 * React hook: the current session (re-renders on login, logout, expiry and changes in other tabs). Mounted in
 * the header on every page, it also runs the 30 s expiry check and lets an expired session navigate in-app.
 */
export function useSession(): Session | null {
  const router = useRouter({ warn: false });
  useEffect(() => {
    if (!router) return;
    const handler = () => void router.navigate({ to: '/account', replace: true });
    expiredHandler = handler;
    return () => {
      if (expiredHandler === handler) expiredHandler = null;
    };
  }, [router]);
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

// ---------------------------------------------------------------------------------------------------------
// Requests

/** fetch() with cookies and the bearer token, without any retry (the tRPC link retries per call itself). */
export function bearerFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = getAuthToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  return fetch(input, { ...init, headers, credentials: 'include' });
}

function pathOf(input: RequestInfo | URL): string {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  try {
    return new URL(raw, window.location.origin).pathname;
  } catch {
    return raw;
  }
}

/**
 * fetch() for REST calls: sends cookies and the bearer token; on a 401 for a request that carried a token,
 * refreshes once and retries; if that fails, clears the session and goes to /account.
 */
export async function authFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const sent = getAuthToken();
  const res = await bearerFetch(input, init);
  if (res.status !== 401 || !sent || NO_RETRY_PATHS.includes(pathOf(input))) return res;
  const fresh = await refreshAccessToken(sent);
  if (!fresh) {
    endExpiredSession();
    return res;
  }
  return bearerFetch(input, init);
}

/** tRPC procedure paths whose 401 is an answer, not an expired session. */
export const NO_RETRY_PROCEDURES = new Set([
  'accounts.login',
  'accounts.socialLogin',
  'secondFactor.login',
  'accounts.register',
  'accounts.refreshToken',
  'accounts.logout',
]);
