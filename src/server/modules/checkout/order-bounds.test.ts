// Order bounds hold after lines are summed (decision 205): at most 99 units of one variant over all the order's lines
// and at most 50 lines, on every door that creates orders (REST overlay / old screen / staff manual payloads, tRPC
// checkout.placeOrder and orders.placeManual, and the service itself), refused with 400 and nothing written; and on
// staff's edit of an order's lines (PUT /api/Orders/{id}/Lines, orders.edit; decision 238).
import { beforeEach, describe, expect, it } from 'vitest';
import { checkoutMessages } from '#shared/messages/checkout';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '#shared/schemas/checkout';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCustomer, createStaff } from '#server/testing/auth';
import { createCountry, createProduct } from '#server/testing/factories';
import { ROLE_STAFF } from '#shared/roles';
import { placeOrder } from './checkout.service';
import { editOrder } from './order-edit.service';

const m = checkoutMessages.checkout;

interface World {
  t: TestApp;
  countryId: number;
  /** Stock 4 761, as in the report. */
  variantId: number;
  /** MAX_ORDER_LINES + 1 variants of another product, stock 10 each. */
  many: number[];
  staffToken: string;
}

let w: World;
beforeEach(async () => {
  const t = await createTestApp();
  const countryId = await createCountry(t.db, { name: 'Kosova', shippingCents: 250 });
  const big = await createProduct(t.db, { name: 'Bluzë', priceCents: 1000, variants: [{ stock: 4761 }] });
  const wide = await createProduct(t.db, {
    name: 'Shall',
    priceCents: 500,
    variants: Array.from({ length: MAX_ORDER_LINES + 1 }, () => ({ stock: 10 })),
  });
  const staff = await createStaff(t);
  w = { t, countryId, variantId: big.variantIds[0]!, many: wide.variantIds, staffToken: staff.token };
});

const customer = (countryID: number) => ({
  email: 'drita@example.com',
  firstName: 'Drita',
  lastName: 'Berisha',
  address: 'Rr. Adem Jashari 5',
  city: 'Ferizaj',
  zipCode: '70000',
  phoneNumber: '+38344111222',
  countryID,
  guestId: 'guest_abc123xyz',
});
const legacyCustomer = (countryID: number) => ({
  email: 'g@example.com',
  address: 'Rr. 2',
  city: 'Pejë',
  zipCode: '30000',
  countryID,
  userID: null,
});

/** `n` lines of the same variant with `quantity` each (the report: 30 lines of 99). */
const repeated = (variantId: number, n: number, quantity: number) =>
  Array.from({ length: n }, () => ({ productVariantId: variantId, quantity }));

async function written(t: TestApp) {
  const n = async (table: 'orders' | 'order_details' | 'mail_outbox') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const stock = await t.db.selectFrom('product_variants').select(['stock_quantity']).orderBy('variant_id').execute();
  return {
    orders: await n('orders'),
    lines: await n('order_details'),
    mails: await n('mail_outbox'),
    stock: stock.map((s) => s.stock_quantity),
  };
}

type Door = (cartItems: Array<{ productVariantId: number; quantity: number }>) => Promise<Response>;
const trpcPost = (path: string, input: unknown, token?: string) =>
  w.t.request(`/api/trpc/${path}`, { method: 'POST', json: { json: input }, token });

const doors: Record<string, Door> = {
  'POST /api/orders/checkout (overlay)': (cartItems) =>
    w.t.request('/api/orders/checkout', {
      method: 'POST',
      json: { customerDetails: customer(w.countryId), cartItems },
    }),
  'POST /api/orders/checkout (old screen)': (cartItems) =>
    w.t.request('/api/orders/checkout', {
      method: 'POST',
      json: { customerDetails: legacyCustomer(w.countryId), cartItems, discountID: null },
    }),
  'POST /api/orders/checkout (staff manual order)': (cartItems) =>
    w.t.request('/api/orders/checkout', {
      method: 'POST',
      json: { customerDetails: customer(w.countryId), cartItems, discountID: null },
      token: w.staffToken,
    }),
  'checkout.placeOrder': (cartItems) =>
    trpcPost('checkout.placeOrder', { customerDetails: customer(w.countryId), cartItems }),
  'orders.placeManual': (cartItems) =>
    trpcPost(
      'orders.placeManual',
      { customerDetails: customer(w.countryId), cartItems, promoCode: null },
      w.staffToken,
    ),
};

/** The field messages of a 400 on either door: REST `errors`, tRPC `error.json.data.fieldErrors`. */
async function refusal(res: Response): Promise<{ status: number; message: string; fields: Record<string, string[]> }> {
  const body = (await res.json()) as {
    Message?: string;
    errors?: Record<string, string[]>;
    error?: { json: { message: string; data: { fieldErrors?: Record<string, string[]> } } };
  };
  if (body.error)
    return { status: res.status, message: body.error.json.message, fields: body.error.json.data.fieldErrors ?? {} };
  return { status: res.status, message: body.Message ?? '', fields: body.errors ?? {} };
}

describe('99 units of one variant per order, summed over its lines', () => {
  for (const [door, send] of Object.entries(doors)) {
    it(`${door}: 30 lines of 99 of one variant (2 970 units) are a 400 on the first line, nothing written`, async () => {
      const before = await written(w.t);
      const res = await send(repeated(w.variantId, 30, MAX_LINE_QUANTITY));
      expect(await refusal(res)).toEqual({
        status: 400,
        message: m.variantTotalTooMany,
        fields: { 'cartItems.0.quantity': [m.variantTotalTooMany] },
      });
      expect(await written(w.t)).toEqual(before);
    });
  }

  it('names the first line of each variant over the limit; 50 + 49 = 99 is still one order', async () => {
    const other = w.many[0]!;
    const res = await doors['checkout.placeOrder']!([
      { productVariantId: other, quantity: 1 },
      { productVariantId: w.variantId, quantity: 50 },
      { productVariantId: other, quantity: 2 },
      { productVariantId: w.variantId, quantity: 50 },
    ]);
    expect(await refusal(res)).toMatchObject({
      status: 400,
      fields: { 'cartItems.1.quantity': [m.variantTotalTooMany] },
    });
    const ok = await doors['POST /api/orders/checkout (overlay)']!(
      repeated(w.variantId, 2, 0).map((l, i) => ({ ...l, quantity: i ? 49 : 50 })),
    );
    expect(ok.status).toBe(201);
    const order = (await ok.json()) as { lines: Array<{ quantity: number }> };
    expect(order.lines).toEqual([expect.objectContaining({ quantity: 99 })]);
    expect((await written(w.t)).stock[0]).toBe(4761 - 99);
  });

  it('the service refuses it too, for a caller that did not parse with the shared schema', async () => {
    const before = await written(w.t);
    const input = { customerDetails: customer(w.countryId), cartItems: repeated(w.variantId, 30, MAX_LINE_QUANTITY) };
    await expect(placeOrder(w.t, input)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: { 'cartItems.0.quantity': [m.variantTotalTooMany] },
    });
    await expect(
      placeOrder(w.t, { ...input, cartItems: w.many.map((productVariantId) => ({ productVariantId, quantity: 1 })) }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: { cartItems: [m.tooManyLines] },
    });
    expect(await written(w.t)).toEqual(before);
  });
});

describe(`at most ${MAX_ORDER_LINES} lines per order`, () => {
  for (const [door, send] of Object.entries(doors)) {
    it(`${door}: ${MAX_ORDER_LINES + 1} lines are a 400 on cartItems, nothing written`, async () => {
      const before = await written(w.t);
      const res = await send(w.many.map((productVariantId) => ({ productVariantId, quantity: 1 })));
      expect(await refusal(res)).toEqual({
        status: 400,
        message: m.tooManyLines,
        fields: { cartItems: [m.tooManyLines] },
      });
      expect(await written(w.t)).toEqual(before);
    });
  }

  it(`${MAX_ORDER_LINES} lines are one order`, async () => {
    const res = await doors['checkout.placeOrder']!(
      w.many.slice(0, MAX_ORDER_LINES).map((productVariantId) => ({ productVariantId, quantity: 1 })),
    );
    expect(res.status).toBe(200);
    expect((await written(w.t)).lines).toBe(MAX_ORDER_LINES);
  });
});

describe('the server cart holds the same 99 after merging', () => {
  it('30 merged lines of 99 of one variant leave one cart line of 99', async () => {
    const shopper = await createCustomer(w.t);
    const res = await trpcPost('cart.merge', { items: repeated(w.variantId, 30, MAX_LINE_QUANTITY) }, shopper.token);
    expect(res.status).toBe(200);
    const rows = await w.t.db
      .selectFrom('cart_items')
      .select(['variant_id', 'quantity'])
      .where('user_id', '=', shopper.userId)
      .execute();
    expect(rows).toEqual([{ variant_id: w.variantId, quantity: MAX_LINE_QUANTITY }]);
    for (let i = 0; i < 3; i++) {
      await w.t.request('/api/cartitems', {
        method: 'POST',
        json: { productVariantId: w.variantId, quantity: MAX_LINE_QUANTITY },
        token: shopper.token,
      });
    }
    const after = await w.t.db
      .selectFrom('cart_items')
      .select('quantity')
      .where('user_id', '=', shopper.userId)
      .execute();
    expect(after).toEqual([{ quantity: MAX_LINE_QUANTITY }]);
  });
});

describe('staff’s edit of an order sums its lines per variant before the 99 cap and the stock check', () => {
  interface Edited {
    orderId: number;
    variantId: number;
    staff: Awaited<ReturnType<typeof createStaff>>;
  }
  /** A pending order of 1 unit of a variant with stock 5 000 (as in the report), and a staff member. */
  async function pendingOrder(): Promise<Edited> {
    const p = await createProduct(w.t.db, { name: 'Xhaketë', priceCents: 2000, variants: [{ stock: 5000 }] });
    const variantId = p.variantIds[0]!;
    const placed = await placeOrder(w.t, {
      customerDetails: customer(w.countryId),
      cartItems: [{ productVariantId: variantId, quantity: 1 }],
    });
    return { orderId: placed.orderId, variantId, staff: await createStaff(w.t) };
  }
  const stockOf = async (variantId: number) =>
    (
      await w.t.db
        .selectFrom('product_variants')
        .select('stock_quantity')
        .where('variant_id', '=', variantId)
        .executeTakeFirstOrThrow()
    ).stock_quantity;
  async function orderState(orderId: number) {
    const order = await w.t.db
      .selectFrom('orders')
      .select(['subtotal_cents', 'total_cents'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const lines = await w.t.db
      .selectFrom('order_details')
      .select(['variant_id', 'quantity'])
      .where('order_id', '=', orderId)
      .execute();
    const events = await w.t.db
      .selectFrom('order_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    return { order, lines, events: Number(events.n) };
  }

  type EditDoor = (e: Edited, lines: Array<{ productVariantId: number; quantity: number }>) => Promise<Response>;
  const editDoors: Record<string, EditDoor> = {
    'PUT /api/Orders/{id}/Lines': (e, lines) =>
      w.t.request(`/api/Orders/${e.orderId}/Lines`, { method: 'PUT', json: { lines }, token: e.staff.token }),
    'orders.edit': (e, lines) => trpcPost('orders.edit', { id: e.orderId, lines }, e.staff.token),
  };

  for (const [door, send] of Object.entries(editDoors)) {
    it(`${door}: 5 lines of 99 of one variant (495 units) are a 400 on the first line, nothing written`, async () => {
      const e = await pendingOrder();
      const before = { stock: await stockOf(e.variantId), order: await orderState(e.orderId) };
      expect(before.stock).toBe(4999);
      const res = await send(e, repeated(e.variantId, 5, MAX_LINE_QUANTITY));
      expect(await refusal(res)).toEqual({
        status: 400,
        message: m.variantTotalTooMany,
        fields: { 'lines.0.quantity': [m.variantTotalTooMany] },
      });
      expect(await stockOf(e.variantId)).toBe(before.stock);
      expect(await orderState(e.orderId)).toEqual(before.order);
    });

    it(`${door}: 2 lines of 3 of one variant are one line of 6; 50 + 49 = 99 is still allowed`, async () => {
      const e = await pendingOrder();
      const res = await send(e, repeated(e.variantId, 2, 3));
      expect(res.status).toBe(200);
      expect((await orderState(e.orderId)).lines).toEqual([{ variant_id: e.variantId, quantity: 6 }]);
      expect(await stockOf(e.variantId)).toBe(5000 - 6);
      const most = await send(e, [
        { productVariantId: e.variantId, quantity: 50 },
        { productVariantId: e.variantId, quantity: 49 },
      ]);
      expect(most.status).toBe(200);
      expect((await orderState(e.orderId)).lines).toEqual([{ variant_id: e.variantId, quantity: 99 }]);
      expect(await stockOf(e.variantId)).toBe(5000 - 99);
    });
  }

  it('the service refuses it too, for a caller that did not parse with the shared schema', async () => {
    const e = await pendingOrder();
    const before = await orderState(e.orderId);
    const actor = { userId: e.staff.userId, roleID: ROLE_STAFF };
    await expect(
      editOrder(w.t, { id: e.orderId, lines: repeated(e.variantId, 5, MAX_LINE_QUANTITY) }, actor),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { 'lines.0.quantity': [m.variantTotalTooMany] } });
    expect(await orderState(e.orderId)).toEqual(before);
    expect(await stockOf(e.variantId)).toBe(4999);
  });
});
