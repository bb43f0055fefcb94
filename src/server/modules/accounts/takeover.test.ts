// Issue 22, decision 207: a staff member tries to become the administrator through the outbox. They ask for the
// administrator's password reset, read the outbox through both doors (before and after the worker sent the e-mail
// over a real SMTP server), try every token-like string they were shown on both reset doors, then try to log in as
// the administrator. Every step must fail; the link the administrator received still works. The stored rows of
// every table and the database file itself (what a backup copies) never hold the link's token.
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { staffMessages } from '#shared/messages-staff';
import { emailMessages } from '#shared/messages/emails';
import { createTestApp, startServer, type TestApp } from '#server/testing/app';
import { createAdmin, createStaff } from '#server/testing/auth';
import { expirePasswordResetLinks } from '#server/testing/factories';
import { TEST_ENGINE } from '#server/testing/db';
import { startSmtp, type TestSmtp } from '#server/testing/smtp';
import { trpcAt, type TrpcAnswer } from '#server/testing/trpc';
import { startMailWorker, type MailWorker } from '../outbox';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const roomy = { points: 1_000_000, windowSeconds: 60, key: 'address' as const };

async function setup(): Promise<{ t: TestApp; url: string; smtp: TestSmtp; trpc: ReturnType<typeof trpcAt> }> {
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
    rateLimits: { passwordReset: roomy, password: roomy } as never,
  });
  const server = await startServer(t.app, t);
  cleanups.push(() => server.close());
  return { t, url: server.url, smtp, trpc: trpcAt(server.url) };
}

const post = (url: string, path: string, body: unknown, token?: string) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const get = async (url: string, path: string, token: string) =>
  (await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } })).text();

/** Everything a staff member can read about the outbox, through REST and tRPC, as one string. */
async function staffView(url: string, trpc: ReturnType<typeof trpcAt>, token: string): Promise<string> {
  const parts: string[] = [await get(url, '/api/Emails', token), await get(url, '/api/Emails?status=sent', token)];
  const page = (await trpc('outbox.page', 'query', {}, token)) as TrpcAnswer;
  parts.push(JSON.stringify(page.data));
  for (const row of (page.data as { items: Array<{ mailID: number }> }).items) {
    parts.push(await get(url, `/api/Emails/${row.mailID}`, token));
    parts.push(JSON.stringify((await trpc('outbox.byId', 'query', { id: row.mailID }, token)).data));
  }
  return parts.join('\n');
}

/** Every string in the view that could be a token (or a URL carrying one). */
function candidates(view: string): string[] {
  const found = new Set<string>();
  for (const m of view.matchAll(/[A-Za-z0-9_-]{16,}/g)) found.add(m[0]);
  for (const m of view.matchAll(/token=([^"&\s\\<]+)/g)) found.add(decodeURIComponent(m[1]!));
  return [...found];
}

/** Tries each candidate on both reset doors; returns the ones that were accepted (must be none). */
async function tryAll(url: string, trpc: ReturnType<typeof trpcAt>, tokens: string[]): Promise<string[]> {
  const accepted: string[] = [];
  for (const token of tokens) {
    const rest = await post(url, '/api/users/reset-password', { token, password: 'Marr#Kontrollin1' });
    if (rest.status < 400) accepted.push(`REST ${token}`);
    const overTrpc = await trpc('accounts.resetPassword', 'mutation', { token, password: 'Marr#Kontrollin1' });
    if (overTrpc.status < 400) accepted.push(`tRPC ${token}`);
  }
  return accepted;
}

/** Every row of every table, as text. */
async function allRows(t: TestApp): Promise<string> {
  const tables = await t.db.introspection.getTables();
  const parts: string[] = [];
  for (const table of tables)
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

describe('a staff member cannot take over the administrator through the outbox', () => {
  it('reads no usable link before or after sending, on either door; the administrator still gets a working link', async () => {
    const { t, url, smtp, trpc } = await setup();
    const admin = await createAdmin(t);
    const staff = await createStaff(t);

    // 1. Anyone asks for the administrator's reset (both doors).
    expect((await post(url, '/api/users/forgot-password', { email: admin.email })).status).toBe(202);
    expect((await trpc('accounts.forgotPassword', 'mutation', { email: admin.email })).status).toBe(200);

    // 2. Queued, not yet sent: the staff view shows the placeholder, and nothing in it resets a password.
    const queued = await staffView(url, trpc, staff.token);
    expect(queued).toContain(staffMessages.outbox.secretPlaceholder);
    expect(queued).not.toMatch(/reset-password\?token=/);
    expect(await tryAll(url, trpc, candidates(queued))).toEqual([]);

    // 3. The worker sends over SMTP; the administrator's mailbox gets two working links, the outbox none.
    const worker = (await startMailWorker(t, { pollMs: 100 })) as MailWorker;
    cleanups.push(() => worker.stop());
    const mails = await smtp.waitFor(2);
    const links = mails.map((m) => /reset-password\?token=([\w-]+)/.exec(m.text ?? '')![1]!);
    expect(links).toHaveLength(2);
    for (const m of mails) expect(m.html).toContain('https://butiku.test/reset-password?token=');

    const sent = await staffView(url, trpc, staff.token);
    expect(sent).toContain('"status":"sent"');
    for (const token of links) expect(sent).not.toContain(token);
    expect(await tryAll(url, trpc, candidates(sent))).toEqual([]);

    // 4. No table row, and not the database file a backup copies, holds either token.
    const rows = await allRows(t);
    for (const token of links) expect(rows).not.toContain(token);
    if (TEST_ENGINE === 'sqlite') {
      const file = t.config.databasePath;
      const bytes = Buffer.concat([
        fs.readFileSync(file),
        ...(fs.existsSync(`${file}-wal`) ? [fs.readFileSync(`${file}-wal`)] : []),
      ]);
      for (const token of links) expect(bytes.includes(token)).toBe(false);
    }

    // 5. The staff member cannot log in as the administrator with a password of their choosing.
    expect((await post(url, '/api/users/login', { email: admin.email, password: 'Marr#Kontrollin1' })).status).toBe(
      401,
    );

    // The administrator's own (latest) link works: the feature is intact.
    expect((await post(url, '/api/users/reset-password', { token: links[1], password: 'Imi#IRi2026' })).status).toBe(
      204,
    );
    expect((await post(url, '/api/users/login', { email: admin.email, password: 'Imi#IRi2026' })).status).toBe(200);
  });

  it('a message whose link expired before it could be sent fails instead of going out without it', async () => {
    const { t, smtp, url } = await setup();
    const admin = await createAdmin(t);
    expect((await post(url, '/api/users/forgot-password', { email: admin.email })).status).toBe(202);
    await expirePasswordResetLinks(t.db);
    const worker = (await startMailWorker(t, { pollMs: 50 })) as MailWorker;
    cleanups.push(() => worker.stop());
    await expect
      .poll(
        async () =>
          (await t.db.selectFrom('mail_outbox').select(['status', 'last_error']).executeTakeFirstOrThrow()).status,
        { timeout: 5000 },
      )
      .toBe('failed');
    const row = await t.db.selectFrom('mail_outbox').select('last_error').executeTakeFirstOrThrow();
    expect(row.last_error).toBe(emailMessages.secretExpired);
    expect(smtp.received).toHaveLength(0);
  });
});
