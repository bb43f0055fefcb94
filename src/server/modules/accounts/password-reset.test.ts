// Password reset over HTTP against the real app, with the e-mail read from a real SMTP server (decision 171).
import { afterEach, describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/messages/account';
import { createTestApp, startServer, type TestApp } from '#server/testing/app';
import { createCustomer } from '#server/testing/auth';
import { createPasswordlessUser, expirePasswordResetLinks } from '#server/testing/factories';
import { startSmtp, type TestSmtp } from '#server/testing/smtp';
import { startMailWorker, type MailWorker } from '../outbox';
import { DEFAULT_LIMITS } from '#server/http/limits';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(): Promise<{ t: TestApp; url: string; smtp: TestSmtp }> {
  const smtp = await startSmtp();
  cleanups.push(() => smtp.close());
  const t = await createTestApp({
    publicUrl: 'https://butiku.test',
    mail: {
      smtpUrl: smtp.url,
      from: 'Butiku <porosi@butiku.shop>',
      shopEmail: 'staff@butiku.shop',
      maxAttempts: 3,
      retryBaseMs: 200,
    },
  });
  const server = await startServer(t.app, t);
  cleanups.push(() => server.close());
  const worker = (await startMailWorker(t, { pollMs: 100 })) as MailWorker;
  cleanups.push(() => worker.stop());
  return { t, url: server.url, smtp };
}

const post = (url: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const tokenFrom = (text: string) => /reset-password\?token=([\w-]+)/.exec(text)![1]!;

describe('password reset', () => {
  it('request -> e-mail link -> new password (204) -> every session revoked, login with the new password; the link works once', async () => {
    const { t, url, smtp } = await setup();
    const user = await createCustomer(t);
    const res = await post(url, '/api/users/forgot-password', { email: user.email.toUpperCase() });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ Message: accountMessages.account.forgotSent });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe('Rivendosni fjalëkalimin tuaj në Butiku');
    expect(mail!.text).toContain('https://butiku.test/reset-password?token=');
    expect(mail!.text).toContain('30 minuta');
    const token = tokenFrom(mail!.text!);
    const stored = await t.db.selectFrom('password_reset_tokens').select('token_hash').executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token); // only the hash is stored

    // Too weak: the sign-up rules and messages.
    const weak = await post(url, '/api/users/reset-password', { token, password: 'short' });
    expect(weak.status).toBe(400);
    expect((await weak.json()).errors.password).toEqual([accountMessages.account.passwordRules]);

    const ok = await post(url, '/api/users/reset-password', { token, password: 'Fjalekalim#Ri1' });
    expect(ok.status).toBe(204);
    // The owner is told (decision 237): a notice with the sessions link, neither the link's token nor the password.
    const [notice] = await smtp.waitFor(2).then((all) => all.filter((m) => m.subject !== mail!.subject));
    expect(notice!.subject).toBe('U ndryshua fjalëkalimi i llogarisë suaj Butiku');
    expect(notice!.text).toContain('https://butiku.test/profile#sessions-title');
    expect(notice!.text).not.toContain(token);
    expect(notice!.text).not.toContain('Fjalekalim#Ri1');
    // The old session is over.
    expect(
      (await fetch(`${url}/api/users/profile`, { headers: { authorization: `Bearer ${user.token}` } })).status,
    ).toBe(401);
    expect((await post(url, '/api/users/login', { email: user.email, password: user.password })).status).toBe(401);
    expect((await post(url, '/api/users/login', { email: user.email, password: 'Fjalekalim#Ri1' })).status).toBe(200);
    // Single use.
    const again = await post(url, '/api/users/reset-password', { token, password: 'Tjeter#Fjale2' });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      Message: accountMessages.account.resetTokenInvalid,
      errors: { token: [accountMessages.account.resetTokenInvalid] },
    });
  });

  it('an unknown address gets the same answer in about the same time, and no e-mail', async () => {
    const { t, url, smtp } = await setup();
    const user = await createCustomer(t);
    const time = async (email: string) => {
      const started = performance.now();
      const res = await post(url, '/api/users/forgot-password', { email });
      return { status: res.status, body: await res.json(), ms: performance.now() - started };
    };
    const known = await time(user.email);
    const unknown = await time('nobody-here@example.com');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(Math.abs(unknown.ms - known.ms)).toBeLessThan(300);
    await smtp.waitFor(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.map((m) => (m.to && 'text' in m.to ? m.to.text : ''))).toEqual([user.email]);
  });

  it('expired and unknown tokens are refused with 400; links per address are limited (still 202)', async () => {
    const { t, url, smtp } = await setup();
    const user = await createCustomer(t);
    for (let i = 0; i < 4; i++)
      expect(
        (await post(url, '/api/users/forgot-password', { email: user.email }, { 'x-forwarded-for': `10.0.0.${i}` }))
          .status,
      ).toBe(202);
    await smtp.waitFor(3);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received).toHaveLength(3); // the 4th request sent nothing
    await expirePasswordResetLinks(t.db, new Date(Date.now() - 1000).toISOString());
    const expired = await post(url, '/api/users/reset-password', {
      token: tokenFrom(smtp.received[0]!.text!),
      password: 'Fjalekalim#Ri1',
    });
    expect(expired.status).toBe(400);
    const unknown = await post(url, '/api/users/reset-password', {
      token: 'no-such-token',
      password: 'Fjalekalim#Ri1',
    });
    expect(unknown.status).toBe(400);
  });

  it('a social-login account without a password sets one through the link (tRPC twins call the same services)', async () => {
    const { t, url, smtp } = await setup();
    await createPasswordlessUser(t.db, { firstName: 'Drita', lastName: 'Krasniqi', email: 'drita.social@example.com' });
    const trpc = (name: string, json: unknown) =>
      fetch(`${url}/api/trpc/accounts.${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json }),
      });
    const asked = await trpc('forgotPassword', { email: 'drita.social@example.com' });
    expect(asked.status).toBe(200);
    expect((await asked.json()).result.data.json).toEqual({ Message: accountMessages.account.forgotSent });
    const [mail] = await smtp.waitFor(1);
    const token = tokenFrom(mail!.text!);
    const bad = await trpc('resetPassword', { token: 'nope', password: 'Fjalekalim#Ri1' });
    expect(bad.status).toBe(400);
    expect((await trpc('resetPassword', { token, password: 'Fjalekalim#Ri1' })).status).toBe(200);
    expect(
      (await post(url, '/api/users/login', { email: 'drita.social@example.com', password: 'Fjalekalim#Ri1' })).status,
    ).toBe(200);
  });

  it('requests and uses from one address are limited: 429 with Retry-After', async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const t = await createTestApp({
      rateLimits: { ...DEFAULT_LIMITS, passwordReset: { points: 2, windowSeconds: 600, key: 'address' } },
    });
    const server = await startServer(t.app, t);
    cleanups.push(() => server.close());
    for (let i = 0; i < 2; i++)
      expect((await post(server.url, '/api/users/forgot-password', { email: `x${i}@example.com` })).status).toBe(202);
    const limited = await post(server.url, '/api/users/reset-password', {
      token: 'whatever',
      password: 'Fjalekalim#Ri1',
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
