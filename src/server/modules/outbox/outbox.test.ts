// The durable e-mail outbox against real parts: the real app over HTTP on a SQLite file, nodemailer talking SMTP to
// a real smtp-server on a loopback port (testing/smtp.ts), messages parsed with mailparser.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, startServer, type TestApp } from '#server/testing/app';
import { openSameDatabase } from '#server/testing/db';
import { createCountry, createProduct, createPromoCode } from '#server/testing/factories';
import { createStaff } from '#server/testing/auth';
import { freePort, startSmtp } from '#server/testing/smtp';
import type { MailConfig } from '#server/config';
import { formatEuro } from '#shared/money';
import { emailMessages } from '#shared/messages/emails';
import * as outboxAdmin from './outbox-admin.service';
import { inRequestContext } from '#server/testing/request-context';

/** A staff write runs as a door runs it: in a request context (decision 228). */
const { resendFailed } = inRequestContext(outboxAdmin);
import { enqueueMail, notifyMailQueued } from './outbox.service';
import { orderPageUrl } from './order-emails';
import { MailWorker, retryDelayMs, smtpTransport, startMailWorker, type NoSmtpHold } from './outbox.worker';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const mailConfig = (smtpUrl: string | undefined, extra: Partial<MailConfig> = {}): MailConfig => ({
  smtpUrl,
  from: 'Butiku <porosi@butiku.shop>',
  shopEmail: 'staff@butiku.shop',
  maxAttempts: 5,
  retryBaseMs: 200,
  ...extra,
});

async function shop(smtpUrl: string | undefined, extra: Partial<MailConfig> = {}) {
  const t = await createTestApp({ mail: mailConfig(smtpUrl, extra), publicUrl: 'https://butiku.test' });
  const server = await startServer(t.app, t);
  cleanups.push(() => server.close());
  const countryId = await createCountry(t.db, { name: 'Kosova', shippingCents: 250 });
  const a = await createProduct(t.db, { name: 'Fustan Liri', priceCents: 2000, variants: [{ stock: 5 }] });
  const b = await createProduct(t.db, { name: 'Këmishë Pambuku', priceCents: 1575, variants: [{ stock: 5 }] });
  await createPromoCode(t.db, { code: 'DHJETE', percentage: 10, start: '2000-01-01', end: '2999-12-31' });
  const order = async (extraBody: Record<string, unknown> = {}) => {
    const res = await fetch(`${server.url}/api/orders/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        customerDetails: {
          email: 'drita@example.com',
          firstName: 'Drita',
          lastName: 'Berisha',
          address: 'Rr. Adem Jashari 5',
          city: 'Ferizaj',
          zipCode: '70000',
          phoneNumber: '+38344111222',
          countryID: countryId,
          guestId: 'guest_abc123xyz',
        },
        cartItems: [
          { productVariantId: a.variantIds[0], quantity: 2 },
          { productVariantId: b.variantIds[0], quantity: 1 },
        ],
        promoCode: 'DHJETE',
        ...extraBody,
      }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { orderId: number; orderNumber: string; total: number };
  };
  return { t, server, order };
}

async function worker(t: Pick<TestApp, 'db' | 'config' | 'logger'>) {
  const w = (await startMailWorker(t, { pollMs: 100 })) as MailWorker;
  cleanups.push(() => w.stop());
  return w;
}

const outbox = (t: TestApp) => t.db.selectFrom('mail_outbox').selectAll().orderBy('mail_id').execute();

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`condition not met: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('order e-mails', () => {
  it('an order placed over HTTP sends the confirmation to the shopper and the notification to SHOP_EMAIL, with the right totals', async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const { t, order } = await shop(smtp.url);
    await worker(t);
    const placed = await order();
    // 2 × 20,00 + 15,75 = 55,75; 10% = 5,58 (rounded half up on cents); shipping 2,50 -> 52,67
    const mails = await smtp.waitFor(2);
    const confirmation = mails.find((m) => m.headers.get('x-butiku-mail-kind') === 'order_confirmation')!;
    const notification = mails.find((m) => m.headers.get('x-butiku-mail-kind') === 'order_notification')!;
    expect(confirmation.to && 'text' in confirmation.to ? confirmation.to.text : '').toBe('drita@example.com');
    expect(confirmation.from?.value[0]).toMatchObject({ name: 'Butiku', address: 'porosi@butiku.shop' });
    expect(confirmation.subject).toBe(`Porosia juaj ${placed.orderNumber} u pranua`);
    const total = formatEuro(placed.total);
    expect(total).toBe('52,67\u00a0€');
    for (const body of [confirmation.text!, confirmation.html as string]) {
      expect(body).toContain('Fustan Liri');
      expect(body).toContain('Këmishë Pambuku');
      expect(body).toContain(formatEuro(55.75));
      expect(body).toContain(formatEuro(2.5));
      expect(body).toContain(total);
      expect(body).toContain('Pagesa në dorëzim');
      expect(body).toContain('Rr. Adem Jashari 5');
    }
    expect(confirmation.text).toContain(
      `https://butiku.test/order-confirmation/${placed.orderId}?guest=guest_abc123xyz`,
    );
    expect(notification.to && 'text' in notification.to ? notification.to.text : '').toBe('staff@butiku.shop');
    expect(notification.replyTo?.text).toBe('drita@example.com');
    expect(notification.subject).toBe(`Porosi e re ${placed.orderNumber} · ${total}`);
    expect(notification.text).toContain(`https://butiku.test/dashboard/orderDetails/${placed.orderId}`);
    const rows = await until(
      () => outbox(t),
      (r) => r.every((m) => m.status === 'sent'),
    );
    expect(rows.map((r) => [r.kind, r.order_id, r.attempts])).toEqual([
      ['order_confirmation', placed.orderId, 1],
      ['order_notification', placed.orderId, 1],
    ]);
  });

  it('links an account’s order to its page in "Porositë e mia", a guest’s with its guest id, else tracking (decision 255)', () => {
    const config = { publicUrl: 'https://butiku.test' };
    expect(orderPageUrl(config, { orderId: 7, userId: 3, guestId: null })).toBe('https://butiku.test/porosite/7');
    expect(orderPageUrl(config, { orderId: 7, userId: null, guestId: 'guest_abc' })).toBe(
      'https://butiku.test/order-confirmation/7?guest=guest_abc',
    );
    expect(orderPageUrl(config, { orderId: 7, userId: null, guestId: null })).toBe(
      'https://butiku.test/order-status?order=7',
    );
  });

  it('the order and its e-mails are one transaction: a refused order queues nothing', async () => {
    const { t, server } = await shop(undefined);
    const res = await fetch(`${server.url}/api/orders/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        customerDetails: {
          email: 'x@example.com',
          firstName: 'X',
          lastName: 'Y',
          address: 'A',
          city: 'B',
          zipCode: '1',
          phoneNumber: '+38344111222',
          countryID: 1,
        },
        cartItems: [{ productVariantId: 999999, quantity: 1 }],
      }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await outbox(t)).toEqual([]);
  });

  /** A shop with a running worker and a real SMTP server, one placed order, and a staff PUT helper. */
  async function placedOrderWithStaff() {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const { t, server, order } = await shop(smtp.url);
    await worker(t);
    const placed = await order();
    const staff = await createStaff(t);
    const put = (path: string) =>
      fetch(`${server.url}${path}`, { method: 'PUT', headers: { authorization: `Bearer ${staff.token}` } });
    return { t, smtp, placed, put };
  }

  it('marking an order delivered (Dorëzuar) thanks the shopper and asks for no money (decision 248)', async () => {
    const { smtp, placed, put } = await placedOrderWithStaff();
    expect((await put(`/api/Orders/UpdateStatus/${placed.orderId}`)).status).toBe(200);
    const mails = await smtp.waitFor(3);
    const delivered = mails.find((m) => m.headers.get('x-butiku-mail-kind') === 'order_delivered')!;
    expect(delivered.subject).toBe(`Porosia juaj ${placed.orderNumber} u dorëzua`);
    expect(delivered.text).toContain('u pranua. Faleminderit për blerjen!');
    expect(delivered.text).not.toMatch(/Përgatitni|për të paguar|për pagesën në dorëzim/);
  });

  it('cancelling an order (Anuluar) e-mails the shopper that there is nothing to pay', async () => {
    const { t, smtp, placed, put } = await placedOrderWithStaff();
    expect((await put(`/api/Orders/${placed.orderId}/Cancel`)).status).toBe(200);
    const mails = await smtp.waitFor(3);
    const cancelled = mails.find((m) => m.headers.get('x-butiku-mail-kind') === 'order_cancelled')!;
    expect(cancelled.subject).toBe(`Porosia juaj ${placed.orderNumber} u anulua`);
    expect(cancelled.text).toContain('Nuk keni asgjë për të paguar');
    // A refused cancel (already cancelled) queues nothing more.
    expect((await put(`/api/Orders/${placed.orderId}/Cancel`)).status).toBe(409);
    expect(
      await t.db.selectFrom('mail_outbox').select('mail_id').where('kind', '=', 'order_cancelled').execute(),
    ).toHaveLength(1);
  });

  it('a contact-form message is copied to SHOP_EMAIL with reply-to the visitor', async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const { t, server } = await shop(smtp.url);
    await worker(t);
    const res = await fetch(`${server.url}/api/Contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Arta Krasniqi',
        phone: '+38344123456',
        email: 'arta@example.com',
        message: 'A e keni fustanin në 38?',
      }),
    });
    expect(res.status).toBeLessThan(300);
    const [copy] = await smtp.waitFor(1);
    expect(copy!.subject).toBe('Mesazh nga faqja: Arta Krasniqi');
    expect(copy!.replyTo?.text).toBe('arta@example.com');
    expect(copy!.text).toContain('A e keni fustanin në 38?');
  });

  it('a staff reply to a contact message reaches the sender from the shop, reply-to SHOP_EMAIL, quoting the message', async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const { t, server } = await shop(smtp.url);
    await worker(t);
    const staff = await createStaff(t);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${staff.token}` };
    const sent = await fetch(`${server.url}/api/Contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Arta Krasniqi',
        phone: '+38344123456',
        email: 'arta@example.com',
        message: 'A e keni fustanin në 38? <script>alert(1)</script>',
      }),
    });
    const { contact } = (await sent.json()) as { contact: { contactID: number } };
    const res = await fetch(`${server.url}/api/Contact/${contact.contactID}/Replies`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ body: 'Po, e kemi në 38.\nJu presim.' }),
    });
    expect(res.status).toBe(201);
    const mails = await smtp.waitFor(2);
    const reply = mails.find((m) => m.headers.get('x-butiku-mail-kind') === 'contact_reply')!;
    const to = Array.isArray(reply.to) ? reply.to[0] : reply.to;
    expect(to?.text).toBe('arta@example.com');
    expect(reply.from?.value[0]?.address).toBe('porosi@butiku.shop');
    expect(reply.replyTo?.text).toBe('staff@butiku.shop');
    expect(reply.subject).toBe(`Re: ${emailMessages.contactReplyDefaultSubject}`);
    expect(reply.text).toContain('Po, e kemi në 38.\nJu presim.');
    expect(reply.text).toContain('> A e keni fustanin në 38? <script>alert(1)</script>');
    expect(reply.html).toContain('A e keni fustanin në 38? &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(reply.html).not.toContain('<script>');
    // The thread reads the outbox row: the reply's e-mail is sent.
    const thread = await until(
      async () =>
        (await (await fetch(`${server.url}/api/Contact/${contact.contactID}`, { headers })).json()) as {
          replies: Array<{ mailStatus: string; mailSentAt: string | null }>;
        },
      (th) => th.replies[0]?.mailStatus === 'sent',
    );
    expect(thread.replies[0]!.mailSentAt).toEqual(expect.any(String));
  });
});

describe('delivery guarantees', () => {
  it('without SMTP_URL messages stay queued, labelled "not sent: no SMTP configured", and go out once SMTP is configured', async () => {
    const { t, order } = await shop(undefined);
    const hold = (await startMailWorker(t)) as NoSmtpHold;
    cleanups.push(() => hold.stop());
    await order();
    const rows = await until(
      () => outbox(t),
      (r) => r.length === 2 && r.every((m) => m.last_error === emailMessages.noSmtp),
    );
    expect(rows.map((r) => r.status)).toEqual(['queued', 'queued']);
    await hold.stop();

    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    await worker({ ...t, config: { ...t.config, mail: mailConfig(smtp.url) } });
    expect(await smtp.waitFor(2)).toHaveLength(2);
  });

  it('SMTP down: the attempt fails fast for the request, is retried with backoff, and the message arrives once SMTP is back', async () => {
    const port = await freePort();
    const { t, order } = await shop(`smtp://127.0.0.1:${port}`);
    await worker(t);
    const started = Date.now();
    await order();
    expect(Date.now() - started).toBeLessThan(5000); // the request never waits on SMTP
    // Attempts count at claim time, so wait for rows back in the queue after at least two failed attempts.
    const failed = await until(
      () => outbox(t),
      (r) => r.length === 2 && r.every((m) => m.attempts >= 2 && m.status === 'queued'),
    );
    for (const m of failed) {
      expect(m.status).toBe('queued');
      expect(m.last_error).toMatch(/ECONNREFUSED|connect/i);
    }
    const smtp = await startSmtp(port);
    cleanups.push(() => smtp.close());
    const mails = await smtp.waitFor(2, 20_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(mails).toHaveLength(2);
    expect((await outbox(t)).map((m) => m.status)).toEqual(['sent', 'sent']);
  });

  it('after MAIL_MAX_ATTEMPTS failures a message is marked failed; staff resend puts it back in the queue', async () => {
    const port = await freePort();
    const { t, order } = await shop(`smtp://127.0.0.1:${port}`, { maxAttempts: 2, retryBaseMs: 50 });
    await worker(t);
    await order();
    const rows = await until(
      () => outbox(t),
      (r) => r.length === 2 && r.every((m) => m.status === 'failed'),
    );
    expect(rows.map((r) => r.attempts)).toEqual([2, 2]);
    const again = await resendFailed(t.db, rows[0]!.mail_id);
    expect(again).toMatchObject({ status: 'queued', attempts: 0, lastError: null });
    // SMTP is still down: the worker tries again from zero and fails it again after MAIL_MAX_ATTEMPTS.
    await until(
      () => outbox(t),
      (r) => r.every((m) => m.status === 'failed' && m.attempts === 2),
    );
  });

  it('backoff: first retry within a minute, doubling, capped at an hour', () => {
    expect(retryDelayMs(1, 30_000)).toBe(30_000);
    expect(retryDelayMs(2, 30_000)).toBe(60_000);
    expect(retryDelayMs(3, 30_000)).toBe(120_000);
    expect(retryDelayMs(20, 30_000)).toBe(3_600_000);
  });

  it('two processes working the same outbox send every message exactly once (atomic claim)', async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const { t } = await shop(smtp.url);
    const n = 30;
    await t.db.transaction().execute(async (trx) => {
      for (let i = 0; i < n; i++)
        await enqueueMail(trx, {
          kind: 'test',
          to: `r${i}@example.com`,
          subject: `S${i}`,
          html: `<p>${i}</p>`,
          text: `${i}`,
        });
    });
    const otherDb = openSameDatabase(t.config);
    cleanups.push(() => otherDb.destroy());
    const settings = t.config.mail!;
    const one = new MailWorker(t, await smtpTransport(settings.smtpUrl!), { pollMs: 50, batch: 5 });
    const two = new MailWorker({ ...t, db: otherDb }, await smtpTransport(settings.smtpUrl!), { pollMs: 50, batch: 5 });
    cleanups.push(
      () => one.stop(),
      () => two.stop(),
    );
    one.start();
    two.start();
    notifyMailQueued();
    await smtp.waitFor(n);
    await until(
      () => outbox(t),
      (r) => r.every((m) => m.status === 'sent'),
    );
    await new Promise((r) => setTimeout(r, 500));
    const ids = smtp.received.map((m) => m.headers.get('x-butiku-mail-id'));
    expect(ids).toHaveLength(n);
    expect(new Set(ids).size).toBe(n);
  });
});
