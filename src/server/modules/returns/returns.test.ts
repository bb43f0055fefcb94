// Returns and exchanges (issue 26, decision 235) on the real app and database: the shopper's request and every
// refusal (409 or 400, nothing written), each staff step and the moves it refuses (409, nothing written), stock back
// exactly once, the exchange's reservation released on refusal, the refund cap, the exchange order, and the
// overview's revenue net of refunds. Runs on SQLite and, with `npm run test:pg`, PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { shopToday } from '#shared/dates';
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { returnMessages } from '#shared/messages/returns';
import { ROLE_STAFF } from '#shared/roles';
import { DEFAULT_LIMITS } from '#server/http/limits';
import { createCustomer, createUser } from '#server/testing/auth';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCountry, createProduct, placeCheckoutOrder } from '#server/testing/factories';
import { countQueries } from '#server/testing/count-queries';
import { trpcCall } from '#server/testing/trpc';
import { inRequestContext } from '#server/testing/request-context';
import * as orders from '../orders';
import { overviewSummary } from '../overview';
import { salesReport } from '../reports';
import { refundCentsPerRange } from './returns-figures.service';
import { listReturns, STEPS } from './returns-staff.service';
import * as svc from './returns.service';

const { cancelOrder } = inRequestContext(orders);
const r = returnMessages.refused;
const s = staffMessages.returns;

let t: TestApp;
let staff: { token: string; userId: number };
let customer: { token: string; userId: number };
let countryId: number;

const json = async (res: Response) => (await res.json()) as any;
const stockOf = async (variantId: number) =>
  (
    await t.db
      .selectFrom('product_variants')
      .select('stock_quantity')
      .where('variant_id', '=', variantId)
      .executeTakeFirstOrThrow()
  ).stock_quantity;

/** Rows a refused request or step must not have written. */
async function written() {
  const count = async (table: 'return_requests' | 'order_events' | 'mail_outbox' | 'stock_changes' | 'audit_log') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    requests: await count('return_requests'),
    events: await count('order_events'),
    mails: await count('mail_outbox'),
    stock: await count('stock_changes'),
    audit: await count('audit_log'),
  };
}

/** A product in S (5), M (1) and L (sold out), 20 € each. */
async function product() {
  const p = await createProduct(t.db, { priceCents: 2000, variants: [{ stock: 5 }, { stock: 1 }, { stock: 0 }] });
  const [S, M, L] = p.variantIds as [number, number, number];
  return { ...p, S, M, L };
}

/** The customer's order of 2 × S, marked delivered `daysAgo` days ago (or left pending). */
async function order(S: number, opts: { daysAgo?: number; deliver?: boolean; guest?: boolean } = {}) {
  const o = await placeCheckoutOrder(t, {
    countryId,
    items: [{ variantId: S, quantity: 2 }],
    actor: opts.guest ? null : { userId: customer.userId, roleID: 1 },
    customer: opts.guest ? { guestId: 'guest_kthim_0000001' } : {},
  });
  if (opts.deliver !== false) {
    const at = new Date(Date.now() - (opts.daysAgo ?? 1) * 86_400_000).toISOString();
    await t.db
      .updateTable('orders')
      .set({ status: 'delivered', order_ship_date: at })
      .where('order_id', '=', o.orderId)
      .execute();
  }
  return { orderId: o.orderId, line: o.lines[0]!.orderDetailsId };
}

const ask = (body: object, token: string | undefined = customer.token) =>
  t.request('/api/returns', { method: 'POST', json: body, token });
const step = (id: number, name: string, body?: object, token = staff.token) =>
  t.request(`/api/Returns/${id}/${name}`, { method: 'PUT', token, json: body ?? {} });

beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { ...DEFAULT_LIMITS, track: { points: 1000, windowSeconds: 60, key: 'address' } },
  });
  staff = await createUser(t, { roleID: ROLE_STAFF, firstName: 'Mira', lastName: 'Gashi' });
  customer = await createCustomer(t);
  countryId = await createCountry(t.db, { name: 'Kosova', shippingCents: 250 });
});

describe('the shopper asks', () => {
  it('an exchange: 201, the wanted size reserved through the ledger, history and e-mail written', async () => {
    const p = await product();
    const o = await order(p.S);
    const res = await ask({
      orderId: o.orderId,
      kind: 'exchange',
      reason: 'too_small',
      lines: [{ orderDetailsId: o.line, quantity: 1, exchangeVariantId: p.M }],
    });
    expect(res.status).toBe(201);
    const dto = await json(res);
    expect(dto).toMatchObject({
      kind: 'exchange',
      state: 'requested',
      reason: 'too_small',
      paidTotal: 20,
      guestOrder: false,
    });
    expect(dto.lines[0]).toMatchObject({ quantity: 1, exchangeVariantId: p.M, reserved: true });
    expect(await stockOf(p.M)).toBe(0);
    const ledger = await t.db.selectFrom('stock_changes').selectAll().where('variant_id', '=', p.M).execute();
    expect(ledger.at(-1)).toMatchObject({ delta: -1, reason: 'exchange', order_id: o.orderId });
    const events = await t.db.selectFrom('order_events').select('state').where('order_id', '=', o.orderId).execute();
    expect(events.map((e) => e.state)).toContain('return_requested');
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select(['kind', 'subject'])
      .where('order_id', '=', o.orderId)
      .execute();
    const asked = mails.find((m) => m.kind === 'return_requested')!;
    // An exchange is called one in its e-mail's subject, not a return (issue 35).
    expect(asked.subject).toMatch(/^Kërkesa juaj për ndërrim për porosinë /);
  });

  it('the options: the deadline, what is left per line, the other variants', async () => {
    const p = await product();
    const o = await order(p.S, { daysAgo: 3 });
    const opts = await svc.returnOptions(t, { orderId: o.orderId }, { userId: customer.userId, roleID: 1 }, '1.1.1.1');
    expect(opts).toMatchObject({ canAsk: true, windowDays: 14 });
    expect(opts.lines[0]).toMatchObject({ bought: 2, alreadyAsked: 0, returnable: 2 });
    expect(opts.lines[0]!.choices.map((c) => [c.productVariantId, c.inStock])).toEqual([
      [p.M, true],
      [p.L, false],
    ]);
  });

  it('a guest asks with the guest id of the order link; without it the order is not found (404)', async () => {
    const p = await product();
    const o = await order(p.S, { guest: true });
    const body = {
      orderId: o.orderId,
      kind: 'return',
      reason: 'changed_mind',
      lines: [{ orderDetailsId: o.line, quantity: 1 }],
    };
    expect((await ask(body, undefined)).status).toBe(404);
    const asked = await ask({ ...body, guestId: 'guest_kthim_0000001' }, undefined);
    expect(asked.status).toBe(201);
    // The refund form offers no store credit on it (decision 277): the reply says it is a guest's order.
    expect(((await asked.json()) as { guestOrder: boolean }).guestOrder).toBe(true);
  });

  it.each([
    ['an order not delivered', { deliver: false }, 1, r.notDelivered],
    ['past the window', { daysAgo: 15 }, 1, fill(r.pastWindow, { days: 14 })],
    ['more than bought', {}, 3, r.moreThanBought],
  ])('refuses %s with 409 and writes nothing', async (_name, opts, quantity, message) => {
    const p = await product();
    const o = await order(p.S, opts);
    const before = await written();
    const res = await ask({
      orderId: o.orderId,
      kind: 'return',
      reason: 'damaged',
      lines: [{ orderDetailsId: o.line, quantity }],
    });
    expect(res.status).toBe(409);
    expect((await json(res)).Message).toBe(message);
    expect(await written()).toEqual(before);
  });

  it('refuses a line already returned (sum of earlier requests) and a closed order, 409, nothing written', async () => {
    const p = await product();
    const o = await order(p.S);
    const body = {
      orderId: o.orderId,
      kind: 'return',
      reason: 'damaged',
      lines: [{ orderDetailsId: o.line, quantity: 1 }],
    };
    expect((await ask(body)).status).toBe(201);
    expect((await ask(body)).status).toBe(201);
    const before = await written();
    const again = await ask(body);
    expect(again.status).toBe(409);
    expect((await json(again)).Message).toBe(r.alreadyReturned);
    expect(await written()).toEqual(before);
  });

  it('refuses a sold-out wanted size (409, nothing written) and a variant of another product (400)', async () => {
    const p = await product();
    const other = await product();
    const o = await order(p.S);
    const line = (exchangeVariantId: number) => ({
      orderId: o.orderId,
      kind: 'exchange',
      reason: 'too_large',
      lines: [{ orderDetailsId: o.line, quantity: 1, exchangeVariantId }],
    });
    const before = await written();
    const soldOut = await ask(line(p.L));
    expect(soldOut.status).toBe(409);
    expect((await json(soldOut)).Message).toBe(r.wantedSoldOut);
    expect(await written()).toEqual(before);
    expect((await ask(line(other.M))).status).toBe(400);
    expect((await ask({ ...line(p.M), lines: [] })).status).toBe(400);
    expect((await ask({ ...line(p.M), reason: 'nope' })).status).toBe(400);
    expect(await written()).toEqual(before);
  });

  it("another customer's order is not found (404)", async () => {
    const p = await product();
    const o = await order(p.S);
    const other = await createCustomer(t);
    const res = await ask(
      { orderId: o.orderId, kind: 'return', reason: 'damaged', lines: [{ orderDetailsId: o.line, quantity: 1 }] },
      other.token,
    );
    expect(res.status).toBe(404);
  });
});

/** A request through the door; its id. */
async function requested(kind: 'return' | 'exchange', quantity = 2) {
  const p = await product();
  const o = await order(p.S);
  const line = { orderDetailsId: o.line, quantity, ...(kind === 'exchange' ? { exchangeVariantId: p.M } : {}) };
  const res = await ask({ orderId: o.orderId, kind, reason: 'too_small', lines: [line] });
  expect(res.status).toBe(201);
  return { ...p, ...o, id: (await json(res)).returnRequestId as number };
}

const withdraw = (input: object, token = customer.token) =>
  trpcCall((path, init) => Promise.resolve(t.request(path, init)), 'returns.withdraw', 'mutation', input, token);

describe('the shopper withdraws', () => {
  it('a requested return: withdrawn, in the history, e-mailed, and the line may be asked for again', async () => {
    const q = await requested('return', 2);
    const res = await withdraw({ orderId: q.orderId, returnRequestId: q.id });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ returnRequestId: q.id, state: 'withdrawn' });
    const events = await t.db.selectFrom('order_events').select('state').where('order_id', '=', q.orderId).execute();
    expect(events.map((e) => e.state)).toContain('return_withdrawn');
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('order_id', '=', q.orderId)
      .where('kind', '=', 'return_withdrawn')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(returnMessages.mail.withdrawnBody);
    expect(mail.subject).toMatch(/^Kërkesa për kthim u tërhoq: porosia /);
    expect(staffMessages.outbox.kinds.return_withdrawn).toBeTruthy();
    const opts = await svc.returnOptions(t, { orderId: q.orderId }, { userId: customer.userId, roleID: 1 }, '1.1.1.1');
    expect(opts.lines[0]).toMatchObject({ alreadyAsked: 0, returnable: 2 });
    expect(opts.requests[0]).toMatchObject({ returnRequestId: q.id, state: 'withdrawn' });
    expect(
      (
        await ask({
          orderId: q.orderId,
          kind: 'return',
          reason: 'damaged',
          lines: [{ orderDetailsId: q.line, quantity: 2 }],
        })
      ).status,
    ).toBe(201);
  });

  it('an approved exchange: the size held for it goes back to stock', async () => {
    const q = await requested('exchange', 1);
    expect(await stockOf(q.M)).toBe(0);
    await step(q.id, 'Approve');
    expect((await withdraw({ orderId: q.orderId, returnRequestId: q.id })).status).toBe(200);
    expect(await stockOf(q.M)).toBe(1);
    const ledger = await t.db.selectFrom('stock_changes').selectAll().where('variant_id', '=', q.M).execute();
    expect(ledger.at(-1)).toMatchObject({ delta: 1, reason: 'exchange', order_id: q.orderId });
  });

  it('refuses once the shop has the parcel, a second time, and another order: 409/404, nothing written', async () => {
    const q = await requested('return', 1);
    await step(q.id, 'Approve');
    await step(q.id, 'Receive');
    let before = await written();
    const late = await withdraw({ orderId: q.orderId, returnRequestId: q.id });
    expect([late.status, late.code]).toEqual([409, 'CONFLICT']);
    expect(await written()).toEqual(before);

    const other = await requested('return', 1);
    expect((await withdraw({ orderId: other.orderId, returnRequestId: other.id })).status).toBe(200);
    before = await written();
    expect((await withdraw({ orderId: other.orderId, returnRequestId: other.id })).status).toBe(409);
    // A request of another order under this order's id: not found, whoever owns both.
    expect((await withdraw({ orderId: other.orderId, returnRequestId: q.id })).status).toBe(404);
    expect(await written()).toEqual(before);
  });

  it("only the order's shopper (or the guest with its id): another customer or a guest without the id 404", async () => {
    const q = await requested('return', 1);
    const stranger = await createCustomer(t);
    const before = await written();
    // Not found rather than forbidden, as for the order page: a stranger learns nothing of the order.
    expect((await withdraw({ orderId: q.orderId, returnRequestId: q.id }, stranger.token)).status).toBe(404);
    expect((await withdraw({ orderId: q.orderId, returnRequestId: q.id }, '')).status).toBe(404);
    expect(await written()).toEqual(before);
    const p = await product();
    const g = await order(p.S, { guest: true });
    const asked = await ask(
      {
        orderId: g.orderId,
        guestId: 'guest_kthim_0000001',
        kind: 'return',
        reason: 'damaged',
        lines: [{ orderDetailsId: g.line, quantity: 1 }],
      },
      undefined,
    );
    const id = (await json(asked)).returnRequestId as number;
    expect((await withdraw({ orderId: g.orderId, returnRequestId: id }, '')).status).toBe(404);
    const ok = await withdraw({ orderId: g.orderId, guestId: 'guest_kthim_0000001', returnRequestId: id }, '');
    expect([ok.status, (ok.data as { state: string }).state]).toEqual([200, 'withdrawn']);
  });
});

describe('staff work the request', () => {
  it('each step has its Albanian name on the audit screen', () => {
    const actions = staffMessages.audit.actions as Record<string, string>;
    expect(Object.values(STEPS).filter((st) => !actions[`return-${st.action}`])).toEqual([]);
  });

  it('only staff: guest 401, customer 403', async () => {
    expect((await step(1, 'Approve', {}, '')).status).toBe(401);
    expect((await step(1, 'Approve', {}, customer.token)).status).toBe(403);
    expect((await t.request('/api/Returns', { token: customer.token })).status).toBe(403);
  });

  it('approve e-mails the return address; receive gives the stock back exactly once; refund is capped', async () => {
    const q = await requested('return');
    const approved = await step(q.id, 'Approve');
    expect(approved.status).toBe(200);
    expect((await json(approved)).state).toBe('approved');
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('order_id', '=', q.orderId)
      .where('kind', '=', 'return_approved')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(svc.returnPolicy(t).address);
    expect((await step(q.id, 'Approve')).status).toBe(409);

    const stock = await stockOf(q.S);
    expect((await step(q.id, 'Receive')).status).toBe(200);
    expect(await stockOf(q.S)).toBe(stock + 2);
    const before = await written();
    const twice = await step(q.id, 'Receive');
    expect(twice.status).toBe(409);
    expect((await json(twice)).Message).toBe(s.moveRefused.receive);
    expect(await stockOf(q.S)).toBe(stock + 2);
    expect(await written()).toEqual(before);

    const over = await step(q.id, 'Refund', { method: 'bank_transfer', amount: 40.01 });
    expect(over.status).toBe(409);
    expect(await written()).toEqual(before);
    const refund = await step(q.id, 'Refund', { method: 'store_credit', amount: 40 });
    expect(refund.status).toBe(200);
    expect(await json(refund)).toMatchObject({ state: 'refunded', refundMethod: 'store_credit', refund: 40 });
    expect((await step(q.id, 'Refund', { method: 'cash', amount: 1 })).status).toBe(409);

    const detail = await json(await t.request(`/api/Orders/${q.orderId}`, { token: staff.token }));
    expect(detail.history.map((h: any) => h.state)).toEqual(
      expect.arrayContaining(['return_requested', 'return_approved', 'return_received', 'refund_recorded']),
    );
    const audit = await t.db.selectFrom('audit_log').select('action').where('entity_id', '=', q.orderId).execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['return-approve', 'return-receive', 'return-refund']),
    );
  });

  it('of 6 concurrent "received" exactly one moves and the stock comes back once', async () => {
    const q = await requested('return', 2);
    await step(q.id, 'Approve');
    const stock = await stockOf(q.S);
    const answers = await Promise.all(Array.from({ length: 6 }, () => step(q.id, 'Receive')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await stockOf(q.S)).toBe(stock + 2);
  });

  it('refusing an exchange releases its reservation, once; a refused request cannot move on (409)', async () => {
    const q = await requested('exchange', 1);
    expect(await stockOf(q.M)).toBe(0);
    const res = await step(q.id, 'Refuse', { reason: 'Artikulli është larë.' });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ state: 'refused', refusalReason: 'Artikulli është larë.' });
    expect(await stockOf(q.M)).toBe(1);
    const before = await written();
    for (const name of ['Refuse', 'Approve', 'Receive'])
      expect((await step(q.id, name, { reason: 'x' })).status).toBe(409);
    expect(await stockOf(q.M)).toBe(1);
    expect(await written()).toEqual(before);
    expect((await step(q.id, 'Refuse', { reason: '' })).status).toBe(400);
  });

  it('sends a received exchange as a linked order with nothing to pay and no shipping', async () => {
    const q = await requested('exchange', 1);
    expect((await step(q.id, 'Exchange')).status).toBe(409); // not received yet
    await step(q.id, 'Approve');
    await step(q.id, 'Receive');
    expect(await stockOf(q.M)).toBe(0);
    const res = await step(q.id, 'Exchange');
    expect(res.status).toBe(200);
    const dto = await json(res);
    expect(dto.state).toBe('exchanged');
    expect(await stockOf(q.M)).toBe(0); // the held unit became the new order's
    const sent = await json(await t.request(`/api/Orders/${dto.exchangeOrderId}`, { token: staff.token }));
    expect(sent).toMatchObject({ total: 0, shippingCost: 0, email: 'drita@example.com', userId: customer.userId });
    expect(sent.orderDetails.map((l: any) => [l.productVariantId, l.quantity])).toEqual([[q.M, 1]]);
    expect((await step(q.id, 'Exchange')).status).toBe(409);
    expect((await step(q.id, 'Refund', { method: 'cash', amount: 1 })).status).toBe(409);
  });

  it('a return cannot be sent as an exchange (409)', async () => {
    const q = await requested('return', 1);
    await step(q.id, 'Approve');
    await step(q.id, 'Receive');
    expect((await step(q.id, 'Exchange')).status).toBe(409);
  });

  it('the list and the order panel', async () => {
    const q = await requested('return', 1);
    const page = await json(await t.request('/api/Returns?state=requested', { token: staff.token }));
    expect(page.items.some((i: any) => i.returnRequestId === q.id && i.customerName === 'Drita Berisha')).toBe(true);
    expect(page.items.every((i: any) => i.state === 'requested')).toBe(true);
  });

  it("a cancelled order's request is refused like an undelivered one", async () => {
    const p = await product();
    const o = await order(p.S, { deliver: false });
    await cancelOrder(t, o.orderId, { userId: staff.userId, roleID: ROLE_STAFF });
    const res = await ask({
      orderId: o.orderId,
      kind: 'return',
      reason: 'damaged',
      lines: [{ orderDetailsId: o.line, quantity: 1 }],
    });
    expect(res.status).toBe(409);
  });
});

describe('the staff list', () => {
  it('costs the same queries for a page of 4 requests or of 40 (names, lines and exchange sizes in one question each)', async () => {
    for (let i = 0; i < 10; i++) await requested('return', 1);
    await requested('exchange', 1);
    const few = await countQueries(t.db, (db) => listReturns({ db }, { page: 1, pageSize: 4 }));
    const many = await countQueries(t.db, (db) => listReturns({ db }, { page: 1, pageSize: 40 }));
    expect(few.result.items).toHaveLength(4);
    expect(many.result.items.length).toBeGreaterThan(10);
    expect(many.result.items.every((i) => i.customerName === 'Drita Berisha')).toBe(true);
    expect(few.queries).toBe(many.queries);
  });
});

describe('the overview', () => {
  it("today's and the month's revenue are net of refunds recorded; return rate and top reasons shown", async () => {
    const before = await overviewSummary(t);
    const q = await requested('return', 1);
    const placed = await overviewSummary(t);
    await step(q.id, 'Approve');
    await step(q.id, 'Receive');
    await step(q.id, 'Refund', { method: 'cash', amount: 15 });
    const after = await overviewSummary(t);
    expect(placed.todayRevenue - before.todayRevenue).toBeCloseTo(42.5);
    expect(after.todayRevenue).toBeCloseTo(placed.todayRevenue - 15);
    expect(after.monthRevenue).toBeCloseTo(placed.monthRevenue - 15);
    expect(after.returns.refunds).toBeGreaterThanOrEqual(15);
    expect(after.returns.returnRate).toBeGreaterThan(0);
    expect(after.returns.topReasons[0]).toMatchObject({ reason: expect.any(String), units: expect.any(Number) });
  });

  it("the reports' revenue for the day is net of the refund recorded that day (decision 230)", async () => {
    const today = { from: shopToday(), to: shopToday(), granularity: 'day' } as const;
    const q = await requested('return', 1);
    const before = (await salesReport(t, today)).current;
    await step(q.id, 'Approve');
    await step(q.id, 'Receive');
    await step(q.id, 'Refund', { method: 'cash', amount: 12.5 });
    const after = (await salesReport(t, today)).current;
    expect(after.revenue).toBeCloseTo(before.revenue - 12.5);
    expect(after.orders).toBe(before.orders);
  });

  it('refunds per day are read in one question and each lands in its own day, a range end excluded', async () => {
    const refunded = async (cents: number, at: string) => {
      const q = await requested('return', 1);
      await step(q.id, 'Approve');
      await step(q.id, 'Receive');
      await step(q.id, 'Refund', { method: 'cash', amount: cents / 100 });
      await t.db.updateTable('return_requests').set({ updated_at: at }).where('return_request_id', '=', q.id).execute();
    };
    // Three days far from the other tests' refunds (recorded today).
    const days = [
      { startAt: '2020-03-01T23:00:00.000Z', endAt: '2020-03-02T23:00:00.000Z' },
      { startAt: '2020-03-02T23:00:00.000Z', endAt: '2020-03-03T23:00:00.000Z' },
      { startAt: '2020-03-03T23:00:00.000Z', endAt: '2020-03-04T23:00:00.000Z' },
    ];
    await refunded(500, '2020-03-01T23:00:00.000Z'); // the first day's first instant
    await refunded(700, '2020-03-03T22:59:59.999Z'); // the second day's last instant
    await refunded(300, '2020-03-03T23:30:00.000Z'); // the third day
    await refunded(900, '2020-03-04T23:00:00.000Z'); // the end of the last range: outside
    expect(await refundCentsPerRange(t.db, days)).toEqual([500, 700, 300]);
    expect(await refundCentsPerRange(t.db, [days[1]!])).toEqual([700]);
    expect(await refundCentsPerRange(t.db, [])).toEqual([]);
  });
});
