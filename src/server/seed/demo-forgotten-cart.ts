// The demo's forgotten cart (issue 37, decision 275): a guest, Arta Hoxha, ticked the reminder box at checkout five
// hours ago with two pieces in her cart and left. Her reminder is due; seedDemo runs the job once after the seed, so
// `npm start` on a fresh database shows it queued in the outbox (/dashboard/emails). No usable key is stored: her
// browser's key is a hash of nothing anyone holds.
import { createHash, randomBytes } from 'node:crypto';
import type { DB } from '../db/client';
import * as q from './demo.queries';

export const DEMO_FORGOTTEN_CART_EMAIL = 'arta.hoxha@example.com';
const HOUR = 3_600_000;

export async function seedForgottenCart(trx: DB, orderable: ReadonlyArray<{ variantId: number }>): Promise<void> {
  const now = Date.now();
  const keyHash = createHash('sha256').update(randomBytes(32)).digest('hex');
  await q.insertForgottenCart(trx, {
    email: DEMO_FORGOTTEN_CART_EMAIL,
    keyHash,
    updatedAt: new Date(now - 5 * HOUR).toISOString(),
    dueAt: new Date(now - HOUR).toISOString(),
    lines: [
      { variantId: orderable[0]!.variantId, quantity: 1 },
      { variantId: orderable[Math.min(5, orderable.length - 1)]!.variantId, quantity: 2 },
    ].filter((l, i, all) => all.findIndex((o) => o.variantId === l.variantId) === i),
  });
}
