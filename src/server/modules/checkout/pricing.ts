// Pure price maths for quotes and orders, in integer cents (no database, no clock): line totals, promo codes
// limited to some products or not, shipping and the total. Rounding: docs/decisions/040. Unit prices under
// product discounts come from the catalogue's rule (catalog/variant-snapshots.ts) so the shelf price is the charged price.

/** Integer division rounded half up (for non-negative numerators), avoiding floating-point drift. */
export function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((numerator * 2 + denominator) / (denominator * 2));
}

/** True when a yyyy-mm-dd window (inclusive at both ends) covers the given day. */
export function windowCovers(startDate: string, endDate: string, today: string): boolean {
  return startDate <= today && today <= endDate;
}

export interface PricingLineInput {
  productVariantId: number;
  productId: number;
  unitPriceCents: number;
  quantity: number;
}

export interface PricingPromo {
  percentage: number;
  /** Products the code is limited to; empty or null = every product. */
  productIds: readonly number[] | null;
}

export interface PricedLine extends PricingLineInput {
  lineTotalCents: number;
  promoApplies: boolean;
}

export interface PricedCart {
  lines: PricedLine[];
  subtotalCents: number;
  /** The subtotal of the lines the promo code applies to. */
  promoBaseCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
}

/**
 * Prices a cart: line totals, subtotal, promo discount and total = subtotal - discount + shipping.
 * The promo discount is computed once on the sum of the lines it applies to and rounded half up to the cent,
 * so for an unrestricted code total = round(subtotal × (1 − p/100)) + shipping exactly as the spec states.
 */
export function priceCart(
  lines: readonly PricingLineInput[],
  promo: PricingPromo | null,
  shippingCents: number,
  freeShippingFromCents: number | null = null,
): PricedCart {
  const limited = promo?.productIds && promo.productIds.length > 0 ? new Set(promo.productIds) : null;
  const priced = lines.map((l) => ({
    ...l,
    lineTotalCents: l.unitPriceCents * l.quantity,
    promoApplies: promo !== null && promo.percentage > 0 && (limited === null || limited.has(l.productId)),
  }));
  const subtotalCents = priced.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const promoBaseCents = priced.reduce((sum, l) => sum + (l.promoApplies ? l.lineTotalCents : 0), 0);
  const pct = promo ? Math.min(100, Math.max(0, promo.percentage)) : 0;
  const discountCents = roundHalfUp(promoBaseCents * pct, 100);
  const shipping = shipsFree(subtotalCents - discountCents, freeShippingFromCents) ? 0 : shippingCents;
  return {
    lines: priced,
    subtotalCents,
    promoBaseCents,
    discountCents,
    shippingCents: shipping,
    totalCents: subtotalCents - discountCents + shipping,
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
