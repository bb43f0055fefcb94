// Today's facts for a set of variants (names, picture, unit price under active product discounts, stock): what
// checkout charges and what the server cart shows. Kept apart from checkout.service so the cart can use it
// while checkout calls the cart service (no import cycle).
import { shopToday } from '../../../shared/dates';
import type { AppDeps } from '../../deps';
import { catalogDiscountPercents, catalogImageUrl, catalogUnitPriceCents } from './catalog-link';
import * as q from './checkout.queries';

export interface VariantSnapshot {
  productVariantId: number;
  productId: number;
  productName: string;
  size: string;
  color: string;
  imageUrl: string;
  listPriceCents: number;
  unitPriceCents: number;
  stockQuantity: number;
  isActive: boolean;
}

/** Today's facts for a set of variants: names, picture, unit price under active product discounts, stock. */
export async function variantSnapshots(
  deps: Pick<AppDeps, 'db'>,
  variantIds: readonly number[],
  today = shopToday(),
): Promise<Map<number, VariantSnapshot>> {
  const rows = await q.variantsForPricing(deps.db, [...new Set(variantIds)]);
  const discounts = await catalogDiscountPercents(deps.db, [...new Set(rows.map((r) => r.product_id))], today);
  const out = new Map<number, VariantSnapshot>();
  for (const r of rows) {
    out.set(r.variant_id, {
      productVariantId: r.variant_id,
      productId: r.product_id,
      productName: r.name,
      size: r.size_name,
      color: r.color_name,
      imageUrl: catalogImageUrl(r.image_file),
      listPriceCents: r.price_cents,
      unitPriceCents: catalogUnitPriceCents(r.price_cents, discounts.get(r.product_id)),
      stockQuantity: r.stock_quantity,
      isActive: r.is_active === 1,
    });
  }
  return out;
}
