// Cash-on-delivery lifecycle (issue 14, decision 180): cancel (from pending) and return (from delivered) give stock
// back exactly once in the same transaction, record who and when, close the order for the toggle (409), keep a
// history, and filter lists; service calls and HTTP through the real app on a real SQLite file.
import { beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '#shared/messages/orders';
import { staffMessages } from '#shared/messages-staff';
import { createCustomer, createStaff, createUser } from '#server/testing/auth';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCountry, createProduct } from '#server/testing/factories';
import { ROLE_STAFF } from '#shared/roles';
import { overviewSummary } from '../overview';
import * as checkout from '../checkout';
import * as services from './orders.service';
import { inRequestContext } from '#server/testing/request-context';

/** The staff writes run as a door runs them: in a request context (decision 228). */
const svc = inRequestContext(services);
const { placeManualOrder } = inRequestContext(checkout);

let t: TestApp;
let staff: { token: string; userId: number };
let customer: string;
let countryId: number;
const lc = staffMessages.orderLifecycle;

const json = async (r: Response) => (await r.json()) as any;
const stockOf = async (variantId: number) =>
  (
    await t.db
      .selectFrom('product_variants')
      .select('stock_quantity')
      .where('variant_id', '=', variantId)
      .executeTakeFirstOrThrow()
  ).stock_quantity;

/** A real order through the checkout service (stock taken by its guarded update), entered by the staff member. */
async function placeOrder(variantId: number, quantity: number): Promise<number> {
  const o = await placeManualOrder(
    t,
    { userId: staff.userId, roleID: ROLE_STAFF },
    {
      customerDetails: {
        email: 'blerta@example.com',
        firstName: 'Blerta',
        lastName: 'Hoxha',
        address: 'Rruga D 4',
        city: 'Prizren',
        zipCode: '20000',
        phoneNumber: '+38344555666',
        countryID: countryId,
        guestId: 'guest_lifecycle1',
      },
      cartItems: [{ productVariantId: variantId, quantity }],
    },
  );
  return o.orderId;
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await createUser(t, { roleID: ROLE_STAFF, firstName: 'Mira', lastName: 'Gashi' });
  customer = (await createCustomer(t)).token;
  countryId = await createCountry(t.db, { name: 'Kosova', shippingCents: 250 });
});

describe('roles', () => {
  it.each([['/api/Orders/1/Cancel'], ['/api/Orders/1/Return']])(
    'PUT %s: guest 401, customer 403, bad id 400, missing 404',
    async (path) => {
      expect((await t.request(path, { method: 'PUT' })).status).toBe(401);
      expect((await t.request(path, { method: 'PUT', token: customer })).status).toBe(403);
      expect((await t.request(path.replace('/1/', '/x/'), { method: 'PUT', token: staff.token })).status).toBe(400);
      const missing = await t.request(path.replace('/1/', '/987654/'), { method: 'PUT', token: staff.token });
      expect(missing.status).toBe(404);
      expect((await json(missing)).Message).toBe(staffMessages.dashboard.orderNotFound);
    },
  );
});

describe('cancel (pending -> Anuluar)', () => {
  it('gives the stock back once, records who and when, keeps the history, then refuses a second cancel and the toggle (409)', async () => {
    const p = await createProduct(t.db, { variants: [{ stock: 5 }] });
    const v = p.variantIds[0]!;
    const id = await placeOrder(v, 3);
    expect(await stockOf(v)).toBe(2);

    const r = await t.request(`/api/Orders/${id}/Cancel`, { method: 'PUT', token: staff.token });
    expect(r.status).toBe(200);
    const o = await json(r);
    expect(o).toMatchObject({ orderId: id, status: 'cancelled' });
    expect(typeof o.closedAt).toBe('string');
    expect(await stockOf(v)).toBe(5);
    const row = await t.db
      .selectFrom('orders')
      .select(['closed_as', 'closed_by_user_id', 'closed_at', 'status'])
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ closed_as: 'cancelled', closed_by_user_id: staff.userId, status: 'pending' });
    expect(o.history.map((h: any) => [h.state, h.userName])).toEqual([
      ['created', 'Mira Gashi'],
      ['cancelled', 'Mira Gashi'],
    ]);
    expect(o.history[1].at).toBe(row.closed_at);

    const again = await t.request(`/api/Orders/${id}/Cancel`, { method: 'PUT', token: staff.token });
    expect(again.status).toBe(409);
    expect((await json(again)).Message).toBe(lc.onlyPendingCancel);
    const toggle = await t.request(`/api/Orders/UpdateStatus/${id}`, { method: 'PUT', token: staff.token });
    expect(toggle.status).toBe(409);
    expect(await json(toggle)).toMatchObject({ Message: lc.closedNoToggle, code: expect.any(String) });
    expect((await t.request(`/api/Orders/${id}/Return`, { method: 'PUT', token: staff.token })).status).toBe(409);
    // Deleting a cancelled order gives nothing back a second time.
    expect(await json(await t.request(`/api/Orders/${id}`, { method: 'DELETE', token: staff.token }))).toEqual({
      orderId: id,
      restockedUnits: 0,
    });
    expect(await stockOf(v)).toBe(5);
  });

  it('of 8 concurrent cancels exactly one succeeds and the stock comes back once', async () => {
    const p = await createProduct(t.db, { variants: [{ stock: 4 }] });
    const v = p.variantIds[0]!;
    const id = await placeOrder(v, 4);
    expect(await stockOf(v)).toBe(0);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.request(`/api/Orders/${id}/Cancel`, { method: 'PUT', token: staff.token })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await stockOf(v)).toBe(4);
    const events = await t.db.selectFrom('order_events').select('state').where('order_id', '=', id).execute();
    expect(events).toEqual([{ state: 'cancelled' }]);
  });

  it('a delivered order cannot be cancelled (409, stock untouched)', async () => {
    const p = await createProduct(t.db, { variants: [{ stock: 3 }] });
    const id = await placeOrder(p.variantIds[0]!, 1);
    await svc.toggleOrderStatus(t, id, { userId: staff.userId, roleID: ROLE_STAFF });
    const r = await t.request(`/api/Orders/${id}/Cancel`, { method: 'PUT', token: staff.token });
    expect(r.status).toBe(409);
    expect((await json(r)).Message).toBe(lc.onlyPendingCancel);
    expect(await stockOf(p.variantIds[0]!)).toBe(2);
  });
});

describe('return (delivered -> Kthyer)', () => {
  it('only from delivered; gives the stock back once; history has every change with its staff member', async () => {
    const p = await createProduct(t.db, { variants: [{ stock: 6 }, { stock: 1 }] });
    const [v1, v2] = p.variantIds as [number, number];
    const id = await placeManualOrder(
      t,
      { userId: staff.userId, roleID: ROLE_STAFF },
      {
        customerDetails: {
          email: 'a@example.com',
          firstName: 'Ardit',
          lastName: 'Berisha',
          address: 'Rruga E 5',
          city: 'Pejë',
          zipCode: '30000',
          phoneNumber: '+38344777888',
          countryID: countryId,
          guestId: 'guest_lifecycle2',
        },
        cartItems: [
          { productVariantId: v1, quantity: 2 },
          { productVariantId: v2, quantity: 1 },
        ],
      },
    ).then((o) => o.orderId);
    expect([await stockOf(v1), await stockOf(v2)]).toEqual([4, 0]);

    const early = await t.request(`/api/Orders/${id}/Return`, { method: 'PUT', token: staff.token });
    expect(early.status).toBe(409);
    expect((await json(early)).Message).toBe(lc.onlyDeliveredReturn);

    const other = await createUser(t, { roleID: ROLE_STAFF, firstName: 'Driton', lastName: 'Krasniqi' });
    expect(
      (await json(await t.request(`/api/Orders/UpdateStatus/${id}`, { method: 'PUT', token: other.token }))).status,
    ).toBe('delivered');
    expect(
      (await json(await t.request(`/api/Orders/UpdateStatus/${id}`, { method: 'PUT', token: staff.token }))).status,
    ).toBe('pending');
    expect(
      (await json(await t.request(`/api/Orders/UpdateStatus/${id}`, { method: 'PUT', token: other.token }))).status,
    ).toBe('delivered');

    const r = await t.request(`/api/Orders/${id}/Return`, { method: 'PUT', token: other.token });
    expect(r.status).toBe(200);
    const o = await json(r);
    expect(o.status).toBe('returned');
    expect(typeof o.orderShipDate).toBe('string');
    expect([await stockOf(v1), await stockOf(v2)]).toEqual([6, 1]);
    expect(o.history.map((h: any) => [h.state, h.userName])).toEqual([
      ['created', 'Mira Gashi'],
      ['delivered', 'Driton Krasniqi'],
      ['pending', 'Mira Gashi'],
      ['delivered', 'Driton Krasniqi'],
      ['returned', 'Driton Krasniqi'],
    ]);
    const times = o.history.map((h: any) => h.at);
    expect([...times].sort()).toEqual(times);

    expect((await t.request(`/api/Orders/${id}/Return`, { method: 'PUT', token: staff.token })).status).toBe(409);
    expect((await t.request(`/api/Orders/UpdateStatus/${id}`, { method: 'PUT', token: staff.token })).status).toBe(409);
    expect([await stockOf(v1), await stockOf(v2)]).toEqual([6, 1]);
    // The same order over GET shows the history too.
    expect((await json(await t.request(`/api/Orders/${id}`, { token: staff.token }))).history).toHaveLength(5);
  });

  it('a deleted variant is skipped, the rest comes back (service door)', async () => {
    const p = await createProduct(t.db, { variants: [{ stock: 2 }, { stock: 2 }] });
    const [v1, v2] = p.variantIds as [number, number];
    const id = await placeManualOrder(
      t,
      { userId: staff.userId, roleID: ROLE_STAFF },
      {
        customerDetails: {
          email: 'b@example.com',
          firstName: 'Besa',
          lastName: 'Hoti',
          address: 'Rruga F 6',
          city: 'Gjakovë',
          zipCode: '50000',
          phoneNumber: '+38344111999',
          countryID: countryId,
          guestId: 'guest_lifecycle3',
        },
        cartItems: [
          { productVariantId: v1, quantity: 1 },
          { productVariantId: v2, quantity: 2 },
        ],
      },
    ).then((o) => o.orderId);
    await svc.toggleOrderStatus(t, id, { userId: staff.userId, roleID: ROLE_STAFF });
    await t.db.deleteFrom('product_variants').where('variant_id', '=', v2).execute();
    const o = await svc.returnOrder(t, id, { userId: staff.userId, roleID: ROLE_STAFF });
    expect(o.status).toBe('returned');
    expect(await stockOf(v1)).toBe(2);
  });
});

describe('service door: every transition', () => {
  it('pending <-> delivered, pending -> cancelled, delivered -> returned; every other move is a CONFLICT and changes nothing', async () => {
    const p = await createProduct(t.db, { variants: [{ stock: 10 }] });
    const v = p.variantIds[0]!;
    const actor = { userId: staff.userId, roleID: ROLE_STAFF };
    const conflict = (fn: () => Promise<unknown>, message: string) =>
      expect(fn()).rejects.toMatchObject({ code: 'CONFLICT', message });

    const a = await placeOrder(v, 2);
    expect((await svc.toggleOrderStatus(t, a, actor)).status).toBe('delivered');
    await conflict(() => svc.cancelOrder(t, a, actor), lc.onlyPendingCancel);
    expect((await svc.toggleOrderStatus(t, a, actor)).status).toBe('pending');
    await conflict(() => svc.returnOrder(t, a, actor), lc.onlyDeliveredReturn);
    expect(await stockOf(v)).toBe(8);
    expect((await svc.cancelOrder(t, a, actor)).status).toBe('cancelled');
    expect(await stockOf(v)).toBe(10);
    await conflict(() => svc.cancelOrder(t, a, actor), lc.onlyPendingCancel);
    await conflict(() => svc.returnOrder(t, a, actor), lc.onlyDeliveredReturn);
    await conflict(() => svc.toggleOrderStatus(t, a, actor), lc.closedNoToggle);
    expect(await stockOf(v)).toBe(10);

    const b = await placeOrder(v, 3);
    await svc.toggleOrderStatus(t, b, actor);
    expect((await svc.returnOrder(t, b, actor)).status).toBe('returned');
    expect(await stockOf(v)).toBe(10);
    await conflict(() => svc.returnOrder(t, b, actor), lc.onlyDeliveredReturn);
    await conflict(() => svc.cancelOrder(t, b, actor), lc.onlyPendingCancel);
    await conflict(() => svc.toggleOrderStatus(t, b, actor), lc.closedNoToggle);
    expect(await stockOf(v)).toBe(10);
    expect((await svc.getOrder(t, b)).history.map((h) => h.state)).toEqual(['created', 'delivered', 'returned']);
  });
});

describe('lists, tRPC door and overview', () => {
  it('filters lists by each state; tRPC cancel/markReturned answer the same', async () => {
    const p = await createProduct(t.db, { variants: [{ stock: 10 }] });
    const v = p.variantIds[0]!;
    const [pending, delivered, cancelled, returned] = [
      await placeOrder(v, 1),
      await placeOrder(v, 1),
      await placeOrder(v, 1),
      await placeOrder(v, 1),
    ];
    await svc.toggleOrderStatus(t, delivered);
    await svc.toggleOrderStatus(t, returned);
    const c = await t.request('/api/trpc/orders.cancel', {
      method: 'POST',
      token: staff.token,
      json: { json: { id: cancelled } },
    });
    expect((await json(c)).result.data.json.status).toBe('cancelled');
    const rr = await t.request('/api/trpc/orders.markReturned', {
      method: 'POST',
      token: staff.token,
      json: { json: { id: returned } },
    });
    expect((await json(rr)).result.data.json.status).toBe('returned');
    expect(
      (await t.request('/api/trpc/orders.cancel', { method: 'POST', token: customer, json: { json: { id: pending } } }))
        .status,
    ).toBe(403);
    expect(
      (
        await t.request('/api/trpc/orders.cancel', {
          method: 'POST',
          token: staff.token,
          json: { json: { id: cancelled } },
        })
      ).status,
    ).toBe(409);

    const ids = async (status: string) =>
      (await json(await t.request(`/api/Orders?status=${status}`, { token: staff.token }))).map((o: any) => o.orderId);
    const byState = {
      pending: await ids('pending'),
      delivered: await ids('delivered'),
      cancelled: await ids('cancelled'),
      returned: await ids('returned'),
    };
    expect(byState.pending).toContain(pending);
    expect(byState.pending).not.toContain(cancelled);
    expect(byState.delivered).toContain(delivered);
    expect(byState.delivered).not.toContain(returned);
    expect(byState.cancelled).toEqual(expect.arrayContaining([cancelled]));
    expect(byState.cancelled).not.toContain(pending);
    expect(byState.returned).toContain(returned);
    expect(byState.returned).not.toContain(delivered);
    const all = await json(await t.request('/api/Orders', { token: staff.token }));
    expect(all.find((o: any) => o.orderId === returned)).toMatchObject({ status: 'returned' });
    expect(orderMessages.orderStatus.cancelled).toBe('Anuluar');
    expect(orderMessages.orderStatus.returned).toBe('Kthyer');
  });

  it('overview revenue, order counts and best sellers leave cancelled and returned orders out; refusal rate', async () => {
    const fresh = await createTestApp();
    const s = await createStaff(fresh);
    const cid = await createCountry(fresh.db, { name: 'Shqipëri', shippingCents: 0 });
    const keep = await createProduct(fresh.db, { name: 'Xhaketë', priceCents: 5000, variants: [{ stock: 10 }] });
    const lost = await createProduct(fresh.db, { name: 'Çantë', priceCents: 1000, variants: [{ stock: 50 }] });
    const place = (variantId: number, quantity: number) =>
      placeManualOrder(
        fresh,
        { userId: s.userId, roleID: ROLE_STAFF },
        {
          customerDetails: {
            email: 'c@example.com',
            firstName: 'Ema',
            lastName: 'Dida',
            address: 'Rr. G 7',
            city: 'Tiranë',
            zipCode: '1001',
            phoneNumber: '+355691234567',
            countryID: cid,
            guestId: 'guest_overview1',
          },
          cartItems: [{ productVariantId: variantId, quantity }],
        },
      ).then((o) => o.orderId);
    await place(keep.variantIds[0]!, 1); // 50 €
    const a = await place(lost.variantIds[0]!, 20); // 200 €, cancelled
    const b = await place(lost.variantIds[0]!, 10); // 100 €, returned
    await svc.cancelOrder(fresh, a, null);
    await svc.toggleOrderStatus(fresh, b);
    await svc.returnOrder(fresh, b, null);
    const o = await overviewSummary(fresh);
    expect(o.todayOrders).toBe(1);
    expect(o.todayRevenue).toBe(50);
    expect(o.monthRevenue).toBe(50);
    expect(o.days.reduce((n, d) => n + d.revenue, 0)).toBe(50);
    expect(o.bestSellers.map((x) => x.productName)).toEqual(['Xhaketë']);
    expect(o.pendingOrders).toBe(1);
    // One definition each (issue 35): cancellations of the orders placed, refusals of the orders shipped; the
    // overview's 30 days read exactly as the report of the same days does.
    expect(o.outcomes).toMatchObject({ placed: 3, cancelled: 1, returned: 1, cancelRate: 33.3 });
    const report = await json(
      await fresh.request(`/api/Reports?from=${o.days[0]!.date}&to=${o.today}`, { token: s.token }),
    );
    const countries = report.places.countries as Array<Record<string, number>>;
    expect(countries).toHaveLength(1);
    const { placed, cancelled, shipped, returned, cancelRate, refusalRate } = countries[0]!;
    expect(o.outcomes).toEqual({ placed, cancelled, shipped, returned, cancelRate, refusalRate });
    expect(await json(await fresh.request('/api/Overview', { token: s.token }))).toMatchObject({
      todayRevenue: 50,
      outcomes: o.outcomes,
    });
  });
});
