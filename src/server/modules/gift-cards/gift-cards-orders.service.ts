// Gift cards and orders (decision 274): the checkout prices a card's part of an order under the card's lock and
// writes its spend in the order's transaction; a cancelled, refused or deleted order gives it back once; a delivered
// (so paid, decision 248) order of gift card products issues one card per unit, once, e-mailed to the buyer.
import { addMonths } from '#shared/dates';
import { GIFT_CARD_DEFAULT_MONTHS } from '#shared/gift-cards';
import { giftCardMessages as g } from '#shared/messages/gift-cards';
import type { DB } from '#server/db/client';
import type { AppDeps } from '#server/deps';
import { AppError } from '#server/errors';
import { usableCard, writeCard } from './gift-cards.service';
import * as q from './gift-cards.queries';

type Keys = AppDeps['config']['keys'];

/**
 * Inside the order's transaction: the card the code names, locked until the transaction ends, and the cents it pays
 * of `totalCents` (min(balance, total)). A wrong, expired or empty code is the 422 on `giftCardCode`.
 */
export async function giftCardToUse(trx: DB, keys: Keys | null, code: string, totalCents: number, today: string) {
  if (!keys) throw new AppError('UNPROCESSABLE_CONTENT', g.codeInvalid, { giftCardCode: [g.codeInvalid] });
  const { row, balance } = await usableCard(trx, keys, code, 'giftCardCode', today, true);
  return { cardId: row.gift_card_id, cents: Math.max(0, Math.min(balance, totalCents)) };
}

/** The order's 'order_spend' row on the card (negative), under the lock giftCardToUse took. */
export async function spendGiftCard(trx: DB, cardId: number, cents: number, orderId: number, now = new Date()) {
  if (cents <= 0) return;
  await q.lockCard(trx, cardId);
  // Never met while giftCardToUse's lock holds; kept so a caller without it is refused rather than overspend.
  if ((await q.balanceCents(trx, cardId)) < cents)
    throw new AppError('CONFLICT', g.codeEmpty, { giftCardCode: [g.codeEmpty] });
  await q.insertEntry(trx, {
    gift_card_id: cardId,
    amount_cents: -cents,
    reason: 'order_spend',
    order_id: orderId,
    created_at: now.toISOString(),
  });
}

/**
 * Gives back what an order's checkout took from a card (one 'order_release' row per card), in the caller's
 * transaction: only when the order has a spend and no release yet, so a second call writes nothing.
 */
export async function releaseOrderGiftCard(trx: DB, orderId: number, now: Date = new Date()): Promise<number> {
  const rows = await q.orderEntries(trx, orderId);
  if (rows.some((r) => r.reason === 'order_release')) return 0;
  let given = 0;
  for (const r of rows.filter((x) => x.reason === 'order_spend')) {
    await q.lockCard(trx, r.gift_card_id);
    await q.insertEntry(trx, {
      gift_card_id: r.gift_card_id,
      amount_cents: -r.amount_cents,
      reason: 'order_release',
      order_id: orderId,
      created_at: now.toISOString(),
    });
    given -= r.amount_cents;
  }
  return given;
}

/**
 * An order marked delivered and then refused at the door was not paid: the cards it bought lose what is left on them
 * (one 'void' row each, under the card's lock), in the close's transaction. Answers the cents taken off.
 */
export async function voidOrderCards(trx: DB, orderId: number, now: Date = new Date()): Promise<number> {
  let voided = 0;
  for (const cardId of await q.cardIdsOfOrder(trx, orderId)) {
    await q.lockCard(trx, cardId);
    const left = await q.balanceCents(trx, cardId);
    if (left <= 0) continue;
    await q.insertEntry(trx, {
      gift_card_id: cardId,
      amount_cents: -left,
      reason: 'void',
      order_id: orderId,
      created_at: now.toISOString(),
    });
    voided += left;
  }
  return voided;
}

/** A delivered order's gift card units: each its value in cents (the line's unit price). */
export interface SoldCards {
  orderId: number;
  buyerName: string;
  buyerEmail: string | null;
  unitCents: number[];
}

/**
 * Issues the cards a delivered order bought, in the delivery's transaction: one per unit, keyed (order, unit) so a
 * second delivery of the same order (pending ↔ delivered toggles) issues nothing. Each is e-mailed to the buyer's
 * address when the order has one. Answers how many were issued now.
 */
export async function issueSoldCards(trx: DB, keys: Keys, sold: SoldCards, today: string, now = new Date()) {
  let issued = 0;
  for (const [i, cents] of sold.unitCents.entries()) {
    if (cents <= 0) continue;
    const card = await writeCard(
      trx,
      keys,
      {
        cents,
        expiresOn: addMonths(today, GIFT_CARD_DEFAULT_MONTHS),
        recipientName: sold.buyerName,
        recipientEmail: sold.buyerEmail,
        message: '',
        staffUserId: null,
        source: { orderId: sold.orderId, unit: i + 1 },
      },
      now,
    );
    if (card) issued++;
  }
  return issued;
}

/** Gift cards that paid for live orders placed in [fromIso, toIso), cents (the reports' "paid with credit"). */
export const giftCardsSpentOnOrders = (deps: Pick<AppDeps, 'db'>, fromIso: string, toIso: string) =>
  q.spentInRange(deps.db, fromIso, toIso);

/**
 * What gift cards paid of the live orders placed in each of `ranges` (in time order, not overlapping), cents: the
 * reports take it off revenue, since a card's value is revenue when the card is sold (decision 274, amended).
 */
export async function giftCardCentsPerRange(
  db: DB,
  ranges: Array<{ startAt: string; endAt: string }>,
): Promise<number[]> {
  const totals = ranges.map(() => 0);
  if (ranges.length === 0) return totals;
  let i = 0;
  for (const s of await q.spendsInRange(db, ranges[0]!.startAt, ranges.at(-1)!.endAt)) {
    while (i < ranges.length && ranges[i]!.endAt <= s.created_at) i++;
    if (i < ranges.length && ranges[i]!.startAt <= s.created_at) totals[i]! -= s.amount_cents;
  }
  return totals;
}
