// Promo codes worth a fixed amount in euros (issue 25, decision 222), through the real app and database: staff create
// and edit them over REST, the code's validation and the quote price them, the order stores what was applied, and the
// e-mail, the shopper's confirmation and the staff order show it. Limits work as for percentage codes.
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, shopToday } from '#shared/dates';
import { messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createStaff } from '#server/testing/auth';
import { createCountry, createProduct, createPromoCode } from '#server/testing/factories';
import { quote } from './checkout.service';

const today = shopToday();

interface World {
  t: TestApp;
  staff: string;
  countryId: number;
  /** Free shipping from 40,00 €, shipping 3,00 €. */
  freeFromCountryId: number;
  a: { productId: number; variantId: number }; // 20,00 €
  cheap: { productId: number; variantId: number }; // 3,50 €
}

let w: World;
beforeEach(async () => {
  const t = await createTestApp();
  const a = await createProduct(t.db, { name: 'Fustan Liri', priceCents: 2000, variants: [{ stock: 10 }] });
  const cheap = await createProduct(t.db, { name: 'Shami', priceCents: 350, variants: [{ stock: 10 }] });
  w = {
    t,
    staff: (await createStaff(t)).token,
    countryId: await createCountry(t.db, { name: 'Kosova', shippingCents: 250 }),
    freeFromCountryId: await createCountry(t.db, { name: 'Shqipëri', shippingCents: 300, freeShippingFromCents: 4000 }),
    a: { productId: a.productId, variantId: a.variantIds[0]! },
    cheap: { productId: cheap.productId, variantId: cheap.variantIds[0]! },
  };
});

const json = async (r: Response) => (await r.json()) as any;
const promoBody = (extra: Record<string, unknown> = {}) => ({
  codeName: 'PESE',
  discountKind: 'fixed',
  discountAmount: '5,00',
  startDate: today,
  endDate: addDays(today, 10),
  ...extra,
});
/** A phone of the shopper's own, the same for the same e-mail in any case. */
const phoneOf = (email: string) => `+3834411${String(1000 + (email.toLowerCase().charCodeAt(0) % 100)).slice(-4)}`;
const customer = (countryID: number, email = 'drita@example.com') => ({
  email,
  firstName: 'Drita',
  lastName: 'Berisha',
  address: 'Rr. Adem Jashari 5',
  city: 'Ferizaj',
  zipCode: '70000',
  // One phone per shopper: a promo's per-customer limit counts by e-mail or phone (decision 252).
  phoneNumber: phoneOf(email),
  countryID,
});
const order = (countryID: number, items: Array<[number, number]>, promoCode: string | null, email?: string) =>
  w.t.request('/api/orders/checkout', {
    method: 'POST',
    json: {
      customerDetails: customer(countryID, email),
      cartItems: items.map(([productVariantId, quantity]) => ({ productVariantId, quantity })),
      promoCode,
    },
  });

describe('staff: fixed-amount promo codes over REST', () => {
  it('creates one typed "5,00" or "5.00", lists it, and switches it to a percentage and back', async () => {
    const created = await w.t.request('/api/Promo', { method: 'POST', token: w.staff, json: promoBody() });
    expect(created.status).toBe(201);
    const p = await json(created);
    expect(p).toMatchObject({ codeName: 'PESE', discountKind: 'fixed', discountAmount: 5, discountPercentage: 0 });
    const dot = await json(
      await w.t.request('/api/Promo', {
        method: 'POST',
        token: w.staff,
        json: promoBody({ codeName: 'PIKE', discountAmount: '7.50' }),
      }),
    );
    expect(dot.discountAmount).toBe(7.5);
    const list = await json(await w.t.request('/api/Promo', { token: w.staff }));
    expect(list.find((x: any) => x.codeName === 'PESE')).toMatchObject({ discountKind: 'fixed', discountAmount: 5 });

    const toPercent = await w.t.request(`/api/PromoCodeDiscount/${p.promoCodeDiscountID}`, {
      method: 'PUT',
      token: w.staff,
      json: { ...promoBody(), discountKind: 'percent', discountPercentage: 15, discountAmount: '' },
    });
    expect(await json(toPercent)).toMatchObject({
      discountKind: 'percent',
      discountPercentage: 15,
      discountAmount: null,
    });
    const back = await w.t.request(`/api/PromoCodeDiscount/${p.promoCodeDiscountID}`, {
      method: 'PUT',
      token: w.staff,
      json: promoBody({ discountAmount: 4 }),
    });
    expect(await json(back)).toMatchObject({ discountKind: 'fixed', discountPercentage: 0, discountAmount: 4 });
  });

  it('a payload without a kind is a percentage code, as before (the spec’s clients keep working)', async () => {
    const r = await w.t.request('/api/Promo', {
      method: 'POST',
      token: w.staff,
      json: { codeName: 'VJETER10', discountPercentage: 10, startDate: today, endDate: today },
    });
    expect(r.status).toBe(201);
    expect(await json(r)).toMatchObject({ discountKind: 'percent', discountPercentage: 10, discountAmount: null });
  });

  it('refuses a fixed code without an amount, with 0, a negative or a third decimal, and an unknown kind (400)', async () => {
    const pk = staffMessages.promoKind;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ discountAmount: '' }, 'discountAmount', messages.common.required],
      [{ discountAmount: undefined }, 'discountAmount', messages.common.required],
      [{ discountAmount: '0' }, 'discountAmount', pk.amountInvalid],
      [{ discountAmount: -5 }, 'discountAmount', pk.amountInvalid],
      [{ discountAmount: '5,005' }, 'discountAmount', pk.amountInvalid],
      [{ discountKind: 'shuma' }, 'discountKind', pk.kindInvalid],
    ];
    for (const [extra, field, message] of cases) {
      const r = await w.t.request('/api/Promo', { method: 'POST', token: w.staff, json: promoBody(extra) });
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect((await json(r)).errors[field], JSON.stringify(extra)).toEqual([message]);
    }
    // A percentage code still needs its percentage, even when an amount is sent.
    const r = await w.t.request('/api/Promo', {
      method: 'POST',
      token: w.staff,
      json: promoBody({ discountKind: 'percent', discountAmount: 5 }),
    });
    expect((await json(r)).errors.discountPercentage).toEqual([messages.common.required]);
  });
});

describe('shoppers: a 5,00 € code is priced by the server', () => {
  it('validation answers the kind and the amount (discountPercentage 0)', async () => {
    await createPromoCode(w.t.db, { code: 'PESE', amountCents: 500 });
    const r = await w.t.request('/api/Promo/validate?code=pese');
    expect(await json(r)).toEqual({
      code: 'PESE',
      discountPercentage: 0,
      applicableProductIds: [],
      discountKind: 'fixed',
      discountAmount: 5,
    });
  });

  it('the quote takes 5,00 € off the goods before shipping, never more than the goods, and marks its lines', async () => {
    await createPromoCode(w.t.db, { code: 'PESE', amountCents: 500 });
    const q = await quote(w.t, {
      items: [{ productVariantId: w.a.variantId, quantity: 2 }],
      countryID: w.countryId,
      promoCode: 'pese',
    });
    expect(q).toMatchObject({
      subtotal: 40,
      discount: 5,
      shipping: 2.5,
      total: 37.5,
      promoCode: 'PESE',
      promoKind: 'fixed',
      promoAmount: 5,
      promoPercentage: 0,
      promoInvalid: false,
    });
    expect(q.lines[0]!.promoApplies).toBe(true);
    const capped = await quote(w.t, {
      items: [{ productVariantId: w.cheap.variantId, quantity: 1 }],
      countryID: w.countryId,
      promoCode: 'PESE',
    });
    expect(capped).toMatchObject({ subtotal: 3.5, discount: 3.5, shipping: 2.5, total: 2.5 });
    const none = await quote(w.t, {
      items: [{ productVariantId: w.a.variantId, quantity: 1 }],
      countryID: w.countryId,
    });
    expect(none).toMatchObject({ promoKind: null, promoAmount: null, discount: 0 });
  });

  it('free shipping counts the goods after the fixed amount (threshold 40,00 €)', async () => {
    await createPromoCode(w.t.db, { code: 'PESE', amountCents: 500 });
    const items = [{ productVariantId: w.a.variantId, quantity: 2 }];
    const without = await quote(w.t, { items, countryID: w.freeFromCountryId });
    expect(without).toMatchObject({ subtotal: 40, shipping: 0, total: 40 });
    const withCode = await quote(w.t, { items, countryID: w.freeFromCountryId, promoCode: 'PESE' });
    expect(withCode).toMatchObject({ discount: 5, shipping: 3, total: 38, amountToFreeShipping: 5 });
  });

  it('the order stores what was applied, and the answer, the staff order and the e-mail show it', async () => {
    await createPromoCode(w.t.db, { code: 'PESE', amountCents: 500 });
    const r = await order(w.countryId, [[w.a.variantId, 2]], 'pese');
    expect(r.status).toBe(201);
    const body = await json(r);
    expect(body).toMatchObject({
      subtotal: 40,
      discount: 5,
      shipping: 2.5,
      total: 37.5,
      promoCode: 'PESE',
      promoPercentage: null,
      promoAmount: 5,
    });
    const row = await w.t.db
      .selectFrom('orders')
      .select(['discount_cents', 'promo_amount_cents', 'promo_percentage', 'total_cents'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ discount_cents: 500, promo_amount_cents: 500, promo_percentage: null, total_cents: 3750 });
    const staffView = await json(await w.t.request(`/api/Orders/${body.orderId}`, { token: w.staff }));
    expect(staffView).toMatchObject({ discount: 5, promoCode: 'PESE', promoAmount: 5, promoPercentage: null });
    const mail = await w.t.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'html'])
      .where('recipient', '=', 'drita@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('Zbritja (PESE, 5,00\u00a0€)');
    expect(mail.text_body).toContain('-5,00\u00a0€');
  });

  it('a capped order stores the smaller discount beside the code’s amount', async () => {
    await createPromoCode(w.t.db, { code: 'PESE', amountCents: 500 });
    const body = await json(await order(w.countryId, [[w.cheap.variantId, 1]], 'PESE'));
    expect(body).toMatchObject({ subtotal: 3.5, discount: 3.5, shipping: 2.5, total: 2.5, promoAmount: 5 });
  });

  it('keeps the limits as for percentage codes: minimum subtotal, uses in all, uses per customer', async () => {
    await createPromoCode(w.t.db, { code: 'MIN50', amountCents: 500, minSubtotalCents: 5000 });
    const low = await order(w.countryId, [[w.a.variantId, 2]], 'MIN50');
    expect(low.status).toBe(400);
    expect((await json(low)).errors.promoCode[0]).toMatch(/50,00/);
    const q = await quote(w.t, { items: [{ productVariantId: w.a.variantId, quantity: 2 }], promoCode: 'MIN50' });
    expect(q).toMatchObject({ discount: 0, promoKind: null, promoAmount: null });

    await createPromoCode(w.t.db, { code: 'NJE', amountCents: 500, maxUses: 1 });
    expect((await order(w.countryId, [[w.a.variantId, 1]], 'NJE', 'a@example.com')).status).toBe(201);
    expect((await order(w.countryId, [[w.a.variantId, 1]], 'NJE', 'b@example.com')).status).toBe(400);

    await createPromoCode(w.t.db, { code: 'PERSON', amountCents: 500, maxUsesPerCustomer: 1 });
    expect((await order(w.countryId, [[w.a.variantId, 1]], 'PERSON', 'c@example.com')).status).toBe(201);
    expect((await order(w.countryId, [[w.a.variantId, 1]], 'PERSON', 'C@example.com')).status).toBe(400);
    expect((await order(w.countryId, [[w.a.variantId, 1]], 'PERSON', 'd@example.com')).status).toBe(201);
  });
});
