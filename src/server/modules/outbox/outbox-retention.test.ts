// The outbox keeps a sent message's body for MAIL_KEEP_DAYS, then only its metadata (issue 38, decision 241), on a
// real database (both engines): only sent messages past the limit are cleared, in batches, idempotently, by several
// processes at once; failed and unsent ones keep their bodies; the staff preview answers for a cleared message; the
// serving process's upkeep does it on its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createStaff } from '#server/testing/auth';
import { openSameDatabase, TEST_ENGINE } from '#server/testing/db';
import { createOutboxMail } from '#server/testing/factories';
import { scheduleUpkeep } from '#server/upkeep';
import { clearOldMailBodies } from './outbox-retention';
import { clearSentBodies } from './outbox.queries';

const NOW = new Date('2026-11-27T10:00:00.000Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = (await createStaff(t)).token;
});
afterAll(() => t.db.destroy());

const row = (id: number) =>
  t.db
    .selectFrom('mail_outbox')
    .select([
      'kind',
      'recipient',
      'subject',
      'order_id',
      'created_at',
      'sent_at',
      'status',
      'html',
      'text_body',
      'body_cleared_at',
    ])
    .where('mail_id', '=', id)
    .executeTakeFirstOrThrow();

async function sentMail(sentDaysAgo: number, extra: Parameters<typeof createOutboxMail>[1] = {}) {
  return createOutboxMail(t.db, {
    status: 'sent',
    attempts: 1,
    createdAt: daysAgo(sentDaysAgo + 0.01),
    sentAt: daysAgo(sentDaysAgo),
    html: '<p>Porosia juaj #41</p>',
    text: 'Porosia juaj #41',
    ...extra,
  });
}

/** Clears everything older than the limit, so each test starts from its own rows. */
const settle = () => clearOldMailBodies(t, NOW);

describe('clearing old bodies', () => {
  it('empties only sent messages older than MAIL_KEEP_DAYS (90); their metadata stays; others keep their bodies', async () => {
    await settle();
    const old = await sentMail(91, {
      kind: 'order_shipped',
      recipient: 'drita@example.com',
      subject: 'U nis',
      orderId: 41,
    });
    const justKept = await sentMail(89);
    const failedOld = await createOutboxMail(t.db, {
      status: 'failed',
      attempts: 8,
      lastError: '550 no such user',
      createdAt: daysAgo(200),
      html: '<p>Dështoi</p>',
    });
    const queuedOld = await createOutboxMail(t.db, { createdAt: daysAgo(150), html: '<p>Në radhë</p>' });
    const before = await row(old);

    const r = await clearOldMailBodies(t, NOW);
    expect(r).toMatchObject({ cleared: 1, batches: 1, cutoff: daysAgo(90) });
    const after = await row(old);
    expect(after).toEqual({ ...before, html: '', text_body: '', body_cleared_at: expect.any(String) });
    expect(after).toMatchObject({
      kind: 'order_shipped',
      recipient: 'drita@example.com',
      subject: 'U nis',
      order_id: 41,
    });
    expect(Date.parse(after.body_cleared_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(await row(justKept)).toMatchObject({ html: '<p>Porosia juaj #41</p>', body_cleared_at: null });
    expect(await row(failedOld)).toMatchObject({ html: '<p>Dështoi</p>', body_cleared_at: null });
    expect(await row(queuedOld)).toMatchObject({ html: '<p>Në radhë</p>', body_cleared_at: null });

    // Idempotent: nothing left to clear, and the cleared row is not touched again.
    expect(await clearOldMailBodies(t, NOW)).toMatchObject({ cleared: 0, batches: 0 });
    expect((await row(old)).body_cleared_at).toBe(after.body_cleared_at);
    // MAIL_KEEP_DAYS=30 reaches the 89-day-old one too.
    const shorter = { ...t, config: { ...t.config, mail: { ...t.config.mail!, keepDays: 30 } } };
    expect(await clearOldMailBodies(shorter, NOW)).toMatchObject({ cleared: 1 });
    expect(await row(justKept)).toMatchObject({ html: '', text_body: '' });
  });

  it('works in batches, oldest first, giving the event loop a turn between them', async () => {
    await settle();
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) ids.push(await sentMail(120 - i));
    const turns: number[] = [];
    let cleared = 0;
    // A turn of the event loop is what another request gets: an immediate that queues itself again runs once in every
    // turn. (A 1 ms interval missed the turns when the four batches took under a millisecond together.)
    let ticking = true;
    const tick = () => {
      turns.push(cleared);
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    // Oldest first: a batch of 5 takes the five oldest.
    expect(await clearSentBodies(t.db, daysAgo(90), NOW.toISOString(), 5)).toBe(5);
    const firstFive = await t.db
      .selectFrom('mail_outbox')
      .select('mail_id')
      .where('mail_id', 'in', ids)
      .where('body_cleared_at', 'is not', null)
      .orderBy('mail_id')
      .execute();
    expect(firstFive.map((r) => r.mail_id)).toEqual(ids.slice(0, 5));
    const r = await clearOldMailBodies(t, NOW, 5);
    cleared = r.cleared;
    ticking = false;
    expect(r).toMatchObject({ cleared: 18, batches: 4 });
    expect(turns.length).toBeGreaterThan(0);
  });

  it('two processes clearing at once clear every old body exactly once between them', async () => {
    await settle();
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) ids.push(await sentMail(100 + (i % 7)));
    const other = openSameDatabase(t.config);
    try {
      const [a, b] = await Promise.all([
        clearOldMailBodies(t, NOW, 10),
        clearOldMailBodies({ db: other, config: t.config }, NOW, 10),
      ]);
      expect(a.cleared + b.cleared).toBe(60);
      const left = await t.db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('mail_id', 'in', ids)
        .where('body_cleared_at', 'is', null)
        .executeTakeFirstOrThrow();
      expect(Number(left.n)).toBe(0);
    } finally {
      await other.destroy();
    }
  });

  it('a batch of 500 sent messages with 5 kB bodies is cleared in one short statement', async () => {
    await settle();
    const body = `<p>${'Faleminderit për porosinë. '.repeat(180)}</p>`;
    const rows = Array.from({ length: 500 }, (_, i) => ({
      kind: 'order_confirmation',
      recipient: `b${i}@example.com`,
      reply_to: null,
      subject: `Porosia #${i}`,
      html: body,
      text_body: body,
      status: 'sent' as const,
      attempts: 1,
      next_attempt_at: daysAgo(100),
      created_at: daysAgo(100),
      sent_at: daysAgo(100),
    }));
    for (let i = 0; i < rows.length; i += 100)
      await t.db
        .insertInto('mail_outbox')
        .values(rows.slice(i, i + 100))
        .execute();
    const wall = performance.now();
    const cpu = process.cpuUsage();
    expect(await clearSentBodies(t.db, daysAgo(90), NOW.toISOString(), 500)).toBe(500);
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    console.log(
      `outbox: clearing 500 bodies (HTML and text of ${(body.length / 1000).toFixed(1)} kB each, ${TEST_ENGINE}): ${(performance.now() - wall).toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU in this process`,
    );
    // SQLite runs the statement in this process (it holds the event loop); on a shared 2-core machine CPU time is the
    // fair measure. Decision 241 aims at about 100 ms a batch.
    if (TEST_ENGINE === 'sqlite') expect(cpuMs).toBeLessThan(200);
  });
});

describe('the staff outbox screen', () => {
  it('answers for a cleared message: empty parts and when it was cleared, on REST and tRPC; the list still shows it', async () => {
    await settle();
    const id = await sentMail(95, { subject: 'Dërgesa ZH-77 u nis' });
    await clearOldMailBodies(t, NOW);
    const rest = await t.request(`/api/Emails/${id}`, { token: staff });
    expect(rest.status).toBe(200);
    const one = await rest.json();
    expect(one).toMatchObject({ mailID: id, subject: 'Dërgesa ZH-77 u nis', status: 'sent', html: '', text: '' });
    expect(typeof one.bodyClearedAt).toBe('string');
    const trpc = await t.request(
      `/api/trpc/outbox.byId?input=${encodeURIComponent(JSON.stringify({ json: { id } }))}`,
      {
        token: staff,
      },
    );
    expect(trpc.status).toBe(200);
    expect((await trpc.json()).result.data.json).toMatchObject({
      mailID: id,
      html: '',
      bodyClearedAt: one.bodyClearedAt,
    });
    const list = await (await t.request('/api/Emails?q=ZH-77', { token: staff })).json();
    expect(list.map((r: { mailID: number }) => r.mailID)).toEqual([id]);
    // A message still within the limit says so with null.
    const kept = await sentMail(3);
    expect(await (await t.request(`/api/Emails/${kept}`, { token: staff })).json()).toMatchObject({
      html: '<p>Porosia juaj #41</p>',
      bodyClearedAt: null,
    });
  });
});

describe('the serving process', () => {
  it('the upkeep round clears old bodies on its own, and stops cleanly', async () => {
    await settle();
    const id = await sentMail(Math.ceil((Date.now() - NOW.getTime()) / 86_400_000) + 120);
    const upkeep = scheduleUpkeep(t, { firstDelayMs: 0, intervalMs: 60_000 });
    try {
      for (let i = 0; i < 100 && (await row(id)).body_cleared_at === null; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(await row(id)).toMatchObject({ html: '', text_body: '' });
    } finally {
      await upkeep.stop();
    }
  });
});
