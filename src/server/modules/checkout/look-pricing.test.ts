// Look discounts (issue 37, decision 276): the pure maths (complete sets only, highest percentage first, a unit counted
// once, the promo code on what is left) and the checkout on the engine under test (SQLite; PostgreSQL with
// `npm run test:pg`): a complete set gets the discount on the quote and the order, an incomplete one does not, the
// server ignores prices the client sends, and the order, the staff screen, the CSV and the e-mail carry it.
import { beforeAll, describe, expect, it } from 'vitest';
import { OrderConfirmationReply, QuoteReply } from '#shared/dto/checkout';
import { lookMessages } from '#shared/messages/looks';
import { DEFAULT_LIMITS } from '#server/http/limits';
import { createStaff } from '#server/testing/auth';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCountry, createProduct, createPromoCode } from '#server/testing/factories';
import { lookDiscounts } from './look-pricing';
import { priceCart } from './pricing';

const line = (productId: number, unitPriceCents: number, quantity: number) => ({
  productVariantId: productId * 10,
  productId,
  unitPriceCents,
  quantity,
});

describe('look discount maths', () => {
  const look = { lookId: 1, name: 'Mbrëmje', percentage: 10, productIds: [1, 2] };

  it('a complete set gets the percentage off its pieces; an incomplete one nothing', () => {
    expect(lookDiscounts([line(1, 5000, 1), line(2, 3000, 1)], [look]).totalCents).toBe(800);
    expect(lookDiscounts([line(1, 5000, 2)], [look]).totalCents).toBe(0);
  });

  it('per complete set: 2 dresses and 1 bag are one set; the second dress is at full price', () => {
    const r = lookDiscounts([line(1, 5000, 2), line(2, 3000, 1)], [look]);
    expect(r.looks).toEqual([{ lookId: 1, name: 'Mbrëmje', percentage: 10, sets: 1, discountCents: 800 }]);
    expect(lookDiscounts([line(1, 5000, 2), line(2, 3000, 2)], [look]).totalCents).toBe(1600);
  });

  it('a unit counts in one look only, the higher percentage first', () => {
    const other = { lookId: 2, name: 'Ditë', percentage: 20, productIds: [2, 3] };
    const r = lookDiscounts([line(1, 5000, 1), line(2, 3000, 1), line(3, 1000, 1)], [look, other]);
    expect(r.looks.map((l) => l.lookId)).toEqual([2]);
    expect(r.totalCents).toBe(800); // 20% of 30 + 10
  });

  it('the promo code applies to what the lines cost after the look; free shipping on the goods after both', () => {
    const promo = { percentage: 10, productIds: null };
    const p = priceCart([line(1, 5000, 1), line(2, 3000, 1)], promo, 250, 7000, [look]);
    expect(p).toMatchObject({ subtotalCents: 8000, lookDiscountCents: 800, discountCents: 720, shippingCents: 250 });
    expect(p.totalCents).toBe(8000 - 800 - 720 + 250);
    expect(priceCart([line(1, 5000, 1), line(2, 3000, 1)], null, 250, 7000, [look]).shippingCents).toBe(0);
  });
});

let t: TestApp;
let countryId: number;
let dressV: number;
let bagV: number;
let dressId: number;
let bagId: number;
const json = async (res: Response) => (await res.json()) as any;
const details = () => ({
  email: 'vesa@example.com',
  firstName: 'Vesa',
  lastName: 'Krasniqi',
  address: 'Rr. Nëna Terezë 3',
  city: 'Prishtinë',
  zipCode: '10000',
  phoneNumber: '+38344555666',
  countryID: countryId,
  guestId: 'guest_looks_0001',
});
const checkout = (cartItems: unknown[], extra: Record<string, unknown> = {}) =>
  t.request('/api/orders/checkout', { method: 'POST', json: { customerDetails: details(), cartItems, ...extra } });
const quote = (items: unknown[], extra: Record<string, unknown> = {}) =>
  t.request('/api/trpc/checkout.quote?input=' + encodeURIComponent(JSON.stringify({ json: { items, ...extra } })));

beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { ...DEFAULT_LIMITS, checkout: { points: 1000, windowSeconds: 60, key: 'address' } },
  });
  countryId = await createCountry(t.db, { name: 'Kosova', shippingCents: 250 });
  const dress = await createProduct(t.db, { priceCents: 5000, variants: [{ stock: 20 }] });
  const bag = await createProduct(t.db, { priceCents: 3000, variants: [{ stock: 20 }] });
  [dressId, bagId, dressV, bagV] = [dress.productId, bag.productId, dress.variantIds[0]!, bag.variantIds[0]!];
  const staff = await createStaff(t);
  const res = await t.request('/api/Looks', {
    method: 'POST',
    token: staff.token,
    json: { name: 'Mbrëmje', discountPercentage: 10, productIDs: [dressId, bagId] },
  });
  expect(res.status).toBe(201);
});

describe('look discount at checkout', () => {
  it('the quote shows the set discount for a complete look, none for an incomplete one', async () => {
    const full = (
      await json(
        await quote([
          { productVariantId: dressV, quantity: 1 },
          { productVariantId: bagV, quantity: 1 },
        ]),
      )
    ).result.data.json;
    expect(QuoteReply.safeParse(full).success).toBe(true);
    expect(full).toMatchObject({ subtotal: 80, lookDiscount: 8, total: 72 });
    expect(full.looks).toEqual([{ lookID: expect.any(Number), name: 'Mbrëmje', percentage: 10, sets: 1, discount: 8 }]);
    const half = (await json(await quote([{ productVariantId: dressV, quantity: 2 }]))).result.data.json;
    expect(half).toMatchObject({ subtotal: 100, lookDiscount: 0, looks: [] });
  });

  it('a complete set ordered: the discount is priced by the server (client prices ignored) and stored', async () => {
    const res = await checkout(
      [
        { productVariantId: dressV, quantity: 1, price: 0.01, unitPrice: 0.01 },
        { productVariantId: bagV, quantity: 1, price: 0.01 },
      ],
      { lookDiscount: 79, total: 1 },
    );
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(OrderConfirmationReply.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ subtotal: 80, lookDiscount: 8, shipping: 2.5, total: 74.5 });
    const row = await t.db
      .selectFrom('orders')
      .select(['look_discount_cents', 'total_cents'])
      .where('order_id', '=', body.orderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ look_discount_cents: 800, total_cents: 7450 });
    const staff = await createStaff(t);
    expect(await json(await t.request(`/api/Orders/${body.orderId}`, { token: staff.token }))).toMatchObject({
      lookDiscount: 8,
      total: 74.5,
    });
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('order_id', '=', body.orderId)
      .where('recipient', '=', 'vesa@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`${lookMessages.discountRow}: -8,00\u00a0€`);
    const csv = await (await t.request(`/api/Orders/export.csv`, { token: staff.token })).text();
    expect(csv.split('\n')[0]).toContain('orderLookDiscount');
  });

  it('an incomplete look is ordered at full price', async () => {
    const body = await json(await checkout([{ productVariantId: dressV, quantity: 1 }]));
    expect(body).toMatchObject({ subtotal: 50, lookDiscount: 0, total: 52.5 });
  });

  it('with a promo code: the look first, the code on what is left', async () => {
    await createPromoCode(t.db, { code: 'LOOK10', percentage: 10 });
    const body = await json(
      await checkout(
        [
          { productVariantId: dressV, quantity: 1 },
          { productVariantId: bagV, quantity: 1 },
        ],
        { promoCode: 'LOOK10' },
      ),
    );
    expect(body).toMatchObject({ subtotal: 80, lookDiscount: 8, discount: 7.2, total: 67.3 });
  });
});
