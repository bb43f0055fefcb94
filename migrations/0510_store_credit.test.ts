// Migration 0510 on a shop with refunds recorded before it (SQLite, or PostgreSQL under test:pg): a return refunded
// as store credit on an account's order becomes the ledger's first row for that account; a guest order's, a cash
// refund's and an unrefunded request's do not; a zero amount is refused by the table.
import { describe, expect, it } from 'vitest';
import { createTestDeps } from '#server/testing/db';
import { createCustomer } from '#server/testing/auth';
import { insertOrder } from '#server/testing/factories';
import { down, up } from './0510_store_credit';

describe('0510 store credit', () => {
  it('turns earlier refunds as store credit on accounts into ledger rows', async () => {
    const deps = await createTestDeps();
    const { db } = deps;
    await down(db);
    const customer = await createCustomer(deps);
    const mine = await insertOrder(db, { userId: customer.userId });
    const guest = await insertOrder(db, { guestId: 'guest_0510_000001' });
    const request = (order_id: number, state: string, refund_method: string | null, refund_cents: number | null) =>
      db
        .insertInto('return_requests')
        .values({
          order_id,
          kind: 'return',
          reason: 'too_small',
          state,
          refund_method,
          refund_cents,
          created_at: '2026-11-01T10:00:00.000Z',
          updated_at: '2026-11-03T10:00:00.000Z',
        } as never)
        .returning('return_request_id')
        .executeTakeFirstOrThrow()
        .then((r) => r.return_request_id);
    const credited = await request(mine, 'refunded', 'store_credit', 2550);
    await request(mine, 'refunded', 'cash', 1000);
    await request(mine, 'received', null, null);
    await request(guest, 'refunded', 'store_credit', 4000);
    await up(db);
    const rows = await db.selectFrom('store_credit_entries').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({
        user_id: customer.userId,
        amount_cents: 2550,
        reason: 'return_refund',
        order_id: mine,
        return_request_id: credited,
        staff_user_id: null,
        note: `#${credited}`,
        created_at: '2026-11-03T10:00:00.000Z',
      }),
    ]);
    await expect(
      db
        .insertInto('store_credit_entries')
        .values({ user_id: customer.userId, amount_cents: 0, reason: 'staff_adjustment', created_at: 'x' })
        .execute(),
    ).rejects.toThrow();
    await db.destroy();
  });
});
