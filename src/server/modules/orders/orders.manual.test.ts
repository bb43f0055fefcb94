// Manual orders without an e-mail (phone and Instagram orders, decision 221) through the real app: staff place them on
// both doors, no e-mail is queued to nobody, and the order works everywhere an order does (lists and search by
// phone or number, details, print with the shop's sender block, CSV, tracking by phone, state changes). Since
// decision 252 a shopper may leave it out too.
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { checkoutMessages } from '#shared/messages/checkout';
import { orderNumberOf } from '#shared/order-number';
import { DEFAULT_SHOP_SENDER } from '#server/config';
import { createCustomer, createStaff } from '#server/testing/auth';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCountry, createProduct, createPromoCode } from '#server/testing/factories';
import { trpcCall } from '#server/testing/trpc';

const SENDER = { name: 'Butiku Prizren', address: 'Rr. Shadërvani 3, Prizren 20000', phone: '+383 49 555 111' };

let t: TestApp;
let staff: string;
let customer: string;
let countryId: number;
let variantId: number;

const json = async (r: Response) => (await r.json()) as any;
const trpc = (path: string, kind: 'query' | 'mutation', input: unknown, token?: string) =>
  trpcCall((p, init) => t.request(p, init), path, kind, input, token);

/** A phone order's customer: no e-mail at all. */
const phoneCustomer = (over: Record<string, unknown> = {}) => ({
  firstName: 'Vesa',
  lastName: 'Krasniqi',
  phoneNumber: '044 321 654',
  address: 'Rr. Dardania 4',
  city: 'Prizren',
  zipCode: '20000',
  countryID: countryId,
  ...over,
});

const placeManual = (customerDetails: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  trpc(
    'orders.placeManual',
    'mutation',
    { customerDetails, cartItems: [{ productVariantId: variantId, quantity: 1 }], promoCode: null, ...extra },
    staff,
  );

const mailsOf = (orderId: number) =>
  t.db
    .selectFrom('mail_outbox')
    .select(['kind', 'recipient', 'reply_to', 'text_body'])
    .where('order_id', '=', orderId)
    .orderBy('mail_id')
    .execute();

beforeAll(async () => {
  t = await createTestApp({ shop: SENDER });
  staff = (await createStaff(t)).token;
  customer = (await createCustomer(t)).token;
  countryId = await createCountry(t.db, { name: 'Kosova', shippingCents: 250 });
  variantId = (await createProduct(t.db, { priceCents: 1990, variants: [{ stock: 50 }] })).variantIds[0]!;
});

describe('a manual order without an e-mail', () => {
  it('is placed by staff with the e-mail left out, empty or null; only the shop is told, with no reply-to', async () => {
    for (const customerDetails of [phoneCustomer(), phoneCustomer({ email: '' }), phoneCustomer({ email: null })]) {
      const placed = await placeManual(customerDetails);
      expect(placed.status).toBe(200);
      const order = placed.data as { orderId: number; orderNumber: string; customerDetails: { email: string } };
      expect(order.orderNumber).toBe(orderNumberOf(order.orderId));
      expect(order.customerDetails.email).toBe('');
      const mails = await mailsOf(order.orderId);
      expect(mails.map((m) => m.kind)).toEqual(['order_notification']);
      expect(mails[0]!.reply_to).toBeNull();
      expect(mails[0]!.text_body).toContain('Vesa Krasniqi (+383 44 321 654, pa e-mail)'); // E.164, grouped (decision 246)
    }
  });

  it('is found and shown everywhere: list by phone and by number, details, print, CSV, tracking by phone', async () => {
    const placed = await placeManual(phoneCustomer({ phoneNumber: '+383 45 700 800', firstName: 'Era' }));
    const id = (placed.data as { orderId: number }).orderId;
    const number = orderNumberOf(id);

    for (const q of ['+38345700800', number, number.slice(1), String(id)]) {
      const list = await json(await t.request(`/api/Orders?q=${encodeURIComponent(q)}`, { token: staff }));
      expect(
        list.map((o: { orderId: number }) => o.orderId),
        q,
      ).toContain(id);
    }
    const details = await json(await t.request(`/api/Orders/${id}`, { token: staff }));
    expect(details).toMatchObject({ orderId: id, email: '', firstName: 'Era', total: 22.4 });

    const print = await trpc('orders.print', 'query', { ids: [id] }, staff);
    expect(print.data).toMatchObject({ sender: SENDER, orders: [{ orderId: id, email: '', subtotal: 19.9 }] });

    const csv = await (await t.request('/api/Orders/export.csv', { token: staff })).text();
    const row = (parse(csv, { bom: true, columns: true }) as Array<Record<string, string>>).find(
      (r) => Number(r.orderId) === id,
    );
    // A leading + is written as text like any formula-like cell (decision 200).
    expect(row).toMatchObject({ orderNumber: number, email: '', phoneNumber: "'+38345700800", firstName: 'Era' });

    const tracked = await t.request('/api/orders/track', {
      method: 'POST',
      json: { orderId: number, contact: '+383 45 700 800' },
    });
    expect(tracked.status).toBe(200);
    expect(await json(tracked)).toMatchObject({ orderId: id, orderNumber: number, status: 'pending' });
  });

  it('changes state without queueing the sent or cancelled e-mails it has no address for', async () => {
    const sent = (await placeManual(phoneCustomer())).data as { orderId: number };
    const cancelled = (await placeManual(phoneCustomer())).data as { orderId: number };
    const toggle = await t.request(`/api/Orders/UpdateStatus/${sent.orderId}`, { method: 'PUT', token: staff });
    expect((await json(toggle)).status).toBe('delivered');
    const cancel = await t.request(`/api/Orders/${cancelled.orderId}/Cancel`, { method: 'PUT', token: staff });
    expect((await json(cancel)).status).toBe('cancelled');
    expect((await mailsOf(sent.orderId)).map((m) => m.kind)).toEqual(['order_notification']);
    expect((await mailsOf(cancelled.orderId)).map((m) => m.kind)).toEqual(['order_notification']);
  });

  it('counts a per-customer promo limit by the phone when there is no e-mail', async () => {
    await createPromoCode(t.db, { code: 'TELEFON1', percentage: 10, maxUsesPerCustomer: 1 });
    const withCode = { promoCode: 'TELEFON1' };
    expect((await placeManual(phoneCustomer({ phoneNumber: '049 111 222' }), withCode)).status).toBe(200);
    const again = await placeManual(phoneCustomer({ phoneNumber: '049-111-222' }), withCode);
    expect(again.status).toBe(400);
    // The same phone written internationally is the same customer (decision 246).
    for (const phoneNumber of ['+383 49 111 222', '0038349111222'])
      expect((await placeManual(phoneCustomer({ phoneNumber }), withCode)).status).toBe(400);
    expect((await placeManual(phoneCustomer({ phoneNumber: '049 333 444' }), withCode)).status).toBe(200);
  });

  it('counts one customer by e-mail or phone: leaving the e-mail out or changing it starts no new count', async () => {
    await createPromoCode(t.db, { code: 'NJEHERE1', percentage: 10, maxUsesPerCustomer: 1 });
    const withCode = { promoCode: 'NJEHERE1' };
    const first = phoneCustomer({ phoneNumber: '049 555 666', email: 'vesa@example.com' });
    expect((await placeManual(first, withCode)).status).toBe(200);
    // The same phone without the e-mail, or with another one: the same customer.
    for (const email of [undefined, 'vesa.k@example.com'])
      expect((await placeManual(phoneCustomer({ phoneNumber: '049 555 666', email }), withCode)).status).toBe(400);
    // The same e-mail from another phone: the same customer too.
    const otherPhone = phoneCustomer({ phoneNumber: '049 555 777', email: 'VESA@example.com' });
    expect((await placeManual(otherPhone, withCode)).status).toBe(400);
    expect((await placeManual(phoneCustomer({ phoneNumber: '049 555 888' }), withCode)).status).toBe(200);
  });
});

describe('who may leave the e-mail out: anyone', () => {
  const body = (customerDetails: Record<string, unknown>, form: 'manual' | 'storefront') => ({
    customerDetails,
    cartItems: [{ productVariantId: variantId, quantity: 1 }],
    ...(form === 'manual' ? { discountID: null } : { promoCode: null }),
  });
  const checkout = (json: unknown, token?: string) =>
    t.request('/api/orders/checkout', { method: 'POST', json, token });

  it("staff through POST /api/orders/checkout in the dashboard's form: 201 without an e-mail", async () => {
    const r = await checkout(body(phoneCustomer({ guestId: 'guest_counter01' }), 'manual'), staff);
    expect(r.status).toBe(201);
    const { orderId } = await json(r);
    const row = await t.db
      .selectFrom('orders')
      .select(['email', 'created_by_user_id'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('');
    expect(row.created_by_user_id).not.toBeNull();
  });

  it('a shopper too, on either form (decision 252): a shopper order, only the shop told, tracked by phone', async () => {
    let n = 0;
    for (const [form, token] of [
      ['manual', undefined],
      ['manual', customer],
      ['storefront', undefined],
      ['storefront', customer],
    ] as const) {
      n += 1;
      const phoneNumber = `044 321 70${n}`;
      const r = await checkout(body(phoneCustomer({ guestId: `guest_shopper0${n}`, phoneNumber }), form), token);
      expect(r.status, `${form} ${token ? 'signed in' : 'guest'}`).toBe(201);
      const { orderId, orderNumber } = await json(r);
      const row = await t.db
        .selectFrom('orders')
        .select(['email', 'created_by_user_id', 'user_id'])
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      // Not staff's order: nobody is recorded as having placed it for the shopper.
      expect(row).toMatchObject({ email: '', created_by_user_id: null });
      expect(row.user_id === null).toBe(token === undefined);
      expect((await mailsOf(orderId)).map((m) => m.kind)).toEqual(['order_notification']);
      const tracked = await t.request('/api/orders/track', {
        method: 'POST',
        json: { orderId: orderNumber, contact: `+383${phoneNumber.slice(1).replace(/ /g, '')}` },
      });
      expect(tracked.status).toBe(200);
    }
  });

  it('an e-mail that is given must still be an address (400 on the manual door)', async () => {
    const r = await placeManual(phoneCustomer({ email: 'jo-adresë' }));
    expect(r.status).toBe(400);
    const raw = await t.request('/api/trpc/orders.placeManual', {
      method: 'POST',
      token: staff,
      json: {
        json: {
          customerDetails: phoneCustomer({ email: 'jo-adresë' }),
          cartItems: [{ productVariantId: variantId, quantity: 1 }],
        },
      },
    });
    expect((await json(raw)).error.json.data.fieldErrors['customerDetails.email']).toEqual([
      checkoutMessages.checkout.invalidEmail,
    ]);
  });
});

describe("the print view's sender block", () => {
  it('is the configured shop, or the contact page details when none is configured', async () => {
    const bare = await createTestApp();
    const token = (await createStaff(bare)).token;
    const answer = await trpcCall((p, init) => bare.request(p, init), 'orders.print', 'query', { ids: [1] }, token);
    expect(answer.data).toEqual({ sender: DEFAULT_SHOP_SENDER, orders: [] });
  });
});
