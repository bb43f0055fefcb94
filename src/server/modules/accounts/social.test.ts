// Social login against real local HTTP peers: a JWKS endpoint serving a locally generated key (Google) and a
// small Graph API server (Facebook), so verification runs end to end without the network.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/messages/account';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCustomer } from '#server/testing/auth';

const CLIENT_ID = 'butiku-test.apps.googleusercontent.com';
const FB_APP_ID = '424242';
const FB_SECRET = 'fb-app-secret';

let privateKey: CryptoKey;
let otherKey: CryptoKey;
let jwk: JWK;
let server: http.Server;
let base = '';

// Facebook's view of the world: access token -> debug_token data and /me answer.
const fbTokens = new Map<string, { debug: Record<string, unknown>; me: Record<string, unknown> }>();
const seenProofs: string[] = [];

beforeAll(async () => {
  ({ privateKey: otherKey } = await generateKeyPair('RS256'));
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/certs') return send(200, { keys: [jwk] });
    if (url.pathname === '/debug_token') {
      if (url.searchParams.get('access_token') !== `${FB_APP_ID}|${FB_SECRET}`)
        return send(400, { error: { message: 'bad app token' } });
      const entry = fbTokens.get(url.searchParams.get('input_token') ?? '');
      return send(200, { data: entry ? entry.debug : { is_valid: false } });
    }
    if (url.pathname === '/me') {
      seenProofs.push(url.searchParams.get('appsecret_proof') ?? '');
      const entry = fbTokens.get(url.searchParams.get('access_token') ?? '');
      return entry ? send(200, entry.me) : send(400, { error: { message: 'Invalid OAuth access token.' } });
    }
    send(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function configured(): Promise<TestApp> {
  return createTestApp({
    google: { clientId: CLIENT_ID, jwksUrl: `${base}/certs` },
    facebook: { appId: FB_APP_ID, appSecret: FB_SECRET, graphUrl: base },
  });
}

function googleToken(
  claims: Record<string, unknown>,
  opts: { key?: CryptoKey; aud?: string; iss?: string; exp?: number; kid?: string } = {},
) {
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? 'test-key' })
    .setIssuer(opts.iss ?? 'https://accounts.google.com')
    .setAudience(opts.aud ?? CLIENT_ID)
    .setSubject(String(claims.sub ?? 'google-uid-1'))
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 600)
    .sign(opts.key ?? privateKey);
}

const social = (t: TestApp, body: Record<string, unknown>) =>
  t.request('/api/users/social-login', { method: 'POST', json: body });

describe('Google', () => {
  it('creates a customer from a verified ID token, then finds the same user again', async () => {
    const t = await configured();
    const idToken = await googleToken({
      sub: 'g-100',
      email: 'Drita@Gmail.com',
      name: 'Drita Krasniqi',
      given_name: 'Drita',
      family_name: 'Krasniqi',
    });
    // The client's email/uid are ignored: only the verified token counts.
    const res = await social(t, { provider: 'google', idToken, email: 'attacker@example.com', uid: 'x', name: 'X' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string; roleID: number; userID: number };
    expect(body).toEqual({ token: expect.any(String), roleID: 1, userID: expect.any(Number) });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('RefreshToken=') && /HttpOnly/.test(c))).toBe(true);
    const user = await t.db
      .selectFrom('users')
      .select(['email', 'first_name', 'last_name', 'password_hash'])
      .where('user_id', '=', body.userID)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ email: 'Drita@Gmail.com', first_name: 'Drita', last_name: 'Krasniqi', password_hash: null });
    const again = await social(t, {
      provider: 'google',
      idToken: await googleToken({ sub: 'g-100', email: 'drita@gmail.com' }),
    });
    expect(((await again.json()) as { userID: number }).userID).toBe(body.userID);
    expect(
      await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: 1 });
  });

  it('links to an existing account with the same email (any case)', async () => {
    const t = await configured();
    const existing = await createCustomer(t);
    const res = await social(t, {
      provider: 'google',
      idToken: await googleToken({ sub: 'g-200', email: existing.email.toUpperCase() }),
    });
    expect(((await res.json()) as { userID: number }).userID).toBe(existing.userId);
  });

  it('accepts the issuer without scheme too', async () => {
    const t = await configured();
    const res = await social(t, {
      provider: 'google',
      idToken: await googleToken({ sub: 'g-300', email: 'a@b.co' }, { iss: 'accounts.google.com' }),
    });
    expect(res.status).toBe(200);
  });

  it('rejects wrong audience, wrong issuer, expired, foreign-key-signed, unknown-kid and unverified-email tokens', async () => {
    const t = await configured();
    const bad = [
      await googleToken({ email: 'a@b.co' }, { aud: 'someone-else.apps.googleusercontent.com' }),
      await googleToken({ email: 'a@b.co' }, { iss: 'https://evil.example.com' }),
      await googleToken({ email: 'a@b.co' }, { exp: Math.floor(Date.now() / 1000) - 60 }),
      await googleToken({ email: 'a@b.co' }, { key: otherKey }),
      await googleToken({ email: 'a@b.co' }, { key: otherKey, kid: 'unknown' }),
      await googleToken({ email: 'a@b.co', email_verified: false }),
      'not-a-jwt',
    ];
    for (const idToken of bad) {
      const res = await social(t, { provider: 'google', idToken });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { Message: string }).Message).toBe(accountMessages.account.socialTokenInvalid);
    }
    expect(await t.db.selectFrom('users').select('user_id').execute()).toEqual([]);
  });

  it('answers "Ofruesi nuk ktheu asnjë adresë email-i" when the token has no email', async () => {
    const t = await configured();
    const res = await social(t, { provider: 'google', idToken: await googleToken({ sub: 'g-400' }) });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { Message: string; errors: Record<string, string[]> };
    expect(body.Message).toBe('Ofruesi nuk ktheu asnjë adresë e-maili');
    expect(body.errors.email).toEqual(['Ofruesi nuk ktheu asnjë adresë e-maili']);
  });
});

describe('Facebook', () => {
  it('checks the token with debug_token for our app, then reads the profile with an appsecret_proof', async () => {
    const t = await configured();
    fbTokens.set('fb-good', {
      debug: { is_valid: true, app_id: FB_APP_ID, user_id: 'fb-1' },
      me: { id: 'fb-1', name: 'Blerim Hoxha', email: 'blerim@example.com' },
    });
    const res = await social(t, {
      provider: 'facebook',
      idToken: 'fb-good',
      email: 'blerim@example.com',
      uid: 'fb-1',
      name: 'Blerim Hoxha',
    });
    expect(res.status).toBe(200);
    const { userID } = (await res.json()) as { userID: number };
    const user = await t.db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email'])
      .where('user_id', '=', userID)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ first_name: 'Blerim', last_name: 'Hoxha', email: 'blerim@example.com' });
    expect(seenProofs.at(-1)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rejects a token of another app, an invalid token and a mismatching user', async () => {
    const t = await configured();
    fbTokens.set('fb-other-app', {
      debug: { is_valid: true, app_id: '999', user_id: 'fb-2' },
      me: { id: 'fb-2', email: 'x@example.com' },
    });
    fbTokens.set('fb-mismatch', {
      debug: { is_valid: true, app_id: FB_APP_ID, user_id: 'fb-3' },
      me: { id: 'fb-4', email: 'y@example.com' },
    });
    for (const idToken of ['fb-other-app', 'fb-unknown', 'fb-mismatch']) {
      const res = await social(t, { provider: 'facebook', idToken });
      expect(res.status).toBe(401);
    }
  });

  it('answers "Ofruesi nuk ktheu asnjë adresë email-i" when Facebook gives no email', async () => {
    const t = await configured();
    fbTokens.set('fb-noemail', {
      debug: { is_valid: true, app_id: FB_APP_ID, user_id: 'fb-5' },
      me: { id: 'fb-5', name: 'Pa Email' },
    });
    const res = await social(t, { provider: 'facebook', idToken: 'fb-noemail' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { Message: string }).Message).toBe(accountMessages.account.noProviderEmail);
  });

  it('answers 401 when the Graph API cannot be reached', async () => {
    const t = await createTestApp({
      facebook: { appId: FB_APP_ID, appSecret: FB_SECRET, graphUrl: 'http://127.0.0.1:9' },
    });
    expect((await social(t, { provider: 'facebook', idToken: 'whatever' })).status).toBe(401);
  });
});

describe('not configured', () => {
  it('answers 400 (not 501) with a clear message for each provider', async () => {
    const t = await createTestApp();
    for (const provider of ['google', 'facebook']) {
      const res = await social(t, { provider, idToken: 'token' });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { Message: string }).Message).toBe(accountMessages.account.socialNotConfigured);
    }
  });

  it('answers 400 for an unknown provider or a missing token', async () => {
    const t = await configured();
    expect((await social(t, { provider: 'myspace', idToken: 'x' })).status).toBe(400);
    expect((await social(t, { provider: 'google' })).status).toBe(400);
  });
});
