// The account's cap on wrong second-factor codes (issue 33, decision 238), through the real app behind a trusted local
// proxy so each guess comes from its own address (X-Forwarded-For), on SQLite and PostgreSQL: 10 wrong codes from 40
// addresses, then 429 with Retry-After on both doors (a right code too), one e-mail and one history entry, the right
// code again once the window has passed; a parallel burst checks no more than 10; counters shared between processes.
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountMessages } from '#shared/messages/account';
import { staffMessages } from '#shared/messages-staff';
import { SECOND_FACTOR_CAP } from '#server/http/limits';
import { createCustomer } from '#server/testing/auth';
import { createTestApp, startServer, type TestApp } from '#server/testing/app';
import { openSameDatabase } from '#server/testing/db';
import { trpcCall } from '#server/testing/trpc';
import { SecondFactorCap } from './second-factor-cap';

let t: TestApp;
let server: { url: string; close: () => Promise<void> };
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T10:00:10Z'));
  t = await createTestApp({ trustProxy: ['loopback'] });
  server = await startServer(t.app, t);
});
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
  await t.db.destroy();
});

const advance = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

function send(path: string, json: unknown, ip: string, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': ip };
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`${server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(json) });
}

/** tRPC over HTTP from one address. */
const trpcFrom = (ip: string, input: unknown) =>
  trpcCall(
    (path, { token, headers, ...init }) => {
      const h = new Headers(headers);
      h.set('x-forwarded-for', ip);
      if (token) h.set('authorization', `Bearer ${token}`);
      return fetch(`${server.url}${path}`, { ...init, headers: h });
    },
    'secondFactor.login',
    'mutation',
    input,
  );

/** A customer with TOTP on: its secret, recovery codes and a maker of the current right code (the clock is frozen). */
async function customerWithTotp() {
  const u = await createCustomer(t);
  const setup = await send('/api/users/second-factor/setup', {}, '198.51.100.1', u.token);
  const { secret } = (await setup.json()) as { secret: string };
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  const confirm = await send('/api/users/second-factor/confirm', { code: totp.generate() }, '198.51.100.1', u.token);
  expect(confirm.status).toBe(200);
  const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
  // The confirming code is used: the right code from here on is the next step's.
  advance(30);
  return { ...u, secret, recoveryCodes, rightCode: () => totp.generate() };
}

async function challengeOf(email: string, password: string, ip = '198.51.100.1'): Promise<string> {
  const res = await send('/api/users/login', { email, password }, ip);
  expect(res.status).toBe(200);
  return ((await res.json()) as { challenge: string }).challenge;
}

/** Wrong codes, half from the app's shape and half recovery-code-shaped, none of them right now. */
function wrongCode(i: number, right: string): string {
  const n = String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, '0');
  return i % 2 ? `zzzzz-${String(i).padStart(5, '0')}` : n === right ? '000001' : n;
}

const lockMails = () =>
  t.db
    .selectFrom('mail_outbox')
    .select(['recipient', 'subject', 'html', 'text_body'])
    .where('kind', '=', 'second_factor_locked')
    .execute();

describe('the account cap on wrong second-factor codes', () => {
  it('40 addresses: 10 × 401, then 429 with Retry-After on both doors (a right code too); one e-mail, one history entry; the right code works after the window', async () => {
    const u = await customerWithTotp();
    const challenge = await challengeOf(u.email, u.password);
    const statuses: number[] = [];
    const retryAfters: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await send(
        '/api/users/login/second-factor',
        { challenge, code: wrongCode(i, u.rightCode()) },
        `203.0.113.${i + 1}`,
      );
      statuses.push(res.status);
      if (res.status === 429) retryAfters.push(Number(res.headers.get('retry-after')));
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), ...Array<number>(30).fill(429)]);
    for (const s of retryAfters) expect(s).toBeGreaterThan(0);
    for (const s of retryAfters) expect(s).toBeLessThanOrEqual(SECOND_FACTOR_CAP.windowSeconds);

    // Within the window the right code is refused too, from a new address, on both doors, and a recovery code as well.
    advance(60);
    const right = await send('/api/users/login/second-factor', { challenge, code: u.rightCode() }, '192.0.2.50');
    expect(right.status).toBe(429);
    const retryAfter = Number(right.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(13 * 60);
    expect(retryAfter).toBeLessThanOrEqual(14 * 60);
    const body = (await right.json()) as { Message: string };
    expect(body.Message).toMatch(/Shumë kode të gabuara për këtë llogari/);
    const viaTrpc = await trpcFrom('192.0.2.51', { challenge, code: u.recoveryCodes[0] });
    expect(viaTrpc.status).toBe(429);
    expect(viaTrpc.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(viaTrpc.headers.get('retry-after'))).toBeGreaterThan(0);

    // One e-mail to the owner: what happened and a link to the profile; no code, recovery code, challenge or secret.
    const mails = await lockMails();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.recipient).toBe(u.email);
    expect(mail.subject).toBe(staffMessages.secondFactorLockedMail.subject);
    expect(mail.text_body).toContain('{{shop_url}}/profile');
    expect(mail.text_body).toContain(String(SECOND_FACTOR_CAP.wrongCodes));
    const stored = `${mail.html}\n${mail.text_body}`;
    for (const secret of [u.rightCode(), challenge, u.secret, ...u.recoveryCodes]) expect(stored).not.toContain(secret);
    expect(stored).not.toMatch(/\b\d{6}\b/);

    // The history shows the lock once, next to the ten failed codes.
    const history = await t.request('/api/users/sign-ins', { token: u.token });
    const signIns = (await history.json()) as Array<{ ok: boolean; method: string }>;
    expect(signIns.filter((s) => s.method === 'totp_locked')).toEqual([
      expect.objectContaining({ ok: false, method: 'totp_locked' }),
    ]);
    expect(signIns.filter((s) => s.method === 'totp' && !s.ok)).toHaveLength(9); // 10 shown: the lock and 9 codes
    expect(accountMessages.sessions.method.totp_locked).toMatch(/bllokuan/);

    // After the window the owner signs in with the right code (the challenge has expired meanwhile: a new one).
    advance(SECOND_FACTOR_CAP.windowSeconds);
    const fresh = await challengeOf(u.email, u.password, '192.0.2.60');
    const ok = await send('/api/users/login/second-factor', { challenge: fresh, code: u.rightCode() }, '192.0.2.60');
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { token: string }).token).toBeTruthy();
    expect(await lockMails()).toHaveLength(1);
  });

  it('a parallel burst from 40 addresses checks at most 10 codes; the owner is told once', async () => {
    const u = await customerWithTotp();
    const challenge = await challengeOf(u.email, u.password);
    const right = u.rightCode();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        send('/api/users/login/second-factor', { challenge, code: wrongCode(i, right) }, `203.0.113.${i + 1}`),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    for (const r of answers.filter((a) => a.status === 429))
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await lockMails()).toHaveLength(1);
  });

  it('a right code gives its guess back: the owner’s own sign-ins never use up the allowance', async () => {
    const u = await customerWithTotp();
    for (let round = 0; round < 12; round++) {
      const challenge = await challengeOf(u.email, u.password);
      const res = await send('/api/users/login/second-factor', { challenge, code: u.rightCode() }, '198.51.100.1');
      expect(res.status).toBe(200);
      advance(30);
    }
    expect(await lockMails()).toHaveLength(0);
  });

  it('counts across processes: two connections to one database share the account’s allowance', async () => {
    const other = openSameDatabase(t.config);
    const here = new SecondFactorCap(t.db);
    const there = new SecondFactorCap(other);
    const taken: number[] = [];
    for (let i = 0; i < 10; i++) taken.push(await (i % 2 ? there : here).begin(4242));
    expect(taken).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    await expect(there.begin(4242)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await expect(here.begin(4242)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Told once per window, whichever process saw the last wrong code.
    expect(await here.failed(4242, 10)).toBeInstanceOf(Date);
    expect(await there.failed(4242, 10)).toBeNull();
    advance(SECOND_FACTOR_CAP.windowSeconds + 1);
    expect(await there.begin(4242)).toBe(1);
    await other.destroy();
  });
});
