// The customers list (decision 256) on the engine under test: every buyer (account, guest, phone order) merged by
// account, e-mail or phone however they were typed, with orders, spend, returns and refusals that follow deliveries,
// refusals, returns, cancellations, edits (a merge and a split) and deletions, written by services and by raw SQL
// alike; the search finds a phone in any writing; the settled rows equal a rebuild; the REST door answers the
// documented shape to administrators only.
import { beforeAll, describe, expect, it } from 'vitest';
import { CustomerPageReply, type CustomerDto } from '#shared/dto/customers';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createAdmin, createCustomer, createStaff } from '#server/testing/auth';
import { createCountry, createProduct, insertOrder, placeCheckoutOrder } from '#server/testing/factories';
import { rebuildBuyers, rebuildBuyersInSlices, settleBuyers } from '../orders';
import { pageCustomers } from './customers.service';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createAdmin(t)).token;
});

/** A staff write through its REST door, as an administrator (the services and their audit rows as in use). */
async function door(method: 'PUT' | 'DELETE', path: string): Promise<void> {
  const res = await t.request(`/api${path}`, { method, token: adminToken });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(200);
}

const all = async (q?: string) => (await pageCustomers(t, { page: 1, pageSize: 100, ...(q ? { q } : {}) })).items;
const buyerOf = async (name: string) => (await all()).filter((b) => b.name === name);

/** A buyer's row with its order ids, for comparing a settled state with a rebuild. */
async function snapshot() {
  const rows = await t.db
    .selectFrom('buyers')
    .select(['name', 'emails', 'phones', 'user_id', 'orders', 'spend_cents', 'refusals', 'cancelled'])
    .select(['first_order_at', 'last_order_at', 'buyer_id'])
    .execute();
  const byBuyer = await t.db.selectFrom('orders').select(['order_id', 'buyer_id']).execute();
  return rows
    .map(({ buyer_id, ...r }) => ({
      ...r,
      spend_cents: Number(r.spend_cents),
      orderIds: byBuyer
        .filter((o) => o.buyer_id === buyer_id)
        .map((o) => o.order_id)
        .sort((a, b) => a - b),
    }))
    .sort((a, b) => a.orderIds[0]! - b.orderIds[0]!);
}

describe('buyers merged by account, e-mail or phone', () => {
  it('joins a guest phone order ("044 …"), an account order ("+383 44 …") and an e-mail typed in capitals', async () => {
    const user = await createCustomer(t);
    const country = await createCountry(t.db);
    const { variantIds } = await createProduct(t.db);
    // A guest through the checkout, phone typed nationally and no e-mail (decision 252).
    await placeCheckoutOrder(t, {
      countryId: country,
      items: [{ variantId: variantIds[0]! }],
      customer: { firstName: 'Teuta', lastName: 'Hoxha', phoneNumber: '044 123 456', email: '' },
    });
    // The account's order, phone typed internationally, an e-mail.
    await insertOrder(t.db, {
      userId: user.userId,
      firstName: 'Teuta',
      lastName: 'Hoxha',
      phoneNumber: '+383 44 123 456',
      email: 'teuta@example.com',
      date: new Date(Date.now() + 1000).toISOString(),
    });
    // A third order by e-mail only, in capitals, with another phone.
    await insertOrder(t.db, {
      firstName: 'Teuta',
      lastName: 'Hoxha',
      phoneNumber: '+38349555666',
      email: ' TEUTA@example.com',
      date: new Date(Date.now() + 2000).toISOString(),
    });
    await insertOrder(t.db, { firstName: 'Tjetër', lastName: 'Blerës', phoneNumber: '+38345000111', email: 'x@y.z' });
    const [teuta, ...more] = await buyerOf('Teuta Hoxha');
    expect(more).toEqual([]);
    expect(teuta).toMatchObject({
      orders: 3,
      userId: user.userId,
      emails: ['teuta@example.com'],
      phones: ['+383 49 555 666', '+383 44 123 456'],
    });
    expect(await buyerOf('Tjetër Blerës')).toHaveLength(1);
  });

  it('finds the same buyer by a phone in any writing, a name or part of an e-mail', async () => {
    for (const q of ['044 123 456', '+383 44 123 456', '+38344123456', '00383 44 123 456', 'teuta hoxha', 'teuta@ex'])
      expect(
        (await all(q)).map((b) => b.name),
        q,
      ).toEqual(['Teuta Hoxha']);
    expect(await all('+383 44 999 999')).toEqual([]);
  });

  it('merges two buyers when an order shares a key with each, and splits them when that order goes', async () => {
    await insertOrder(t.db, { firstName: 'Ana', lastName: 'Një', phoneNumber: '+38344700001', email: 'a1@e.com' });
    await insertOrder(t.db, { firstName: 'Ana', lastName: 'Dy', phoneNumber: '+38344700002', email: 'a2@e.com' });
    expect((await all('+38344700001')).length + (await all('+38344700002')).length).toBe(2);
    expect((await all('+38344700001'))[0]!.customerId).not.toBe((await all('+38344700002'))[0]!.customerId);
    const bridge = await insertOrder(t.db, {
      firstName: 'Ana',
      lastName: 'Tre',
      phoneNumber: '+38344700001',
      email: 'a2@e.com',
    });
    const merged = await all('+38344700002');
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ orders: 3 });
    expect((await all('+38344700001'))[0]!.customerId).toBe(merged[0]!.customerId);
    // An edit of the bridge's e-mail (raw SQL: the trigger queues it) leaves the second order on its own again.
    await t.db.updateTable('orders').set({ email: 'a3@e.com' }).where('order_id', '=', bridge).execute();
    expect((await all('+38344700002'))[0]).toMatchObject({ orders: 1, emails: ['a2@e.com'] });
    expect((await all('+38344700001'))[0]).toMatchObject({ orders: 2, emails: ['a3@e.com', 'a1@e.com'] });
    // Its e-mail edited back joins them again; deleting it splits them once more.
    await t.db.updateTable('orders').set({ email: 'a2@e.com' }).where('order_id', '=', bridge).execute();
    expect((await all('+38344700002'))[0]).toMatchObject({ orders: 3 });
    await door('DELETE', `/Orders/${bridge}`);
    expect((await all('+38344700001'))[0]).toMatchObject({ orders: 1, emails: ['a1@e.com'] });
    expect((await all('+38344700002'))[0]).toMatchObject({ orders: 1, emails: ['a2@e.com'] });
  });
});

describe("a buyer's figures", () => {
  let buyer: () => Promise<CustomerDto>;
  const ids: number[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 4; i++)
      ids.push(
        await insertOrder(t.db, {
          firstName: 'Vjosa',
          lastName: 'Gashi',
          phoneNumber: i % 2 ? '+38344800800' : '044 800 800',
          email: '',
          totalCents: 1000 * (i + 1),
          date: `2026-11-0${i + 1}T10:00:00.000Z`,
        }),
      );
    buyer = async () => (await all('044 800 800'))[0]!;
  });

  it('counts placed orders and spends nothing while they are pending', async () => {
    expect(await buyer()).toMatchObject({
      orders: 4,
      spend: 0,
      refusals: 0,
      returns: 0,
      cancelled: 0,
      firstOrderAt: '2026-11-01T10:00:00.000Z',
      lastOrderAt: '2026-11-04T10:00:00.000Z',
      userId: null,
    });
  });

  it('follows delivery (spend), refusal at the door (refusals, no spend) and cancellation', async () => {
    await door('PUT', `/Orders/UpdateStatus/${ids[0]}`); // delivered: 10 €
    await door('PUT', `/Orders/UpdateStatus/${ids[1]}`); // delivered, then refused at the door
    await door('PUT', `/Orders/${ids[1]}/Return`);
    await door('PUT', `/Orders/${ids[2]}/Cancel`);
    expect(await buyer()).toMatchObject({ orders: 4, spend: 10, refusals: 1, cancelled: 1 });
    // Raw SQL that no service sees: the fourth delivered, its total edited.
    await t.db
      .updateTable('orders')
      .set({ status: 'delivered', total_cents: 4500 })
      .where('order_id', '=', ids[3]!)
      .execute();
    expect(await buyer()).toMatchObject({ spend: 55 });
  });

  it('counts units asked back by return requests that were not refused or withdrawn', async () => {
    const line = await t.db
      .insertInto('order_details')
      .values({
        order_id: ids[0]!,
        product_name: 'Fustan',
        color: 'E kuqe',
        size: 'M',
        image_url: '',
        quantity: 3,
        unit_price_cents: 300,
        line_total_cents: 900,
      })
      .returning('order_details_id')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    for (const [state, quantity] of [
      ['requested', 2],
      ['refused', 1],
    ] as const) {
      const r = await t.db
        .insertInto('return_requests')
        .values({
          order_id: ids[0]!,
          kind: 'return',
          reason: 'too_small',
          state,
          created_at: now,
          updated_at: now,
        })
        .returning('return_request_id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('return_request_lines')
        .values({
          return_request_id: r.return_request_id,
          order_details_id: line.order_details_id,
          quantity,
          paid_cents: 300 * quantity,
        })
        .execute();
    }
    expect(await buyer()).toMatchObject({ returns: 2 });
  });

  it('drops a deleted order, and the buyer with its last one', async () => {
    await t.db.deleteFrom('orders').where('order_id', '=', ids[3]!).execute();
    expect(await buyer()).toMatchObject({ orders: 3, spend: 10, lastOrderAt: '2026-11-03T10:00:00.000Z' });
    const alone = await insertOrder(t.db, { firstName: 'Vetëm', lastName: 'Një', phoneNumber: '+38344900900' });
    expect(await buyerOf('Vetëm Një')).toHaveLength(1);
    await t.db.deleteFrom('orders').where('order_id', '=', alone).execute();
    expect(await buyerOf('Vetëm Një')).toEqual([]);
  });

  it('settled rows equal a rebuild from every order', async () => {
    await settleBuyers(t.db);
    const settled = await snapshot();
    await t.db.transaction().execute((trx) => rebuildBuyers(trx));
    expect(await snapshot()).toEqual(settled);
    expect(settled.length).toBeGreaterThan(4);
  });

  it('the rebuild after a start, in slices, equals the settled rows, with an order written while it runs (decision 263)', async () => {
    await settleBuyers(t.db);
    const rebuilding = rebuildBuyersInSlices(t.db);
    // Written while the rebuild runs (SQLite: between its slices): queued, and settled by the next list read.
    const late = await insertOrder(t.db, { firstName: 'Vonë', lastName: 'Shumë', phoneNumber: '+38344900901' });
    await rebuilding;
    await settleBuyers(t.db);
    const afterRebuild = await snapshot();
    await t.db.transaction().execute((trx) => rebuildBuyers(trx));
    expect(await snapshot()).toEqual(afterRebuild);
    expect(await buyerOf('Vonë Shumë')).toHaveLength(1);
    await t.db.deleteFrom('orders').where('order_id', '=', late).execute();
    await settleBuyers(t.db);
  });
});

describe('GET /api/Customers', () => {
  it('answers administrators a page in the documented shape, and refuses staff', async () => {
    const staff = await createStaff(t);
    const res = await t.request('/api/Customers?page=1&pageSize=2&q=044%20123%20456', { token: adminToken });
    expect(res.status).toBe(200);
    const body = CustomerPageReply.parse(await res.json());
    expect(body).toMatchObject({ total: 1, page: 1, pageSize: 2 });
    expect(body.items[0]).toMatchObject({ name: 'Teuta Hoxha', orders: 3 });
    expect((await t.request('/api/Customers', { token: staff.token })).status).toBe(403);
    expect((await t.request('/api/Customers?pageSize=0', { token: adminToken })).status).toBe(400);
  });
});
