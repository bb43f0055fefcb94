// Gift cards (issue 37, decision 274) on the engine under test (SQLite; PostgreSQL with `npm run test:pg`): an
// administrator issues a card whose code is shown once, stored only as a keyed hash and e-mailed through the outbox
// (the row keeps a placeholder, the sealed copy is gone once sent); a code check answers the balance or 422 on the
// field, and 429 with Retry-After past the limit; checkout on both doors prices the card after the promo code and
// before store credit, holds it in the order's transaction, gives it back once when the order is cancelled or deleted;
// 40 checkouts at once never spend more than the card; a delivered order of gift card products issues its cards once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderConfirmationReply } from '#shared/dto/checkout';
import { IssuedGiftCardReply } from '#shared/dto/gift-cards';
import { addMonths, shopToday } from '#shared/dates';
import { giftCardMessages as g } from '#shared/messages/gift-cards';
import { ROLE_CUSTOMER } from '#shared/roles';
import { DEFAULT_LIMITS } from '#server/http/limits';
import { createAdmin, createCustomer, createStaff } from '#server/testing/auth';
import { createTestApp, startServer, type TestApp } from '#server/testing/app';
import { createCountry, createProduct } from '#server/testing/factories';
import { startSmtp, type TestSmtp } from '#server/testing/smtp';
import { trpcCall } from '#server/testing/trpc';
import { placeOrder } from '../checkout';
import { startMailWorker, type MailWorker } from '../outbox';
import { addCreditEntry } from '../store-credit';

let t: TestApp;
let smtp: TestSmtp;
let worker: MailWorker;
let closeServer: () => Promise<void>;
let admin: { token: string; userId: number };
let countryId: number;
const roomy = { points: 10_000, windowSeconds: 60, key: 'address' } as const;

const json = async (res: Response) => (await res.json()) as any;
const details = (extra: Record<string, unknown> = {}) => ({
  email: 'drita@example.com',
  firstName: 'Drita',
  lastName: 'Berisha',
  address: 'Rr. Adem Jashari 5',
  city: 'Ferizaj',
  zipCode: '70000',
  phoneNumber: '+38344111222',
  countryID: countryId,
  ...extra,
});
const variantOf = async (cents: number, extra: { stock?: number } = {}) =>
  (await createProduct(t.db, { priceCents: cents, variants: [{ stock: extra.stock ?? 50 }] })).variantIds[0]!;

const issue = (body: Record<string, unknown>, token = admin.token) =>
  t.request('/api/GiftCards', { method: 'POST', token, json: { recipientName: 'Arbëresha', ...body } });
const card = async (amount: number, extra: Record<string, unknown> = {}) => {
  const res = await issue({ amount, ...extra });
  expect(res.status).toBe(201);
  return json(res);
};
const balanceOf = async (giftCardId: number) => {
  const rows = await t.db
    .selectFrom('gift_card_entries')
    .select(['amount_cents', 'reason', 'order_id'])
    .where('gift_card_id', '=', giftCardId)
    .orderBy('entry_id')
    .execute();
  return { cents: rows.reduce((n, r) => n + r.amount_cents, 0), rows };
};
const checkout = (variantId: number, code: string | null, extra: Record<string, unknown> = {}, token?: string) =>
  t.request('/api/orders/checkout', {
    method: 'POST',
    token,
    json: {
      customerDetails: details(token ? {} : { guestId: 'guest_gift_0001' }),
      cartItems: [{ productVariantId: variantId, quantity: 1 }],
      giftCardCode: code,
      ...extra,
    },
  });
/** Waits for a condition (the worker sends on its own time), failing after 5 s. */
async function until(ok: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await ok()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not met in 5 s');
}
const orderCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
    )?.n,
  );

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
    rateLimits: { ...DEFAULT_LIMITS, checkout: roomy, giftCard: roomy },
  });
  const server = await startServer(t.app, t);
  closeServer = server.close;
  worker = (await startMailWorker(t, { pollMs: 100 })) as MailWorker;
  admin = await createAdmin(t);
  countryId = await createCountry(t.db, { name: 'Kosova', shippingCents: 250 });
});
afterAll(async () => {
  await worker.stop();
  await closeServer();
  await smtp.close();
  await t.db.destroy();
});

describe('issuing a gift card', () => {
  it('an administrator issues it: the code once (five groups of four), only its keyed hash and last four stored', async () => {
    const body = await card(50, { message: 'Gëzuar ditëlindjen!' });
    expect(IssuedGiftCardReply.safeParse(body).success).toBe(true);
    expect(body.code).toMatch(/^([2-9A-HJKMNP-Z]{4}-){4}[2-9A-HJKMNP-Z]{4}$/);
    expect(body).toMatchObject({
      initial: 50,
      balance: 50,
      status: 'active',
      last4: body.code.slice(-4),
      mailed: false,
    });
    expect(body.expiresOn).toBe(addMonths(shopToday(), 12)); // the shop's policy
    const row = await t.db
      .selectFrom('gift_cards')
      .selectAll()
      .where('gift_card_id', '=', body.giftCardId)
      .executeTakeFirstOrThrow();
    const plain = body.code.replaceAll('-', '');
    expect(JSON.stringify(row)).not.toContain(plain);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.sealed_code).toBeNull();
    // The list names it by its last four, never the code.
    const list = await json(await t.request('/api/GiftCards', { token: admin.token }));
    expect(JSON.stringify(list)).not.toContain(plain);
    expect(list.items[0]).toMatchObject({ giftCardId: body.giftCardId, last4: body.last4, balance: 50 });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['entity', 'action'])
      .where('entity', '=', 'giftCard')
      .execute();
    expect(audit).toContainEqual({ entity: 'giftCard', action: 'issue' });
  });

  it('staff (not administrators), shoppers and guests may not issue or list; a bad form is 400 with fields', async () => {
    const staff = await createStaff(t);
    const shopper = await createCustomer(t);
    expect((await issue({ amount: 20 }, staff.token)).status).toBe(403);
    expect((await issue({ amount: 20 }, shopper.token)).status).toBe(403);
    expect((await t.request('/api/GiftCards', { token: staff.token })).status).toBe(403);
    expect((await t.request('/api/GiftCards', { method: 'POST', json: { amount: 20 } })).status).toBe(401);
    const bad = await issue({ amount: 0, recipientName: '', recipientEmail: 'jo-email' });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).errors ?? {})).toEqual(
      expect.arrayContaining(['amount', 'recipientName', 'recipientEmail']),
    );
  });

  it('e-mailed to the recipient: the outbox row keeps a placeholder, the e-mail carries the code, then nothing holds it', async () => {
    const to = `marresi-${Date.now()}@example.com`;
    const body = await card(30, { recipientEmail: to, expiresOn: null });
    expect(body).toMatchObject({ mailed: true, expiresOn: null });
    const sent = () =>
      t.db
        .selectFrom('mail_outbox')
        .select(['html', 'text_body', 'status'])
        .where('recipient', '=', to)
        .executeTakeFirstOrThrow();
    await until(async () => (await sent()).status === 'sent');
    const got = smtp.received.find((m) => JSON.stringify(m.to).includes(to));
    expect(got?.subject).toContain('Një kartë dhuratë për ju nga Butiku');
    expect(got?.text).toContain(body.code);
    const row = await sent();
    expect(row.text_body + row.html).not.toContain(body.code);
    const stored = await t.db
      .selectFrom('gift_cards')
      .select('sealed_code')
      .where('gift_card_id', '=', body.giftCardId)
      .executeTakeFirstOrThrow();
    expect(stored.sealed_code).toBeNull();
  });
});

describe('staff adjustments', () => {
  it('an administrator adds or removes value with a note (audited); never below zero (409), 404 without the card', async () => {
    const body = await card(20);
    const adjust = (json: Record<string, unknown>, id = body.giftCardId, token = admin.token) =>
      t.request(`/api/GiftCards/${id}/Adjust`, { method: 'POST', token, json });
    expect(await json(await adjust({ action: 'add', amount: 5, note: 'Falje për vonesën' }))).toMatchObject({
      balance: 25,
    });
    const over = await adjust({ action: 'remove', amount: 30, note: 'Gabim' });
    expect(over.status).toBe(409);
    expect((await json(over)).errors.amount[0]).toContain('25,00');
    expect(await json(await adjust({ action: 'remove', amount: 25, note: 'Anuluar' }))).toMatchObject({
      balance: 0,
      status: 'used',
    });
    expect((await adjust({ action: 'add', amount: 5, note: '' })).status).toBe(400);
    expect((await adjust({ action: 'add', amount: 5, note: 'x' }, 999_999)).status).toBe(404);
    expect(
      (await adjust({ action: 'add', amount: 5, note: 'x' }, body.giftCardId, (await createStaff(t)).token)).status,
    ).toBe(403);
    const { rows } = await balanceOf(body.giftCardId);
    expect(rows.map((r) => r.reason)).toEqual(['issue', 'staff_adjustment', 'staff_adjustment']);
  });
});

describe('checking a code', () => {
  it('answers the balance; a wrong, expired or empty code is 422 with the Albanian field message', async () => {
    const ok = await card(20);
    const check = (code: string) => t.request('/api/gift-cards/check', { method: 'POST', json: { code } });
    expect(await json(await check(ok.code.toLowerCase().replaceAll('-', ' ')))).toEqual({
      last4: ok.last4,
      balance: 20,
      expiresOn: ok.expiresOn,
    });
    const wrong = await check('ABCD-EFGH-JKMN-PQRS-TUVW');
    expect(wrong.status).toBe(422);
    expect((await json(wrong)).errors.code).toEqual([g.codeInvalid]);
    const old = await card(20);
    await t.db
      .updateTable('gift_cards')
      .set({ expires_on: '2020-01-01' })
      .where('gift_card_id', '=', old.giftCardId)
      .execute();
    expect((await json(await check(old.code))).errors.code).toEqual([g.codeExpired]);
    expect((await check('')).status).toBe(400);
  });

  it('past the limit the address gets 429 with Retry-After, right codes included', async () => {
    const limited = await createTestApp({
      rateLimits: { ...DEFAULT_LIMITS, giftCard: { points: 3, windowSeconds: 60, key: 'address' } },
    });
    try {
      const check = () =>
        limited.request('/api/gift-cards/check', { method: 'POST', json: { code: 'ABCD-EFGH-JKMN-PQRS-TUVW' } });
      for (let i = 0; i < 3; i++) expect((await check()).status).toBe(422);
      const refused = await check();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    } finally {
      await limited.db.destroy();
    }
  });
});

describe('paying with a gift card at checkout', () => {
  it('REST: a 20 € card on a 25 € order pays 20 €, 5 € to pay; a 50 € card pays the whole 25 € (shipping included)', async () => {
    const small = await card(20);
    const res = await checkout(await variantOf(2250), small.code);
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(OrderConfirmationReply.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ total: 25, giftCardAmount: 20, storeCreditAmount: 0 });
    expect((await balanceOf(small.giftCardId)).cents).toBe(0);
    const big = await card(50);
    const whole = await json(await checkout(await variantOf(2250), big.code));
    expect(whole).toMatchObject({ total: 25, giftCardAmount: 25 });
    expect((await balanceOf(big.giftCardId)).cents).toBe(2500);
    const staffView = await json(await t.request(`/api/Orders/${whole.orderId}`, { token: admin.token }));
    expect(staffView).toMatchObject({ total: 25, giftCardAmount: 25 });
  });

  it('tRPC: the card first, then the shopper’s store credit on what is left', async () => {
    const c = await createCustomer(t);
    await t.db
      .transaction()
      .execute((trx) => addCreditEntry(trx, { userId: c.userId, amountCents: 1000, reason: 'staff_adjustment' }));
    const gift = await card(20);
    const send = (path: string, init: RequestInit & { token?: string }) => t.request(path, init as never);
    const answer = await trpcCall(
      send,
      'checkout.placeOrder',
      'mutation',
      {
        customerDetails: details(),
        cartItems: [{ productVariantId: await variantOf(4250), quantity: 1 }],
        giftCardCode: gift.code,
        useStoreCredit: true,
      },
      c.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ total: 45, giftCardAmount: 20, storeCreditAmount: 10 });
  });

  it('a wrong, expired or used-up code is 422 on giftCardCode and nothing is written', async () => {
    const before = await orderCount();
    const wrong = await checkout(await variantOf(1000), 'ABCD-EFGH-JKMN-PQRS-TUVW');
    expect(wrong.status).toBe(422);
    expect((await json(wrong)).errors.giftCardCode).toEqual([g.codeInvalid]);
    const used = await card(5);
    expect((await checkout(await variantOf(1000), used.code)).status).toBe(201);
    const again = await checkout(await variantOf(1000), used.code);
    expect(again.status).toBe(422);
    expect((await json(again)).errors.giftCardCode).toEqual([g.codeEmpty]);
    const old = await card(20);
    await t.db
      .updateTable('gift_cards')
      .set({ expires_on: '2020-01-01' })
      .where('gift_card_id', '=', old.giftCardId)
      .execute();
    expect((await json(await checkout(await variantOf(1000), old.code))).errors.giftCardCode).toEqual([g.codeExpired]);
    expect(await orderCount()).toBe(before + 1);
  });

  it('a cancelled order gives the card back once; a deleted live order too', async () => {
    const gift = await card(20);
    const { orderId } = await json(await checkout(await variantOf(2250), gift.code));
    const cancel = () => t.request(`/api/Orders/${orderId}/Cancel`, { method: 'PUT', token: admin.token });
    expect((await cancel()).status).toBe(200);
    expect((await cancel()).status).toBe(409);
    const { cents, rows } = await balanceOf(gift.giftCardId);
    expect(cents).toBe(2000);
    expect(rows.filter((r) => r.reason === 'order_release')).toHaveLength(1);
    const second = await json(await checkout(await variantOf(1000), gift.code));
    expect((await balanceOf(gift.giftCardId)).cents).toBe(2000 - 1250);
    expect((await t.request(`/api/Orders/${second.orderId}`, { method: 'DELETE', token: admin.token })).status).toBe(
      200,
    );
    expect((await balanceOf(gift.giftCardId)).cents).toBe(2000);
  });

  it('40 checkouts at once never spend more than the card: 10 € over orders of 5,50 € (5,50 + 4,50, the rest refused)', async () => {
    const gift = await card(10);
    const variants = await Promise.all(Array.from({ length: 40 }, () => variantOf(300)));
    // Open the pool's connections first (PostgreSQL): a cold pool runs them one after another.
    await Promise.all(
      Array.from({ length: 5 }, () =>
        t.db.transaction().execute(async (trx) => {
          await trx
            .selectFrom('gift_card_entries')
            .select('entry_id')
            .where('gift_card_id', '=', gift.giftCardId)
            .execute();
          await new Promise((resolve) => setTimeout(resolve, 50));
        }),
      ),
    );
    const actor = { userId: (await createCustomer(t)).userId, roleID: ROLE_CUSTOMER };
    const results = await Promise.allSettled(
      variants.map((variantId) =>
        placeOrder(
          t,
          {
            customerDetails: details(),
            cartItems: [{ productVariantId: variantId, quantity: 1 }],
            giftCardCode: gift.code.replaceAll('-', ''),
          },
          { actor },
        ),
      ),
    );
    const placed = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
    for (const r of results.filter((x) => x.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'UNPROCESSABLE_CONTENT' });
    expect(placed.map((o) => o.giftCardAmount).sort()).toEqual([4.5, 5.5]);
    const { cents, rows } = await balanceOf(gift.giftCardId);
    expect(cents).toBe(0);
    expect(rows.filter((r) => r.reason === 'order_spend').reduce((n, r) => n - r.amount_cents, 0)).toBe(1000);
  });
});

describe('the REST contract', () => {
  it('OpenAPI documents giftCardCode on POST /api/orders/checkout, giftCardAmount in its answer, and the card routes', async () => {
    const doc = (await json(await t.request('/api/openapi.json'))) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const post = doc.paths['/api/orders/checkout']!.post!;
    expect(JSON.stringify(post.requestBody)).toContain('"giftCardCode"');
    expect(JSON.stringify(post.responses)).toContain('"giftCardAmount"');
    expect(JSON.stringify(doc.paths['/api/Orders/{id}']!.get!.responses)).toContain('"giftCardAmount"');
    expect(Object.keys(doc.paths['/api/GiftCards']!).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/api/gift-cards/check']!.post).toBeDefined();
  });
});

describe('a gift card sold as a product', () => {
  it('issues one card per unit when the order is delivered (paid), once, e-mailed to the buyer', async () => {
    const { productId, variantIds } = await createProduct(t.db, {
      name: 'Kartë dhuratë 50 €',
      priceCents: 5000,
      variants: [{ stock: 100 }],
    });
    await t.db.updateTable('products').set({ is_gift_card: 1 }).where('product_id', '=', productId).execute();
    const buyer = `bleresja-${Date.now()}@example.com`;
    const res = await t.request('/api/orders/checkout', {
      method: 'POST',
      json: {
        customerDetails: details({ email: buyer, guestId: 'guest_gift_0002' }),
        cartItems: [{ productVariantId: variantIds[0], quantity: 2 }],
      },
    });
    const { orderId } = await json(res);
    const cards = () =>
      t.db
        .selectFrom('gift_cards')
        .select(['gift_card_id', 'initial_cents', 'recipient_email'])
        .where('source_order_id', '=', orderId)
        .execute();
    expect(await cards()).toHaveLength(0); // placed, not paid
    const toggle = () => t.request(`/api/Orders/UpdateStatus/${orderId}`, { method: 'PUT', token: admin.token });
    expect((await toggle()).status).toBe(200); // delivered
    expect((await toggle()).status).toBe(200); // back to pending
    expect((await toggle()).status).toBe(200); // delivered again
    const issued = await cards();
    expect(issued.map((c) => [c.initial_cents, c.recipient_email])).toEqual([
      [5000, buyer],
      [5000, buyer],
    ]);
    for (const c of issued) expect((await balanceOf(c.gift_card_id)).cents).toBe(5000);
    // Refused at the door after all: not paid, so what is left on its cards is voided.
    expect((await t.request(`/api/Orders/${orderId}/Return`, { method: 'PUT', token: admin.token })).status).toBe(200);
    for (const c of issued) {
      const { cents, rows } = await balanceOf(c.gift_card_id);
      expect([cents, rows.at(-1)?.reason]).toEqual([0, 'void']);
    }
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select('kind')
      .where('recipient', '=', buyer)
      .where('kind', '=', 'gift_card')
      .execute();
    expect(mails).toHaveLength(2);
  });
});
