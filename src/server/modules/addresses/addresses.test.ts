// Saved addresses (decision 215) through the real app, on both doors: add, list, edit, delete; the owner check (a
// customer never reads or changes another's addresses: 404 as for a missing one); the postal code optional only
// where the country has none in daily use; names stored with capitals; the bound per account; guests 401.
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { accountMessages } from '#shared/messages/account';
import { checkoutMessages } from '#shared/messages/checkout';
import { MAX_SAVED_ADDRESSES } from '#shared/schemas/addresses';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCustomer } from '#server/testing/auth';
import { createCountry } from '#server/testing/factories';

let t: TestApp;
let kosovo: number;
let albania: number;
beforeEach(async () => {
  t = await createTestApp();
  kosovo = await createCountry(t.db, { name: 'Kosovë', shippingCents: 200, postalCodeOptional: true });
  albania = await createCountry(t.db, { name: 'Shqipëri', shippingCents: 500 });
});

const home = (countryID: number, extra: Record<string, unknown> = {}) => ({
  firstName: 'arta',
  lastName: 'berisha-gashi',
  phoneNumber: '+383-44-123456',
  countryID,
  city: 'Ferizaj',
  address: 'Rr. Dëshmorët 10',
  ...extra,
});

const rest = {
  list: (token?: string) => t.request('/api/users/addresses', { token }),
  create: (token: string | undefined, json: unknown) =>
    t.request('/api/users/addresses', { method: 'POST', token, json }),
  update: (token: string | undefined, id: number | string, json: unknown) =>
    t.request(`/api/users/addresses/${id}`, { method: 'PUT', token, json }),
  remove: (token: string | undefined, id: number | string) =>
    t.request(`/api/users/addresses/${id}`, { method: 'DELETE', token }),
};

/** A tRPC call through the app: the answer's data or its error's HTTP status. */
async function trpc(path: string, token: string | undefined, input?: unknown, query = false) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = query
    ? await t.app.request(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input ?? null }))}`, {
        headers,
      })
    : await t.app.request(`/api/trpc/${path}`, { method: 'POST', headers, body: JSON.stringify({ json: input }) });
  const body = (await res.json()) as { result?: { data: { json: unknown } } };
  return { status: res.status, data: body.result?.data.json };
}

describe('saved addresses over REST', () => {
  it('adds (names with capitals, no postal code in Kosovo), lists, edits and deletes', async () => {
    const u = await createCustomer(t);
    const created = await rest.create(u.token, home(kosovo));
    expect(created.status).toBe(201);
    const a = await created.json();
    expect(a).toEqual({
      addressID: expect.any(Number),
      firstName: 'Arta',
      lastName: 'Berisha-Gashi',
      phoneNumber: '+383 44 123 456',
      countryID: kosovo,
      countryName: 'Kosovë',
      city: 'Ferizaj',
      address: 'Rr. Dëshmorët 10',
      zipCode: '',
    });
    expect(await (await rest.list(u.token)).json()).toEqual([a]);

    const edited = await rest.update(u.token, a.addressID, home(albania, { city: 'Tiranë', zipCode: ' 1001 ' }));
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ addressID: a.addressID, countryName: 'Shqipëri', zipCode: '1001' });

    expect((await rest.remove(u.token, a.addressID)).status).toBe(204);
    expect(await (await rest.list(u.token)).json()).toEqual([]);
    expect((await rest.remove(u.token, a.addressID)).status).toBe(404);
  });

  it('asks for the postal code where the country uses one, and refuses an unknown country', async () => {
    const u = await createCustomer(t);
    const res = await rest.create(u.token, home(albania));
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ zipCode: [messages.common.required] });
    const unknown = await rest.create(u.token, home(99999, { zipCode: '1000' }));
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors).toEqual({ countryID: [checkoutMessages.checkout.unknownCountry] });
    const bad = await rest.create(u.token, { ...home(kosovo), firstName: 'Ar7a', city: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(['city', 'firstName']);
  });

  it("never reads or changes another customer's address (404, unchanged), and guests get 401", async () => {
    const owner = await createCustomer(t);
    const other = await createCustomer(t);
    const a = await (await rest.create(owner.token, home(kosovo))).json();
    expect(await (await rest.list(other.token)).json()).toEqual([]);
    const taken = await rest.update(other.token, a.addressID, home(kosovo, { city: 'Pejë' }));
    expect(taken.status).toBe(404);
    expect((await taken.json()).Message).toBe(accountMessages.addresses.notFound);
    expect((await rest.remove(other.token, a.addressID)).status).toBe(404);
    expect(await (await rest.list(owner.token)).json()).toEqual([a]);
    expect((await rest.list()).status).toBe(401);
    expect((await rest.create(undefined, home(kosovo))).status).toBe(401);
    expect((await rest.remove(undefined, a.addressID)).status).toBe(401);
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses per account`, async () => {
    const u = await createCustomer(t);
    for (let i = 0; i < MAX_SAVED_ADDRESSES; i++)
      expect((await rest.create(u.token, home(kosovo, { address: `Rr. ${i}` }))).status).toBe(201);
    const over = await rest.create(u.token, home(kosovo, { address: 'Rr. tepër' }));
    expect(over.status).toBe(409);
  });

  it('goes with the account', async () => {
    const u = await createCustomer(t);
    await rest.create(u.token, home(kosovo));
    await t.db.deleteFrom('users').where('user_id', '=', u.userId).execute();
    expect(await t.db.selectFrom('customer_addresses').selectAll().execute()).toEqual([]);
  });
});

describe('saved addresses over tRPC', () => {
  it('the same rules on the other door: create, list, update, remove, owner check', async () => {
    const u = await createCustomer(t);
    const other = await createCustomer(t);
    const created = await trpc('addresses.create', u.token, home(kosovo));
    expect(created.status).toBe(200);
    const a = created.data as { addressID: number };
    expect((await trpc('addresses.list', u.token, undefined, true)).data).toEqual([created.data]);
    expect((await trpc('addresses.list', other.token, undefined, true)).data).toEqual([]);
    expect((await trpc('addresses.update', other.token, { ...home(kosovo), addressId: a.addressID })).status).toBe(404);
    expect((await trpc('addresses.remove', other.token, { addressId: a.addressID })).status).toBe(404);
    const edited = await trpc('addresses.update', u.token, {
      ...home(kosovo, { city: 'Prizren' }),
      addressId: a.addressID,
    });
    expect(edited.data).toMatchObject({ city: 'Prizren' });
    expect((await trpc('addresses.create', u.token, home(albania))).status).toBe(400);
    expect((await trpc('addresses.remove', u.token, { addressId: a.addressID })).status).toBe(200);
    expect((await trpc('addresses.list', undefined, undefined, true)).status).toBe(401);
  });
});
