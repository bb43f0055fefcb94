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
import { placeOrder } from '../checkout';
import * as orders from '../orders';
import { inRequestContext } from '../../testing/request-context';

/** A staff write runs as a door runs it: in a request context (decision 228). */
const { cancelOrder } = inRequestContext(orders);
import { listMyOrders, trackOrder } from './my-orders.service';

const createCaller = createCallerFactory(appRouter);

async function setup() {
  const deps = await createTestDeps();
  const countryID = await createCountry(deps.db, { shippingCents: 300 });
  const p = await createProduct(deps.db, { name: 'Xhaketë Leshi', priceCents: 4500, variants: [{ stock: 20 }] });
  const place = (actor: Actor | null, email = 'arta@example.com', phoneNumber = '044 123 456') =>
    placeOrder(
      deps,
      {
        customerDetails: {
          email,
          firstName: 'Arta',
          lastName: 'Hoxha',
          phoneNumber,
          countryID,
          city: 'Prishtinë',
          address: 'Rr. Nëna Terezë 1',
          zipCode: '10000',
          guestId: actor ? null : 'guest_2b3c4d5e6f7g8h9i2j3k4m5n',
        },
        cartItems: [{ productVariantId: p.variantIds[0]!, quantity: 1 }],
        promoCode: null,
      },
      { actor },
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
    for (const wrong of [{ email: 'arta@example.com' }, { phone: '044 123 456' }]) {
      await expect(trackOrder(deps, parse({ orderId: placed.orderId, ...wrong }))).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: orderMessages.orderTracking.notFound,
      });
    }
    await expect(
      trackOrder(deps, parse({ orderId: placed.orderId + 1, email: 'arta.hoxha@example.com' })),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: orderMessages.orderTracking.notFound });
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
