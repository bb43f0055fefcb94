// Refusal risk of orders (issue 37, decision 272): each order's buyer's refusals at the door (the buyers rollup,
// decision 256), whether it falls under the shop's rule, whether its phone is blocked. A page of orders costs three
// indexed queries whatever its size (the buyers by id, the blocked phones by phone, the rule), after the buyers queue
// is settled so a refusal recorded a moment ago counts. The pack move asks `packNeedsCall` in its transaction.
import { plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { callingCodeOf, storedPhone } from '#shared/phone';
import type { BuyerHistoryDto } from '#shared/dto/cod-risk';
import type { DB } from '#server/db/client';
import { atRisk, blockedAmong, isPhoneBlocked, refusalRequirement, refusalThreshold } from '../cod-risk';
import { buyerKeys, settleBuyers } from './buyers.service';
import * as bq from './buyers.queries';

export interface OrderRisk {
  refusals: number;
  refusalRisk: boolean;
  phoneBlocked: boolean;
  /** The rule asks for a deposit by bank transfer before packing (decision 277). */
  depositRequired: boolean;
}

export const NO_RISK: OrderRisk = { refusals: 0, refusalRisk: false, phoneBlocked: false, depositRequired: false };

type RiskRow = { order_id: number; buyer_id: number | null; phone_number: string; country_name: string };

const phoneOf = (r: Pick<RiskRow, 'phone_number' | 'country_name'>) =>
  storedPhone(r.phone_number, callingCodeOf(r.country_name));

/** Settles the buyers queue (call before reading the orders whose risk is wanted). */
export const settleForRisk = (db: DB) => settleBuyers(db);

/** Each order's risk: one query for the buyers, one for the blocked phones, one for the rule. */
export async function risksOf(db: DB, rows: RiskRow[]): Promise<Map<number, OrderRisk>> {
  if (rows.length === 0) return new Map();
  const buyerIds = [...new Set(rows.map((r) => r.buyer_id).filter((id) => id !== null))];
  const refusals = new Map((await bq.buyerOutcomes(db, buyerIds)).map((b) => [b.buyer_id, Number(b.refusals)]));
  const blocked = await blockedAmong(db, rows.map(phoneOf));
  const threshold = await refusalThreshold(db);
  const deposit = (await refusalRequirement(db)) === 'deposit';
  return new Map(
    rows.map((r) => {
      const n = r.buyer_id === null ? 0 : (refusals.get(r.buyer_id) ?? 0);
      const refusalRisk = atRisk(n, threshold);
      const phoneBlocked = blocked.has(phoneOf(r));
      return [r.order_id, { refusals: n, refusalRisk, phoneBlocked, depositRequired: refusalRisk && deposit }];
    }),
  );
}

/**
 * The shop's rule at the pack move (in its transaction): the reason packing must wait when the order's buyer has
 * as many refusals as the rule names and the order is not confirmed or, under the deposit rule (decision 277), has no
 * deposit recorded; null when it may go on.
 */
export async function packNeedsCall(
  db: DB,
  order: { buyer_id: number | null; stage: string | null; deposit_cents: number },
): Promise<string | null> {
  if (order.buyer_id === null) return null;
  const deposit = (await refusalRequirement(db)) === 'deposit';
  if (order.stage === 'confirmed' && (!deposit || Number(order.deposit_cents) > 0)) return null;
  const [buyer] = await bq.buyerOutcomes(db, [order.buyer_id]);
  const refusals = Number(buyer?.refusals ?? 0);
  if (!atRisk(refusals, await refusalThreshold(db))) return null;
  return plural(deposit ? staffMessages.codRisk.packNeedsDeposit : staffMessages.codRisk.packNeedsCall, refusals);
}

/**
 * What the buyers holding a phone or an e-mail did (settled first): orders, delivered, refused at the door,
 * cancelled; `returnedUnits` (the returns module's figure) counted by the caller for `orderIds`.
 */
export async function buyerHistory(
  db: DB,
  contact: { phone?: string; email?: string },
): Promise<{ history: Omit<BuyerHistoryDto, 'returned'>; buyerIds: number[] }> {
  await settleBuyers(db);
  const phone = contact.phone ? storedPhone(contact.phone) : '';
  const keys = buyerKeys({ user_id: null, email: contact.email ?? '', phone_number: phone, country_name: '' });
  const buyerIds = await bq.buyersOfKeys(db, keys);
  const rows = await bq.buyerOutcomes(db, buyerIds);
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + Number(f(r)), 0);
  return {
    buyerIds,
    history: {
      orders: sum((r) => r.orders),
      delivered: sum((r) => r.delivered),
      refused: sum((r) => r.refusals),
      cancelled: sum((r) => r.cancelled),
      phoneBlocked: phone ? await isPhoneBlocked(db, phone) : false,
    },
  };
}
