// The forgotten-cart job at size (decision 275): 1 000 carts due among 20 000 that are not (and 200 000 orders would
// not matter: the job reads no order), queued in batches of 50 by the due_at index, never holding the event loop
// 100 ms (measured with the CPU-aware heartbeat of testing/loop-holds.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createProduct } from '#server/testing/factories';
import { loopHolds } from '#server/testing/loop-holds';
import { runCartReminders } from './cart-reminders.job';

const DUE = 1000;
const LATER = 20_000;
const AT = new Date('2026-11-20T11:00:00.000Z'); // 12:00 shop time
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const variants: number[] = [];
  for (let i = 0; i < 10; i++)
    variants.push((await createProduct(t.db, { priceCents: 1000 + i, variants: [{ stock: 50 }] })).variantIds[0]!);
  const rows = (n: number, dueAt: string, offset: number) =>
    Array.from({ length: n }, (_, i) => ({
      guest_email: `g${offset + i}@example.com`,
      guest_key_hash: `${offset + i}`.padStart(64, '0'),
      updated_at: AT.toISOString(),
      due_at: dueAt,
      reminders_sent: 0,
    }));
  for (let i = 0; i < LATER; i += 500)
    await t.db
      .insertInto('cart_followups')
      .values(rows(500, '2026-12-20T11:00:00.000Z', DUE + i))
      .execute();
  for (let i = 0; i < DUE; i += 500)
    await t.db
      .insertInto('cart_followups')
      .values(rows(500, '2026-11-20T10:00:00.000Z', i))
      .execute();
  const due = await t.db
    .selectFrom('cart_followups')
    .select('followup_id')
    .where('due_at', '<=', AT.toISOString())
    .execute();
  for (let i = 0; i < due.length; i += 250)
    await t.db
      .insertInto('guest_cart_lines')
      .values(
        due.slice(i, i + 250).flatMap((f, j) => [
          { followup_id: f.followup_id, variant_id: variants[j % 10]!, quantity: 1 },
          { followup_id: f.followup_id, variant_id: variants[(j + 3) % 10]!, quantity: 2 },
        ]),
      )
      .execute();
}, 120_000);

describe('the forgotten-cart job at size', () => {
  it('queues 1 000 due reminders in batches without holding the event loop 100 ms', async () => {
    const stop = loopHolds();
    const run = await runCartReminders(t, AT);
    const held = stop();
    expect(run.queued).toBe(DUE);
    expect(held).toBeLessThan(100);
    const queued = await t.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('kind', '=', 'cart_reminder')
      .executeTakeFirstOrThrow();
    expect(Number(queued.n)).toBe(DUE);
  }, 120_000);
});
