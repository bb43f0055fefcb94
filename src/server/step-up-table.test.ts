// Which operations keep an account (issue 33, decision 237), as the declarations state it: the list of step-up
// operations is exactly the account-keeping ones; every one marked `true` or `when` answers 403 STEP_UP_REQUIRED on
// both doors to a token whose login has no fresh proof (a stolen one); every one marked `carried` refuses a wrong proof
// in its input on both doors and accepts the right one without a fresh login proof.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/messages/account';
import { ROLE_CUSTOMER, ROLE_STAFF } from '#shared/roles';
import { DEFAULT_LIMITS, type LimitTable } from './http/limits';
import { restRoutes, type AnyOperation } from './operations/define';
import { declaredOperations } from './operations/registry';
import { createTestApp, type TestApp } from './testing/app';
import { ageProof, createAdmin, createCustomer } from './testing/auth';
import { trpcCall } from './testing/trpc';

/** The account-keeping operations and how each asks for the owner's proof (decision 237). */
const EXPECTED: Record<string, 'always' | 'when' | 'carried'> = {
  'accounts.updateProfile': 'carried',
  'accounts.requestEmailChange': 'carried',
  'passkeys.registrationOptions': 'always',
  'passkeys.register': 'always',
  'passkeys.remove': 'always',
  'secondFactor.setup': 'always',
  'secondFactor.confirm': 'always',
  'secondFactor.disable': 'carried',
  'secondFactor.recoveryCodes': 'carried',
  'secondFactor.resetUser': 'always',
  'users.create': 'when',
  'users.update': 'when',
};

const ruleOf = (op: AnyOperation) =>
  op.stepUp === undefined ? undefined : op.stepUp === true ? 'always' : 'when' in op.stepUp ? 'when' : 'carried';
const marked = declaredOperations().filter(({ op }) => op.stepUp !== undefined);

let t: TestApp;
beforeAll(async () => {
  const roomy = Object.fromEntries(
    Object.keys(DEFAULT_LIMITS).map((n) => [n, { points: 1_000_000, windowSeconds: 60, key: 'address' }]),
  ) as unknown as LimitTable;
  t = await createTestApp({ rateLimits: roomy });
});
afterAll(() => t.db.destroy());

/** A signed-in user of the role the operation needs, whose login's proof is an hour old: a stolen token. */
async function staleCaller(op: AnyOperation) {
  const u = op.access === 'admin' ? await createAdmin(t) : await createCustomer(t);
  await ageProof(t, u.familyId);
  return u;
}

const person = { firstName: 'Ana', lastName: 'Krasniqi', phoneNumber: '+38344123456' };

/** An input for which a `when` rule holds (and one for which it does not), and its REST path. */
async function whenFixture(path: string) {
  if (path === 'users.create') {
    const email = (tag: string) => `new-${tag}-${Date.now()}-${Math.random()}@example.com`;
    const base = { ...person, password: 'Sekret#2026' };
    return {
      holds: { ...base, email: email('staff'), roleID: ROLE_STAFF },
      fails: { ...base, email: email('customer'), roleID: ROLE_CUSTOMER },
      rest: (input: object) => ({ method: 'POST', url: '/api/Users/register', input }),
    };
  }
  const other = await createCustomer(t);
  const base = { ...person, userID: other.userId, roleID: ROLE_CUSTOMER };
  return {
    holds: { ...base, email: `moved-${Date.now()}-${Math.random()}@example.com` },
    fails: { ...base, email: other.email, firstName: 'Besa' },
    rest: (input: object) => ({ method: 'PUT', url: `/api/Users/${(input as { userID: number }).userID}`, input }),
  };
}

async function rest(method: string, url: string, token: string, json: unknown) {
  const res = await t.request(url, { method, token, json });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}
const trpc = (path: string, token: string, input: unknown) => trpcCall(t.request, path, 'mutation', input, token);

const refusedForProof = (r: { status: number; body: Record<string, unknown> | null }) => {
  expect(r.status).toBe(403);
  expect(r.body).toMatchObject({
    code: 'FORBIDDEN',
    Message: accountMessages.stepUp.required,
    details: { reason: 'STEP_UP_REQUIRED' },
  });
};

describe('step-up operations (decision 237)', () => {
  it('are exactly the account-keeping ones', () => {
    expect(Object.fromEntries(marked.map(({ path, op }) => [path, ruleOf(op)]))).toEqual(EXPECTED);
  });

  it('each `carried` rule names a field of its input schema', () => {
    for (const { path, op } of marked) {
      if (typeof op.stepUp !== 'object' || !('carried' in op.stepUp)) continue;
      const shape = (op.input as unknown as { def?: { in?: { shape?: object } }; shape?: object }).shape;
      const fields = shape ?? (op.input as unknown as { def: { in: { shape: object } } }).def.in.shape;
      expect(Object.keys(fields), path).toContain(op.stepUp.carried);
    }
  });

  for (const { path, op } of marked.filter(({ op }) => ruleOf(op) === 'always')) {
    it(`${path}: 403 STEP_UP_REQUIRED without a fresh proof on both doors`, async () => {
      const u = await staleCaller(op);
      for (const route of restRoutes(op)) {
        const url = `/api${route.path.replace(/:[A-Za-z]+/g, '999999')}`;
        refusedForProof(await rest(route.method, url, u.token, {}));
      }
      const answer = await trpc(path, u.token, {});
      expect(answer.status).toBe(403);
      expect(answer.code).toBe('FORBIDDEN');
      expect(answer.details).toEqual({ reason: 'STEP_UP_REQUIRED' });
    });
  }

  for (const { path, op } of marked.filter(({ op }) => ruleOf(op) === 'when')) {
    it(`${path}: 403 STEP_UP_REQUIRED when its rule holds, on both doors; answered when it does not`, async () => {
      const u = await staleCaller(op);
      const viaRest = await whenFixture(path);
      const r = viaRest.rest(viaRest.holds);
      refusedForProof(await rest(r.method, r.url, u.token, viaRest.holds));
      const viaTrpc = await whenFixture(path);
      const answer = await trpc(path, u.token, viaTrpc.holds);
      expect(answer.status).toBe(403);
      expect(answer.details).toEqual({ reason: 'STEP_UP_REQUIRED' });
      const plain = viaRest.rest(viaRest.fails);
      expect((await rest(plain.method, plain.url, u.token, viaRest.fails)).status).toBeLessThan(300);
      expect((await trpc(path, u.token, viaTrpc.fails)).status).toBe(200);
    });
  }

  it('`carried` operations: a wrong proof in the input is refused on both doors, the right one needs no step-up', async () => {
    const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    /** A customer with two-step sign-in on (set up while fresh), then a stolen token of theirs. */
    async function withSecondFactor() {
      const u = await createCustomer(t);
      const setup = await rest('POST', '/api/users/second-factor/setup', u.token, {});
      const secret = (setup.body as { secret: string }).secret;
      const code = (offset: number) => totp(secret).generate({ timestamp: Date.now() + offset * 30_000 });
      // The previous window's code is accepted for one more window: start early in a window, so that a loaded
      // machine cannot move the clock two windows on between the code and its check.
      const intoWindow = Date.now() % 30_000;
      if (intoWindow > 20_000) await new Promise((r) => setTimeout(r, 30_000 - intoWindow + 200));
      expect((await rest('POST', '/api/users/second-factor/confirm', u.token, { code: code(-1) })).status).toBe(200);
      await ageProof(t, u.familyId);
      return { ...u, code };
    }
    const wrong = { passwordOrCode: 'Gabim#2026' };
    for (const door of ['rest', 'trpc'] as const) {
      const send = (p: string, url: string, token: string, input: object) =>
        door === 'rest' ? rest('POST', url, token, input) : trpc(p, token, input);
      const put = (token: string, input: object) =>
        door === 'rest'
          ? rest('PUT', '/api/users/profile', token, input)
          : trpc('accounts.updateProfile', token, input);
      const a = await withSecondFactor();
      expect((await send('secondFactor.disable', '/api/users/second-factor/disable', a.token, wrong)).status).toBe(400);
      expect(
        (
          await send('secondFactor.disable', '/api/users/second-factor/disable', a.token, {
            passwordOrCode: a.password,
          })
        ).status,
      ).toBe(200);
      const b = await withSecondFactor();
      const codes = '/api/users/second-factor/recovery-codes';
      expect((await send('secondFactor.recoveryCodes', codes, b.token, { code: '000000' })).status).toBe(400);
      expect((await send('secondFactor.recoveryCodes', codes, b.token, { code: b.code(0) })).status).toBe(200);
      const c = await createCustomer(t);
      await ageProof(t, c.familyId);
      const change = { password: 'TjetërSekret#1', currentPassword: 'Gabim#2026' };
      expect((await put(c.token, change)).status).toBe(400);
      expect((await put(c.token, { ...change, currentPassword: c.password })).status).toBe(200);
      const d = await createCustomer(t);
      await ageProof(t, d.familyId);
      const move = { email: `moved-${door}-${Date.now()}@example.com`, currentPassword: 'Gabim#2026' };
      const askMove = (input: object) =>
        door === 'rest'
          ? rest('POST', '/api/users/profile/email', d.token, input)
          : trpc('accounts.requestEmailChange', d.token, input);
      expect((await askMove(move)).status).toBe(400);
      expect((await askMove({ ...move, currentPassword: d.password })).status).toBe(door === 'rest' ? 202 : 200);
    }
  });
});
