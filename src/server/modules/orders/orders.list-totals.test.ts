// An unsearched order list takes its total from the order rollups (decision 265): for every state, and after writes
// by the services' factories and by raw SQL, the total equals a direct count of the orders, on both engines.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '#shared/dto/orders';
import { createTestApp, type TestApp } from '#server/testing/app';
import { insertOrder } from '#server/testing/factories';
import { pageOrders } from './orders.service';

let t: TestApp;

const STATES: Array<OrderStatus | undefined> = [undefined, 'pending', 'delivered', 'cancelled', 'returned'];

async function counted(status: OrderStatus | undefined): Promise<number> {
  let q = t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n'));
  if (status === 'pending' || status === 'delivered') q = q.where('status', '=', status).where('closed_as', 'is', null);
  else if (status) q = q.where('closed_as', '=', status);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

async function expectTotalsCounted(): Promise<void> {
  for (const status of STATES) {
    const page = await pageOrders(t, { status, page: 1, pageSize: 2 });
    expect({ status, total: page.total }).toEqual({ status, total: await counted(status) });
  }
}

beforeAll(async () => {
  t = await createTestApp();
});

describe('order list totals', () => {
  it('are 0 in an empty shop', async () => {
    for (const status of STATES) expect((await pageOrders(t, { status, page: 1, pageSize: 2 })).total).toBe(0);
  });

  it('equal a count of the orders of each state, whatever way the orders were written', async () => {
    await insertOrder(t.db, { date: '2026-01-05T10:00:00.000Z' });
    await insertOrder(t.db, { date: '2026-02-05T22:30:00.000Z', status: 'delivered' });
    await insertOrder(t.db, { date: '2026-03-05T23:10:00.000Z', closedAs: 'cancelled' });
    await insertOrder(t.db, { status: 'delivered', closedAs: 'returned' });
    const moved = await insertOrder(t.db, { date: '2025-12-31T23:59:00.000Z' });
    await expectTotalsCounted();
    expect((await pageOrders(t, { page: 1, pageSize: 2 })).total).toBe(5);

    // Raw SQL around the services: the rollups' triggers keep the totals right.
    await sql`UPDATE orders SET status = 'delivered' WHERE order_id = ${moved}`.execute(t.db);
    await expectTotalsCounted();
    await sql`UPDATE orders SET closed_as = 'cancelled', closed_at = order_date WHERE order_id = ${moved}`.execute(
      t.db,
    );
    await expectTotalsCounted();
    await sql`DELETE FROM orders WHERE order_id = ${moved}`.execute(t.db);
    await expectTotalsCounted();
    expect((await pageOrders(t, { status: 'cancelled', page: 1, pageSize: 2 })).total).toBe(1);
  });

  it('leave the pages as they were: a page past the end is empty with the total', async () => {
    const all = await pageOrders(t, { page: 1, pageSize: 50 });
    const past = await pageOrders(t, { page: 99, pageSize: 2 });
    expect(past).toMatchObject({ items: [], total: all.total });
    expect(all.items).toHaveLength(all.total);
  });
});
