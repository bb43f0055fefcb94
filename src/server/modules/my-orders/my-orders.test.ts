// The "my orders" and tracking services, and their tRPC twins, on a real database (SQLite, or PostgreSQL under
// test:pg): ownership from the actor only, newest first with lines, closed states, matching rules of tracking.
import { describe, expect, it } from 'vitest';
import { orderMessages } from '../../../shared/messages/orders';
import { parseOrderNumber } from '../../../shared/order-number';
import { TrackOrderInput } from '../../../shared/schemas/my-orders';
import { createTestDeps } from '../../testing/db';
import { createCustomer, createStaff } from '../../testing/auth';
import { createCountry, createProduct } from '../../testing/factories';
import { createCallerFactory } from '../../trpc/init';
import { appRouter } from '../../trpc/root';
import type { Actor } from '../accounts';
import * as checkout from '../checkout';
import * as orders from '../orders';
import { inRequestContext } from '../../testing/request-context';

/** A staff write runs as a door runs it: in a request context (decision 228). */
const { cancelOrder, getOrder } = inRequestContext(orders);
const { placeOrder } = inRequestContext(checkout);
import { listMyOrders, trackOrder } from './my-orders.service';

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

describe('trackOrder', () => {
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
});
