// Today's facts for a set of variants (names, picture, unit price under active product discounts, stock): what
// checkout charges and what the server cart shows. The catalogue owns them, so the cart and checkout both ask it
// (before, the cart took them from checkout while checkout called the cart: a module cycle).
import { lineColour } from '#shared/colours';
import { shopToday } from '#shared/dates';
import type { AppDeps } from '#server/deps';
import { imageUrl } from '../media';
import { activeDiscountPercentages, discountedPriceCents } from './discount-pricing';
import * as q from './variants.queries';

export interface VariantSnapshot {
  productVariantId: number;
  productId: number;
  productName: string;
  size: string;
  /** The colour's name, '' for a variant without a colour (decision 216): carts, orders and slips show none. */
  color: string;
  imageUrl: string;
  listPriceCents: number;
  unitPriceCents: number;
  stockQuantity: number;
  isActive: boolean;
  /** A gift card sold as a product (decision 274): promo codes leave it at its value. */
  isGiftCard: boolean;
}

/** Today's facts for a set of variants: names, picture, unit price under active product discounts, stock. */
export async function variantSnapshots(
  deps: Pick<AppDeps, 'db'>,
  variantIds: readonly number[],
  today = shopToday(),
): Promise<Map<number, VariantSnapshot>> {
  const rows = await q.variantsForPricing(deps.db, [...new Set(variantIds)]);
  const discounts = await activeDiscountPercentages(deps.db, [...new Set(rows.map((r) => r.product_id))], today);
  const out = new Map<number, VariantSnapshot>();
  for (const r of rows) {
    out.set(r.variant_id, {
      productVariantId: r.variant_id,
      productId: r.product_id,
      productName: r.name,
      size: r.size_name,
      color: lineColour({ colorName: r.color_name, hexCode: r.hex_code }),
      imageUrl: r.image_file ? imageUrl(r.image_file) : '',
      listPriceCents: r.price_cents,
      unitPriceCents: discountedPriceCents(r.price_cents, discounts.get(r.product_id)),
      stockQuantity: r.stock_quantity,
      isActive: r.is_active === 1,
      isGiftCard: r.is_gift_card === 1,
    });
  }
  return out;
}
