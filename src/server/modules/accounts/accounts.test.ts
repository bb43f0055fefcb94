// The accounts services through the tRPC door (real app, /api/trpc): same rules and messages as REST, cookie included.
import { beforeEach, describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/messages/account';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createAdmin, createCustomer, createStaff } from '#server/testing/auth';
import * as service from './accounts.service';
import { rotateSession, startSession } from './sessions';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

async function call(path: string, opts: { input?: unknown; token?: string; cookie?: string; query?: boolean } = {}) {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = `RefreshToken=${opts.cookie}`;
  const res = opts.query
    ? await t.request(
        `/api/trpc/${path}${opts.input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: opts.input }))}`}`,
        { token: opts.token, headers },
      )
    : await t.request(`/api/trpc/${path}`, {
        method: 'POST',
        json: { json: opts.input ?? null },
        token: opts.token,
        headers,
      });
  const body = (await res.json()) as {
    result?: { data: { json: unknown } };
    error?: { json: { message: string; data: { httpStatus: number; fieldErrors?: Record<string, string[]> } } };
  };
  const refresh =
    res.headers
      .getSetCookie()
      .map((c) => /^RefreshToken=([^;]*)/.exec(c)?.[1])
      .find((v) => v !== undefined) ?? null;
  return {
    status: res.status,
    data: body.result?.data.json as Record<string, unknown> | undefined,
    error: body.error?.json,
    refresh,
  };
}

const signUp = {
  firstName: 'Ema',
  lastName: 'Gashi',
  phoneNumber: '044123456',
  email: 'ema@example.com',
  password: 'Ema#2026ok',
  roleID: 1,
};

describe('accounts over tRPC', () => {
  it('register, login (cookie), profile, refresh and logout', async () => {
    const reg = await call('accounts.register', { input: signUp });
    expect(reg.data).toMatchObject({ email: 'ema@example.com', roleID: 1, token: expect.any(String) });
    // Signed in by the sign-up (decision 215): the token reads the profile, the cookie is set.
    expect(reg.refresh).toBeTruthy();
    const own = await call('accounts.profile', { token: reg.data!.token as string, query: true });
    expect(own.data).toMatchObject({ email: 'ema@example.com' });
    const login = await call('accounts.login', { input: { email: 'EMA@example.com', password: signUp.password } });
    expect(login.data).toEqual({ token: expect.any(String), roleID: 1, userID: reg.data!.userID });
    expect(login.refresh).toBeTruthy();
    const profile = await call('accounts.profile', { token: login.data!.token as string, query: true });
    expect(profile.data).toMatchObject({ firstName: 'Ema', lastName: 'Gashi', email: 'ema@example.com' });
    const refreshed = await call('accounts.refreshToken', { cookie: login.refresh! });
    expect(refreshed.data).toMatchObject({ roleID: 1 });
    expect(refreshed.refresh).not.toBe(login.refresh);
    const out = await call('accounts.logout', { cookie: refreshed.refresh! });
    expect(out.data).toEqual({ Message: accountMessages.profile.loggedOut });
    expect(out.refresh).toBe('');
    expect((await call('accounts.refreshToken', { cookie: refreshed.refresh! })).status).toBe(401);
  });

  it('gives field messages from the shared schema', async () => {
    const res = await call('accounts.register', { input: { ...signUp, firstName: 'Em@', password: 'abc' } });
    expect(res.status).toBe(400);
    expect(res.error!.data.fieldErrors!.firstName).toEqual([accountMessages.account.firstNameCapital]);
    expect(res.error!.data.fieldErrors!.password).toEqual([accountMessages.account.passwordRules]);
  });

  it('takes names typed in lowercase and stores them with capitals (decision 209)', async () => {
    const reg = await call('accounts.register', { input: { ...signUp, firstName: 'arta', lastName: 'berisha-gashi' } });
    expect(reg.data).toMatchObject({ firstName: 'Arta', lastName: 'Berisha-Gashi' });
    const row = await t.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('user_id', '=', reg.data!.userID as number)
      .executeTakeFirstOrThrow();
    expect([row.first_name, row.last_name]).toEqual(['Arta', 'Berisha-Gashi']);
  });

  it('answers CONFLICT for a taken email and UNAUTHORIZED for a wrong password', async () => {
    await call('accounts.register', { input: signUp });
    const dup = await call('accounts.register', { input: { ...signUp, email: 'Ema@Example.COM' } });
    expect(dup.status).toBe(409);
    expect(dup.error!.message).toBe(accountMessages.account.emailTaken);
    const wrong = await call('accounts.login', { input: { email: signUp.email, password: 'Nope#1234' } });
    expect(wrong.status).toBe(401);
    expect(wrong.error!.message).toBe(accountMessages.account.invalidCredentials);
  });

  it('roles: staff and admin yes, customer 403, guest 401', async () => {
    expect((await call('accounts.roles', { token: (await createStaff(t)).token, query: true })).data).toHaveLength(3);
    expect((await call('accounts.roles', { token: (await createAdmin(t)).token, query: true })).status).toBe(200);
    expect((await call('accounts.roles', { token: (await createCustomer(t)).token, query: true })).status).toBe(403);
    expect((await call('accounts.roles', { query: true })).status).toBe(401);
  });

  it('providers are public', async () => {
    expect((await call('accounts.providers', { query: true })).data).toEqual({
      google: null,
      facebook: null,
      passkeys: true,
    });
  });
});

describe('sessions service', () => {
  // Twenty races, so both orders happen: the loser reads the token after the winner's commit (a reuse), or while the
  // winner still holds it (PostgreSQL: its update waits, then matches nothing). Either way the family ends.
  it('two refreshes racing with one token: exactly one wins, and the loser revokes the family', async () => {
    const user = await createCustomer(t);
    for (let round = 0; round < 20; round++) {
      const s = await startSession(t.db, user.userId);
      const results = await Promise.allSettled([
        rotateSession(t.db, s.refreshToken),
        rotateSession(t.db, s.refreshToken),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const winner = results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ refreshToken: string }>;
      await expect(rotateSession(t.db, winner.value.refreshToken)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('createAccount lets the users module choose a role; register always makes a customer', async () => {
    const staff = await service.createAccount(t, { ...signUp, email: 'staf2@example.com' }, { roleID: 2 });
    expect(staff.roleID).toBe(2);
    const self = await service.register(t, { ...signUp, email: 'self@example.com', roleID: 3 });
    expect(self.body.roleID).toBe(1);
  });

  it('two concurrent sign-ups with one email: one account, one 409', async () => {
    const results = await Promise.allSettled([
      service.register(t, signUp),
      service.register(t, { ...signUp, email: 'EMA@example.com' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({
      code: 'CONFLICT',
    });
  });
});
