// SQL of the variants' facts for pricing (names, picture, price, stock) that checkout and the cart read.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import { asInt } from '#server/db/dialect';

type Q = Kysely<Database> | Transaction<Database>;

export interface VariantForPricing {
  variant_id: number;
  product_id: number;
  stock_quantity: number;
  size_name: string;
  color_id: number;
  color_name: string;
  hex_code: string;
  name: string;
  price_cents: number;
  is_active: number;
  /** A gift card sold as a product (decision 274): no promo code takes anything off it. */
  is_gift_card: number;
  image_file: string | null;
}

/** Variants with their product, size, colour and first picture of that colour, in one query. */
export async function variantsForPricing(db: Q, variantIds: readonly number[]): Promise<VariantForPricing[]> {
  if (variantIds.length === 0) return [];
  return db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.product_id', 'v.product_id')
    .innerJoin('sizes as s', 's.size_id', 'v.size_id')
    .innerJoin('colors as c', 'c.color_id', 'v.color_id')
    .select([
      'v.variant_id',
      'v.product_id',
      'v.stock_quantity',
      's.size_name',
      'v.color_id',
      'c.color_name',
      'c.hex_code',
      'p.name',
      'p.price_cents',
      'p.is_active',
      'p.is_gift_card',
      (eb) =>
        eb
          .selectFrom('product_images as i')
          .select('i.file_name')
          .whereRef('i.product_id', '=', 'v.product_id')
          .orderBy(asInt(sql`i.color_id = v.color_id`), 'desc')
          .orderBy('i.sort_order')
          .orderBy('i.image_id')
          .limit(1)
          .as('image_file'),
    ])
    .where('v.variant_id', 'in', [...variantIds])
    .execute();
}
