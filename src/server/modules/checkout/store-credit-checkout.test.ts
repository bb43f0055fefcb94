// Store credit spent at checkout (issue 37, decision 273) on the engine under test: the server prices it after the
// promo code and shipping (min(balance, total incl. shipping)), writes the 'order_spend' row in the order's
// transaction and keeps the amount on the order; a guest is refused (422 on useStoreCredit); a cancelled or refused
// order gives the credit back exactly once; 40 checkouts at once never spend more than the balance; the REST answer
// carries storeCreditAmount. Runs on SQLite and, with `npm run test:pg`, PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { OrderConfirmationReply, type OrderConfirmationDto } from '#shared/dto/checkout';
import { fill } from '#shared/messages';
import { checkoutMessages } from '#shared/messages/checkout';
import { emailMessages } from '#shared/messages/emails';
import { ROLE_CUSTOMER } from '#shared/roles';
import { DEFAULT_LIMITS } from '#server/http/limits';
import { createCustomer, createStaff } from '#server/testing/auth';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCountry, createProduct } from '#server/testing/factories';
import { addCreditEntry } from '../store-credit';
import { placeOrder } from './checkout.service';

let t: TestApp;
let staff: { token: string; userId: number };
let countryId: number;

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
const giveCredit = (userId: number, cents: number) =>
  t.db.transaction().execute((trx) => addCreditEntry(trx, { userId, amountCents: cents, reason: 'staff_adjustment' }));
const entries = (userId: number) =>
  t.db
    .selectFrom('store_credit_entries')
    .select(['amount_cents', 'reason', 'order_id'])
    .where('user_id', '=', userId)
    .orderBy('entry_id')
    .execute();
const balance = async (userId: number) => (await entries(userId)).reduce((n, r) => n + r.amount_cents, 0);
const storedCredit = async (orderId: number) =>
  (
    await t.db
      .selectFrom('orders')
      .select('store_credit_cents')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
  ).store_credit_cents;

/** A variant of `cents` with plenty of stock. */
const variantOf = async (cents: number) =>
  (await createProduct(t.db, { priceCents: cents, variants: [{ stock: 50 }] })).variantIds[0]!;

/** POST /api/orders/checkout as the given shopper (or a guest), asking to use store credit. */
const checkout = (variantId: number, token: string | undefined, extra: Record<string, unknown> = {}) =>
  t.request('/api/orders/checkout', {
    method: 'POST',
    token,
    json: {
      customerDetails: details(token ? {} : { guestId: 'guest_credit_0001' }),
      cartItems: [{ productVariantId: variantId, quantity: 1 }],
      useStoreCredit: true,
      ...extra,
    },
  });

beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { ...DEFAULT_LIMITS, checkout: { points: 1000, windowSeconds: 60, key: 'address' } },
  });
  staff = await createStaff(t);
  countryId = await createCountry(t.db, { name: 'Kosova', shippingCents: 250 });
});

describe('spending store credit at checkout', () => {
  it('balance 10 €, order 25 € with shipping: 10 € used, balance 0, 15 € to pay (REST answer and order)', async () => {
    const c = await createCustomer(t);
    await giveCredit(c.userId, 1000);
    const res = await checkout(await variantOf(2250), c.token);
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(OrderConfirmationReply.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ total: 25, shipping: 2.5, storeCreditAmount: 10 });
    expect(await balance(c.userId)).toBe(0);
    expect(await entries(c.userId)).toEqual([
      { amount_cents: 1000, reason: 'staff_adjustment', order_id: null },
      { amount_cents: -1000, reason: 'order_spend', order_id: body.orderId },
    ]);
    expect(await storedCredit(body.orderId)).toBe(1000);
    // The staff order screen and the confirmation read carry it too.
    const staffView = await json(await t.request(`/api/Orders/${body.orderId}`, { token: staff.token }));
    expect(staffView).toMatchObject({ total: 25, storeCreditAmount: 10 });
    const again = await json(await t.request(`/api/orders/checkout/${body.orderId}`, { token: c.token }));
    expect(again).toMatchObject({ total: 25, storeCreditAmount: 10 });
    const page = await json(await t.request(`/api/users/orders/${body.orderId}`, { token: c.token }));
    expect(page).toMatchObject({ total: 25, storeCreditAmount: 10 });
    // The shopper's e-mail asks for what is left to pay, with the credit line (queued in the order's transaction).
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'text_body'])
      .where('order_id', '=', body.orderId)
      .execute();
    const mine = mails.find((m) => m.recipient === 'drita@example.com')!;
    expect(mine.text_body).toContain(`${emailMessages.storeCredit}: -10,00\u00a0€`);
    expect(mine.text_body).toContain(`${emailMessages.toPay}: 15,00\u00a0€`);
    expect(mine.text_body).toContain(fill(emailMessages.amountToPay, { amount: '15,00\u00a0€' }));
  });

  it('an order smaller than the balance uses only its total (shipping included)', async () => {
    const c = await createCustomer(t);
    await giveCredit(c.userId, 5000);
    const body = await json(await checkout(await variantOf(1000), c.token));
    expect(body).toMatchObject({ total: 12.5, storeCreditAmount: 12.5 });
    expect(await balance(c.userId)).toBe(5000 - 1250);
  });

  it('without useStoreCredit, or with no balance, nothing is spent and the answer says 0', async () => {
    const c = await createCustomer(t);
    await giveCredit(c.userId, 1000);
    const plain = await json(await checkout(await variantOf(1000), c.token, { useStoreCredit: undefined }));
    expect(plain.storeCreditAmount).toBe(0);
    const poor = await createCustomer(t);
    const none = await checkout(await variantOf(1000), poor.token);
    expect(none.status).toBe(201);
    expect((await json(none)).storeCreditAmount).toBe(0);
    expect(await entries(poor.userId)).toEqual([]);
    expect(await balance(c.userId)).toBe(1000);
  });

  it('a guest asking for store credit is refused with 422 on the field, and nothing is written', async () => {
    const before = await t.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const res = await checkout(await variantOf(1000), undefined);
    expect(res.status).toBe(422);
    const message = checkoutMessages.checkout.storeCreditSignedInOnly;
    expect(JSON.stringify(await json(res))).toContain(message);
    const after = await t.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
    // A wrong type is the schema's 400.
    const c = await createCustomer(t);
    expect((await checkout(await variantOf(1000), c.token, { useStoreCredit: 'po' })).status).toBe(400);
  });
});

describe('the REST contract', () => {
  it('OpenAPI documents useStoreCredit on POST /api/orders/checkout and storeCreditAmount in its answer', async () => {
    const doc = (await json(await t.request('/api/openapi.json'))) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const post = doc.paths['/api/orders/checkout']!.post!;
    expect(JSON.stringify(post.requestBody)).toContain('"useStoreCredit"');
    expect(JSON.stringify(post.responses)).toContain('"storeCreditAmount"');
    expect(JSON.stringify(doc.paths['/api/Orders/{id}']!.get!.responses)).toContain('"storeCreditAmount"');
  });
});

describe('giving store credit back', () => {
  it('a cancelled order releases its credit once (cancel twice: one release)', async () => {
    const c = await createCustomer(t);
    await giveCredit(c.userId, 1000);
    const { orderId } = await json(await checkout(await variantOf(2250), c.token));
    expect(await balance(c.userId)).toBe(0);
    const cancel = () => t.request(`/api/Orders/${orderId}/Cancel`, { method: 'PUT', token: staff.token });
    expect((await cancel()).status).toBe(200);
    expect((await cancel()).status).toBe(409);
    const rows = await entries(c.userId);
    expect(rows.filter((r) => r.reason === 'order_release')).toEqual([
      { amount_cents: 1000, reason: 'order_release', order_id: orderId },
    ]);
    expect(await balance(c.userId)).toBe(1000);
  });

  it('an order refused at the door (closed as returned) releases its credit once', async () => {
    const c = await createCustomer(t);
    await giveCredit(c.userId, 700);
    const { orderId } = await json(await checkout(await variantOf(2000), c.token));
    expect(await balance(c.userId)).toBe(0);
    const put = (path: string) => t.request(`/api/Orders/${path}`, { method: 'PUT', token: staff.token });
    expect((await put(`UpdateStatus/${orderId}`)).status).toBe(200);
    const results = await Promise.all([put(`${orderId}/Return`), put(`${orderId}/Return`)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await entries(c.userId)).filter((r) => r.reason === 'order_release')).toHaveLength(1);
    expect(await balance(c.userId)).toBe(700);
  });

  it('an order placed without credit writes no release when cancelled', async () => {
    const c = await createCustomer(t);
    await giveCredit(c.userId, 500);
    const { orderId } = await json(await checkout(await variantOf(1000), c.token, { useStoreCredit: false }));
    expect((await t.request(`/api/Orders/${orderId}/Cancel`, { method: 'PUT', token: staff.token })).status).toBe(200);
    expect(await entries(c.userId)).toHaveLength(1);
  });
});

describe('concurrent checkouts spending one balance', () => {
  it('40 at once never spend more than it and none is refused: 10 € over orders of 5,50 € (5,50 + 4,50, the rest 0)', async () => {
    const c = await createCustomer(t);
    await giveCredit(c.userId, 1000);
    // Distinct variants, so the stock rows do not serialise them: only the credit's lock may.
    const variants = await Promise.all(Array.from({ length: 40 }, () => variantOf(300)));
    // Open the pool's connections first (PostgreSQL): a cold pool runs them one after another.
    await Promise.all(
      Array.from({ length: 5 }, () =>
        t.db.transaction().execute(async (trx) => {
          await trx.selectFrom('store_credit_entries').select('entry_id').where('user_id', '=', c.userId).execute();
          await new Promise((resolve) => setTimeout(resolve, 50));
        }),
      ),
    );
    const actor = { userId: c.userId, roleID: ROLE_CUSTOMER };
    const results = await Promise.allSettled(
      variants.map((variantId) =>
        placeOrder(
          t,
          {
            customerDetails: details(),
            cartItems: [{ productVariantId: variantId, quantity: 1 }],
            useStoreCredit: true,
          },
          { actor },
        ),
      ),
    );
    // Each is priced with the balance read under the customer's lock, so none is refused: the later ones use what is
    // left, then nothing (checked: without the lock, orders priced with a stale balance were refused with 409).
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason)).toEqual([]);
    const placed = results.map((r) => (r as PromiseFulfilledResult<OrderConfirmationDto>).value);
    const used = placed.reduce((n, o) => n + Math.round(o.storeCreditAmount * 100), 0);
    expect(used).toBe(1000);
    expect(await balance(c.userId)).toBe(0);
    const spends = (await entries(c.userId)).filter((r) => r.reason === 'order_spend');
    expect(spends.reduce((n, r) => n - r.amount_cents, 0)).toBe(1000);
    for (const s of spends) expect(await storedCredit(s.order_id!)).toBe(-s.amount_cents);
    expect(
      placed
        .filter((o) => o.storeCreditAmount > 0)
        .map((o) => o.storeCreditAmount)
        .sort(),
    ).toEqual([4.5, 5.5]);
  });
});
