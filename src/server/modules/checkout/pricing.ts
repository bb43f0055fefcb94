// Pure price maths for quotes and orders, in integer cents (no database, no clock): line totals, promo codes
// limited to some products or not, shipping and the total. Rounding: docs/decisions/040. Unit prices under
// product discounts come from the catalogue's rule (catalog/variant-snapshots.ts) so the shelf price is the charged price.

import { lookDiscounts, type AppliedLook, type LookOfferInput } from './look-pricing';
import { roundHalfUp } from './pricing-round';

export { roundHalfUp };

export { windowCovers } from '#shared/dates';

export interface PricingLineInput {
  productVariantId: number;
  productId: number;
  unitPriceCents: number;
  quantity: number;
  /** A gift card's line (decision 274): no promo code applies to it, or a code would sell a card below its value. */
  promoExcluded?: boolean;
}

export interface PricingPromo {
  /** A percentage code's percentage (0 for a fixed code). */
  percentage: number;
  /** A fixed code's amount in cents (decision 222); absent or null for a percentage code. */
  amountCents?: number | null;
  /** Products the code is limited to; empty or null = every product. */
  productIds: readonly number[] | null;
}

/** True when the code takes anything off: a positive percentage or a positive fixed amount. */
function promoHasValue(promo: PricingPromo | null): boolean {
  if (!promo) return false;
  return promo.amountCents != null ? promo.amountCents > 0 : promo.percentage > 0;
}

/**
 * What the code takes off the goods it applies to (`baseCents`): a percentage rounded half up to the cent, or a fixed
 * amount never more than those goods, so a total never falls below its shipping (decision 222).
 */
function promoDiscountCents(promo: PricingPromo | null, baseCents: number): number {
  if (!promo || baseCents <= 0) return 0;
  if (promo.amountCents != null) return Math.min(baseCents, Math.max(0, promo.amountCents));
  return roundHalfUp(baseCents * Math.min(100, Math.max(0, promo.percentage)), 100);
}

export interface PricedLine extends PricingLineInput {
  lineTotalCents: number;
  promoApplies: boolean;
}

export interface PricedCart {
  lines: PricedLine[];
  subtotalCents: number;
  /** What complete looks took off the goods (decision 276), before the promo code. */
  lookDiscountCents: number;
  looks: AppliedLook[];
  /** The subtotal of the lines the promo code applies to. */
  promoBaseCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
}

/**
 * Prices a cart: line totals, subtotal, look discounts, promo discount and
 * total = subtotal - look discount - discount + shipping. Complete looks are discounted first (decision 276); the
 * promo code then applies to what its lines cost after them.
 * The promo discount is computed once on the sum of the lines it applies to and rounded half up to the cent,
 * so for an unrestricted code total = round(subtotal × (1 − p/100)) + shipping exactly as the spec states; a fixed
 * code takes its amount off those lines' sum, at most all of it. Shipping is never discounted; free shipping is
 * decided on the goods after the discount.
 */
export function priceCart(
  lines: readonly PricingLineInput[],
  promo: PricingPromo | null,
  shippingCents: number,
  freeShippingFromCents: number | null = null,
  lookOffers: readonly LookOfferInput[] = [],
): PricedCart {
  const limited = promo?.productIds && promo.productIds.length > 0 ? new Set(promo.productIds) : null;
  const priced = lines.map((l) => ({
    ...l,
    lineTotalCents: l.unitPriceCents * l.quantity,
    promoApplies: promoHasValue(promo) && !l.promoExcluded && (limited === null || limited.has(l.productId)),
  }));
  const subtotalCents = priced.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const looks = lookDiscounts(lines, lookOffers);
  const promoBaseCents = priced.reduce(
    (sum, l, i) => sum + (l.promoApplies ? l.lineTotalCents - looks.lineCents[i]! : 0),
    0,
  );
  const discountCents = promoDiscountCents(promo, promoBaseCents);
  const goodsCents = subtotalCents - looks.totalCents - discountCents;
  const shipping = shipsFree(goodsCents, freeShippingFromCents) ? 0 : shippingCents;
  return {
    lines: priced,
    subtotalCents,
    lookDiscountCents: looks.totalCents,
    looks: looks.looks,
    promoBaseCents,
    discountCents,
    shippingCents: shipping,
    totalCents: goodsCents + shipping,
  };
}

/** Free shipping (decision 181): the goods after discounts reach the country's threshold; null = never. */
export function shipsFree(goodsCents: number, freeShippingFromCents: number | null): boolean {
  return freeShippingFromCents !== null && goodsCents > 0 && goodsCents >= freeShippingFromCents;
}

/** Sums quantities per variant (a cart may carry the same variant on two lines), keeping first-seen order. */
export function sumByVariant(
  items: ReadonlyArray<{ productVariantId: number; quantity: number }>,
): Map<number, number> {
  const out = new Map<number, number>();
  for (const i of items) out.set(i.productVariantId, (out.get(i.productVariantId) ?? 0) + i.quantity);
  return out;
}
