// HTTP contract of /api/Orders (list, details, status toggle, delete with stock return) through the real app.
import { beforeAll, describe, expect, it } from 'vitest';
import { staffMessages } from '#shared/messages-staff';
import { createCustomer, createStaff, createAdmin } from '#server/testing/auth';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCountry, createProduct, insertOrder as writeOrder } from '#server/testing/factories';
import type { DB } from '#server/db/client';

let t: TestApp;
let staff: string;
let admin: string;
let customer: string;
let countryId: number;

/** Writes an order as checkout leaves it (stock already taken); test data only. */
const insertOrder = (db: DB, opts: Parameters<typeof writeOrder>[1]) =>
  writeOrder(db, { countryId, shippingCents: 250, guestId: 'guest_abc123xyz', ...opts });

const stockOf = async (variantId: number) =>
  (
    await t.db
      .selectFrom('product_variants')
      .select('stock_quantity')
      .where('variant_id', '=', variantId)
      .executeTakeFirstOrThrow()
  ).stock_quantity;
const json = async (r: Response) => (await r.json()) as any;

beforeAll(async () => {
  t = await createTestApp();
  staff = (await createStaff(t)).token;
  admin = (await createAdmin(t)).token;
  customer = (await createCustomer(t)).token;
  countryId = await createCountry(t.db, { name: 'Kosova', shippingCents: 250 });
});

describe('roles', () => {
  it.each([
    ['GET', '/api/Orders'],
    ['GET', '/api/Orders/1'],
    ['PUT', '/api/Orders/UpdateStatus/1'],
    ['DELETE', '/api/Orders/1'],
  ])('%s %s: guest 401, customer 403', async (method, path) => {
    expect((await t.request(path, { method })).status).toBe(401);
    expect((await t.request(path, { method, token: customer })).status).toBe(403);
  });
});

describe('orders', () => {
  it('lists newest first with euro amounts, filters pending, 400 on a bad status', async () => {
    const p = await createProduct(t.db, { variants: [{ stock: 5 }] });
    const older = await insertOrder(t.db, {
      date: '2026-01-01T10:00:00.000Z',
      status: 'delivered',
      lines: [{ variantId: p.variantIds[0]!, productId: p.productId, qty: 1, unitCents: 1250 }],
    });
    const newer = await insertOrder(t.db, {
      date: '2026-01-02T10:00:00.000Z',
      lines: [{ variantId: p.variantIds[0]!, productId: p.productId, qty: 2, unitCents: 1250 }],
    });
    const all = await json(await t.request('/api/Orders', { token: staff }));
    const ids = all.map((o: any) => o.orderId);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    const n = all.find((o: any) => o.orderId === newer);
    expect(n).toMatchObject({
      status: 'pending',
      subtotal: 25,
      shippingCost: 2.5,
      total: 27.5,
      itemCount: 2,
      countryName: 'Kosova',
      firstName: 'Arta',
    });
    const pending = await json(await t.request('/api/Orders?status=pending', { token: admin }));
    expect(pending.every((o: any) => o.status === 'pending')).toBe(true);
    expect(pending.map((o: any) => o.orderId)).toContain(newer);
    expect(pending.map((o: any) => o.orderId)).not.toContain(older);
    expect((await t.request('/api/Orders?status=lost', { token: staff })).status).toBe(400);
  });

  it('returns one order with its lines; 404 "porosia nuk u gjet"; 400 for a bad id', async () => {
    const p = await createProduct(t.db, { variants: [{ stock: 5 }] });
    const id = await insertOrder(t.db, {
      lines: [{ variantId: p.variantIds[0]!, productId: p.productId, qty: 3, unitCents: 999 }],
    });
    const o = await json(await t.request(`/api/Orders/${id}`, { token: staff }));
    expect(o).toMatchObject({ orderId: id, status: 'pending', orderShipDate: null, subtotal: 29.97, total: 32.47 });
    expect(o.orderDetails).toEqual([
      expect.objectContaining({
        productName: 'Fustan',
        color: 'E kuqe',
        size: 'M',
        quantity: 3,
        price: 9.99,
        lineTotal: 29.97,
        imageUrl: '',
      }),
    ]);
    const missing = await t.request('/api/Orders/987654', { token: staff });
    expect(missing.status).toBe(404);
    expect((await json(missing)).Message).toBe(staffMessages.dashboard.orderNotFound);
    expect((await t.request('/api/Orders/x1', { token: staff })).status).toBe(400);
  });

  it('toggles pending -> delivered -> pending with no body, stamping and clearing the ship date', async () => {
    const p = await createProduct(t.db, { variants: [{ stock: 5 }] });
    const id = await insertOrder(t.db, {
      lines: [{ variantId: p.variantIds[0]!, productId: p.productId, qty: 1, unitCents: 500 }],
    });
    const first = await t.request(`/api/Orders/UpdateStatus/${id}`, { method: 'PUT', token: staff });
    expect(first.status).toBe(200);
    const delivered = await json(first);
    expect(delivered.status).toBe('delivered');
    expect(typeof delivered.orderShipDate).toBe('string');
    const pending = await json(await t.request('/api/Orders?status=pending', { token: staff }));
    expect(pending.map((o: any) => o.orderId)).not.toContain(id);
    const back = await json(await t.request(`/api/Orders/UpdateStatus/${id}`, { method: 'PUT', token: staff }));
    expect(back).toMatchObject({ status: 'pending', orderShipDate: null });
    expect((await t.request('/api/Orders/UpdateStatus/999999', { method: 'PUT', token: staff })).status).toBe(404);
    // Toggling never touches stock.
    expect(await stockOf(p.variantIds[0]!)).toBe(5);
  });

  it('deleting a pending order gives its stock back (summed per variant); a delivered one does not', async () => {
    const p = await createProduct(t.db, { variants: [{ stock: 4 }, { stock: 1 }] });
    const [v1, v2] = p.variantIds as [number, number];
    const pendingId = await insertOrder(t.db, {
      lines: [
        { variantId: v1, productId: p.productId, qty: 2, unitCents: 1000 },
        { variantId: v1, productId: p.productId, qty: 1, unitCents: 1000 },
        { variantId: v2, productId: p.productId, qty: 3, unitCents: 1000 },
      ],
    });
    const r = await t.request(`/api/Orders/${pendingId}`, { method: 'DELETE', token: staff });
    expect(r.status).toBe(200);
    expect(await json(r)).toEqual({ orderId: pendingId, restockedUnits: 6 });
    expect(await stockOf(v1)).toBe(7);
    expect(await stockOf(v2)).toBe(4);
    expect((await t.request(`/api/Orders/${pendingId}`, { token: staff })).status).toBe(404);
    const lines = await t.db
      .selectFrom('order_details')
      .select('order_details_id')
      .where('order_id', '=', pendingId)
      .execute();
    expect(lines).toHaveLength(0);

    const deliveredId = await insertOrder(t.db, {
      status: 'delivered',
      lines: [{ variantId: v1, productId: p.productId, qty: 2, unitCents: 1000 }],
    });
    expect(await json(await t.request(`/api/Orders/${deliveredId}`, { method: 'DELETE', token: admin }))).toEqual({
      orderId: deliveredId,
      restockedUnits: 0,
    });
    expect(await stockOf(v1)).toBe(7);

    expect((await t.request(`/api/Orders/${deliveredId}`, { method: 'DELETE', token: staff })).status).toBe(404);
  });

  it('deleting a pending order whose variant was removed still deletes it and restocks the rest', async () => {
    const p = await createProduct(t.db, { variants: [{ stock: 1 }, { stock: 1 }] });
    const [v1, v2] = p.variantIds as [number, number];
    const id = await insertOrder(t.db, {
      lines: [
        { variantId: v1, productId: p.productId, qty: 1, unitCents: 1000 },
        { variantId: v2, productId: p.productId, qty: 2, unitCents: 1000 },
      ],
    });
    await t.db.deleteFrom('product_variants').where('variant_id', '=', v2).execute();
    expect(await json(await t.request(`/api/Orders/${id}`, { method: 'DELETE', token: staff }))).toEqual({
      orderId: id,
      restockedUnits: 1,
    });
    expect(await stockOf(v1)).toBe(2);
  });

  it('works over tRPC too (orders.list / get / toggleStatus / remove)', async () => {
    const p = await createProduct(t.db, { variants: [{ stock: 2 }] });
    const id = await insertOrder(t.db, {
      lines: [{ variantId: p.variantIds[0]!, productId: p.productId, qty: 1, unitCents: 100 }],
    });
    const input = encodeURIComponent(JSON.stringify({ json: { id } }));
    const got = await json(await t.request(`/api/trpc/orders.get?input=${input}`, { token: staff }));
    expect(got.result.data.json.orderId).toBe(id);
    const toggled = await t.request('/api/trpc/orders.toggleStatus', {
      method: 'POST',
      token: staff,
      json: { json: { id } },
    });
    expect((await json(toggled)).result.data.json.status).toBe('delivered');
    expect(
      (await t.request('/api/trpc/orders.remove', { method: 'POST', token: customer, json: { json: { id } } })).status,
    ).toBe(403);
  });
});

describe('manual orders (orders.placeManual through the checkout service)', () => {
  const customerDetails = () => ({
    email: 'guest@example.com',
    firstName: 'Dren',
    lastName: 'Berisha',
    address: 'Rruga C 3',
    city: 'Ferizaj',
    zipCode: '70000',
    phoneNumber: '+38344999888',
    countryID: countryId,
    guestId: 'guest_abcdefghi',
  });

  it('places a pending order entered by staff, taking stock and charging shipping; the product discount applies', async () => {
    const p = await createProduct(t.db, { priceCents: 2000, variants: [{ stock: 3 }] });
    await t.request('/api/ProductDiscount', {
      method: 'POST',
      token: staff,
      json: { discountPercentage: 25, startDate: '2020-01-01', endDate: '2099-12-31', productIDs: [p.productId] },
    });
    const staffUser = await t.db
      .selectFrom('users')
      .select('user_id')
      .where('role_id', '=', 2)
      .executeTakeFirstOrThrow();
    const r = await t.request('/api/trpc/orders.placeManual', {
      method: 'POST',
      token: staff,
      json: {
        json: {
          customerDetails: customerDetails(),
          cartItems: [{ productVariantId: p.variantIds[0], quantity: 1, productPrice: 0.01 }],
          promoCode: null,
        },
      },
    });
    expect(r.status).toBe(200);
    const confirmation = (await json(r)).result.data.json;
    expect(confirmation).toMatchObject({ status: 'pending', subtotal: 15, shipping: 2.5, total: 17.5 });
    expect(await stockOf(p.variantIds[0]!)).toBe(2);
    const o = await json(await t.request(`/api/Orders/${confirmation.orderId}`, { token: staff }));
    expect(o).toMatchObject({
      status: 'pending',
      firstName: 'Dren',
      total: 17.5,
      createdByUserId: staffUser.user_id,
      userId: null,
    });
    expect(o.orderDetails[0]).toMatchObject({ quantity: 1, price: 15 });
  });

  it('refuses customers (403), missing fields (400) and more than the stock (409)', async () => {
    const p = await createProduct(t.db, { variants: [{ stock: 1 }] });
    const body = {
      json: { customerDetails: customerDetails(), cartItems: [{ productVariantId: p.variantIds[0], quantity: 1 }] },
    };
    expect(
      (await t.request('/api/trpc/orders.placeManual', { method: 'POST', token: customer, json: body })).status,
    ).toBe(403);
    expect((await t.request('/api/trpc/orders.placeManual', { method: 'POST', json: body })).status).toBe(401);
    const missing = await t.request('/api/trpc/orders.placeManual', {
      method: 'POST',
      token: staff,
      json: {
        json: {
          customerDetails: { ...customerDetails(), city: '' },
          cartItems: [{ productVariantId: p.variantIds[0], quantity: 1 }],
        },
      },
    });
    expect(missing.status).toBe(400);
    const empty = await t.request('/api/trpc/orders.placeManual', {
      method: 'POST',
      token: staff,
      json: { json: { customerDetails: customerDetails(), cartItems: [] } },
    });
    expect(empty.status).toBe(400);
    expect((await json(empty)).error.json.message).toBe(staffMessages.dashboard.cartEmpty);
    const tooMany = await t.request('/api/trpc/orders.placeManual', {
      method: 'POST',
      token: staff,
      json: {
        json: { customerDetails: customerDetails(), cartItems: [{ productVariantId: p.variantIds[0], quantity: 2 }] },
      },
    });
    expect(tooMany.status).toBe(409);
    expect(await stockOf(p.variantIds[0]!)).toBe(1);
  });
});
