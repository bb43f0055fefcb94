// "My orders" and guest tracking over HTTP through the real app (decision 175): a signed-in checkout belongs to its
// user and is listed newest first with its lines; another user's orders never show; a guest's order opens with its
// guest id only; POST /api/orders/track answers the order only when number and e-mail (or phone) match, the same
// 404 otherwise, and 429 with Retry-After past the per-address limit; both doors. One order's page,
// GET /api/users/orders/{id}, answers its owner only, with the delivery address (decision 255).
import { beforeEach, describe, expect, it } from 'vitest';
import { checkoutMessages } from '#shared/messages/checkout';
import { orderMessages } from '#shared/messages/orders';
import { DEFAULT_LIMITS } from '#server/http/limits';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCustomer, createStaff } from '#server/testing/auth';
import { createCountry, createProduct } from '#server/testing/factories';

const GUEST = 'guest_7hq2mzk4t9rwx3bn5pcv8dfa';

interface World {
  t: TestApp;
  countryId: number;
  variantA: number; // 20,00 €
  variantB: number; // 15,00 €
}

async function world(overrides: Parameters<typeof createTestApp>[0] = {}): Promise<World> {
  const t = await createTestApp(overrides);
  const countryId = await createCountry(t.db, { name: 'Kosova', shippingCents: 250 });
  const a = await createProduct(t.db, { name: 'Fustan Liri', priceCents: 2000, variants: [{ stock: 50 }] });
  const b = await createProduct(t.db, { name: 'Këmishë Pambuku', priceCents: 1500, variants: [{ stock: 50 }] });
  return { t, countryId, variantA: a.variantIds[0]!, variantB: b.variantIds[0]! };
}

const details = (countryID: number, extra: Record<string, unknown> = {}) => ({
  email: 'Drita.Berisha@Example.com',
  firstName: 'Drita',
  lastName: 'Berisha',
  address: 'Rr. Adem Jashari 5',
  city: 'Ferizaj',
  zipCode: '70000',
  phoneNumber: '+383 44 111 222',
  countryID,
  guestId: GUEST,
  ...extra,
});

async function order(
  w: World,
  opts: { token?: string; variant?: number; quantity?: number; extra?: Record<string, unknown> } = {},
) {
  const res = await w.t.request('/api/orders/checkout', {
    method: 'POST',
    token: opts.token,
    json: {
      customerDetails: details(w.countryId, opts.extra),
      cartItems: [{ productVariantId: opts.variant ?? w.variantA, quantity: opts.quantity ?? 1 }],
      promoCode: null,
    },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as {
    orderId: number;
    orderNumber: string;
    userId: number | null;
    guestId: string | null;
    total: number;
  };
}

const track = (w: World, body: unknown, headers: Record<string, string> = {}) =>
  w.t.request('/api/orders/track', { method: 'POST', json: body, headers });

let w: World;
beforeEach(async () => {
  w = await world();
});

describe('GET /api/users/orders', () => {
  it('lists the caller’s own orders newest first with lines and status; a signed-in checkout belongs to its user', async () => {
    const me = await createCustomer(w.t);
    const first = await order(w, { token: me.token, quantity: 2 });
    expect(first).toMatchObject({ userId: me.userId, guestId: null });
    expect(
      await w.t.db
        .selectFrom('orders')
        .select(['user_id', 'guest_id'])
        .where('order_id', '=', first.orderId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ user_id: me.userId, guest_id: null });
    const second = await order(w, { token: me.token, variant: w.variantB });
    await order(w); // a guest's order, not mine

    const staff = await createStaff(w.t);
    expect(
      (await w.t.request(`/api/Orders/UpdateStatus/${first.orderId}`, { method: 'PUT', token: staff.token })).status,
    ).toBe(200);

    const res = await w.t.request('/api/users/orders', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('2');
    const list = await res.json();
    expect(list.map((o: { orderId: number }) => o.orderId)).toEqual([second.orderId, first.orderId]);
    expect(list[0]).toMatchObject({
      orderNumber: second.orderNumber,
      status: 'pending',
      itemCount: 1,
      subtotal: 15,
      shipping: 2.5,
      total: 17.5,
    });
    expect(list[0].lines).toEqual([
      expect.objectContaining({ productName: 'Këmishë Pambuku', quantity: 1, unitPrice: 15, lineTotal: 15 }),
    ]);
    expect(list[1]).toMatchObject({ orderNumber: first.orderNumber, status: 'delivered', itemCount: 2, total: 42.5 });
    expect(list[1].orderShipDate).toEqual(expect.any(String));
    expect(Object.keys(list[0])).not.toContain('email');
  });

  it('never shows another user’s orders: their list is theirs, the order page is 404, and no token is 401', async () => {
    const alice = await createCustomer(w.t);
    const bob = await createCustomer(w.t);
    const hers = await order(w, { token: alice.token });
    const res = await w.t.request('/api/users/orders', { token: bob.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    expect(res.headers.get('x-total-count')).toBe('0');
    // Bob asking for Alice's order page (even with the guest id a browser sends) is refused.
    const page = await w.t.request(`/api/orders/checkout/${hers.orderId}?guestId=${GUEST}`, { token: bob.token });
    expect(page.status).toBe(404);
    expect((await page.json()).Message).toBe(checkoutMessages.checkout.orderNotFound);
    expect((await w.t.request(`/api/orders/checkout/${hers.orderId}`, { token: alice.token })).status).toBe(200);
    // No query parameter names another user: a userId is not an input.
    expect(await (await w.t.request(`/api/users/orders?userId=${alice.userId}`, { token: bob.token })).json()).toEqual(
      [],
    );
    const anonymous = await w.t.request('/api/users/orders');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('pages with decision 134’s contract (X-Total-Count, X-Page, X-Page-Size) and refuses a bad page with 400', async () => {
    const me = await createCustomer(w.t);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await order(w, { token: me.token })).orderId);
    const p1 = await w.t.request('/api/users/orders?page=1&pageSize=2', { token: me.token });
    expect([p1.headers.get('x-total-count'), p1.headers.get('x-page'), p1.headers.get('x-page-size')]).toEqual([
      '3',
      '1',
      '2',
    ]);
    expect((await p1.json()).map((o: { orderId: number }) => o.orderId)).toEqual([ids[2], ids[1]]);
    const p2 = await w.t.request('/api/users/orders?page=2&pageSize=2', { token: me.token });
    expect((await p2.json()).map((o: { orderId: number }) => o.orderId)).toEqual([ids[0]]);
    const far = await w.t.request('/api/users/orders?page=9&pageSize=2', { token: me.token });
    expect(await far.json()).toEqual([]);
    const bad = await w.t.request('/api/users/orders?page=0', { token: me.token });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'BAD_REQUEST', errors: { page: [expect.any(String)] } });
  });
});

describe('GET /api/users/orders/{id} (decision 255)', () => {
  it('answers the owner’s order with lines, totals, stage and delivery address, as the list has it plus the address', async () => {
    const me = await createCustomer(w.t);
    const mine = await order(w, { token: me.token, quantity: 2 });
    const res = await w.t.request(`/api/users/orders/${mine.orderId}`, { token: me.token });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      orderId: mine.orderId,
      orderNumber: mine.orderNumber,
      status: 'pending',
      itemCount: 2,
      subtotal: 40,
      shipping: 2.5,
      total: 42.5,
      shipment: { stage: 'new', courierName: null, trackingNumber: null, trackingUrl: null },
      delivery: {
        firstName: 'Drita',
        lastName: 'Berisha',
        address: 'Rr. Adem Jashari 5',
        city: 'Ferizaj',
        zipCode: '70000',
        countryName: 'Kosova',
        phoneNumber: '+383 44 111 222',
      },
    });
    const [row] = await (await w.t.request('/api/users/orders', { token: me.token })).json();
    const { delivery: _delivery, ...rest } = body;
    expect(rest).toEqual(row);
    expect(JSON.stringify(body).toLowerCase()).not.toContain('drita.berisha@example.com');
  });

  it('is 404 for another user’s order, a guest’s and a missing one (even for staff), 401 without a token, 400 for a bad id', async () => {
    const alice = await createCustomer(w.t);
    const bob = await createCustomer(w.t);
    const hers = await order(w, { token: alice.token });
    const guests = await order(w);
    const staff = await createStaff(w.t);
    for (const [orderId, token] of [
      [hers.orderId, bob.token],
      [hers.orderId, staff.token],
      [guests.orderId, alice.token],
      [guests.orderId + 100, alice.token],
    ] as const) {
      const res = await w.t.request(`/api/users/orders/${orderId}`, { token });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ Message: checkoutMessages.checkout.orderNotFound, code: 'NOT_FOUND' });
    }
    const anonymous = await w.t.request(`/api/users/orders/${hers.orderId}`);
    expect(anonymous.status).toBe(401);
    for (const bad of ['abc', '0', '007'])
      expect((await w.t.request(`/api/users/orders/${bad}`, { token: alice.token })).status, bad).toBe(400);
    // The tRPC twin answers the same.
    const input = encodeURIComponent(JSON.stringify({ json: { orderId: hers.orderId } }));
    expect((await w.t.request(`/api/trpc/myOrders.one?input=${input}`, { token: alice.token })).status).toBe(200);
    expect((await w.t.request(`/api/trpc/myOrders.one?input=${input}`, { token: bob.token })).status).toBe(404);
  });
});

describe('a guest’s order page (the confirmation e-mail’s link)', () => {
  it('opens with the guest id alone (no session, no other state); the order number alone or another id is 404', async () => {
    const placed = await order(w);
    expect(placed).toMatchObject({ userId: null, guestId: GUEST });
    const ok = await w.t.request(`/api/orders/checkout/${placed.orderId}?guestId=${GUEST}`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ orderId: placed.orderId, total: 22.5 });
    expect((await w.t.request(`/api/orders/checkout/${placed.orderId}`)).status).toBe(404);
    expect(
      (await w.t.request(`/api/orders/checkout/${placed.orderId}?guestId=guest_7hq2mzk4t9rwx3bn5pcv8dfb`)).status,
    ).toBe(404);
  });

  it('counts refused guest proofs against the track limit: once spent, even the right id waits (429 + Retry-After)', async () => {
    const tight = await world({
      rateLimits: { ...DEFAULT_LIMITS, track: { points: 3, windowSeconds: 60, key: 'address' } },
    });
    const placed = await order(tight);
    // Right guest id reads use no budget.
    for (let i = 0; i < 5; i++)
      expect((await tight.t.request(`/api/orders/checkout/${placed.orderId}?guestId=${GUEST}`)).status).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await tight.t.request(`/api/orders/checkout/${placed.orderId}?guestId=guest_wrong${i}`)).status).toBe(
        404,
      );
    const refused = await tight.t.request(`/api/orders/checkout/${placed.orderId}?guestId=${GUEST}`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The tRPC twin shares the budget.
    const input = encodeURIComponent(JSON.stringify({ json: { orderId: placed.orderId, guestId: GUEST } }));
    expect((await tight.t.request(`/api/trpc/checkout.order?input=${input}`)).status).toBe(429);
    // Staff and the signed-in owner are checked by their session first: unaffected, even with a guest id sent along.
    const staff = await createStaff(tight.t);
    expect(
      (await tight.t.request(`/api/orders/checkout/${placed.orderId}?guestId=guest_wrong`, { token: staff.token }))
        .status,
    ).toBe(200);
    const owner = await createCustomer(tight.t);
    const own = await order(tight, { token: owner.token });
    expect(
      (await tight.t.request(`/api/orders/checkout/${own.orderId}?guestId=guest_wrong`, { token: owner.token })).status,
    ).toBe(200);
  });
});

describe('POST /api/orders/track', () => {
  it('answers the order when number and e-mail match (any case, printed number form), with status and lines', async () => {
    const placed = await order(w, { quantity: 3 });
    const res = await track(w, { orderId: placed.orderNumber, email: '  drita.berisha@example.COM ' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      orderId: placed.orderId,
      orderNumber: placed.orderNumber,
      status: 'pending',
      itemCount: 3,
      total: 62.5,
    });
    expect(body.lines).toEqual([
      expect.objectContaining({ productName: 'Fustan Liri', quantity: 3, unitPrice: 20, lineTotal: 60 }),
    ]);
    // Where the order goes, the phone grouped (decision 255); never the e-mail.
    expect(body.delivery).toEqual({
      firstName: 'Drita',
      lastName: 'Berisha',
      address: 'Rr. Adem Jashari 5',
      city: 'Ferizaj',
      zipCode: '70000',
      countryName: 'Kosova',
      phoneNumber: '+383 44 111 222',
    });
    expect(JSON.stringify(body).toLowerCase()).not.toContain('drita.berisha@example.com');
    expect((await track(w, { orderId: placed.orderId, email: 'drita.berisha@example.com' })).status).toBe(200);
  });

  it('accepts the phone instead of the e-mail, written any way', async () => {
    const placed = await order(w);
    expect((await track(w, { orderId: placed.orderId, phone: '00383 44-111-222' })).status).toBe(200);
    expect((await track(w, { orderId: String(placed.orderId), contact: '+38344111222' })).status).toBe(200);
    expect((await track(w, { orderId: placed.orderId, phone: '+383 44 111 223' })).status).toBe(404);
  });

  it('finds an order placed with a phone in one writing by each other writing, Kosovo and Albania (decision 246)', async () => {
    const roomy = await world({
      rateLimits: { ...DEFAULT_LIMITS, track: { points: 100, windowSeconds: 60, key: 'address' } },
    });
    const albania = await createCountry(roomy.t.db, { name: 'Shqipëri', shippingCents: 500 });
    const cases = [
      { countryID: roomy.countryId, writings: ['044 123 456', '+383 44 123 456', '+38344123456', '00383 44 123 456'] },
      { countryID: albania, writings: ['069 20 45 678', '+355 69 204 5678', '+355692045678', '00355 69 204 5678'] },
    ];
    const staff = await createStaff(roomy.t);
    const shown = ['+383 44 123 456', '+355 69 204 5678'];
    for (const [c, { countryID, writings }] of cases.entries()) {
      for (const [i, written] of writings.entries()) {
        const placed = await order(roomy, { extra: { countryID, phoneNumber: written } });
        for (const phone of writings.filter((_, j) => j !== i)) {
          const res = await track(roomy, { orderId: placed.orderNumber, phone });
          expect([written, phone, res.status]).toEqual([written, phone, 200]);
        }
        // Staff see it grouped the way its country writes it, whatever the shopper typed.
        const seen = await roomy.t.request(`/api/Orders/${placed.orderId}`, { token: staff.token });
        expect((await seen.json()).phoneNumber).toBe(shown[c]);
      }
    }
    const reverse = await order(roomy, { extra: { phoneNumber: '+383 45 222 333' } });
    expect((await track(roomy, { orderId: reverse.orderId, contact: '045 222 333' })).status).toBe(200);
    expect((await track(roomy, { orderId: reverse.orderId, contact: '045 222 334' })).status).toBe(404);
  });

  it('answers the same 404 for a wrong e-mail, a wrong phone and an unknown number', async () => {
    const placed = await order(w);
    const wrongEmail = await track(w, { orderId: placed.orderId, email: 'someone@example.com' });
    const wrongPhone = await track(w, { orderId: placed.orderId, phone: '+38349999999' });
    const unknown = await track(w, { orderId: placed.orderId + 100, email: 'drita.berisha@example.com' });
    for (const res of [wrongEmail, wrongPhone, unknown]) expect(res.status).toBe(404);
    const bodies = await Promise.all([wrongEmail.json(), wrongPhone.json(), unknown.json()]);
    expect(bodies[0]).toEqual({ Message: orderMessages.orderTracking.notFound, code: 'NOT_FOUND' });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });

  it('refuses a number alone and malformed input with 400 naming the field', async () => {
    const placed = await order(w);
    const alone = await track(w, { orderId: placed.orderId });
    expect(alone.status).toBe(400);
    expect(await alone.json()).toMatchObject({
      code: 'BAD_REQUEST',
      errors: { email: [orderMessages.orderTracking.contactRequired] },
    });
    const badNumber = await track(w, { orderId: 'abc', email: 'drita.berisha@example.com' });
    expect(await badNumber.json()).toMatchObject({
      errors: { orderId: [orderMessages.orderTracking.invalidOrderNumber] },
    });
    const badEmail = await track(w, { orderId: placed.orderId, email: 'drita@' });
    expect(badEmail.status).toBe(400);
    expect((await track(w, [1, 2])).status).toBe(400);
  });

  it('is rate-limited per address: past the limit 429 with Retry-After, even for the right e-mail; the tRPC twin shares it', async () => {
    const tight = await world({
      rateLimits: { ...DEFAULT_LIMITS, track: { points: 3, windowSeconds: 60, key: 'address' } },
    });
    const placed = await order(tight);
    expect((await track(tight, { orderId: placed.orderId, email: 'x@example.com' })).status).toBe(404);
    expect((await track(tight, { orderId: placed.orderId, email: 'y@example.com' })).status).toBe(404);
    const viaTrpc = await tight.t.request('/api/trpc/myOrders.track', {
      method: 'POST',
      json: { json: { orderId: placed.orderId, email: 'drita.berisha@example.com' } },
    });
    expect(viaTrpc.status).toBe(200);
    const refused = await track(tight, { orderId: placed.orderId, email: 'drita.berisha@example.com' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});
