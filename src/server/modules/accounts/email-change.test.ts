// The profile's names, phone and e-mail (issue 35, decision 259) through the real app (REST and tRPC), on the real
// database (SQLite; PostgreSQL under test:pg), with the real mail worker sending to a real SMTP server: names and
// phone change as sign-up would store them; the e-mail changes only with the current password (400 on the field,
// throttled like the password change) and only once the new address opens its link, which no outbox row, table or
// database file holds and which an attacker with a copy of the database cannot forge, stretch or reuse.
import fs from 'node:fs';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/messages/account';
import { deriveKeys } from '#server/keys';
import { createTestApp, startServer, type TestApp } from '#server/testing/app';
import { createCustomer } from '#server/testing/auth';
import { TEST_ENGINE } from '#server/testing/db';
import { startSmtp, type TestSmtp } from '#server/testing/smtp';
import { trpcAt } from '#server/testing/trpc';
import { startMailWorker, type MailWorker } from '../outbox';
import { emailChangeToken } from './email-change-token';

const roomy = { points: 1_000_000, windowSeconds: 60, key: 'address' as const };
const m = accountMessages.emailChange;

let t: TestApp;
let url: string;
let smtp: TestSmtp;
let worker: MailWorker;
let closeServer: () => Promise<void>;
let trpc: ReturnType<typeof trpcAt>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    publicUrl: 'https://butiku.test',
    mail: {
      smtpUrl: smtp.url,
      from: 'Butiku <porosi@butiku.shop>',
      shopEmail: 'staff@butiku.shop',
      maxAttempts: 3,
      retryBaseMs: 200,
    },
    rateLimits: { password: roomy, passwordReset: roomy } as never,
  });
  const server = await startServer(t.app, t);
  url = server.url;
  closeServer = server.close;
  trpc = trpcAt(url);
  worker = (await startMailWorker(t, { pollMs: 100 })) as MailWorker;
});
afterAll(async () => {
  await worker.stop();
  await closeServer();
  await smtp.close();
  await t.db.destroy();
});

let n = 0;
const fresh = (tag: string) => `${tag}-${++n}-${Date.now()}@example.com`;

/** What the tests read of an answer: a message, field messages, or the fields of a profile or a change. */
type Answer = Record<string, unknown> & { Message: string; errors: Record<string, string[]> };

async function call(
  method: string,
  path: string,
  json?: unknown,
  token?: string,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body = (await res.json().catch(() => null)) as Answer | null;
  return { status: res.status, body, headers: res.headers };
}
const askChange = (token: string, email: string, currentPassword: string) =>
  call('POST', '/api/users/profile/email', { email, currentPassword }, token);
const confirm = (token: string) => call('POST', '/api/users/profile/email/confirm', { token });
const login = (email: string, password: string) => call('POST', '/api/users/login', { email, password });

const emailOf = async (userId: number) =>
  (await t.db.selectFrom('users').select('email').where('user_id', '=', userId).executeTakeFirstOrThrow()).email;

/** A sign-in from a device the account had not used is e-mailed too (decision 227): not what these tests are about. */
const NEW_DEVICE = 'new_device_sign_in';

const outbox = (to: string) =>
  t.db
    .selectFrom('mail_outbox')
    .select(['kind', 'html', 'text_body', 'secret_kind', 'secret_ref'])
    .where('recipient', '=', to)
    .where('kind', '!=', NEW_DEVICE)
    .orderBy('mail_id')
    .execute();

const recipientOf = (mail: ParsedMail) => (mail.to && 'text' in mail.to ? mail.to.text : '').toLowerCase();
const receivedBy = (to: string) =>
  smtp.received.filter(
    (r) => recipientOf(r) === to.toLowerCase() && r.headers.get('x-butiku-mail-kind') !== NEW_DEVICE,
  );

/** The messages the SMTP server received for `to`, once there are `count` of them. */
async function received(to: string, count = 1): Promise<ParsedMail[]> {
  await expect.poll(() => receivedBy(to).length, { timeout: 15_000 }).toBe(count);
  return receivedBy(to);
}

/** The link's token from the e-mail the new address received. */
async function linkTokenFor(newEmail: string): Promise<string> {
  const [mail] = await received(newEmail);
  expect(mail!.html).toContain('https://butiku.test/konfirmo-e-mailin?token=');
  return /konfirmo-e-mailin\?token=([\w.-]+)/.exec(mail!.text ?? '')![1]!;
}

/** Every row of every table, as text (what a database copy holds). */
async function allRows(): Promise<string> {
  const parts: string[] = [];
  for (const table of await t.db.introspection.getTables())
    parts.push(
      JSON.stringify(
        await t.db
          .selectFrom(table.name as never)
          .selectAll()
          .execute(),
      ),
    );
  return parts.join('\n');
}

describe('names and phone on the profile (decision 259)', () => {
  it('change as sign-up stores them, on both doors; nothing else changes and no e-mail goes', async () => {
    const u = await createCustomer(t);
    const res = await call(
      'PUT',
      '/api/users/profile',
      { firstName: '  drita ', lastName: 'berisha-gashi', phoneNumber: '044-555 666' },
      u.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: 'Drita',
      lastName: 'Berisha-Gashi',
      phoneNumber: '+383 44 555 666',
      email: u.email,
      pendingEmailChange: null,
    });
    const row = await t.db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'phone_number', 'email'])
      .where('user_id', '=', u.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      first_name: 'Drita',
      last_name: 'Berisha-Gashi',
      phone_number: '+38344555666',
      email: u.email,
    });
    // Only the phone through tRPC, in another way of writing it: the names stay.
    const viaTrpc = await trpc('accounts.updateProfile', 'mutation', { phoneNumber: '00355 69 204 5678' }, u.token);
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.data).toMatchObject({ firstName: 'Drita', phoneNumber: '+355 69 204 5678' });
    expect((await login(u.email, u.password)).status).toBe(200);
    expect(await outbox(u.email)).toEqual([]);
  });

  it('refuses what sign-up refuses with field messages, and writes nothing', async () => {
    const u = await createCustomer(t);
    const res = await call('PUT', '/api/users/profile', { firstName: 'Art4', phoneNumber: '12' }, u.token);
    expect(res.status).toBe(400);
    expect(res.body!.errors).toMatchObject({
      firstName: [accountMessages.account.firstNameCapital],
      phoneNumber: [accountMessages.account.invalidPhone],
    });
    const row = await t.db
      .selectFrom('users')
      .select(['first_name', 'phone_number'])
      .where('user_id', '=', u.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'Test', phone_number: '+38344123456' });
  });
});

describe('asking for an e-mail change', () => {
  it('without the current password, or with a wrong one, is a 400 on the field; wrong guesses are throttled', async () => {
    const u = await createCustomer(t);
    const target = fresh('new');
    const missing = await call('POST', '/api/users/profile/email', { email: target }, u.token);
    expect(missing.status).toBe(400);
    expect(missing.body!.errors.currentPassword).toEqual([accountMessages.account.currentPasswordRequired]);
    const wrong = await askChange(u.token, target, 'Gabim#2026');
    expect(wrong.status).toBe(400);
    expect(wrong.body!.errors.currentPassword).toEqual([accountMessages.account.currentPasswordWrong]);
    const overTrpc = await trpc(
      'accounts.requestEmailChange',
      'mutation',
      { email: target, currentPassword: 'Gabim#2026' },
      u.token,
    );
    expect(overTrpc.status).toBe(400);
    // The login throttle of the account and address, as for the password change: guesses are paced, then 429.
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 8 && !retryAfter; i++) {
      const r = await askChange(u.token, target, `Gabim#${i}x`);
      statuses.push(r.status);
      if (r.status === 429) retryAfter = r.headers.get('retry-after');
    }
    expect(statuses).toContain(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 400 && s !== 429)).toEqual([]);
    // Nothing was asked: no change waits, no e-mail went to either address.
    expect(await outbox(target)).toEqual([]);
    expect(await outbox(u.email)).toEqual([]);
    expect(await t.db.selectFrom('email_changes').select('user_id').where('user_id', '=', u.userId).execute()).toEqual(
      [],
    );
  });

  it('to the address the account already has is a 400 on the e-mail field', async () => {
    const u = await createCustomer(t);
    const res = await askChange(u.token, u.email.toUpperCase(), u.password);
    expect(res.status).toBe(400);
    expect(res.body!.errors.email).toEqual([m.sameEmail]);
  });

  it('is paced per account: past 5 requests an hour, 429 with Retry-After', async () => {
    const u = await createCustomer(t);
    for (let i = 0; i < 5; i++) expect((await askChange(u.token, fresh('pace'), u.password)).status).toBe(202);
    const over = await askChange(u.token, fresh('pace'), u.password);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.body!.Message).toBe(m.tooMany);
  });
});

describe('the e-mail change with the right password', () => {
  it('changes nothing until the new address confirms; its one link is in no row or file and cannot be forged', async () => {
    const u = await createCustomer(t);
    const elsewhere = await login(u.email, u.password); // another device of the owner
    expect(elsewhere.status).toBe(200);
    const target = fresh('moved');
    const asked = await askChange(u.token, target, u.password);
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ Message: expect.stringContaining(target) });

    // Nothing changed yet: the old address still signs in, the new one does not, the profile says what waits.
    expect(await emailOf(u.userId)).toBe(u.email);
    expect((await login(u.email, u.password)).status).toBe(200);
    expect((await login(target, u.password)).status).toBe(401);
    const profile = await call('GET', '/api/users/profile', undefined, u.token);
    expect(profile.body!.pendingEmailChange).toEqual({ newEmail: target, expiresAt: expect.any(String) });

    // One e-mail to the new address, its link a placeholder in the outbox; the old address is told.
    const toNew = await outbox(target);
    expect(toNew).toHaveLength(1);
    expect(toNew[0]).toMatchObject({ kind: 'email_change_confirm', secret_kind: 'email_change_confirm' });
    expect(`${toNew[0]!.html}${toNew[0]!.text_body}`).toContain('{{secret_link}}');
    expect(`${toNew[0]!.html}${toNew[0]!.text_body}`).not.toContain('token=');
    expect((await outbox(u.email)).map((r) => r.kind)).toEqual(['account_email_change_requested']);
    const [notice] = await received(u.email);
    expect(notice!.text).not.toContain(target); // the notice names no address and carries no link of the change

    // The worker mints the link only into the copy it sends.
    const token = await linkTokenFor(target);
    const rows = await allRows();
    expect(rows).not.toContain(token);
    expect(rows).not.toContain(token.split('.')[2]);
    if (TEST_ENGINE === 'sqlite') {
      const file = t.config.databasePath;
      const bytes = Buffer.concat([
        fs.readFileSync(file),
        ...(fs.existsSync(`${file}-wal`) ? [fs.readFileSync(`${file}-wal`)] : []),
      ]);
      expect(bytes.includes(token.split('.')[2]!)).toBe(false);
    }

    // An attacker with a copy of the database knows every fact the MAC covers, but not the key from the environment.
    const change = await t.db
      .selectFrom('email_changes')
      .selectAll()
      .where('user_id', '=', u.userId)
      .executeTakeFirstOrThrow();
    const facts = { changeId: change.email_change_id, userId: u.userId, currentEmail: u.email, newEmail: target };
    const [id, expires, mac] = token.split('.') as [string, string, string];
    const flip = (s: string) => (s.endsWith('A') ? `${s.slice(0, -1)}B` : `${s.slice(0, -1)}A`);
    const forged = [
      emailChangeToken(
        { keys: deriveKeys('a-guessed-secret-a-guessed-secret-a-guessed') },
        facts,
        new Date(change.expires_at),
      ),
      emailChangeToken({ keys: deriveKeys(change.new_email) }, facts, new Date(change.expires_at)),
      `${id}.${expires}.${flip(mac)}`,
      `${id}.${Number(expires) + 86_400 * 30}.${mac}`, // the expiry stretched
      `${Number(id) + 1}.${expires}.${mac}`,
      `${id}.${expires}.${'A'.repeat(43)}`,
      `${id}.${expires}`,
      'nuk-eshte-token',
    ];
    for (const bad of forged) {
      const r = await confirm(bad);
      expect(r.status, bad).toBe(400);
      expect(r.body!.Message).toBe(m.badLink);
    }
    expect((await trpc('accounts.confirmEmailChange', 'mutation', { token: forged[0] })).status).toBe(400);
    expect(await emailOf(u.userId)).toBe(u.email);

    // The real link: the change takes effect.
    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ email: target });
    expect(await emailOf(u.userId)).toBe(target);
    expect((await login(target, u.password)).status).toBe(200);
    expect((await login(u.email, u.password)).status).toBe(401);
    // The login that asked stays; the other device is signed out.
    expect((await call('GET', '/api/users/profile', undefined, u.token)).status).toBe(200);
    const other = /RefreshToken=([^;]*)/.exec(elsewhere.headers.get('set-cookie') ?? '')![1]!;
    expect(
      (await call('POST', '/api/users/refresh-token', undefined, undefined, { cookie: `RefreshToken=${other}` }))
        .status,
    ).toBe(401);
    // The old address is told it took effect; the profile no longer shows a waiting change.
    expect((await outbox(u.email)).map((r) => r.kind)).toEqual([
      'account_email_change_requested',
      'account_email_changed',
    ]);
    expect((await call('GET', '/api/users/profile', undefined, u.token)).body!.pendingEmailChange).toBeNull();

    // Used once: the same link again, on either door, is a 400.
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.body!.Message).toBe(m.badLink);
    expect((await trpc('accounts.confirmEmailChange', 'mutation', { token })).status).toBe(400);
  });

  it('a link past its expiry is a 400 of its own and changes nothing', async () => {
    const u = await createCustomer(t);
    const target = fresh('late');
    expect((await askChange(u.token, target, u.password)).status).toBe(202);
    const token = await linkTokenFor(target);
    const change = await t.db
      .selectFrom('email_changes')
      .selectAll()
      .where('user_id', '=', u.userId)
      .executeTakeFirstOrThrow();
    // As the shop would have signed it, had the day passed: the link's expiry and the change's both in the past.
    const past = new Date(Date.now() - 60_000);
    await t.db
      .updateTable('email_changes')
      .set({ expires_at: past.toISOString() })
      .where('email_change_id', '=', change.email_change_id)
      .execute();
    const facts = { changeId: change.email_change_id, userId: u.userId, currentEmail: u.email, newEmail: target };
    const lapsed = await confirm(emailChangeToken(t.config, facts, past));
    expect(lapsed.status).toBe(400);
    expect(lapsed.body!.Message).toBe(m.expiredLink);
    // The link that was sent (its own expiry still ahead) no longer works either: the change itself lapsed.
    expect((await confirm(token)).body!.Message).toBe(m.expiredLink);
    expect(await emailOf(u.userId)).toBe(u.email);
  });

  it('a newer request or a new password retires the link already sent', async () => {
    const u = await createCustomer(t);
    const first = fresh('first');
    expect((await askChange(u.token, first, u.password)).status).toBe(202);
    const firstToken = await linkTokenFor(first);
    const second = fresh('second');
    expect((await askChange(u.token, second, u.password)).status).toBe(202);
    const secondToken = await linkTokenFor(second);
    expect((await confirm(firstToken)).status).toBe(400);
    const changed = await call(
      'PUT',
      '/api/users/profile',
      { password: 'TjetërSekret#1', currentPassword: u.password },
      u.token,
    );
    expect(changed.status).toBe(200);
    expect((await confirm(secondToken)).status).toBe(400);
    expect(await emailOf(u.userId)).toBe(u.email);
  });

  it('to an address that has an account: the same answer, a note without a link to that address; a 409 if taken before confirming', async () => {
    const owner = await createCustomer(t);
    const u = await createCustomer(t);
    const free = await askChange(u.token, fresh('free'), u.password);
    const taken = await askChange(u.token, owner.email.toUpperCase(), u.password);
    expect(taken.status).toBe(free.status);
    expect(Object.keys(taken.body!)).toEqual(Object.keys(free.body!));
    expect(taken.body!.Message).toBe(free.body!.Message.replace(/\S+@example\.com/, owner.email.toUpperCase()));
    const note = await outbox(owner.email.toUpperCase());
    expect(note.map((r) => [r.kind, r.secret_kind])).toEqual([['email_change_taken', null]]);
    const [mail] = await received(owner.email.toUpperCase());
    expect(mail!.text).not.toContain('token=');
    expect(await emailOf(u.userId)).toBe(u.email);

    // Free when asked, taken by a sign-up before the link is used: 409, and nothing changes.
    const target = fresh('raced');
    expect((await askChange(u.token, target, u.password)).status).toBe(202);
    const token = await linkTokenFor(target);
    const signUp = await call('POST', '/api/users/register', {
      firstName: 'Besa',
      lastName: 'Hoxha',
      phoneNumber: '044 111 222',
      email: target,
      password: 'Besa#2026x',
    });
    expect(signUp.status).toBe(201);
    const refused = await confirm(token);
    expect(refused.status).toBe(409);
    expect(refused.body!.Message).toBe(accountMessages.account.emailTaken);
    expect(await emailOf(u.userId)).toBe(u.email);
  });
});
