// A promo code as checkout uses it (the discounts module owns promo codes): the code that applies today with its
// terms, the products it is limited to, and the claim of one use in the order's transaction. Checkout prices with
// these terms; it never reads the module's rows.
import type { Kysely, Transaction } from 'kysely';
import { windowCovers } from '#shared/dates';
import type { Database } from '#server/db/schema';
import * as q from './promo-claims.queries';

type Q = Kysely<Database> | Transaction<Database>;

/** A promo code that applies today, with everything checkout needs to price and limit it. */
export interface ActivePromoCode {
  promoId: number;
  /** The code as staff wrote it. */
  code: string;
  kind: 'percent' | 'fixed';
  /** A percentage code's percentage (0 for a fixed code). */
  percentage: number;
  /** A fixed code's amount in cents (decision 222); null for a percentage code. */
  amountCents: number | null;
  /** Products the code is limited to; empty = every product. */
  productIds: number[];
  maxUsesPerCustomer: number | null;
  minSubtotalCents: number | null;
}

/**
 * The promo code if it exists, is switched on, has uses left and is active today (case-insensitive), else null.
 * The use itself is claimed at checkout (claimPromoUse), where concurrent orders are serialised.
 */
export async function activePromoCode(db: Q, code: string, today: string): Promise<ActivePromoCode | null> {
  const row = await q.promoByCode(db, code.trim());
  if (!row || !windowCovers(row.start_date, row.end_date, today)) return null;
  if (Number(row.is_active) !== 1 || (row.max_uses !== null && row.uses >= row.max_uses)) return null;
  return {
    promoId: row.promo_code_discount_id,
    code: row.code_name,
    kind: row.discount_kind,
    percentage: row.discount_kind === 'fixed' ? 0 : row.discount_percentage,
    amountCents: row.discount_kind === 'fixed' ? (row.discount_amount_cents ?? 0) : null,
    productIds: await q.promoProductIds(db, row.promo_code_discount_id),
    maxUsesPerCustomer: row.max_uses_per_customer,
    minSubtotalCents: row.min_subtotal_cents,
  };
}

/** The products a promo code is limited to (empty: every product), e.g. for an order edited after the code ended. */
export const promoCodeProducts = (db: Q, promoId: number): Promise<number[]> => q.promoProductIds(db, promoId);

/**
 * Claims one use of a promo code in the order's transaction; false when it has none left or was switched off
 * meanwhile (decision 181: the limit holds under concurrent checkouts on both engines).
 */
export const claimPromoUse = (trx: Q, promoId: number): Promise<boolean> => q.claimPromoUse(trx, promoId);
