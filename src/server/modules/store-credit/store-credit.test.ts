// Store credit (issue 37, decision 271) on the engine under test: the balance is the sum of the ledger's rows, a
// spend or removal below zero is refused with nothing written (also when many run at once), the history pages newest
// first, a return refunded as store credit adds its row in the refund's transaction (a guest order's is refused,
// 422), and the REST doors: staff's add / remove (401, 403, 400, 404, 409, success with its audit row) and the
// shopper's own read. Runs on SQLite and, with `npm run test:pg`, PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { CustomerCreditReply, MyCreditReply } from '#shared/dto/store-credit';
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { ROLE_CUSTOMER } from '#shared/roles';
import { DEFAULT_LIMITS } from '#server/http/limits';
import { AppError } from '#server/errors';
import { createAdmin, createCustomer, createStaff } from '#server/testing/auth';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCountry, createProduct, insertOrder, placeCheckoutOrder } from '#server/testing/factories';
import { inRequestContext } from '#server/testing/request-context';
import * as service from './store-credit.service';
import { addCreditEntry, creditBalance, creditHistory } from './store-credit.service';

const s = staffMessages.storeCredit;
const { adjustCredit } = inRequestContext(service);

let t: TestApp;
let admin: { token: string; userId: number };
let staff: { token: string; userId: number };

const json = async (res: Response) => (await res.json()) as any;
const rowsOf = (userId: number) =>
  t.db.selectFrom('store_credit_entries').selectAll().where('user_id', '=', userId).orderBy('entry_id').execute();
const credit = (userId: number, amountCents: number, extra: Partial<service.CreditEntry> = {}) =>
  t.db
    .transaction()
    .execute((trx) => addCreditEntry(trx, { userId, amountCents, reason: 'staff_adjustment', ...extra }));
/** As an administrator unless another token (or null: no login) is given. */
const adjust = (userId: number, body: object, token: string | null = admin.token) =>
  t.request(`/api/Customers/${userId}/StoreCredit`, { method: 'POST', json: body, token: token ?? undefined });

/**
 * Opens the pool's connections first (PostgreSQL; SQLite has one): with a cold pool each new connection takes longer
 * than a transaction, so concurrent writers would run one after another and a missing lock would go unnoticed
 * (checked: without the lock, 40 spends at once took a 10 € balance to -5 €).
 */
const warmPool = (userId: number) =>
  Promise.all(
    Array.from({ length: 5 }, () =>
      t.db.transaction().execute(async (trx) => {
        await creditBalance(trx, userId);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }),
    ),
  );

beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { ...DEFAULT_LIMITS, track: { points: 1000, windowSeconds: 60, key: 'address' } },
  });
  admin = await createAdmin(t);
  staff = await createStaff(t);
});

describe('the ledger', () => {
  it('the balance is the sum of the rows; the history shows them newest first with their order', async () => {
    const c = await createCustomer(t);
    const orderId = await insertOrder(t.db, { userId: c.userId });
    expect(await creditBalance(t.db, c.userId)).toBe(0);
    expect(await credit(c.userId, 1000)).toBe(1000);
    expect(await credit(c.userId, 250, { reason: 'return_refund', orderId, returnRequestId: 7 })).toBe(1250);
    expect(await credit(c.userId, -300, { reason: 'order_spend', orderId })).toBe(950);
    expect(await creditBalance(t.db, c.userId)).toBe(950);
    const rows = await rowsOf(c.userId);
    expect(rows.reduce((n, r) => n + r.amount_cents, 0)).toBe(950);
    const history = await creditHistory(t.db, c.userId);
    expect(history).toMatchObject({ balance: 9.5, total: 3, page: 1, pageSize: 10 });
    expect(history.items.map((i) => [i.amount, i.reason, i.orderId])).toEqual([
      [-3, 'order_spend', orderId],
      [2.5, 'return_refund', orderId],
      [10, 'staff_adjustment', null],
    ]);
    expect(history.items[1]).toMatchObject({ returnRequestId: 7, orderNumber: `#${String(orderId).padStart(6, '0')}` });
    // Another customer's rows are not hers.
    const other = await createCustomer(t);
    await credit(other.userId, 5000);
    expect(await creditBalance(t.db, c.userId)).toBe(950);
  });

  it('a spend below zero is refused with 409 on the amount, and nothing is written', async () => {
    const c = await createCustomer(t);
    await credit(c.userId, 500);
    const err = await credit(c.userId, -501).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    const message = fill(s.belowZero, { amount: '5,00\u00a0€' });
    expect(err).toMatchObject({ code: 'CONFLICT', message, fieldErrors: { amount: [message] } });
    expect(await rowsOf(c.userId)).toHaveLength(1);
    expect(await credit(c.userId, -500)).toBe(0);
    await expect(credit(c.userId, -1)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await creditBalance(t.db, c.userId)).toBe(0);
  });

  it('pages the history: newest first, the total, a page past the end empty', async () => {
    const c = await createCustomer(t);
    for (let i = 1; i <= 12; i++) await credit(c.userId, i * 100);
    const pages = await Promise.all([1, 2, 3, 4].map((page) => creditHistory(t.db, c.userId, { page, pageSize: 5 })));
    expect(pages.map((p) => p.items.map((i) => i.amount))).toEqual([[12, 11, 10, 9, 8], [7, 6, 5, 4, 3], [2, 1], []]);
    expect(pages.every((p) => p.total === 12 && p.balance === 78)).toBe(true);
  });

  it('40 spends at once never take the balance below zero (10 € less 3 € each: three pass)', async () => {
    const c = await createCustomer(t);
    await credit(c.userId, 1000);
    await warmPool(c.userId);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => credit(c.userId, -300, { reason: 'order_spend' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results.filter((x) => x.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT' });
    expect(await creditBalance(t.db, c.userId)).toBe(100);
  });

  it('staff removals at once never take the balance below zero (10 € less 3 € eight times: three pass)', async () => {
    const c = await createCustomer(t);
    await credit(c.userId, 1000);
    await warmPool(c.userId);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        adjustCredit(t, { userId: c.userId, action: 'remove', amount: 3, note: 'Korrigjim' }, admin as never),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results.filter((x) => x.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT' });
    expect(await creditBalance(t.db, c.userId)).toBe(100);
    expect(await rowsOf(c.userId)).toHaveLength(4);
  });
});

describe('a return refunded as store credit', () => {
  let countryId: number;
  beforeAll(async () => {
    countryId = await createCountry(t.db, { name: 'Kosova', shippingCents: 250 });
  });

  /** A delivered order of 2 × 20 € (the customer's, or a guest's), its return requested, approved and received. */
  async function receivedReturn(customer: { token: string; userId: number } | null) {
    const p = await createProduct(t.db, { priceCents: 2000, variants: [{ stock: 5 }] });
    const guestId = 'guest_kredi_00000001';
    const o = await placeCheckoutOrder(t, {
      countryId,
      items: [{ variantId: p.variantIds[0]!, quantity: 2 }],
      actor: customer ? { userId: customer.userId, roleID: ROLE_CUSTOMER } : null,
      customer: customer ? {} : { guestId },
    });
    await t.db
      .updateTable('orders')
      .set({ status: 'delivered', order_ship_date: new Date(Date.now() - 86_400_000).toISOString() })
      .where('order_id', '=', o.orderId)
      .execute();
    const lines = [{ orderDetailsId: o.lines[0]!.orderDetailsId, quantity: 2 }];
    const asked = await t.request('/api/returns', {
      method: 'POST',
      token: customer?.token,
      json: { orderId: o.orderId, kind: 'return', reason: 'too_small', lines, ...(customer ? {} : { guestId }) },
    });
    expect(asked.status).toBe(201);
    const id = (await json(asked)).returnRequestId as number;
    for (const step of ['Approve', 'Receive'])
      expect(
        (await t.request(`/api/Returns/${id}/${step}`, { method: 'PUT', token: staff.token, json: {} })).status,
      ).toBe(200);
    return { id, orderId: o.orderId };
  }

  const refund = (id: number, body: object) =>
    t.request(`/api/Returns/${id}/Refund`, { method: 'PUT', token: staff.token, json: body });

  it('adds a return_refund row for the refunded amount, naming the order, the request and the staff member', async () => {
    const c = await createCustomer(t);
    const r = await receivedReturn(c);
    const res = await refund(r.id, { method: 'store_credit', amount: 35.5 });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ state: 'refunded', refundMethod: 'store_credit' });
    expect(await rowsOf(c.userId)).toMatchObject([
      {
        amount_cents: 3550,
        reason: 'return_refund',
        order_id: r.orderId,
        return_request_id: r.id,
        staff_user_id: staff.userId,
      },
    ]);
    expect(await creditBalance(t.db, c.userId)).toBe(3550);
  });

  it('a refund in cash adds nothing', async () => {
    const c = await createCustomer(t);
    const r = await receivedReturn(c);
    expect((await refund(r.id, { method: 'cash', amount: 40 })).status).toBe(200);
    expect(await rowsOf(c.userId)).toHaveLength(0);
  });

  it('a guest order cannot be refunded as store credit: 422 on the method, nothing written', async () => {
    const r = await receivedReturn(null);
    const before = await t.db.selectFrom('store_credit_entries').select('entry_id').execute();
    const res = await refund(r.id, { method: 'store_credit', amount: 40 });
    expect(res.status).toBe(422);
    expect((await json(res)).errors.method).toEqual([staffMessages.returns.refundCreditNeedsAccount]);
    expect(await t.db.selectFrom('store_credit_entries').select('entry_id').execute()).toEqual(before);
    const state = await t.db
      .selectFrom('return_requests')
      .select('state')
      .where('return_request_id', '=', r.id)
      .executeTakeFirstOrThrow();
    expect(state.state).toBe('received');
    // The same refund by bank transfer still goes through.
    expect((await refund(r.id, { method: 'bank_transfer', amount: 40 })).status).toBe(200);
  });
});

describe('staff add or remove credit (POST /api/Customers/{userId}/StoreCredit)', () => {
  it('refuses a caller without a login (401), staff and customers (403); nothing written', async () => {
    const c = await createCustomer(t);
    const body = { action: 'add', amount: 5, note: 'Dhuratë' };
    expect((await adjust(c.userId, body, null)).status).toBe(401);
    expect((await adjust(c.userId, body, staff.token)).status).toBe(403);
    expect((await adjust(c.userId, body, c.token)).status).toBe(403);
    expect((await t.request(`/api/Customers/${c.userId}/StoreCredit`, { token: staff.token })).status).toBe(403);
    expect(await rowsOf(c.userId)).toHaveLength(0);
  });

  it('400 with field messages for a missing note, a zero or negative amount, an unknown action', async () => {
    const c = await createCustomer(t);
    const cases: [object, string, string][] = [
      [{ action: 'add', amount: 5, note: '  ' }, 'note', s.noteRequired],
      [{ action: 'add', amount: 5 }, 'note', s.noteRequired],
      [{ action: 'add', amount: 0, note: 'x' }, 'amount', s.amountInvalid],
      [{ action: 'add', amount: -2, note: 'x' }, 'amount', s.amountInvalid],
      [{ action: 'add', note: 'x' }, 'amount', s.amountRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await adjust(c.userId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).errors[field]).toContain(message);
    }
    expect((await adjust(c.userId, { action: 'double', amount: 5, note: 'x' })).status).toBe(400);
    expect(await rowsOf(c.userId)).toHaveLength(0);
  });

  it('adds and removes with a note, audited on the account; removal below zero 409 with nothing written', async () => {
    const c = await createCustomer(t);
    const added = await adjust(c.userId, { action: 'add', amount: '12,50', note: 'Falje për vonesën' });
    expect(added.status).toBe(200);
    const dto = CustomerCreditReply.parse(await json(added));
    expect(dto).toMatchObject({ userId: c.userId, balance: 12.5, total: 1 });
    expect(dto.items[0]).toMatchObject({
      amount: 12.5,
      reason: 'staff_adjustment',
      note: 'Falje për vonesën',
      staffUserId: admin.userId,
    });
    expect(dto.items[0]!.staffName).toBeTruthy();
    const removed = await json(await adjust(c.userId, { action: 'remove', amount: 2.5, note: 'Korrigjim' }));
    expect(removed).toMatchObject({ balance: 10, total: 2 });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'changes'])
      .where('entity', '=', 'user')
      .where('entity_id', '=', c.userId)
      .orderBy('audit_id')
      .execute();
    expect(audit.map((a) => [a.action, a.actor_id])).toEqual([
      ['store-credit-add', admin.userId],
      ['store-credit-remove', admin.userId],
    ]);
    expect(JSON.parse(audit[1]!.changes)).toMatchObject({
      store_credit_cents: [1250, 1000],
      note: [null, 'Korrigjim'],
    });

    const over = await adjust(c.userId, { action: 'remove', amount: 10.01, note: 'Shumë' });
    expect(over.status).toBe(409);
    expect((await json(over)).errors.amount).toEqual([fill(s.belowZero, { amount: '10,00\u00a0€' })]);
    expect(await rowsOf(c.userId)).toHaveLength(2);
    expect((await adjust(c.userId, { action: 'remove', amount: 10, note: 'Gjithçka' })).status).toBe(200);
    expect(await creditBalance(t.db, c.userId)).toBe(0);
  });

  it('404 for an account that does not exist; the read answers the documented shape', async () => {
    expect((await adjust(987654, { action: 'add', amount: 1, note: 'x' })).status).toBe(404);
    expect((await t.request('/api/Customers/987654/StoreCredit', { token: admin.token })).status).toBe(404);
    const c = await createCustomer(t);
    await credit(c.userId, 700);
    const res = await t.request(`/api/Customers/${c.userId}/StoreCredit?page=1&pageSize=5`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(CustomerCreditReply.parse(await json(res))).toMatchObject({ balance: 7, page: 1, pageSize: 5, total: 1 });
  });
});

describe('the shopper reads her own credit (GET /api/users/store-credit)', () => {
  it('401 without a login; her balance and history without staff notes; a bad page is 400', async () => {
    expect((await t.request('/api/users/store-credit')).status).toBe(401);
    const c = await createCustomer(t);
    expect(await json(await t.request('/api/users/store-credit', { token: c.token }))).toMatchObject({
      balance: 0,
      items: [],
      total: 0,
    });
    await credit(c.userId, 1500, { note: 'Shënim i brendshëm', staffUserId: admin.userId });
    const other = await createCustomer(t);
    await credit(other.userId, 9900);
    const res = await t.request('/api/users/store-credit?page=1', { token: c.token });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(MyCreditReply.parse(body)).toMatchObject({ balance: 15, total: 1, page: 1 });
    expect(body.items[0]).toMatchObject({ amount: 15, reason: 'staff_adjustment' });
    expect(body.items[0]).not.toHaveProperty('note');
    expect(body.items[0]).not.toHaveProperty('staffUserId');
    expect((await t.request('/api/users/store-credit?page=0', { token: c.token })).status).toBe(400);
  });
});
