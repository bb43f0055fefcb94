// HTTP contract of the passkey paths through the real app (decision 226): register on the profile, sign in with the
// passkey (the same token and refresh cookie a password sign-in gives), list/rename/remove the caller's own only,
// 400 with field messages for bad input, the password sign-in's rate limit, and the tRPC door alike.
import { beforeEach, describe, expect, it } from 'vitest';
import { LoginOptionsReply, RegistrationOptionsReply } from '#shared/dto/passkeys';
import { messages } from '#shared/messages';
import { DEFAULT_LIMITS } from '#server/http/limits';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createAdmin, createCustomer, createStaff } from '#server/testing/auth';
import { SoftAuthenticator } from '#server/testing/passkey-authenticator';
import { accountMessages } from '#shared/messages/account';

const ORIGIN = 'http://localhost:5173';
const p = accountMessages.passkeys;
let t: TestApp;

beforeEach(async () => {
  t = await createTestApp({ publicUrl: ORIGIN });
});

const post = (path: string, json: unknown, token?: string) => t.request(path, { method: 'POST', json, token });

async function addPasskey(token: string, device = new SoftAuthenticator(ORIGIN)) {
  // The documented answer (/api/openapi.json) is what the route answers.
  const options = RegistrationOptionsReply.parse(
    await (await post('/api/users/passkeys/registration-options', {}, token)).json(),
  );
  const res = await post('/api/users/passkeys', { response: device.create(options) }, token);
  expect(res.status).toBe(201);
  return { device, saved: (await res.json()) as { passkeyID: number; name: string } };
}

async function signIn(device: SoftAuthenticator, email?: string) {
  const options = LoginOptionsReply.parse(
    await (await post('/api/users/passkeys/login-options', email ? { email } : {})).json(),
  );
  return post('/api/users/passkeys/login', { response: device.get(options) });
}

const refreshFrom = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => /^RefreshToken=([^;]+)/.exec(c)?.[1])
    .find(Boolean);

describe('passkey sign-in over REST', () => {
  it('registers on the profile, then signs in with it: a token that reads the profile and a refresh cookie', async () => {
    const user = await createCustomer(t);
    expect((await post('/api/users/passkeys/registration-options', {})).status).toBe(401);
    const { device, saved } = await addPasskey(user.token);
    const res = await signIn(device, user.email);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string; roleID: number; userID: number };
    expect(body).toEqual({ token: expect.any(String), roleID: user.roleID, userID: user.userId });
    const profile = await t.request('/api/users/profile', { token: body.token });
    expect(((await profile.json()) as { email: string }).email).toBe(user.email);
    const refresh = refreshFrom(res);
    expect(refresh).toBeTruthy();
    const refreshed = await t.request('/api/users/refresh-token', {
      method: 'POST',
      headers: { cookie: `RefreshToken=${refresh}` },
    });
    expect(refreshed.status).toBe(200);
    const list = await t.request('/api/users/passkeys', { token: body.token });
    expect(await list.json()).toEqual([{ ...saved, lastUsedAt: expect.any(String) }]);
  });

  it('answers refusals as 400 (challenge) and 401 (credential), never 5xx', async () => {
    const user = await createCustomer(t);
    const { device } = await addPasskey(user.token);
    const options = await (await post('/api/users/passkeys/login-options', {})).json();
    const answer = device.get(options);
    expect((await post('/api/users/passkeys/login', { response: answer })).status).toBe(200);
    const again = await post('/api/users/passkeys/login', { response: answer });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { Message: string }).Message).toBe(p.challengeInvalid);
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.create({ challenge: 'AAAAAAAAAAAAAAAAAAAAAA', rp: { id: 'localhost' }, user: { id: 'dXNlcg' } });
    const unknown = await signIn(stranger);
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as { Message: string }).Message).toBe(p.unknownKey);
    const garbled = await post('/api/users/passkeys/login', { response: { ...answer, id: 'not base64url!' } });
    expect(garbled.status).toBe(400);
    const badEmail = await post('/api/users/passkeys/login-options', { email: 'jo-email' });
    expect(badEmail.status).toBe(400);
    expect(((await badEmail.json()) as { errors: Record<string, string[]> }).errors.email).toEqual([
      accountMessages.account.invalidEmail,
    ]);
  });

  it('is limited like a password sign-in (RATE_LIMIT_PASSWORD)', async () => {
    t = await createTestApp({
      publicUrl: ORIGIN,
      rateLimits: { ...DEFAULT_LIMITS, password: { points: 2, windowSeconds: 60, key: 'address' } },
    });
    expect((await post('/api/users/passkeys/login-options', {})).status).toBe(200);
    expect((await post('/api/users/passkeys/login', { response: {} })).status).toBe(400);
    const third = await post('/api/users/passkeys/login-options', {});
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBeTruthy();
  });
});

describe('managing passkeys over REST', () => {
  it('staff and administrators cannot list, rename or remove another account’s passkeys', async () => {
    const customer = await createCustomer(t);
    const { saved } = await addPasskey(customer.token);
    for (const other of [await createStaff(t), await createAdmin(t)]) {
      expect(await (await t.request('/api/users/passkeys', { token: other.token })).json()).toEqual([]);
      const rename = await t.request(`/api/users/passkeys/${saved.passkeyID}`, {
        method: 'PUT',
        json: { name: 'E imja' },
        token: other.token,
      });
      expect(rename.status).toBe(404);
      const remove = await t.request(`/api/users/passkeys/${saved.passkeyID}`, {
        method: 'DELETE',
        token: other.token,
      });
      expect(remove.status).toBe(404);
    }
    const mine = await (await t.request('/api/users/passkeys', { token: customer.token })).json();
    expect(mine).toEqual([saved]);
  });

  it('renames (400 with the field message for a bad name) and removes the owner’s passkey', async () => {
    const user = await createCustomer(t);
    const { saved } = await addPasskey(user.token);
    const url = `/api/users/passkeys/${saved.passkeyID}`;
    const blank = await t.request(url, { method: 'PUT', json: { name: '   ' }, token: user.token });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { errors: Record<string, string[]> }).errors.name).toEqual([
      messages.common.required,
    ]);
    const renamed = await t.request(url, { method: 'PUT', json: { name: ' Telefoni im ' }, token: user.token });
    expect(await renamed.json()).toMatchObject({ passkeyID: saved.passkeyID, name: 'Telefoni im' });
    expect((await t.request(url, { method: 'DELETE', token: user.token })).status).toBe(204);
    expect((await t.request(url, { method: 'DELETE', token: user.token })).status).toBe(404);
    expect((await t.request('/api/users/passkeys/abc', { method: 'DELETE', token: user.token })).status).toBe(400);
  });
});

describe('passkey sign-in over tRPC', () => {
  it('gives the same answer and sets the refresh cookie', async () => {
    const user = await createCustomer(t);
    const { device } = await addPasskey(user.token);
    const optionsRes = await post('/api/trpc/passkeys.loginOptions', { json: {} });
    const options = ((await optionsRes.json()) as { result: { data: { json: { challenge: string } } } }).result.data
      .json;
    const res = await post('/api/trpc/passkeys.login', { json: { response: device.get(options) } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { data: { json: { userID: number } } } };
    expect(body.result.data.json.userID).toBe(user.userId);
    expect(refreshFrom(res)).toBeTruthy();
  });
});

describe('a shop whose public address cannot hold passkeys (decision 238)', () => {
  /** Well-formed answers of a real authenticator (made on the localhost shop), to send to the other shop. */
  async function wellFormedAnswers() {
    const user = await createCustomer(t);
    const { device } = await addPasskey(user.token);
    const regOptions = RegistrationOptionsReply.parse(
      await (await post('/api/users/passkeys/registration-options', {}, user.token)).json(),
    );
    const loginOptions = LoginOptionsReply.parse(await (await post('/api/users/passkeys/login-options', {})).json());
    return { registration: new SoftAuthenticator(ORIGIN).create(regOptions), login: device.get(loginOptions) };
  }

  for (const publicUrl of ['http://192.168.1.5:3000', 'http://butiku.shop']) {
    it(`${publicUrl}: every ceremony answers 409 with the shop's message on both doors; providers say passkeys: false`, async () => {
      const answers = await wellFormedAnswers();
      const off = await createTestApp({ publicUrl });
      const user = await createCustomer(off);
      const send = (path: string, json: unknown, token?: string) => off.request(path, { method: 'POST', json, token });
      const rest = [
        await send('/api/users/passkeys/registration-options', {}, user.token),
        await send('/api/users/passkeys', { response: answers.registration }, user.token),
        await send('/api/users/passkeys/login-options', {}),
        await send('/api/users/passkeys/login', { response: answers.login }),
      ];
      for (const res of rest) {
        expect(res.status).toBe(409);
        expect(((await res.json()) as { Message: string }).Message).toBe(p.unavailable);
      }
      const trpc = [
        await send('/api/trpc/passkeys.registrationOptions', { json: null }, user.token),
        await send('/api/trpc/passkeys.register', { json: { response: answers.registration } }, user.token),
        await send('/api/trpc/passkeys.loginOptions', { json: {} }),
        await send('/api/trpc/passkeys.login', { json: { response: answers.login } }),
      ];
      for (const res of trpc) {
        expect(res.status).toBe(409);
        const body = (await res.json()) as { error: { json: { message: string; data: { code: string } } } };
        expect(body.error.json).toMatchObject({ message: p.unavailable, data: { code: 'CONFLICT' } });
      }
      expect(p.unavailable).toMatch(/https/);
      // Nothing was stored, and the client is told to hide the passkeys.
      expect(await off.db.selectFrom('passkey_challenges').select('challenge').execute()).toEqual([]);
      expect(await off.db.selectFrom('passkeys').select('passkey_id').execute()).toEqual([]);
      const providers = (await (await off.request('/api/users/providers')).json()) as { passkeys: boolean };
      expect(providers.passkeys).toBe(false);
      const viaTrpc = await off.request('/api/trpc/accounts.providers');
      expect(
        ((await viaTrpc.json()) as { result: { data: { json: { passkeys: boolean } } } }).result.data.json.passkeys,
      ).toBe(false);
      expect(((await (await t.request('/api/users/providers')).json()) as { passkeys: boolean }).passkeys).toBe(true);
    });
  }
});
