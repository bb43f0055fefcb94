// Step-up (issue 33, decision 237) through the real app, on SQLite and PostgreSQL. The attacker's steps as regression
// tests: a stolen 15-minute token (a login whose proof is older than STEP_UP_SECONDS, or one renewed by refresh) can
// no longer plant a passkey or a second factor; after the owner's step-up the same calls answer. Each sign-in kind is
// a proof; a refresh is not; the step-up is throttled and in the sign-in history. Every account-keeping change
// e-mails its owner (the old address for a new e-mail), with a link to the sessions and no code, token or secret.
import { Secret, TOTP } from 'otpauth';
import { beforeEach, describe, expect, it } from 'vitest';
import { LoginOptionsReply, RegistrationOptionsReply } from '#shared/dto/passkeys';
import { accountMessages } from '#shared/messages/account';
import { ROLE_CUSTOMER } from '#shared/roles';
import { createTestApp, type TestApp } from '#server/testing/app';
import { ageProof, createAdmin, createCustomer } from '#server/testing/auth';
import { SoftAuthenticator } from '#server/testing/passkey-authenticator';
import { trpcCall } from '#server/testing/trpc';

const ORIGIN = 'http://localhost:5173';
const STEP_UP = { details: { reason: 'STEP_UP_REQUIRED' } };
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ publicUrl: ORIGIN });
});

const post = (path: string, json: unknown, token?: string, cookie?: string) =>
  t.request(path, { method: 'POST', json, token, headers: cookie ? { cookie } : {} });
const bodyOf = async (res: Response) => (await res.json()) as Record<string, unknown>;
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => /^(RefreshToken=[^;]+)/.exec(c)?.[1])
    .find(Boolean)!;
const familyOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { fid: string }).fid;
const proofOf = async (familyId: string) =>
  (
    await t.db
      .selectFrom('login_sessions')
      .select('proved_at')
      .where('family_id', '=', familyId)
      .executeTakeFirstOrThrow()
  ).proved_at;
const mails = (to?: string) =>
  t.db
    .selectFrom('mail_outbox')
    .select(['kind', 'recipient', 'subject', 'html', 'text_body'])
    .where((eb) => (to ? eb('recipient', '=', to) : eb.lit(true)))
    .where('kind', 'like', 'account_%')
    .orderBy('mail_id')
    .execute();

/** A password sign-in through the real door: the token, its cookie and its login. */
async function signIn(email: string, password: string) {
  const res = await post('/api/users/login', { email, password });
  expect(res.status).toBe(200);
  const token = ((await res.json()) as { token: string }).token;
  return { token, cookie: cookieOf(res), familyId: familyOf(token) };
}

async function addPasskey(token: string, device = new SoftAuthenticator(ORIGIN)) {
  const res = await post('/api/users/passkeys/registration-options', {}, token);
  expect(res.status).toBe(200);
  const options = RegistrationOptionsReply.parse(await res.json());
  const saved = await post('/api/users/passkeys', { response: device.create(options) }, token);
  expect(saved.status).toBe(201);
  return { device, passkeyID: ((await saved.json()) as { passkeyID: number }).passkeyID };
}

const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
const codeOf = (secret: string, offset = 0) => totp(secret).generate({ timestamp: Date.now() + offset * 30_000 });

describe('the stolen-token attack (decision 237)', () => {
  it('a token whose login proved nothing lately cannot plant a passkey or a second factor; after a step-up it can', async () => {
    const owner = await createCustomer(t);
    await ageProof(t, owner.familyId); // signed in an hour ago: the token the attacker copied
    const options = await post('/api/users/passkeys/registration-options', {}, owner.token);
    expect(options.status).toBe(403);
    expect(await bodyOf(options)).toMatchObject({ code: 'FORBIDDEN', ...STEP_UP });
    const register = await post('/api/users/passkeys', { response: {} }, owner.token);
    expect(register.status).toBe(403);
    const setup = await post('/api/users/second-factor/setup', {}, owner.token);
    expect(setup.status).toBe(403);
    expect(JSON.stringify(await bodyOf(setup))).not.toMatch(/secret|otpauth/i);
    expect(await t.db.selectFrom('user_totp').select('user_id').execute()).toEqual([]);
    // tRPC answers the same, with the reason in its error data.
    const viaTrpc = await trpcCall(t.request, 'passkeys.registrationOptions', 'mutation', undefined, owner.token);
    expect([viaTrpc.status, viaTrpc.code, viaTrpc.details]).toEqual([403, 'FORBIDDEN', STEP_UP.details]);
    // The owner (or whoever knows the password) steps up: the same calls answer.
    const wrong = await post('/api/users/step-up', { passwordOrCode: 'Gabim#2026' }, owner.token);
    expect(wrong.status).toBe(400);
    expect(await bodyOf(wrong)).toMatchObject({ errors: { passwordOrCode: [accountMessages.stepUp.wrong] } });
    const stepped = await post('/api/users/step-up', { passwordOrCode: owner.password }, owner.token);
    expect(stepped.status).toBe(200);
    expect(Date.parse(((await stepped.json()) as { provedUntil: string }).provedUntil)).toBeGreaterThan(Date.now());
    await addPasskey(owner.token);
    // Both attempts are in the account's sign-in history.
    const history = await t.request('/api/users/sign-ins', { token: owner.token });
    const methods = ((await history.json()) as Array<{ method: string; ok: boolean }>).slice(0, 2);
    expect(methods).toEqual([
      expect.objectContaining({ method: 'stepUp', ok: true }),
      expect.objectContaining({ method: 'stepUp', ok: false }),
    ]);
    // The proof lapses after STEP_UP_SECONDS.
    await ageProof(t, owner.familyId, 301);
    expect((await post('/api/users/passkeys/registration-options', {}, owner.token)).status).toBe(403);
  });

  it('a refresh renews the token, never the proof', async () => {
    const owner = await createCustomer(t);
    const login = await signIn(owner.email, owner.password);
    await ageProof(t, login.familyId, 600);
    const before = await proofOf(login.familyId);
    const refreshed = await post('/api/users/refresh-token', {}, undefined, login.cookie);
    expect(refreshed.status).toBe(200);
    const token = ((await refreshed.json()) as { token: string }).token;
    expect(familyOf(token)).toBe(login.familyId);
    expect(await proofOf(login.familyId)).toBe(before);
    const res = await post('/api/users/passkeys/registration-options', {}, token);
    expect(res.status).toBe(403);
    expect(await bodyOf(res)).toMatchObject(STEP_UP);
  });

  it('the login that stepped up is the only one proved: another login of the owner still asks', async () => {
    const owner = await createCustomer(t);
    const other = await signIn(owner.email, owner.password);
    await ageProof(t, owner.familyId);
    await ageProof(t, other.familyId);
    expect((await post('/api/users/step-up', { passwordOrCode: owner.password }, owner.token)).status).toBe(200);
    expect((await post('/api/users/passkeys/registration-options', {}, owner.token)).status).toBe(200);
    expect((await post('/api/users/passkeys/registration-options', {}, other.token)).status).toBe(403);
  });

  it('the step-up is behind the sign-in throttle: wrong guesses end in 429 with Retry-After', async () => {
    const owner = await createCustomer(t);
    let last: Response | undefined;
    for (let i = 0; i < 8 && last?.status !== 429; i++)
      last = await post('/api/users/step-up', { passwordOrCode: `Gabim#${i}` }, owner.token);
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post('/api/users/step-up', { passwordOrCode: owner.password })).status).toBe(401);
  });
});

describe('what counts as a proof', () => {
  it('a password sign-in, a second-factor sign-in, a passkey sign-in and a step-up with a code', async () => {
    const owner = await createCustomer(t);
    const { device } = await addPasskey(owner.token); // the test user's login is a fresh sign-in
    const setup = (await (await post('/api/users/second-factor/setup', {}, owner.token)).json()) as { secret: string };
    expect(
      (await post('/api/users/second-factor/confirm', { code: codeOf(setup.secret, -1) }, owner.token)).status,
    ).toBe(200);
    // Second-factor sign-in.
    const first = await post('/api/users/login', { email: owner.email, password: owner.password });
    const { challenge } = (await first.json()) as { challenge: string };
    const second = await post('/api/users/login/second-factor', { challenge, code: codeOf(setup.secret, 0) });
    expect(second.status).toBe(200);
    const viaCode = ((await second.json()) as { token: string }).token;
    expect((await post('/api/users/passkeys/registration-options', {}, viaCode)).status).toBe(200);
    // Passkey sign-in.
    const optionsRes = await post('/api/users/passkeys/login-options', {});
    const passkey = await post('/api/users/passkeys/login', { response: device.get(await optionsRes.json()) });
    expect(passkey.status).toBe(200);
    const viaPasskey = ((await passkey.json()) as { token: string }).token;
    expect((await post('/api/users/passkeys/registration-options', {}, viaPasskey)).status).toBe(200);
    // A step-up with a code from the app on a stale login.
    await ageProof(t, familyOf(viaPasskey));
    expect((await post('/api/users/passkeys/registration-options', {}, viaPasskey)).status).toBe(403);
    expect((await post('/api/users/step-up', { passwordOrCode: codeOf(setup.secret, 1) }, viaPasskey)).status).toBe(
      200,
    );
    expect((await post('/api/users/passkeys/registration-options', {}, viaPasskey)).status).toBe(200);
  });

  it('a step-up with one of the caller’s own passkeys; another account’s passkey or a replayed answer is refused', async () => {
    const owner = await createCustomer(t);
    const { device } = await addPasskey(owner.token);
    const stranger = await createCustomer(t);
    const { device: theirs } = await addPasskey(stranger.token);
    await ageProof(t, owner.familyId);
    const optionsRes = await post('/api/users/passkeys/step-up-options', {}, owner.token);
    expect(optionsRes.status).toBe(200);
    const options = LoginOptionsReply.parse(await optionsRes.json());
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([device.credentials[0]!.id]);
    // Another account's passkey answering the owner's challenge: refused, and the challenge is spent.
    const foreign = await post('/api/users/passkeys/step-up', { response: theirs.get(options) }, owner.token);
    expect(foreign.status).toBe(401);
    expect((await post('/api/users/passkeys/registration-options', {}, owner.token)).status).toBe(403);
    // The owner's own passkey on a new challenge: proved.
    const fresh = LoginOptionsReply.parse(
      await (await post('/api/users/passkeys/step-up-options', {}, owner.token)).json(),
    );
    const answer = device.get(fresh);
    const ok = await post('/api/users/passkeys/step-up', { response: answer }, owner.token);
    expect(ok.status).toBe(200);
    expect((await post('/api/users/passkeys/registration-options', {}, owner.token)).status).toBe(200);
    expect((await post('/api/users/passkeys/step-up', { response: answer }, owner.token)).status).toBe(400);
    // A challenge made for one account is no good to another's token.
    const forOwner = LoginOptionsReply.parse(
      await (await post('/api/users/passkeys/step-up-options', {}, owner.token)).json(),
    );
    expect((await post('/api/users/passkeys/step-up', { response: theirs.get(forOwner) }, stranger.token)).status).toBe(
      400,
    );
    // Without a passkey there is nothing to offer.
    const none = await createCustomer(t);
    expect((await post('/api/users/passkeys/step-up-options', {}, none.token)).status).toBe(404);
  });

  it('a password change that carries the current password is itself a proof for this login', async () => {
    const owner = await createCustomer(t);
    const login = await signIn(owner.email, owner.password);
    await ageProof(t, login.familyId);
    expect((await post('/api/users/passkeys/registration-options', {}, login.token)).status).toBe(403);
    const res = await t.request('/api/users/profile', {
      method: 'PUT',
      token: login.token,
      headers: { cookie: login.cookie }, // this login stays; the others end
      json: { password: 'TjetërSekret#1', currentPassword: owner.password },
    });
    expect(res.status).toBe(200);
    expect((await post('/api/users/passkeys/registration-options', {}, login.token)).status).toBe(200);
  });

  it('a provider-only account without a second factor is told to sign in again with its provider', async () => {
    const owner = await createCustomer(t);
    await t.db.updateTable('users').set({ password_hash: null }).where('user_id', '=', owner.userId).execute();
    const res = await post('/api/users/step-up', { passwordOrCode: 'anything' }, owner.token);
    expect(res.status).toBe(400);
    expect((await bodyOf(res)).Message).toBe(accountMessages.stepUp.signInAgain);
  });
});

describe('the owner is told of each change (decision 237)', () => {
  /** Every account notice: to whom, a sessions link, and none of the given secrets. */
  async function expectNotices(expected: Array<[kind: string, to: string]>, secrets: string[] = []) {
    const rows = await mails();
    expect(rows.map((r) => [r.kind, r.recipient])).toEqual(expected);
    for (const row of rows) {
      expect(row.text_body).toContain(`${ORIGIN}/profile#sessions-title`);
      expect(row.html).toContain('Nuk ishit ju?');
      for (const secret of secrets) {
        expect(row.text_body).not.toContain(secret);
        expect(row.html).not.toContain(secret);
      }
    }
  }

  it('passkey added and removed, two-step sign-in on, new recovery codes, off, and the password changed', async () => {
    const owner = await createCustomer(t);
    const { passkeyID } = await addPasskey(owner.token);
    expect((await t.request(`/api/users/passkeys/${passkeyID}`, { method: 'DELETE', token: owner.token })).status).toBe(
      204,
    );
    const setup = (await (await post('/api/users/second-factor/setup', {}, owner.token)).json()) as { secret: string };
    const confirm = await post('/api/users/second-factor/confirm', { code: codeOf(setup.secret, -1) }, owner.token);
    const first = (await confirm.json()) as { recoveryCodes: string[] };
    const again = await post('/api/users/second-factor/recovery-codes', { code: codeOf(setup.secret, 0) }, owner.token);
    const second = (await again.json()) as { recoveryCodes: string[] };
    const off = await post('/api/users/second-factor/disable', { passwordOrCode: owner.password }, owner.token);
    expect(off.status).toBe(200);
    const changed = await t.request('/api/users/profile', {
      method: 'PUT',
      token: owner.token,
      json: { password: 'TjetërSekret#1', currentPassword: owner.password },
    });
    expect(changed.status).toBe(200);
    const to = owner.email;
    await expectNotices(
      [
        ['account_passkey_added', to],
        ['account_passkey_removed', to],
        ['account_second_factor_on', to],
        ['account_recovery_codes', to],
        ['account_second_factor_off', to],
        ['account_password_changed', to],
      ],
      [setup.secret, owner.token, ...first.recoveryCodes, ...second.recoveryCodes, 'TjetërSekret#1', owner.password],
    );
    const [added] = await mails();
    expect(added!.subject).toBe('U shtua një çelës kalimi në llogarinë tuaj Butiku');
  });

  it('a new e-mail is told to the old address; an administrator’s reset of two-step sign-in to the owner', async () => {
    const admin = await createAdmin(t);
    const customer = await createCustomer(t);
    const moved = `moved-${Date.now()}@example.com`;
    const edit = { userID: customer.userId, firstName: 'Ana', lastName: 'Krasniqi', phoneNumber: '+38344123456' };
    const res = await t.request(`/api/Users/${customer.userId}`, {
      method: 'PUT',
      token: admin.token,
      json: { ...edit, email: moved, roleID: ROLE_CUSTOMER },
    });
    expect(res.status).toBe(200);
    // The same address again (another case) is no change: no notice.
    const same = await t.request(`/api/Users/${customer.userId}`, {
      method: 'PUT',
      token: admin.token,
      json: { ...edit, email: moved.toUpperCase(), roleID: ROLE_CUSTOMER },
    });
    expect(same.status).toBe(200);
    const setup = (await (await post('/api/users/second-factor/setup', {}, customer.token)).json()) as {
      secret: string;
    };
    await post('/api/users/second-factor/confirm', { code: codeOf(setup.secret, -1) }, customer.token);
    await t.db.deleteFrom('mail_outbox').where('kind', '=', 'account_second_factor_on').execute();
    const reset = await t.request(`/api/Users/${customer.userId}/second-factor`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(reset.status).toBe(200);
    await expectNotices(
      [
        ['account_email_changed', customer.email],
        ['account_second_factor_off', moved.toUpperCase()],
      ],
      [setup.secret, admin.token],
    );
  });
});
