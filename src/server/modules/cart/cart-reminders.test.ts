// Forgotten carts (issue 37, decision 275) on the engine under test (SQLite, or PostgreSQL under npm run test:pg):
// the schedule on a fixed clock in shop time (4 h, the second after a day, none at night), once only however many
// runs at once, the stops (order, empty cart, unsubscribe), a guest's consent, the e-mail through a real SMTP server
// and its links over HTTP (the restore link on a device with no session; unsubscribe without signing in), and the
// figures the reports read (recovered revenue).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestoredCartReply } from '#shared/dto/cart-reminders';
import { cartReminderMessages } from '#shared/messages/cart-reminders';
import { DEFAULT_LIMITS } from '#server/http/limits';
import { createTestApp, startServer, type TestApp } from '#server/testing/app';
import { createCustomer } from '#server/testing/auth';
import { createCountry, createProduct } from '#server/testing/factories';
import { startSmtp, type TestSmtp } from '#server/testing/smtp';
import { startMailWorker, type MailWorker } from '../outbox';
import { runCartReminders } from './cart-reminders.job';
import { forgottenCartFigures } from './cart-reminders.reports';
import { cartChanged } from './cart-reminders.service';

const HOUR = 3_600_000;
let t: TestApp;
let smtp: TestSmtp;
let url: string;
const cleanups: (() => Promise<unknown> | void)[] = [];
let countryId: number;

const json = async (r: Response) => (await r.json()) as any;
const post = (path: string, body: unknown, token?: string) =>
  fetch(`${url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const followup = (where: { userId?: number; email?: string }) =>
  t.db
    .selectFrom('cart_followups')
    .select(['followup_id', 'due_at', 'reminders_sent', 'guest_key_hash'])
    .$if(where.userId !== undefined, (s) => s.where('user_id', '=', where.userId!))
    .$if(where.email !== undefined, (s) => s.where('guest_email', '=', where.email!))
    .executeTakeFirst();
const remindersTo = (email: string) =>
  t.db
    .selectFrom('mail_outbox')
    .select(['mail_id', 'subject', 'text_body', 'html', 'secret_kind'])
    .where('recipient', '=', email)
    .where('kind', '=', 'cart_reminder')
    .orderBy('mail_id')
    .execute();

/** A winter day at shop noon (11:00 UTC = 12:00 in Prishtina), `days` before now. */
const shopNoon = (daysAgo: number) => {
  const d = new Date(Date.now() - daysAgo * 24 * HOUR);
  d.setUTCHours(11, 0, 0, 0);
  return d;
};
const T0 = new Date('2026-11-20T09:00:00.000Z'); // 10:00 shop time

async function shopperWithCart(priceCents = 4550, stock = 5) {
  const user = await createCustomer(t);
  const p = await createProduct(t.db, { name: `Fustan ${user.userId}`, priceCents, variants: [{ stock }] });
  const add = await post('/cartitems', { productVariantId: p.variantIds[0], quantity: 2 }, user.token);
  expect(add.status).toBe(201);
  return { ...user, variantId: p.variantIds[0]!, productName: `Fustan ${user.userId}` };
}

/** The message SMTP received for `to` (other tests' queued mail arrives too). */
async function mailFor(to: string) {
  for (let n = 1; n < 50; n++) {
    const found = (await smtp.waitFor(n)).find((m) => (m.to as { text: string }).text === to);
    if (found) return found;
  }
  throw new Error(`no e-mail for ${to}`);
}

beforeAll(async () => {
  smtp = await startSmtp();
  cleanups.push(() => smtp.close());
  t = await createTestApp({
    publicUrl: 'https://butiku.test',
    mail: {
      smtpUrl: smtp.url,
      from: 'Butiku <porosi@butiku.shop>',
      shopEmail: 'staff@butiku.shop',
      maxAttempts: 3,
      retryBaseMs: 200,
    },
    rateLimits: { ...DEFAULT_LIMITS, cartReminders: { points: 1000, windowSeconds: 60, key: 'address' } },
  });
  const server = await startServer(t.app, t);
  cleanups.push(() => server.close());
  url = server.url;
  countryId = await createCountry(t.db, { name: 'Kosova', shippingCents: 250 });
});

afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('forgotten carts: the schedule', () => {
  it('a change arms the reminder 4 h later; one at 4 h, a second a day later, never a third; twice at once queues once', async () => {
    const s = await shopperWithCart();
    const armed = await followup({ userId: s.userId });
    const wait = new Date(armed!.due_at!).getTime() - Date.now();
    expect(wait).toBeGreaterThan(4 * HOUR - 60_000);
    expect(wait).toBeLessThanOrEqual(4 * HOUR);

    await cartChanged(t, s.userId, T0);
    expect((await runCartReminders(t, new Date(T0.getTime() + 4 * HOUR - 60_000))).queued).toBe(0);
    const at = new Date(T0.getTime() + 4 * HOUR);
    const runs = await Promise.all([runCartReminders(t, at), runCartReminders(t, at), runCartReminders(t, at)]);
    expect(runs.reduce((n, r) => n + r.queued, 0)).toBe(1);
    let mails = await remindersTo(s.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(cartReminderMessages.mail.subject);
    expect(mails[0]!.text_body).toMatch(new RegExp(`${s.productName} \\(.+\\) × 2: 91,00\u00a0€`));
    expect(mails[0]!.text_body).toContain('Gjithsej: 91,00\u00a0€');
    // The row holds only the placeholder: no usable link in the outbox (decision 207).
    expect(mails[0]!.text_body).toContain('/kujtesa?token={{secret_link}}');
    expect(mails[0]!.secret_kind).toBe('cart_reminder');

    const second = T0.getTime() + 4 * HOUR + 24 * HOUR;
    expect((await runCartReminders(t, new Date(second - 60_000))).queued).toBe(0);
    expect((await runCartReminders(t, new Date(second))).queued).toBe(1);
    expect((await runCartReminders(t, new Date(second + 48 * HOUR))).queued).toBe(0);
    mails = await remindersTo(s.email);
    expect(mails.map((m) => m.subject)).toEqual([
      cartReminderMessages.mail.subject,
      cartReminderMessages.mail.subjectSecond,
    ]);
    expect((await followup({ userId: s.userId }))!.due_at).toBeNull();
  });

  it('sends nothing at night in shop time: a cart due at 23:00 waits for 08:00', async () => {
    const s = await shopperWithCart();
    await cartChanged(t, s.userId, new Date('2026-11-20T18:00:00.000Z')); // due 22:00 UTC = 23:00 shop time
    const night = await runCartReminders(t, new Date('2026-11-20T22:30:00.000Z'));
    expect(night).toMatchObject({ queued: 0, quiet: true });
    expect(await runCartReminders(t, new Date('2026-11-21T06:30:00.000Z'))).toMatchObject({ queued: 0, quiet: true }); // 07:30
    expect((await runCartReminders(t, new Date('2026-11-21T07:00:00.000Z'))).queued).toBeGreaterThanOrEqual(1); // 08:00
    expect(await remindersTo(s.email)).toHaveLength(1);
  });

  it('stops when the cart is emptied, and starts again when an item is added', async () => {
    const s = await shopperWithCart();
    const [line] = await json(await fetch(`${url}/api/cartitems`, { headers: { authorization: `Bearer ${s.token}` } }));
    expect(
      (
        await fetch(`${url}/api/cartitems/${line.cartItemId}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${s.token}` },
        })
      ).status,
    ).toBe(204);
    expect((await followup({ userId: s.userId }))!.due_at).toBeNull();
    await post('/cartitems', { productVariantId: s.variantId, quantity: 1 }, s.token);
    expect((await followup({ userId: s.userId }))!.due_at).not.toBeNull();
  });

  it('stops when she orders; an order within the window after a reminder counts as recovered', async () => {
    const s = await shopperWithCart(2000);
    const sent = shopNoon(1);
    await cartChanged(t, s.userId, new Date(sent.getTime() - 4 * HOUR));
    expect((await runCartReminders(t, sent)).queued).toBeGreaterThanOrEqual(1);
    const before = await forgottenCartFigures(
      t,
      new Date(sent.getTime() - HOUR).toISOString(),
      new Date(Date.now() + HOUR).toISOString(),
    );
    const order = await post(
      '/orders/checkout',
      {
        customerDetails: {
          email: s.email,
          firstName: 'Drita',
          lastName: 'Berisha',
          address: 'Rr. 5',
          city: 'Ferizaj',
          zipCode: '70000',
          phoneNumber: '+38344111222',
          countryID: countryId,
        },
        cartItems: [{ productVariantId: s.variantId, quantity: 2 }],
      },
      s.token,
    );
    expect(order.status).toBe(201);
    const { orderId } = await json(order);
    expect((await followup({ userId: s.userId }))!.due_at).toBeNull();
    const reminder = await t.db
      .selectFrom('cart_reminders')
      .select(['order_id', 'recovered_cents'])
      .where('user_id', '=', s.userId)
      .executeTakeFirstOrThrow();
    expect(reminder).toEqual({ order_id: orderId, recovered_cents: 4250 });
    const after = await forgottenCartFigures(
      t,
      new Date(sent.getTime() - HOUR).toISOString(),
      new Date(Date.now() + HOUR).toISOString(),
    );
    expect(after.recoveredOrders - before.recoveredOrders).toBe(1);
    expect(Math.round((after.recoveredRevenue - before.recoveredRevenue) * 100)).toBe(4250);
    expect(after.carts).toBeGreaterThanOrEqual(1);
    expect(after.value).toBeGreaterThanOrEqual(40);
    // Her cart was emptied by the order: a later run has nothing to send.
    expect(await remindersTo(s.email)).toHaveLength(1);
  });
});

describe('forgotten carts: a guest who agreed at checkout', () => {
  it('nothing is kept without consent; with it the cart is linked to her address and reminded; her order stops it', async () => {
    const p = await createProduct(t.db, { name: 'Çantë guest', priceCents: 3000, variants: [{ stock: 4 }] });
    const items = [{ productVariantId: p.variantIds[0], quantity: 1 }];
    const none = await post('/CartReminders/GuestCart', { email: 'vesa@example.com', consent: false, items });
    expect(await json(none)).toEqual({ key: null });
    expect(await followup({ email: 'vesa@example.com' })).toBeUndefined();
    expect((await post('/CartReminders/GuestCart', { email: 'not an address', consent: true, items })).status).toBe(
      400,
    );

    const saved = await json(
      await post('/CartReminders/GuestCart', { email: 'Vesa@Example.com', consent: true, items }),
    );
    expect(saved.key).toMatch(/^[\w-]{40,}$/);
    const row = await followup({ email: 'vesa@example.com' });
    expect(row!.guest_key_hash).not.toContain(saved.key);
    await t.db
      .updateTable('cart_followups')
      .set({ due_at: T0.toISOString() })
      .where('followup_id', '=', row!.followup_id)
      .execute();
    expect((await runCartReminders(t, T0)).queued).toBe(1);
    const [mail] = await remindersTo('vesa@example.com');
    expect(mail!.text_body).toMatch(/Çantë guest \(.+\) × 1: 30,00\u00a0€/);
    expect(mail!.text_body).toContain(cartReminderMessages.mail.greetingNoName);

    // Her browser's key updates the same cart; an empty cart stops it.
    await post('/CartReminders/GuestCart', { email: 'vesa@example.com', consent: true, key: saved.key, items: [] });
    expect((await followup({ email: 'vesa@example.com' }))!.due_at).toBeNull();
    await post('/CartReminders/GuestCart', { email: 'vesa@example.com', consent: true, key: saved.key, items });
    expect((await followup({ email: 'vesa@example.com' }))!.due_at).not.toBeNull();
    const order = await post('/orders/checkout', {
      customerDetails: {
        email: 'vesa@example.com',
        firstName: 'Vesa',
        lastName: 'Krasniqi',
        address: 'Rr. 7',
        city: 'Pejë',
        zipCode: '30000',
        phoneNumber: '+38344999888',
        countryID: countryId,
        guestId: 'guest_reminder_01',
      },
      cartItems: items,
    });
    expect(order.status).toBe(201);
    expect((await followup({ email: 'vesa@example.com' }))!.due_at).toBeNull();
  });
});

describe('forgotten carts: the links', () => {
  it('the e-mail restores the cart on a device without a session, and unsubscribes in one click without signing in', async () => {
    const s = await shopperWithCart(1500, 9);
    await cartChanged(t, s.userId, T0);
    const worker = (await startMailWorker(t, { pollMs: 100 })) as MailWorker;
    try {
      expect((await runCartReminders(t, new Date(T0.getTime() + 4 * HOUR))).queued).toBeGreaterThanOrEqual(1);
      const mail = await mailFor(s.email);
      const token = /kujtesa\?token=([\w-]+)/.exec(mail.text!)![1]!;
      expect(mail.text).toContain(`https://butiku.test/kujtesa?token=${token}&ndalo=1`);
      const stored = await t.db
        .selectFrom('cart_reminders')
        .select('token_hash')
        .where('user_id', '=', s.userId)
        .executeTakeFirstOrThrow();
      expect(stored.token_hash).not.toBe(token);
      expect(stored.token_hash).toHaveLength(64);

      const restored = await post('/CartReminders/Restore', { token });
      expect(restored.status).toBe(200);
      expect(restored.headers.get('set-cookie')).toBeNull();
      const body = RestoredCartReply.parse(await restored.json());
      expect(body.items).toEqual([
        expect.objectContaining({ productVariantId: s.variantId, quantity: 2, productPrice: 15, stockQuantity: 9 }),
      ]);
      expect(JSON.stringify(body)).not.toContain(s.email);
      const wrong = await post('/CartReminders/Restore', { token: `${token}x` });
      expect(wrong.status).toBe(404);
      expect((await json(wrong)).Message).toBe(cartReminderMessages.restore.badLink);
      expect((await post('/CartReminders/Restore', {})).status).toBe(400);

      const off = await post('/CartReminders/Unsubscribe', { token });
      expect(await json(off)).toEqual({ unsubscribed: true });
      expect(
        await t.db
          .selectFrom('cart_reminder_optouts')
          .select('email')
          .where('email', '=', s.email.toLowerCase())
          .executeTakeFirst(),
      ).toBeTruthy();
      await post('/cartitems', { productVariantId: s.variantId, quantity: 1 }, s.token);
      await cartChanged(t, s.userId, new Date(T0.getTime() + 48 * HOUR));
      const later = await runCartReminders(t, new Date(T0.getTime() + 52 * HOUR));
      expect(later.stopped).toBeGreaterThanOrEqual(1);
      expect(await remindersTo(s.email)).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });
});
