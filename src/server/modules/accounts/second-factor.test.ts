// Two-step sign-in through the real app (issue 28, decision 225), on SQLite and PostgreSQL: setup and confirm, login
// with a code on both doors, wrong and replayed codes, single-use recovery codes, the throttle's 429, the staff
// requirement's gate, the administrator's reset, and the secret: encrypted in the database, shown once, never to staff.
import { Secret, TOTP } from 'otpauth';
import { beforeEach, describe, expect, it } from 'vitest';
import { staffMessages } from '#shared/messages-staff';
import { createAdmin, createCustomer, createStaff } from '#server/testing/auth';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createProduct, insertOrder } from '#server/testing/factories';
import { trpcCall } from '#server/testing/trpc';
import { accountMessages } from '#shared/messages/account';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const totpOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
/** Codes of consecutive steps around the test's start (each step is accepted once): at(-1), at(0), at(1). */
async function codesFor(secret: string) {
  // Not within 3 s of a step's end, so the three steps stay inside the server's window for the test's length.
  const intoStep = Date.now() % 30_000;
  if (intoStep > 27_000) await new Promise((r) => setTimeout(r, 30_100 - intoStep));
  const base = Date.now();
  return (offset: number) => totpOf(secret).generate({ timestamp: base + offset * 30_000 });
}

const post = (path: string, json: unknown, token?: string) => t.request(path, { method: 'POST', json, token });

/** Sets up and confirms TOTP for the token's account: the secret, the recovery codes and the code maker. */
async function turnOn(token: string) {
  const setup = await post('/api/users/second-factor/setup', {}, token);
  expect(setup.status).toBe(200);
  const { secret, otpauthUri, qrSvg } = (await setup.json()) as { secret: string; otpauthUri: string; qrSvg: string };
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Butiku:.+secret=/);
  expect(qrSvg).toMatch(/^<svg/);
  const code = await codesFor(secret);
  const confirm = await post('/api/users/second-factor/confirm', { code: code(-1) }, token);
  expect(confirm.status).toBe(200);
  const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
  expect(recoveryCodes).toHaveLength(10);
  expect(new Set(recoveryCodes).size).toBe(10);
  return { secret, recoveryCodes, code };
}

async function firstStep(email: string, password: string) {
  const res = await post('/api/users/login', { email, password });
  expect(res.status).toBe(200);
  return res;
}

describe('setting up TOTP', () => {
  it('confirms with a first code; the status tells, the secret is stored encrypted, the wrong code is refused', async () => {
    const u = await createCustomer(t);
    const setup = await post('/api/users/second-factor/setup', {}, u.token);
    const { secret } = (await setup.json()) as { secret: string };
    const wrong = await post('/api/users/second-factor/confirm', { code: '000000' }, u.token);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { errors: unknown }).errors).toEqual({
      code: [accountMessages.secondFactor.codeInvalid],
    });
    const row = await t.db
      .selectFrom('user_totp')
      .selectAll()
      .where('user_id', '=', u.userId)
      .executeTakeFirstOrThrow();
    expect(row.confirmed_at).toBeNull();
    // Encrypted at rest: the raw row holds no base32 secret, in any case.
    expect(JSON.stringify(row).toUpperCase()).not.toContain(secret);
    expect(row.secret_enc).toMatch(/^v1\./);
    const code = await codesFor(secret);
    expect((await post('/api/users/second-factor/confirm', { code: code(0) }, u.token)).status).toBe(200);
    const status = await t.request('/api/users/second-factor', { token: u.token });
    expect(await status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10, mustSetUp: false, required: false });
    // Recovery codes are stored hashed.
    const hashes = await t.db.selectFrom('user_recovery_codes').select('code_hash').execute();
    expect(hashes).toHaveLength(10);
    for (const h of hashes) expect(h.code_hash).toMatch(/^[0-9a-f]{64}$/);
    // Shown once: a second setup is refused while it is on.
    expect((await post('/api/users/second-factor/setup', {}, u.token)).status).toBe(409);
  });
});

describe('login with a second factor', () => {
  it('answers a challenge instead of tokens (no cookie), then issues the tokens for a code; a replay is refused', async () => {
    const u = await createCustomer(t);
    const { code } = await turnOn(u.token);
    const first = await firstStep(u.email, u.password);
    expect(first.headers.getSetCookie()).toEqual([]);
    const body = (await first.json()) as { secondFactorRequired: true; challenge: string };
    expect(body).toEqual({ secondFactorRequired: true, challenge: expect.any(String) });
    // The challenge is no access token.
    expect((await t.request('/api/users/profile', { token: body.challenge })).status).toBe(401);
    const wrong = await post('/api/users/login/second-factor', { challenge: body.challenge, code: '123456' });
    expect(wrong.status).toBe(401);
    const c0 = code(0);
    const ok = await post('/api/users/login/second-factor', { challenge: body.challenge, code: c0 });
    expect(ok.status).toBe(200);
    const tokens = (await ok.json()) as { token: string; roleID: number; userID: number };
    expect(tokens).toEqual({ token: expect.any(String), roleID: 1, userID: u.userId });
    expect(ok.headers.getSetCookie().some((c) => c.startsWith('RefreshToken='))).toBe(true);
    expect((await t.request('/api/users/profile', { token: tokens.token })).status).toBe(200);
    // The same code again (its step is used): refused, with its own message.
    const again = await firstStep(u.email, u.password);
    const { challenge } = (await again.json()) as { challenge: string };
    const replay = await post('/api/users/login/second-factor', { challenge, code: c0 });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { Message: string }).Message).toBe(accountMessages.secondFactor.codeUsed);
    // An earlier step than the last used one is refused too; the next step's code works.
    expect((await post('/api/users/login/second-factor', { challenge, code: code(-1) })).status).toBe(401);
    expect((await post('/api/users/login/second-factor', { challenge, code: code(1) })).status).toBe(200);
    // The account's sign-in history shows the refused codes (a thief holding the password), not only the successes.
    const history = (await (await t.request('/api/users/sign-ins', { token: tokens.token })).json()) as Array<{
      ok: boolean;
      method: string;
    }>;
    expect(history.slice(0, 5).map(({ ok, method }) => `${method}:${ok}`)).toEqual([
      'totp:true',
      'totp:false',
      'totp:false',
      'totp:true',
      'totp:false',
    ]);
  });

  it('works through tRPC the same way', async () => {
    const u = await createCustomer(t);
    const { code } = await turnOn(u.token);
    const send = (path: string, init: RequestInit & { token?: string }) => t.request(path, init);
    const first = await trpcCall(send, 'accounts.login', 'mutation', { email: u.email, password: u.password });
    expect(first.status).toBe(200);
    const { challenge } = first.data as { challenge: string };
    const second = await trpcCall(send, 'secondFactor.login', 'mutation', { challenge, code: code(0) });
    expect(second.status).toBe(200);
    expect(second.data).toMatchObject({ roleID: 1, userID: u.userId });
    const replay = await trpcCall(send, 'secondFactor.login', 'mutation', { challenge, code: code(0) });
    expect(replay.code).toBe('UNAUTHORIZED');
  });

  it('accepts a recovery code once, in any case and with spaces', async () => {
    const u = await createCustomer(t);
    const { recoveryCodes } = await turnOn(u.token);
    const { challenge } = (await (await firstStep(u.email, u.password)).json()) as { challenge: string };
    const typed = ` ${recoveryCodes[0]!.toUpperCase()} `;
    expect((await post('/api/users/login/second-factor', { challenge, code: typed })).status).toBe(200);
    expect((await post('/api/users/login/second-factor', { challenge, code: recoveryCodes[0] })).status).toBe(401);
    const status = await t.request('/api/users/second-factor', { token: u.token });
    expect(((await status.json()) as { recoveryCodesLeft: number }).recoveryCodesLeft).toBe(9);
  });

  it('wrong codes are throttled like passwords: 429 with Retry-After', async () => {
    const u = await createCustomer(t);
    await turnOn(u.token);
    const { challenge } = (await (await firstStep(u.email, u.password)).json()) as { challenge: string };
    for (let i = 0; i < 5; i++)
      expect((await post('/api/users/login/second-factor', { challenge, code: `10000${i}` })).status).toBe(401);
    const blocked = await post('/api/users/login/second-factor', { challenge, code: '100009' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('signing in again with the password does not wipe the count of wrong codes', async () => {
    const u = await createCustomer(t);
    await turnOn(u.token);
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      const first = await post('/api/users/login', { email: u.email, password: u.password });
      statuses.push(first.status);
      if (first.status !== 200) continue;
      const { challenge } = (await first.json()) as { challenge: string };
      for (let i = 0; i < 4; i++)
        statuses.push((await post('/api/users/login/second-factor', { challenge, code: `20000${i}` })).status);
    }
    // A right password between guesses used to clear the pair's failures: the guesses went on unpaced for ever.
    expect(statuses).toContain(429);
  });

  it('refuses a forged or expired challenge', async () => {
    const res = await post('/api/users/login/second-factor', { challenge: 'not-a-challenge', code: '123456' });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { Message: string }).Message).toBe(accountMessages.secondFactor.challengeExpired);
  });

  it('an account without a second factor logs in as before (the spec’s answer)', async () => {
    const u = await createCustomer(t);
    const res = await firstStep(u.email, u.password);
    expect(Object.keys((await res.json()) as object).sort()).toEqual(['roleID', 'token', 'userID']);
  });
});

describe('turning it off and new recovery codes', () => {
  it('turns off with the password (a wrong one refused); new recovery codes replace the old', async () => {
    const u = await createCustomer(t);
    const { code, recoveryCodes } = await turnOn(u.token);
    const fresh = await post('/api/users/second-factor/recovery-codes', { code: code(0) }, u.token);
    expect(fresh.status).toBe(200);
    const { recoveryCodes: next } = (await fresh.json()) as { recoveryCodes: string[] };
    expect(next).toHaveLength(10);
    expect(next).not.toContain(recoveryCodes[0]);
    const wrong = await post('/api/users/second-factor/disable', { passwordOrCode: 'Wrong#Pass1' }, u.token);
    expect(wrong.status).toBe(400);
    const off = await post('/api/users/second-factor/disable', { passwordOrCode: u.password }, u.token);
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect(await t.db.selectFrom('user_totp').selectAll().execute()).toEqual([]);
    const login = await firstStep(u.email, u.password);
    expect((await login.json()) as object).toHaveProperty('token');
  });
});

describe('the staff requirement', () => {
  it('is set only by an administrator who has a second factor; staff without one get 403 until they set it up', async () => {
    const admin = await createAdmin(t);
    const staff = await createStaff(t);
    const put = (token: string, on: boolean) =>
      t.request('/api/Settings/security', { method: 'PUT', token, json: { requireStaffSecondFactor: on } });
    expect((await put(staff.token, true)).status).toBe(403);
    expect((await put(admin.token, true)).status).toBe(409);
    await turnOn(admin.token);
    expect((await put(admin.token, true)).status).toBe(200);
    const gated = await t.request('/api/Roles/roles', { token: staff.token });
    expect(gated.status).toBe(403);
    const body = (await gated.json()) as { Message: string; details: { reason: string } };
    expect(body.Message).toBe(staffMessages.secondFactor.required);
    expect(body.details.reason).toBe('secondFactorRequired');
    const send = (path: string, init: RequestInit & { token?: string }) => t.request(path, init);
    expect((await trpcCall(send, 'accounts.roles', 'query', undefined, staff.token)).code).toBe('FORBIDDEN');
    // Their own account still answers, and says what to do.
    const status = await t.request('/api/users/second-factor', { token: staff.token });
    expect(await status.json()).toMatchObject({ enabled: false, mustSetUp: true, required: true });
    const { code } = await turnOn(staff.token);
    expect((await t.request('/api/Roles/roles', { token: staff.token })).status).toBe(200);
    // While it is required, staff cannot turn theirs off.
    const off = await post('/api/users/second-factor/disable', { passwordOrCode: code(0) }, staff.token);
    expect(off.status).toBe(409);
    // A customer is never gated.
    const customer = await createCustomer(t);
    expect((await t.request('/api/users/second-factor', { token: customer.token })).status).toBe(200);
    expect(await (await t.request('/api/Settings/security', { token: admin.token })).json()).toEqual({
      requireStaffSecondFactor: true,
    });
  });

  it('holds back a staff token on reads open to everyone that show staff more: another’s order, inactive products', async () => {
    const admin = await createAdmin(t);
    const staff = await createStaff(t);
    await turnOn(admin.token);
    const on = await t.request('/api/Settings/security', {
      method: 'PUT',
      token: admin.token,
      json: { requireStaffSecondFactor: true },
    });
    expect(on.status).toBe(200);
    // A stolen staff password before the setup must not read customers' addresses and phones order by order.
    const orderId = await insertOrder(t.db, { address: 'Rruga e Fshehtë 7', phoneNumber: '+38344111222' });
    const { productId } = await createProduct(t.db, { isActive: false });
    const orderPath = `/api/orders/checkout/${orderId}`;
    const send = (path: string, init: RequestInit & { token?: string }) => t.request(path, init);
    const reads = async (token: string) => ({
      order: (await t.request(orderPath, { token })).status,
      orderTrpc: (await trpcCall(send, 'checkout.order', 'query', { orderId }, token)).status,
      product: (await t.request(`/api/Product/${productId}`, { token })).status,
      listed: ((await (await t.request('/api/Product', { token })).json()) as Array<{ productID: number }>).some(
        (p) => p.productID === productId,
      ),
    });
    expect(await reads(staff.token)).toEqual({ order: 404, orderTrpc: 404, product: 404, listed: false });
    await turnOn(staff.token);
    expect(await reads(staff.token)).toEqual({ order: 200, orderTrpc: 200, product: 200, listed: true });
  });

  it('the administrator resets a staff member’s second factor; staff cannot', async () => {
    const admin = await createAdmin(t);
    const staff = await createStaff(t);
    await turnOn(staff.token);
    const path = `/api/Users/${staff.userId}/second-factor`;
    expect((await t.request(path, { token: staff.token })).status).toBe(403);
    expect((await t.request(path, { method: 'DELETE', token: staff.token })).status).toBe(403);
    expect(await (await t.request(path, { token: admin.token })).json()).toEqual({ enabled: true });
    const reset = await t.request(path, { method: 'DELETE', token: admin.token });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ enabled: false });
    const login = await firstStep(staff.email, staff.password);
    expect((await login.json()) as object).toHaveProperty('token');
    expect((await t.request('/api/Users/999999/second-factor', { method: 'DELETE', token: admin.token })).status).toBe(
      404,
    );
  });
});

describe('no API gives the secret to anyone else', () => {
  it('the administrators’ user screens and every read answer no secret or recovery code', async () => {
    const admin = await createAdmin(t);
    const staff = await createStaff(t);
    const { secret, recoveryCodes } = await turnOn(staff.token);
    const reads = [
      `/api/Users/${staff.userId}`,
      `/api/Users/${staff.userId}/second-factor`,
      '/api/Users',
      '/api/Settings/security',
      '/api/users/second-factor',
    ];
    for (const path of reads)
      for (const token of [admin.token, staff.token]) {
        const text = await (await t.request(path, { token })).text();
        expect(text.toUpperCase()).not.toContain(secret);
        expect(text).not.toContain(recoveryCodes[0]);
      }
    // The only answer with a secret is one's own setup; another setup of a confirmed account is refused.
    expect((await post('/api/users/second-factor/setup', {}, staff.token)).status).toBe(409);
    const outbox = await t.db.selectFrom('mail_outbox').selectAll().execute();
    expect(JSON.stringify(outbox).toUpperCase()).not.toContain(secret);
  });
});
