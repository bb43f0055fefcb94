// The "my orders" and tracking services, and their tRPC twins, on a real database (SQLite, or PostgreSQL under
// test:pg): ownership from the actor only, newest first with lines, closed states, matching rules of tracking, and
// one order's page with its delivery address for its owner or whoever proved number and contact (decision 255).
import { describe, expect, it } from 'vitest';
import { orderMessages } from '#shared/messages/orders';
import { parseOrderNumber } from '#shared/order-number';
import { TrackOrderInput } from '#shared/schemas/my-orders';
import { createTestDeps } from '#server/testing/db';
import { createCustomer, createStaff } from '#server/testing/auth';
import { createCountry, createProduct } from '#server/testing/factories';
import { createCallerFactory } from '#server/trpc/init';
import { appRouter } from '#server/trpc/root';
import type { Actor } from '../accounts';
import * as checkout from '../checkout';
import * as orders from '../orders';
import { inRequestContext } from '#server/testing/request-context';

/** A staff write runs as a door runs it: in a request context (decision 228). */
const { cancelOrder, getOrder } = inRequestContext(orders);
const { placeOrder } = inRequestContext(checkout);
import { listMyOrders, myOrder, trackOrder } from './my-orders.service';
import { checkoutMessages } from '#shared/messages/checkout';

const createCaller = createCallerFactory(appRouter);

async function setup() {
  const deps = await createTestDeps();
  const countryID = await createCountry(deps.db, { shippingCents: 300 });
  const p = await createProduct(deps.db, { name: 'Xhaketë Leshi', priceCents: 4500, variants: [{ stock: 20 }] });
  const place = (
    actor: Actor | null,
    email = 'arta@example.com',
    phoneNumber = '044 123 456',
    createdByStaff = false,
    country = countryID,
  ) =>
    placeOrder(
      deps,
      {
        customerDetails: {
          email,
          firstName: 'Arta',
          lastName: 'Hoxha',
          phoneNumber,
          countryID: country,
          city: 'Prishtinë',
          address: 'Rr. Nëna Terezë 1',
          zipCode: '10000',
          guestId: actor ? null : 'guest_2b3c4d5e6f7g8h9i2j3k4m5n',
        },
        cartItems: [{ productVariantId: p.variantIds[0]!, quantity: 1 }],
        promoCode: null,
      },
      { actor, createdByStaff },
    );
  const caller = (actor: Actor | null) =>
    createCaller({
      ...deps,
      actor,
      req: new Request('http://localhost/api/trpc'),
      resHeaders: new Headers(),
      clientIp: '127.0.0.1',
    });
  return { deps, place, caller };
}

describe('listMyOrders', () => {
  it('answers only the actor’s orders, newest first, with closed states and lines', async () => {
    const { deps, place } = await setup();
    const me = await createCustomer(deps);
    const other = await createCustomer(deps);
    const a = await place(me);
    const b = await place(me);
    await place(other);
    await place(null);
    await cancelOrder(deps, a.orderId, await createStaff(deps));
    const page = await listMyOrders(deps, me);
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 10 });
    expect(page.items.map((o) => [o.orderId, o.status])).toEqual([
      [b.orderId, 'pending'],
      [a.orderId, 'cancelled'],
    ]);
    expect(page.items[0]!.lines).toEqual([
      expect.objectContaining({ productName: 'Xhaketë Leshi', quantity: 1, unitPrice: 45 }),
    ]);
    expect((await listMyOrders(deps, other)).total).toBe(1);
    expect((await listMyOrders(deps, me, { page: 2, pageSize: 1 })).items.map((o) => o.orderId)).toEqual([a.orderId]);
  });
});

/** The delivery block every order page of `place` shows: the phone grouped by the order's country, no e-mail. */
const ARTA_DELIVERY = {
  firstName: 'Arta',
  lastName: 'Hoxha',
  address: 'Rr. Nëna Terezë 1',
  city: 'Prishtinë',
  zipCode: '10000',
  countryName: expect.any(String),
  phoneNumber: '+383 44 123 456',
};

describe('myOrder (decision 255)', () => {
  it('answers the owner’s order with lines, totals, shipment and delivery address; anyone else’s is 404', async () => {
    const { deps, place } = await setup();
    const me = await createCustomer(deps);
    const mine = await place(me);
    const page = await myOrder(deps, me, { orderId: mine.orderId });
    expect(page).toMatchObject({
      orderId: mine.orderId,
      orderNumber: mine.orderNumber,
      status: 'pending',
      itemCount: 1,
      subtotal: 45,
      shipping: 3,
      total: 48,
      shipment: { stage: 'new' },
      delivery: ARTA_DELIVERY,
    });
    expect(page.lines).toEqual([expect.objectContaining({ productName: 'Xhaketë Leshi', quantity: 1 })]);
    expect(JSON.stringify(page)).not.toContain('arta@example.com');
    // Equal to the list's row, plus the address.
    const { delivery, ...row } = page;
    expect(delivery.countryName).not.toBe('');
    expect((await listMyOrders(deps, me)).items[0]).toEqual(row);

    const notFound = { code: 'NOT_FOUND', message: checkoutMessages.checkout.orderNotFound };
    const other = await createCustomer(deps);
    await expect(myOrder(deps, other, { orderId: mine.orderId })).rejects.toMatchObject(notFound);
    // Staff read orders on the dashboard; here only their own.
    await expect(myOrder(deps, await createStaff(deps), { orderId: mine.orderId })).rejects.toMatchObject(notFound);
    // A guest's order (no account) and a missing one: the same 404.
    const guests = await place(null);
    await expect(myOrder(deps, me, { orderId: guests.orderId })).rejects.toMatchObject(notFound);
    await expect(myOrder(deps, me, { orderId: guests.orderId + 100 })).rejects.toMatchObject(notFound);
  });

  it('shows a closed order as closed, with the postal code empty when none was given', async () => {
    const { deps } = await setup();
    const me = await createCustomer(deps);
    const countryID = await createCountry(deps.db, { name: 'Shqipëri', shippingCents: 500, postalCodeOptional: true });
    const p = await createProduct(deps.db, { priceCents: 1000, variants: [{ stock: 5 }] });
    const placed = await placeOrder(
      deps,
      {
        customerDetails: {
          email: '',
          firstName: 'Arben',
          lastName: 'Gashi',
          phoneNumber: '069 20 45 678',
          countryID,
          city: 'Tiranë',
          address: 'Rr. Myslym Shyri 12',
          zipCode: '',
          guestId: null,
        },
        cartItems: [{ productVariantId: p.variantIds[0]!, quantity: 2 }],
        promoCode: null,
      },
      { actor: me },
    );
    await cancelOrder(deps, placed.orderId, await createStaff(deps));
    const page = await myOrder(deps, me, { orderId: placed.orderId });
    expect(page).toMatchObject({ status: 'cancelled', shipment: { stage: null }, itemCount: 2, total: 25 });
    expect(page.delivery).toEqual({
      firstName: 'Arben',
      lastName: 'Gashi',
      address: 'Rr. Myslym Shyri 12',
      city: 'Tiranë',
      zipCode: '',
      countryName: 'Shqipëri',
      phoneNumber: '+355 69 204 5678',
    });
  });
});

describe('trackOrder', () => {
  it('answers the delivery address and the grouped phone, never the e-mail (decision 255)', async () => {
    const { deps, place } = await setup();
    const placed = await place(null, 'Arta.Hoxha@Example.com', '044123456');
    const found = await trackOrder(deps, TrackOrderInput.parse({ orderId: placed.orderId, contact: '+38344123456' }));
    expect(found.delivery).toEqual(ARTA_DELIVERY);
    expect(JSON.stringify(found).toLowerCase()).not.toContain('arta.hoxha@example.com');
  });

  it('matches the e-mail case-insensitively or the phone in any writing; anything else is the same NOT_FOUND', async () => {
    const { deps, place } = await setup();
    const placed = await place(null, 'Arta.Hoxha@Example.com', '+383 44 123 456');
    const parse = (v: unknown) => TrackOrderInput.parse(v);
    expect(
      (await trackOrder(deps, parse({ orderId: placed.orderNumber, email: 'arta.hoxha@example.com' }))).orderId,
    ).toBe(placed.orderId);
    expect((await trackOrder(deps, parse({ orderId: placed.orderId, phone: '00383-44-123-456' }))).orderId).toBe(
      placed.orderId,
    );
    for (const wrong of [{ email: 'arta@example.com' }, { phone: '044 123 457' }]) {
      await expect(trackOrder(deps, parse({ orderId: placed.orderId, ...wrong }))).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: orderMessages.orderTracking.notFound,
      });
    }
    await expect(
      trackOrder(deps, parse({ orderId: placed.orderId + 1, email: 'arta.hoxha@example.com' })),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: orderMessages.orderTracking.notFound });
  });

  it('finds an order placed with a phone in one writing by each other writing (decision 246)', async () => {
    const { deps, place } = await setup();
    const writings = ['044 123 456', '+383 44 123 456', '+38344123456', '00383 44 123 456'];
    // Staff's phone orders have no e-mail: the phone is their only key (decision 221).
    const staff = await createStaff(deps);
    const ids: number[] = [];
    for (const phone of writings) ids.push((await place(staff, '', phone, true)).orderId);
    const stored = await deps.db.selectFrom('orders').select('phone_number').where('order_id', 'in', ids).execute();
    expect(new Set(stored.map((r) => r.phone_number))).toEqual(new Set(['+38344123456']));
    for (const [i, orderId] of ids.entries())
      for (const phone of writings.filter((_, j) => j !== i))
        expect((await trackOrder(deps, TrackOrderInput.parse({ orderId, phone }))).orderId).toBe(orderId);
    const other = (await place(staff, '', '+383 45 222 333', true)).orderId;
    expect((await trackOrder(deps, TrackOrderInput.parse({ orderId: other, contact: '045 222 333' }))).orderId).toBe(
      other,
    );
    await expect(
      trackOrder(deps, TrackOrderInput.parse({ orderId: other, phone: '045 222 334' })),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it("places a national number by the order's country: an Albanian order is found by +355 and by 069 (decision 246)", async () => {
    const { deps, place } = await setup();
    const albania = await createCountry(deps.db, { name: 'Shqipëri' });
    const staff = await createStaff(deps);
    const national = await place(staff, '', '069 20 45 678', true, albania);
    const international = await place(staff, '', '+355 69 204 5678', true, albania);
    for (const { orderId } of [national, international]) {
      const [row] = await deps.db.selectFrom('orders').select('phone_number').where('order_id', '=', orderId).execute();
      expect(row!.phone_number).toBe('+355692045678');
      for (const phone of ['069 20 45 678', '+355 69 204 5678', '+355692045678', '00355 69 204 5678'])
        expect((await trackOrder(deps, TrackOrderInput.parse({ orderId, phone }))).orderId).toBe(orderId);
      await expect(
        trackOrder(deps, TrackOrderInput.parse({ orderId, phone: '+383 69 204 5678' })),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await getOrder(deps, national.orderId)).phoneNumber).toBe('+355 69 204 5678');
  });

  it('reads order numbers as shoppers type them', () => {
    expect(parseOrderNumber('#000123')).toBe(123);
    expect(parseOrderNumber(' # 42 ')).toBe(42);
    expect(parseOrderNumber('000007')).toBe(7);
    expect(parseOrderNumber(9)).toBe(9);
    for (const bad of ['', '#', '0', '#000000', '12a', '1e3', -1, 1.5, null]) expect(parseOrderNumber(bad)).toBeNull();
  });
});

describe('tRPC twins', () => {
  it('myOrders.page needs a session and answers the page shape; myOrders.track matches like REST', async () => {
    const { deps, place, caller } = await setup();
    const me = await createCustomer(deps);
    const mine = await place(me);
    await expect(caller(null).myOrders.page({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const page = await caller(me).myOrders.page({});
    expect(page).toMatchObject({
      total: 1,
      page: 1,
      pageSize: 10,
      items: [{ orderId: mine.orderId, orderNumber: mine.orderNumber }],
    });
    expect((await caller(await createCustomer(deps)).myOrders.page({})).items).toEqual([]);
    expect(
      (await caller(null).myOrders.track({ orderId: mine.orderNumber, contact: 'arta@example.com' })).orderId,
    ).toBe(mine.orderId);
    await expect(
      caller(null).myOrders.track({ orderId: mine.orderId, contact: 'tjeter@example.com' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('myOrders.one needs a session, answers the owner’s order with its address, and 404 for another’s', async () => {
    const { deps, place, caller } = await setup();
    const me = await createCustomer(deps);
    const mine = await place(me);
    await expect(caller(null).myOrders.one({ orderId: mine.orderId })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await caller(me).myOrders.one({ orderId: mine.orderId })).toMatchObject({
      orderId: mine.orderId,
      delivery: ARTA_DELIVERY,
    });
    await expect(caller(await createCustomer(deps)).myOrders.one({ orderId: mine.orderId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(caller(me).myOrders.one({ orderId: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
