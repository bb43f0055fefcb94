// Checkout service against a real SQLite: quotes (discount windows, promo, shipping, unavailable lines),
// the staff entry point, and 50+ simultaneous checkouts through the real HTTP server never overselling.
import { describe, expect, it } from 'vitest';
import { addDays, shopToday } from '#shared/dates';
import { createTestApp, startServer } from '#server/testing/app';
import { createCustomer, createStaff } from '#server/testing/auth';
import { createCountry, createProduct, createProductDiscount, createPromoCode } from '#server/testing/factories';
import * as checkout from './checkout.service';
import { inRequestContext } from '#server/testing/request-context';

/** Staff's order is a staff write: it runs as a door runs it, in a request context (decision 228). */
const { placeOrder, quote } = inRequestContext(checkout);

const today = shopToday();

const discount = (
  db: Awaited<ReturnType<typeof createTestApp>>['db'],
  productId: number,
  percentage: number,
  start: string,
  end: string,
) => createProductDiscount(db, { productIds: [productId], percentage, start, end });

const details = (countryID: number) => ({
  email: 'a@example.com',
  firstName: 'Arta',
  lastName: 'Hoxha',
  address: 'Rr. 1',
  city: 'Gjakovë',
  zipCode: '50000',
  phoneNumber: '+38349000000',
  countryID,
});

describe('quote', () => {
  it('applies a product discount only inside its inclusive window, the largest active one winning', async () => {
    const t = await createTestApp();
    const ended = await createProduct(t.db, { priceCents: 1000 });
    const future = await createProduct(t.db, { priceCents: 1000 });
    const endsToday = await createProduct(t.db, { priceCents: 1000 });
    const two = await createProduct(t.db, { priceCents: 1000 });
    await discount(t.db, ended.productId, 50, addDays(today, -10), addDays(today, -1));
    await discount(t.db, future.productId, 50, addDays(today, 1), addDays(today, 10));
    await discount(t.db, endsToday.productId, 30, addDays(today, -3), today);
    await discount(t.db, two.productId, 10, today, today);
    await discount(t.db, two.productId, 25, addDays(today, -1), addDays(today, 1));
    const q = await quote(t, {
      items: [ended, future, endsToday, two].map((p) => ({ productVariantId: p.variantIds[0]!, quantity: 1 })),
    });
    expect(q.lines.map((l) => l.unitPrice)).toEqual([10, 10, 7, 7.5]);
    expect(q.subtotal).toBe(34.5);
    expect(q.shipping).toBeNull();
    expect(q.total).toBe(34.5);
  });

  it('adds the chosen country’s shipping and the promo, flags invalid codes and withdrawn variants', async () => {
    const t = await createTestApp();
    const countryID = await createCountry(t.db, { shippingCents: 399 });
    const p = await createProduct(t.db, { priceCents: 1999, variants: [{ stock: 3 }] });
    const gone = await createProduct(t.db, { priceCents: 500, isActive: false });
    await createPromoCode(t.db, { code: 'PRANVERA15', percentage: 15, start: today, end: addDays(today, 5) });
    const items = [
      { productVariantId: p.variantIds[0]!, quantity: 2 },
      { productVariantId: gone.variantIds[0]!, quantity: 1 },
      { productVariantId: 424242, quantity: 1 },
    ];
    const q = await quote(t, { items, countryID, promoCode: 'pranvera15' });
    expect(q).toMatchObject({
      subtotal: 39.98,
      promoCode: 'PRANVERA15',
      promoPercentage: 15,
      promoInvalid: false,
      discount: 6,
      shipping: 3.99,
      total: 37.97,
      unavailableVariantIds: [gone.variantIds[0], 424242],
    });
    expect(q.lines[0]).toMatchObject({ stockQuantity: 3, promoApplies: true, lineTotal: 39.98 });
    const bad = await quote(t, { items, countryID, promoCode: 'NUKKA' });
    expect(bad).toMatchObject({ promoCode: null, promoPercentage: 0, promoInvalid: true, discount: 0, total: 43.97 });
  });

  it('leaves a line that sold out since it was added out of the totals and names it', async () => {
    const t = await createTestApp();
    const p = await createProduct(t.db, { priceCents: 2000, variants: [{ stock: 5 }] });
    const sold = await createProduct(t.db, { priceCents: 4500, variants: [{ stock: 0 }] });
    const q = await quote(t, {
      items: [
        { productVariantId: p.variantIds[0]!, quantity: 1 },
        { productVariantId: sold.variantIds[0]!, quantity: 2 },
      ],
    });
    expect(q).toMatchObject({
      subtotal: 20,
      total: 20,
      soldOutVariantIds: [sold.variantIds[0]],
      unavailableVariantIds: [],
    });
    expect(q.lines.map((l) => l.productVariantId)).toEqual([p.variantIds[0]]);
  });

  it('a quote and the order placed from it carry the same totals', async () => {
    const t = await createTestApp();
    const countryID = await createCountry(t.db, { shippingCents: 250 });
    const p = await createProduct(t.db, { priceCents: 1333 });
    await discount(t.db, p.productId, 15, today, today);
    await createPromoCode(t.db, { code: 'X7', percentage: 7, start: today, end: today });
    const items = [{ productVariantId: p.variantIds[0]!, quantity: 3 }];
    const q = await quote(t, { items, countryID, promoCode: 'X7' });
    const order = await placeOrder(t, { customerDetails: details(countryID), cartItems: items, promoCode: 'X7' });
    expect({
      subtotal: order.subtotal,
      discount: order.discount,
      shipping: order.shipping,
      total: order.total,
    }).toEqual({ subtotal: q.subtotal, discount: q.discount, shipping: q.shipping, total: q.total });
  });
});

describe('placeOrder for the staff order builder', () => {
  it('records the staff member as creator, links the customer, and refuses non-staff callers', async () => {
    const t = await createTestApp();
    const countryID = await createCountry(t.db);
    const p = await createProduct(t.db, { variants: [{ stock: 4 }] });
    const staff = await createStaff(t);
    const customer = await createCustomer(t);
    const input = {
      customerDetails: details(countryID),
      cartItems: [{ productVariantId: p.variantIds[0]!, quantity: 2 }],
      promoCode: null,
    };
    const order = await placeOrder(t, input, { actor: staff, createdByStaff: true, customerUserId: customer.userId });
    expect(order.userId).toBe(customer.userId);
    const row = await t.db
      .selectFrom('orders')
      .select(['created_by_user_id', 'guest_id'])
      .where('order_id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ created_by_user_id: staff.userId, guest_id: null });
    await expect(placeOrder(t, input, { actor: customer, createdByStaff: true })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('concurrency through the real HTTP server', () => {
  it('60 simultaneous checkouts of a variant with stock 10 make exactly 10 orders and leave stock 0', async () => {
    const t = await createTestApp();
    const countryID = await createCountry(t.db);
    const p = await createProduct(t.db, { priceCents: 2500, variants: [{ stock: 10 }] });
    const variantId = p.variantIds[0]!;
    const server = await startServer(t.app, t);
    try {
      const responses = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          fetch(`${server.url}/api/orders/checkout`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'Idempotency-Key': `race-${i}-${Date.now()}` },
            body: JSON.stringify({
              customerDetails: { ...details(countryID), guestId: `guest_race${i}` },
              cartItems: [{ productVariantId: variantId, quantity: 1 }],
              promoCode: null,
            }),
          }).then(async (r) => ({ status: r.status, body: await r.json() })),
        ),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 409)).toHaveLength(50);
      expect(responses.find((r) => r.status === 409)!.body.details).toMatchObject({
        productVariantId: variantId,
        available: 0,
      });
      const orders = await t.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const lines = await t.db
        .selectFrom('order_details')
        .select((eb) => eb.fn.sum<number>('quantity').as('q'))
        .executeTakeFirstOrThrow();
      const stock = await t.db
        .selectFrom('product_variants')
        .select('stock_quantity')
        .where('variant_id', '=', variantId)
        .executeTakeFirstOrThrow();
      expect(Number(orders.n)).toBe(10);
      expect(Number(lines.q)).toBe(10);
      expect(stock.stock_quantity).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('20 simultaneous repeats of one request (same Idempotency-Key) make one order', async () => {
    const t = await createTestApp();
    const countryID = await createCountry(t.db);
    const p = await createProduct(t.db, { variants: [{ stock: 50 }] });
    const server = await startServer(t.app, t);
    try {
      const body = JSON.stringify({
        customerDetails: details(countryID),
        cartItems: [{ productVariantId: p.variantIds[0]!, quantity: 2 }],
        promoCode: null,
      });
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${server.url}/api/orders/checkout`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'Idempotency-Key': 'double-click-0001' },
            body,
          }).then(async (r) => ({ status: r.status, body: await r.json() })),
        ),
      );
      expect(responses.every((r) => r.status === 200 || r.status === 201)).toBe(true);
      expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
      expect(new Set(responses.map((r) => r.body.orderId)).size).toBe(1);
      const stock = await t.db
        .selectFrom('product_variants')
        .select('stock_quantity')
        .where('variant_id', '=', p.variantIds[0]!)
        .executeTakeFirstOrThrow();
      expect(stock.stock_quantity).toBe(48);
    } finally {
      await server.close();
    }
  });
});
