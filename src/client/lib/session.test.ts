// @vitest-environment happy-dom
// The session module against the real app: expiry check, refresh-once-and-retry, single-flight refresh.
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deriveKeys } from '#server/keys';
import { signAccessToken } from '#server/modules/accounts';
import { TEST_JWT_SECRET } from '#server/testing/db';
import { loginAs } from '../test/login';
import { recordRequests, startClientTestServer, type ClientTestServer } from '../test/server';
import { authFetch, clearSession, ensureSession, readSession, refreshAccessToken } from './session';
import { STORAGE } from './storage-keys';

let server: ClientTestServer;
beforeAll(async () => {
  server = await startClientTestServer();
});
afterAll(() => server.close());
afterEach(() => clearSession());

const login = () => loginAs(server.customer);
/** The test server's access-token key (src/client/test/serve.ts runs on the test configuration's secret). */
const accessTokenKey = deriveKeys(TEST_JWT_SECRET).accessToken;

/** The same login's access token as if it had expired a minute ago (signed with the server's own secret). */
function expiredCopy(token: string): Promise<string> {
  const claims = decodeJwt(token);
  return signAccessToken(
    { userId: Number(claims.sub), roleID: Number(claims.roleID), familyId: String(claims.fid) },
    accessTokenKey,
    -60,
  );
}

describe('expiry check', () => {
  it('reads a valid token as the session and an expired or unreadable one as none', async () => {
    const { userId, token } = await login();
    expect(readSession()).toEqual({ token, userId, roleID: 1 });
    localStorage.setItem(STORAGE.authToken, await expiredCopy(token));
    expect(readSession()).toBeNull();
    localStorage.setItem(STORAGE.authToken, 'not-a-jwt');
    expect(readSession()).toBeNull();
  });

  it('ensureSession renews an expired token with the refresh cookie', async () => {
    const { userId, token } = await login();
    const stale = await expiredCopy(token);
    localStorage.setItem(STORAGE.authToken, stale);
    const session = await ensureSession();
    expect(session?.userId).toBe(userId);
    expect(session?.token).not.toBe(stale);
    const profile = await authFetch('/api/users/profile');
    expect(profile.status).toBe(200);
  });

  it('ensureSession ends the session when the refresh cookie is gone', async () => {
    const { token } = await login();
    await fetch('/api/users/logout', { method: 'POST', credentials: 'include' });
    localStorage.setItem(STORAGE.authToken, await expiredCopy(token));
    expect(await ensureSession()).toBeNull();
    expect(localStorage.getItem(STORAGE.authToken)).toBeNull();
  });
});

describe('refresh once and retry', () => {
  it('a 401 on a REST call refreshes once and retries with the new token', async () => {
    const { userId, token } = await login();
    localStorage.setItem(STORAGE.authToken, await expiredCopy(token));
    const seen = recordRequests();
    try {
      const res = await authFetch('/api/users/profile');
      expect(res.status).toBe(200);
      expect(((await res.json()) as { userID: number }).userID).toBe(userId);
      expect(seen.paths).toEqual(['/api/users/profile', '/api/users/refresh-token', '/api/users/profile']);
    } finally {
      seen.restore();
    }
  });

  it('when the refresh fails too, the 401 stands and the session is cleared', async () => {
    const { userId, token } = await login();
    await fetch('/api/users/logout', { method: 'POST', credentials: 'include' });
    localStorage.setItem(STORAGE.authToken, await expiredCopy(token));
    localStorage.setItem(STORAGE.userId, String(userId));
    const seen = recordRequests();
    try {
      const res = await authFetch('/api/users/profile');
      expect(res.status).toBe(401);
      expect(seen.paths).toEqual(['/api/users/profile', '/api/users/refresh-token']);
      expect(localStorage.getItem(STORAGE.authToken)).toBeNull();
    } finally {
      seen.restore();
    }
  });

  it('a wrong password is an answer, not an expired session: no refresh', async () => {
    const user = server.customer;
    localStorage.setItem(
      STORAGE.authToken,
      await signAccessToken({ userId: user.userId, roleID: 1, familyId: 'none' }, accessTokenKey, -60),
    );
    const seen = recordRequests();
    try {
      const res = await authFetch('/api/users/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: 'Wrong#password1' }),
      });
      expect(res.status).toBe(401);
      expect(seen.paths).toEqual(['/api/users/login']);
    } finally {
      seen.restore();
    }
  });
});

describe('single flight', () => {
  it('concurrent refreshes share one request and one new token', async () => {
    const { token } = await login();
    const stale = await expiredCopy(token);
    localStorage.setItem(STORAGE.authToken, stale);
    const seen = recordRequests();
    try {
      const tokens = await Promise.all([
        refreshAccessToken(stale),
        refreshAccessToken(stale),
        refreshAccessToken(stale),
      ]);
      expect(seen.paths).toEqual(['/api/users/refresh-token']);
      expect(new Set(tokens).size).toBe(1);
      expect(tokens[0]).toBeTruthy();
      expect(localStorage.getItem(STORAGE.authToken)).toBe(tokens[0]);
    } finally {
      seen.restore();
    }
  });

  it('three REST calls meeting a 401 together refresh once and all succeed', async () => {
    const { token } = await login();
    localStorage.setItem(STORAGE.authToken, await expiredCopy(token));
    const seen = recordRequests();
    try {
      const answers = await Promise.all([
        authFetch('/api/users/profile'),
        authFetch('/api/users/profile'),
        authFetch('/api/users/profile'),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(seen.paths.filter((p) => p === '/api/users/refresh-token')).toHaveLength(1);
    } finally {
      seen.restore();
    }
  });
});
