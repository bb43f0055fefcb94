// The refusal rule's deposit option (issue 37, decision 277) on the engine under test (SQLite, or PostgreSQL under
// npm run test:pg), through the real app over HTTP: administrators choose "deposit" (audited, staff 403, bad value
// 400); a risky order is packed only once confirmed and with a deposit recorded (409 with the rule's reason,
// nothing written); staff record the deposit as they type it ("9,90"), audited, refused when 0, above what is left to
// pay (400 with a field message) or on a shipped or closed order (409); the slip's amount and the courier CSV are net.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefusalRuleReply } from '#shared/dto/cod-risk';
import { OrderReply } from '#shared/dto/orders';
import { fill, plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { formatCents } from '#shared/money';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createAdmin, createStaff } from '#server/testing/auth';
import { insertOrder } from '#server/testing/factories';

const m = staffMessages.codRisk;
let t: TestApp;
let staff: string;
let admin: string;

const json = async (r: Response) => (await r.json()) as any;
const call = (method: 'GET' | 'PUT', path: string, token?: string, body?: unknown) =>
  t.request(`/api${path}`, { method, ...(token ? { token } : {}), ...(body === undefined ? {} : { json: body }) });

/** A buyer with two refusals at the door and a new pending order of 45 € (5 € of it store credit). */
async function riskyOrder(phone: string): Promise<number> {
  await insertOrder(t.db, { phoneNumber: phone, status: 'delivered', closedAs: 'returned' });
  await insertOrder(t.db, { phoneNumber: phone, status: 'delivered', closedAs: 'returned' });
  const id = await insertOrder(t.db, { phoneNumber: phone, totalCents: 4500 });
  await t.db.updateTable('orders').set({ store_credit_cents: 500 }).where('order_id', '=', id).execute();
  await call('GET', '/Orders?pageSize=1', staff); // settles the buyers, as the screen does
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  staff = (await createStaff(t)).token;
  admin = (await createAdmin(t)).token;
});
afterAll(async () => {
  await call('PUT', '/RefusalRule', admin, { threshold: 2, requirement: 'call' });
});

describe('the deposit rule', () => {
  it('is chosen by administrators only (audited), kept when the threshold alone changes, 400 on a bad value', async () => {
    expect((await call('PUT', '/RefusalRule', staff, { threshold: 2, requirement: 'deposit' })).status).toBe(403);
    const bad = await call('PUT', '/RefusalRule', admin, { threshold: 2, requirement: 'kapar' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await json(bad))).toContain(m.requirementInvalid);
    const set = await call('PUT', '/RefusalRule', admin, { threshold: 2, requirement: 'deposit' });
    expect(RefusalRuleReply.parse(await json(set))).toEqual({ threshold: 2, requirement: 'deposit' });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('changes')
      .where('entity', '=', 'setting')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.changes)).toEqual({ cod_refusal_requirement: ['call', 'deposit'] });
    await call('PUT', '/RefusalRule', admin, { threshold: 2 });
    expect(await json(await call('GET', '/RefusalRule', staff))).toEqual({ threshold: 2, requirement: 'deposit' });
  });

  it('packs a risky order only once confirmed and with a deposit; the door then collects the rest', async () => {
    const id = await riskyOrder('+38344777111');
    const listed = await json(await call('GET', `/Orders/${id}`, staff));
    expect(listed).toMatchObject({ refusalRisk: true, depositRequired: true, depositAmount: 0 });
    const early = await call('PUT', `/Orders/${id}/Pack`, staff);
    expect(early.status).toBe(409);
    expect((await json(early)).Message).toBe(plural(m.packNeedsDeposit, 2));
    expect((await call('PUT', `/Orders/${id}/Confirm`, staff)).status).toBe(200);
    const noDeposit = await call('PUT', `/Orders/${id}/Pack`, staff);
    expect(noDeposit.status).toBe(409);
    expect((await json(noDeposit)).Message).toBe(plural(m.packNeedsDeposit, 2));
    const row = await t.db.selectFrom('orders').select('stage').where('order_id', '=', id).executeTakeFirstOrThrow();
    expect(row.stage).toBe('confirmed');

    const recorded = await call('PUT', `/Orders/${id}/Deposit`, staff, { amount: '9,90' });
    expect(recorded.status).toBe(200);
    expect(OrderReply.parse(await json(recorded)).depositAmount).toBe(9.9);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'changes'])
      .where('entity', '=', 'order')
      .where('entity_id', '=', id)
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('deposit');
    expect(JSON.parse(audit.changes)).toMatchObject({ deposit_cents: [0, 990] });

    const packed = await call('PUT', `/Orders/${id}/Pack`, staff);
    expect(packed.status).toBe(200);
    expect((await json(packed)).stage).toBe('packed');
    const csv = await (await t.request(`/api/Orders/courier.csv?ids=${id}`, { token: staff })).text();
    expect(csv).toContain('30.10'); // 45 − 5 store credit − 9,90 deposit
  });

  it('refuses a deposit of 0, above what is left to pay (400, field amount), on a closed order (409), without staff', async () => {
    const id = await riskyOrder('+38344777222');
    expect((await call('PUT', `/Orders/${id}/Deposit`, undefined, { amount: '10' })).status).toBe(401);
    for (const [amount, message] of [
      ['0', m.depositZero],
      ['dhjetë', m.depositInvalid],
      ['40,01', fill(m.depositTooLarge, { amount: formatCents(4000) })],
    ] as const) {
      const bad = await call('PUT', `/Orders/${id}/Deposit`, staff, { amount });
      expect(bad.status).toBe(400);
      expect((await json(bad)).errors.amount).toEqual([message]);
    }
    expect((await call('PUT', `/Orders/${id}/Deposit`, staff, { amount: '40' })).status).toBe(200);
    await t.db.updateTable('orders').set({ closed_as: 'cancelled' }).where('order_id', '=', id).execute();
    const closed = await call('PUT', `/Orders/${id}/Deposit`, staff, { amount: '10' });
    expect(closed.status).toBe(409);
    expect((await json(closed)).Message).toBe(m.depositNotLive);
    expect((await call('PUT', '/Orders/999999/Deposit', staff, { amount: '10' })).status).toBe(404);
  });

  it('is documented in OpenAPI', async () => {
    const doc = await json(await t.request('/api/openapi.json'));
    expect(JSON.stringify(doc.paths['/api/Orders/{id}/Deposit'].put.requestBody)).toContain('"amount"');
    expect(JSON.stringify(doc.paths['/api/RefusalRule'].put.requestBody)).toContain('"requirement"');
  });
});
