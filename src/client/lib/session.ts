// All auth/session handling lives here: token storage, expiry checks, refresh-and-retry for tRPC and REST.
// (Owned by the accounts work; this first version stores the token and adds the bearer header.)
import { STORAGE } from './storage-keys';

export function getAuthToken(): string | null {
  return typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE.authToken);
}

/** fetch() that sends cookies and the bearer token; used by the tRPC link and REST calls alike. */
export async function authFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = getAuthToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  return fetch(input, { ...init, headers, credentials: 'include' });
}
