// A delivered order of gift cards sold as products (decision 274): delivered means paid here (decision 248), so the
// delivery's transaction issues one card per unit of each gift card line (its value the line's unit price), once per
// order and unit however often the order is toggled, each e-mailed to the buyer's address through the outbox.
import { shopToday } from '#shared/dates';
import type { DB } from '#server/db/client';
import type { AppDeps } from '#server/deps';
import { giftCardProductIds } from '../catalog';
import { issueSoldCards } from '../gift-cards';
import * as q from './order-records.queries';

export async function issueOrderGiftCards(
  trx: DB,
  config: AppDeps['config'] | undefined,
  order: { orderId: number; buyerName: string; buyerEmail: string },
  now: Date = new Date(),
): Promise<number> {
  if (!config) return 0;
  const lines = await q.orderLines(trx, order.orderId);
  const productIds = [...new Set(lines.map((l) => l.product_id).filter((id): id is number => id !== null))];
  const cards = await giftCardProductIds({ db: trx }, productIds);
  if (cards.size === 0) return 0;
  const unitCents = lines
    .filter((l) => l.product_id !== null && cards.has(l.product_id))
    .flatMap((l) => Array<number>(l.quantity).fill(l.unit_price_cents));
  return issueSoldCards(
    trx,
    config.keys,
    { orderId: order.orderId, buyerName: order.buyerName, buyerEmail: order.buyerEmail.trim() || null, unitCents },
    shopToday(now),
    now,
  );
}
