// HTTP contract of the accounts paths through the real app: register, login, refresh rotation and reuse, logout, profile, roles.
import { SignJWT } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/messages/account';
import { createAdmin, createCustomer, createStaff, createUser } from '#server/testing/auth';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createPasswordlessUser, expireRefreshTokens, setUserRole } from '#server/testing/factories';
import { TEST_JWT_SECRET } from '#server/testing/db';
import { signAccessToken } from './tokens';

const signUp = {
  firstName: 'Arta',
  lastName: 'Berisha',
  phoneNumber: '+383-44-123456',
  email: 'Arta.Berisha@Example.com',
  password: 'Fjal#Kalim1',
  roleID: 1,
};

/** The RefreshToken value from a response's Set-Cookie headers ('' when cleared). */
function refreshFrom(res: Response): string | null {
  for (const c of res.headers.getSetCookie()) {
    const m = /^RefreshToken=([^;]*)/.exec(c);
    if (m) return m[1]!;
  }
  return null;
}

const cookie = (token: string) => ({ cookie: `RefreshToken=${token}` });

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

async function registerAndLogin(app = t, email = signUp.email, password = signUp.password) {
  await app.request('/api/users/register', { method: 'POST', json: { ...signUp, email, password } });
  const res = await app.request('/api/users/login', { method: 'POST', json: { email, password } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { token: string; roleID: number; userID: number };
  return { ...body, refresh: refreshFrom(res)! };
}

describe('POST /api/users/register', () => {
  it('creates a customer (201) without exposing the hash, storing an argon2id hash, and signs them in', async () => {
    const res = await t.request('/api/users/register', { method: 'POST', json: { ...signUp, roleID: 3 } });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({
      userID: expect.any(Number),
      firstName: 'Arta',
      lastName: 'Berisha',
      email: 'Arta.Berisha@Example.com',
      phoneNumber: '+383 44 123 456',
      roleID: 1,
      token: expect.any(String),
    });
    // The sign-up started a session (decision 215): the token reads the profile, the cookie refreshes it.
    const profile = await t.request('/api/users/profile', { token: body.token });
    expect(profile.status).toBe(200);
    const refresh = refreshFrom(res);
    expect(refresh).toBeTruthy();
    const renewed = await t.request('/api/users/refresh-token', { method: 'POST', headers: cookie(refresh!) });
    expect(renewed.status).toBe(200);
    expect(JSON.stringify(body)).not.toContain('argon2');
    const row = await t.db
      .selectFrom('users')
      .select(['password_hash', 'role_id'])
      .where('user_id', '=', body.userID)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.role_id).toBe(1);
  });

  it('answers 400 with the spec messages keyed by field', async () => {
    const res = await t.request('/api/users/register', {
      method: 'POST',
      json: { firstName: 'Ar7a', lastName: 'B3', phoneNumber: 'abc', email: 'nope', password: 'short', roleID: 1 },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(body.errors.firstName).toEqual([accountMessages.account.firstNameCapital]);
    expect(body.errors.lastName).toEqual([accountMessages.account.lastNameCapital]);
    expect(body.errors.phoneNumber).toEqual([accountMessages.account.invalidPhone]);
    expect(body.errors.email).toEqual([accountMessages.account.invalidEmail]);
    expect(body.errors.password).toEqual([accountMessages.account.passwordRules]);
  });

  it('takes names typed in lowercase and stores them with capitals (decision 209)', async () => {
    const res = await t.request('/api/users/register', {
      method: 'POST',
      json: { ...signUp, firstName: ' arta ', lastName: 'berisha-gashi' },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { userID: number; firstName: string; lastName: string };
    expect([body.firstName, body.lastName]).toEqual(['Arta', 'Berisha-Gashi']);
    const row = await t.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('user_id', '=', body.userID)
      .executeTakeFirstOrThrow();
    expect([row.first_name, row.last_name]).toEqual(['Arta', 'Berisha-Gashi']);
  });

  it('rejects passwords without an uppercase letter or a symbol', async () => {
    for (const password of ['longenough#1', 'Longenough1']) {
      const res = await t.request('/api/users/register', { method: 'POST', json: { ...signUp, password } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: Record<string, string[]> }).errors.password).toEqual([
        accountMessages.account.passwordRules,
      ]);
    }
  });

  it('answers 409 for a second account with the same email in another case', async () => {
    expect((await t.request('/api/users/register', { method: 'POST', json: signUp })).status).toBe(201);
    const res = await t.request('/api/users/register', {
      method: 'POST',
      json: { ...signUp, email: '  arta.berisha@EXAMPLE.com ' },
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { Message: string }).Message).toBe(accountMessages.account.emailTaken);
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await t.app.request('/api/users/register', {
      method: 'POST',
      body: '{bad',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });
});

describe('POST /api/users/login', () => {
  it('answers token, roleID and userID and sets the RefreshToken cookie', async () => {
    await t.request('/api/users/register', { method: 'POST', json: signUp });
    const res = await t.request('/api/users/login', {
      method: 'POST',
      json: { email: ' arta.berisha@example.com ', password: signUp.password },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string; roleID: number; userID: number };
    expect(body).toEqual({ token: expect.any(String), roleID: 1, userID: expect.any(Number) });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('RefreshToken='))!;
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Lax/);
    expect(set).toMatch(/Path=\/api(;|$)/);
    expect(set).toMatch(/Max-Age=2592000/);
    expect(set).not.toMatch(/Secure/);
    // The access token works and lives 15 minutes.
    const payload = JSON.parse(Buffer.from(body.token.split('.')[1]!, 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(900);
    expect(payload.sub).toBe(String(body.userID));
    const profile = await t.request('/api/users/profile', { token: body.token });
    expect(profile.status).toBe(200);
    // Only a hash of the refresh token is stored.
    const refresh = refreshFrom(res)!;
    const rows = await t.db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('user_id', '=', body.userID)
      .orderBy('refresh_token_id', 'desc')
      .execute();
    expect(rows).toHaveLength(2); // the sign-up's session and the login's
    expect(rows[0]!.token_hash).not.toContain(refresh);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('marks the cookie Secure in production', async () => {
    const prod = await createTestApp({ env: 'production' });
    const user = await createCustomer(prod);
    const res = await prod.request('/api/users/login', {
      method: 'POST',
      json: { email: user.email, password: user.password },
    });
    expect(res.headers.getSetCookie().find((c) => c.startsWith('RefreshToken='))).toMatch(/; Secure/);
  });

  it('answers 401 with Message for a wrong password and for an unknown email alike', async () => {
    const user = await createCustomer(t);
    const wrong = await t.request('/api/users/login', {
      method: 'POST',
      json: { email: user.email, password: 'Wrong#Pass1' },
    });
    const unknown = await t.request('/api/users/login', {
      method: 'POST',
      json: { email: 'nobody@example.com', password: 'Wrong#Pass1' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as { Message: string }).Message).toBe(accountMessages.account.invalidCredentials);
      expect(refreshFrom(res)).toBeNull();
    }
  });

  it('answers 400 with field messages for empty fields', async () => {
    const res = await t.request('/api/users/login', { method: 'POST', json: { email: '  ', password: '' } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'password']);
  });

  it('cannot log in to a social-only account (no password) with any password', async () => {
    const row = {
      user_id: await createPasswordlessUser(t.db, { firstName: 'S', lastName: 'S', email: 'social@example.com' }),
    };
    expect(row.user_id).toBeGreaterThan(0);
    const res = await t.request('/api/users/login', {
      method: 'POST',
      json: { email: 'social@example.com', password: 'Any#Pass1' },
    });
    expect(res.status).toBe(401);
  });
});

describe('login throttling', () => {
  it('slows an email after 5 failures (429 with a clear message) and a correct password after the pause resets it', async () => {
    const user = await createCustomer(t);
    for (let i = 0; i < 5; i++) {
      const res = await t.request('/api/users/login', {
        method: 'POST',
        json: { email: user.email, password: `Wrong#${i}A` },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await t.request('/api/users/login', {
      method: 'POST',
      json: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(blocked.status).toBe(429);
    const body = (await blocked.json()) as { Message: string; details: { retryAfterSeconds: number } };
    expect(body.Message).toMatch(/^Shumë përpjekje të dështuara\. Provoni përsëri pas \d+ sekondash\.$/);
    expect(body.details.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // After the pause a correct password works and clears the counter.
    await new Promise((r) => setTimeout(r, 1100));
    const ok = await t.request('/api/users/login', {
      method: 'POST',
      json: { email: user.email, password: user.password },
    });
    expect(ok.status).toBe(200);
    const again = await t.request('/api/users/login', {
      method: 'POST',
      json: { email: user.email, password: 'Wrong#x1A' },
    });
    expect(again.status).toBe(401);
  });

  it('counts failures per email: another customer is not slowed', async () => {
    const a = await createCustomer(t);
    const b = await createCustomer(t);
    for (let i = 0; i < 6; i++)
      await t.request('/api/users/login', { method: 'POST', json: { email: a.email, password: 'Wrong#Pass1' } });
    const res = await t.request('/api/users/login', { method: 'POST', json: { email: b.email, password: b.password } });
    expect(res.status).toBe(200);
  });
});

describe('POST /api/users/refresh-token', () => {
  it('rotates: a new token and cookie, and the old token stops working', async () => {
    const login = await registerAndLogin();
    const res = await t.request('/api/users/refresh-token', { method: 'POST', headers: cookie(login.refresh) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string; roleID: number; userID: number };
    expect(body).toEqual({ token: expect.any(String), roleID: 1, userID: login.userID });
    const next = refreshFrom(res)!;
    expect(next).toBeTruthy();
    expect(next).not.toBe(login.refresh);
    const again = await t.request('/api/users/refresh-token', { method: 'POST', headers: cookie(next) });
    expect(again.status).toBe(200);
  });

  it('revokes the whole login when a rotated token is used again (reuse detection)', async () => {
    const login = await registerAndLogin();
    const first = await t.request('/api/users/refresh-token', { method: 'POST', headers: cookie(login.refresh) });
    const current = refreshFrom(first)!;
    // An attacker replays the stolen, already rotated token.
    const replay = await t.request('/api/users/refresh-token', { method: 'POST', headers: cookie(login.refresh) });
    expect(replay.status).toBe(401);
    expect(refreshFrom(replay)).toBe('');
    // The legitimate holder's newer token is dead too: the family is revoked.
    const legit = await t.request('/api/users/refresh-token', { method: 'POST', headers: cookie(current) });
    expect(legit.status).toBe(401);
    // Another login of the same user is untouched.
    const other = await t.request('/api/users/login', {
      method: 'POST',
      json: { email: signUp.email, password: signUp.password },
    });
    expect(
      (await t.request('/api/users/refresh-token', { method: 'POST', headers: cookie(refreshFrom(other)!) })).status,
    ).toBe(200);
  });

  it('answers 401 without a cookie, with a forged one, and with an expired one', async () => {
    expect((await t.request('/api/users/refresh-token', { method: 'POST' })).status).toBe(401);
    expect(
      (await t.request('/api/users/refresh-token', { method: 'POST', headers: cookie('forged-token-value') })).status,
    ).toBe(401);
    const login = await registerAndLogin();
    await expireRefreshTokens(t.db);
    const res = await t.request('/api/users/refresh-token', { method: 'POST', headers: cookie(login.refresh) });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { Message: string }).Message).toBe(accountMessages.account.refreshFailed);
  });

  it('puts the current role in the new access token', async () => {
    const login = await registerAndLogin();
    await setUserRole(t.db, login.userID, 2);
    const res = await t.request('/api/users/refresh-token', { method: 'POST', headers: cookie(login.refresh) });
    expect(((await res.json()) as { roleID: number }).roleID).toBe(2);
  });
});

describe('POST /api/users/logout', () => {
  it('revokes the refresh token and clears the cookie', async () => {
    const login = await registerAndLogin();
    const res = await t.request('/api/users/logout', { method: 'POST', headers: cookie(login.refresh) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ Message: accountMessages.profile.loggedOut });
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith('RefreshToken='))!;
    expect(cleared).toMatch(/^RefreshToken=;/);
    expect(cleared).toMatch(/Max-Age=0/);
    expect(
      (await t.request('/api/users/refresh-token', { method: 'POST', headers: cookie(login.refresh) })).status,
    ).toBe(401);
  });

  it('is harmless without a cookie', async () => {
    expect((await t.request('/api/users/logout', { method: 'POST' })).status).toBe(200);
  });
});

describe('GET and PUT /api/users/profile', () => {
  it('answers the profile fields for the bearer', async () => {
    const login = await registerAndLogin();
    const res = await t.request('/api/users/profile', { token: login.token });
    expect(await res.json()).toEqual({
      userID: login.userID,
      firstName: 'Arta',
      lastName: 'Berisha',
      email: 'Arta.Berisha@Example.com',
      phoneNumber: '+383 44 123 456',
      aboutMe: '',
      roleID: 1,
      pendingEmailChange: null,
    });
  });

  it('answers 401 without a token, with a forged token, an expired token and a token of a deleted user', async () => {
    const user = await createCustomer(t);
    const forged = await new SignJWT({ roleID: 3 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.userId))
      .setIssuer('butiku')
      .setAudience('butiku-api')
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const expired = await signAccessToken(
      { userId: user.userId, roleID: 1, familyId: user.familyId },
      t.config.keys.accessToken,
      -10,
    );
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: String(user.userId), roleID: 3 })).toString('base64url')}.`;
    // Signed with the right secret but missing exp, iat or the login family: never accepted.
    const key = t.config.keys.accessToken;
    const base = () =>
      new SignJWT({ roleID: 1, fid: user.familyId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.userId))
        .setIssuer('butiku')
        .setAudience('butiku-api');
    const noExp = await base().setIssuedAt().sign(key);
    const noIat = await base().setExpirationTime('15m').sign(key);
    const noFamily = await new SignJWT({ roleID: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.userId))
      .setIssuer('butiku')
      .setAudience('butiku-api')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(key);
    const otherFamily = await signAccessToken(
      { userId: user.userId, roleID: 1, familyId: 'not-a-login' },
      t.config.keys.accessToken,
    );
    // The root secret itself is no key (decision 236): a token signed with it, as before, is refused.
    const underRoot = await signAccessToken(
      { userId: user.userId, roleID: 1, familyId: user.familyId },
      new TextEncoder().encode(TEST_JWT_SECRET) as typeof key,
    );
    expect((await t.request('/api/users/profile', { token: user.token })).status).toBe(200);
    for (const token of [undefined, forged, expired, none, 'garbage', noExp, noIat, noFamily, otherFamily, underRoot]) {
      const res = await t.request('/api/users/profile', { token });
      expect(res.status).toBe(401);
    }
    const gone = await createCustomer(t);
    await t.db.deleteFrom('users').where('user_id', '=', gone.userId).execute();
    expect((await t.request('/api/users/profile', { token: gone.token })).status).toBe(401);
  });

  it('changes the password, keeps this login and revokes the others', async () => {
    const here = await registerAndLogin();
    const elsewhere = await t.request('/api/users/login', {
      method: 'POST',
      json: { email: signUp.email, password: signUp.password },
    });
    const elsewhereRefresh = refreshFrom(elsewhere)!;
    const res = await t.request('/api/users/profile', {
      method: 'PUT',
      token: here.token,
      headers: cookie(here.refresh),
      json: { password: 'Nova#Fjale2', currentPassword: signUp.password },
    });
    expect(res.status).toBe(200);
    expect(
      (await t.request('/api/users/refresh-token', { method: 'POST', headers: cookie(elsewhereRefresh) })).status,
    ).toBe(401);
    expect(
      (await t.request('/api/users/refresh-token', { method: 'POST', headers: cookie(here.refresh) })).status,
    ).toBe(200);
    expect(
      (
        await t.request('/api/users/login', {
          method: 'POST',
          json: { email: signUp.email, password: signUp.password },
        })
      ).status,
    ).toBe(401);
    expect(
      (await t.request('/api/users/login', { method: 'POST', json: { email: signUp.email, password: 'Nova#Fjale2' } }))
        .status,
    ).toBe(200);
  });

  it('changes the password only with the current one (decision 207): missing or wrong is a 400 on currentPassword, nothing changes', async () => {
    const login = await registerAndLogin();
    const put = (json: unknown) => t.request('/api/users/profile', { method: 'PUT', token: login.token, json });
    const missing = await put({ password: 'Nova#Fjale2' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { errors: Record<string, string[]> }).errors.currentPassword).toEqual([
      accountMessages.account.currentPasswordRequired,
    ]);
    const wrong = await put({ password: 'Nova#Fjale2', currentPassword: 'Gabim#2026' });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { errors: Record<string, string[]> }).errors.currentPassword).toEqual([
      accountMessages.account.currentPasswordWrong,
    ]);
    // The tRPC twin answers the same.
    const overTrpc = await t.request('/api/trpc/accounts.updateProfile', {
      method: 'POST',
      token: login.token,
      json: { json: { password: 'Nova#Fjale2', currentPassword: 'Gabim#2026' } },
    });
    expect(overTrpc.status).toBe(400);
    expect(
      (
        await t.request('/api/users/login', {
          method: 'POST',
          json: { email: signUp.email, password: signUp.password },
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.request('/api/users/login', { method: 'POST', json: { email: signUp.email, password: 'Nova#Fjale2' } }))
        .status,
    ).toBe(401);
  });

  it('a social-login account without a password is sent to the reset link to set its first one', async () => {
    const login = await registerAndLogin();
    await t.db.updateTable('users').set({ password_hash: null }).where('email', '=', signUp.email).execute();
    const res = await t.request('/api/users/profile', {
      method: 'PUT',
      token: login.token,
      json: { password: 'Nova#Fjale2', currentPassword: 'x' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors.currentPassword).toEqual([
      accountMessages.account.noPasswordYet,
    ]);
  });

  it('treats an empty password as no change and rejects a weak one', async () => {
    const login = await registerAndLogin();
    expect(
      (await t.request('/api/users/profile', { method: 'PUT', token: login.token, json: { password: '' } })).status,
    ).toBe(200);
    const weak = await t.request('/api/users/profile', {
      method: 'PUT',
      token: login.token,
      json: { password: 'weakpass' },
    });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { errors: Record<string, string[]> }).errors.password).toEqual([
      accountMessages.account.passwordRules,
    ]);
    expect(
      (
        await t.request('/api/users/login', {
          method: 'POST',
          json: { email: signUp.email, password: signUp.password },
        })
      ).status,
    ).toBe(200);
    expect((await t.request('/api/users/profile', { method: 'PUT', json: { password: '' } })).status).toBe(401);
  });
});

describe('GET /api/Roles/roles', () => {
  it('lists the seeded roles with Albanian names for staff and administrators', async () => {
    for (const u of [await createStaff(t), await createAdmin(t)]) {
      const res = await t.request('/api/Roles/roles', { token: u.token });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([
        { roleID: 1, roleName: 'Klient' },
        { roleID: 2, roleName: 'Staf' },
        { roleID: 3, roleName: 'Administrator' },
      ]);
    }
  });

  it('answers 403 for a customer and 401 without a token', async () => {
    const customer = await createUser(t, { roleID: 1 });
    expect((await t.request('/api/Roles/roles', { token: customer.token })).status).toBe(403);
    expect((await t.request('/api/Roles/roles')).status).toBe(401);
  });
});

describe('GET /api/users/providers', () => {
  it('says which social providers are configured, and whether passkeys can be used', async () => {
    expect(await (await t.request('/api/users/providers')).json()).toEqual({
      google: null,
      facebook: null,
      passkeys: true,
    });
    const configured = await createTestApp({
      google: { clientId: 'gid.apps' },
      facebook: { appId: '123', appSecret: 'secret' },
    });
    expect(await (await configured.request('/api/users/providers')).json()).toEqual({
      google: { clientId: 'gid.apps' },
      facebook: { appId: '123' },
      passkeys: true,
    });
  });
});
