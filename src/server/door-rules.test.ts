// Rules that decide behaviour live in services and hold identically on both doors (convention 12, decision 100):
// each case below calls the REST path and the tRPC procedure of the same operation through the real app.
import { beforeEach, describe, expect, it } from 'vitest';
import superjson from 'superjson';
import { createTestApp, type TestApp } from './testing/app';
import { createCustomer, createStaff } from './testing/auth';
import { createCountry, createProduct } from './testing/factories';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

/** A tRPC call over HTTP (queries as GET, mutations as POST), answered as { status, data|error, headers }. */
async function trpc(path: string, kind: 'query' | 'mutation', input: unknown, token?: string) {
  const encoded = JSON.stringify(superjson.serialize(input));
  const res =
    kind === 'query'
      ? await t.request(`/api/trpc/${path}?input=${encodeURIComponent(encoded)}`, { token })
      : await t.request(`/api/trpc/${path}`, {
          method: 'POST',
          token,
          headers: { 'content-type': 'application/json' },
          body: encoded,
        });
  const body = (await res.json()) as {
    result?: { data: { json: unknown } };
    error?: { json: { data: { code: string } } };
  };
  return { status: res.status, data: body.result?.data.json, code: body.error?.json.data.code, headers: res.headers };
}

const ids = (list: unknown) => (list as Array<{ productID: number }>).map((p) => p.productID).sort((a, b) => a - b);

describe('who sees inactive products', () => {
  it('staff asking for the staff view get inactive products on both doors; customers and guests never do', async () => {
    const active = (await createProduct(t.db)).productId;
    const inactive = (await createProduct(t.db, { isActive: false })).productId;
    const staff = await createStaff(t);
    const customer = await createCustomer(t);

    const rest = async (token?: string) => ids(await (await t.request('/api/Product', { token })).json());
    expect(await rest(staff.token)).toEqual([active, inactive].sort((a, b) => a - b));
    expect(await rest(customer.token)).toEqual([active]);
    expect(await rest()).toEqual([active]);

    const overTrpc = async (token: string | undefined, includeInactive: boolean) =>
      ids((await trpc('catalog.products', 'query', { includeInactive }, token)).data);
    expect(await overTrpc(staff.token, true)).toEqual([active, inactive].sort((a, b) => a - b));
    expect(await overTrpc(customer.token, true)).toEqual([active]);
    expect(await overTrpc(undefined, true)).toEqual([active]);
    // Storefront reads (search, the order builder) do not ask for the staff view, so staff see the shop as shoppers do.
    expect(await overTrpc(staff.token, false)).toEqual([active]);
  });
});

describe('manual order or shopper order', () => {
  async function world() {
    const countryId = await createCountry(t.db, { shippingCents: 250 });
    const p = await createProduct(t.db, { priceCents: 2000, variants: [{ stock: 10 }] });
    const customerDetails = {
      firstName: 'Arta',
      lastName: 'Krasniqi',
      email: 'arta@example.com',
      phoneNumber: '+38344111222',
      address: 'Rr. 1',
      city: 'Prishtinë',
      zipCode: '10000',
      countryID: countryId,
    };
    return {
      payload: { customerDetails, cartItems: [{ productVariantId: p.variantIds[0]!, quantity: 1 }], discountID: null },
      countryId,
    };
  }
  const createdBy = async (orderId: number) =>
    (
      await t.db
        .selectFrom('orders')
        .select('created_by_user_id')
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).created_by_user_id;

  it("staff's manual form is recorded as entered by staff through either door", async () => {
    const { payload } = await world();
    const staff = await createStaff(t);
    const rest = await t.request('/api/orders/checkout', { method: 'POST', token: staff.token, json: payload });
    expect(rest.status).toBe(201);
    expect(await createdBy(((await rest.json()) as { orderId: number }).orderId)).toBe(staff.userId);
    const viaTrpc = await trpc(
      'orders.placeManual',
      'mutation',
      { customerDetails: payload.customerDetails, cartItems: payload.cartItems },
      staff.token,
    );
    expect(viaTrpc.status).toBe(200);
    expect(await createdBy((viaTrpc.data as { orderId: number }).orderId)).toBe(staff.userId);
  });

  it("a customer's manual form is a shopper order over REST, and the manual procedure refuses them", async () => {
    const { payload } = await world();
    const customer = await createCustomer(t);
    const rest = await t.request('/api/orders/checkout', { method: 'POST', token: customer.token, json: payload });
    expect(rest.status).toBe(201);
    expect(await createdBy(((await rest.json()) as { orderId: number }).orderId)).toBeNull();
    const viaTrpc = await trpc(
      'orders.placeManual',
      'mutation',
      { customerDetails: payload.customerDetails, cartItems: payload.cartItems },
      customer.token,
    );
    expect(viaTrpc).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    const shopper = await trpc(
      'checkout.placeOrder',
      'mutation',
      { customerDetails: payload.customerDetails, cartItems: payload.cartItems },
      customer.token,
    );
    expect(shopper.status).toBe(200);
    expect(await createdBy((shopper.data as { orderId: number }).orderId)).toBeNull();
  });
});

describe('refresh cookie clearing', () => {
  const cleared = (headers: Headers) =>
    headers.getSetCookie().some((c) => /^RefreshToken=;/.test(c) && /Max-Age=0/.test(c));

  it('a failed refresh clears the cookie on both doors', async () => {
    const headers = { cookie: 'RefreshToken=not-a-live-token' };
    const rest = await t.request('/api/users/refresh-token', { method: 'POST', headers });
    expect(rest.status).toBe(401);
    expect(cleared(rest.headers)).toBe(true);
    const viaTrpc = await t.request('/api/trpc/accounts.refreshToken', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(viaTrpc.status).toBe(401);
    expect(cleared(viaTrpc.headers)).toBe(true);
  });

  it('logout clears the cookie on both doors', async () => {
    const rest = await t.request('/api/users/logout', { method: 'POST' });
    expect(rest.status).toBe(200);
    expect(cleared(rest.headers)).toBe(true);
    const viaTrpc = await t.request('/api/trpc/accounts.logout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(viaTrpc.status).toBe(200);
    expect(cleared(viaTrpc.headers)).toBe(true);
  });
});
