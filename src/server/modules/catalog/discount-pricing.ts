// Product-discount pricing: activeDiscountPercentages(db, productIds, today) gives the best active product
// discount per product in one query (window start_date <= today <= end_date, both inclusive); checkout reuses
// it (variant-snapshots.ts) so the price a shopper sees is the price they pay. discountedPriceCents() applies it.
import { applyPercent } from '#shared/money';
import type { DB } from '#server/db/client';
import * as q from './catalog.queries';
import { cachedShopToday } from './read-cache';
// ---------------------------------------------------------------------------------------------------------
// Pricing

/** Best active product-discount percentage per product (window inclusive at both ends), in one query. */
export async function activeDiscountPercentages(
  db: DB,
  productIds: readonly number[],
  today: string = cachedShopToday(),
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!productIds.length) return out;
  for (const row of await q.activeDiscountRows(db, [...new Set(productIds)], today))
    out.set(row.product_id, Number(row.percentage));
  return out;
}

/** The price after a product discount, in cents; the full price when there is none. */
export function discountedPriceCents(priceCents: number, percentage: number | undefined | null): number {
  return percentage ? applyPercent(priceCents, percentage) : priceCents;
}
