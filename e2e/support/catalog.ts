// Finds demo-catalogue variants a shopper can buy, straight from the journey's database.
import type { AppDeps } from '#server/deps';

export interface StockedVariant {
  productId: number;
  productName: string;
  variantId: number;
  colorName: string;
  sizeName: string;
  stock: number;
}

/**
 * Variants of active products with at least `minStock` units, in product then variant order; only variants with a
 * colour, since these journeys tap the colour circle (a cream in "no colour" shows none, decision 216).
 */
export function variantsInStock(db: AppDeps['db'], minStock: number): Promise<StockedVariant[]> {
  return db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.product_id', 'v.product_id')
    .innerJoin('colors as c', 'c.color_id', 'v.color_id')
    .innerJoin('sizes as s', 's.size_id', 'v.size_id')
    .select([
      'p.product_id as productId',
      'p.name as productName',
      'v.variant_id as variantId',
      'c.color_name as colorName',
      's.size_name as sizeName',
      'v.stock_quantity as stock',
    ])
    .where('p.is_active', '=', 1)
    .where('v.stock_quantity', '>=', minStock)
    .where('c.hex_code', '<>', '')
    .orderBy('p.product_id')
    .orderBy('v.variant_id')
    .execute();
}

/** Empties the wishlist of the account with `email` (a journey starts from none); answers the account's id. */
export async function emptyWishlistOf(db: AppDeps['db'], email: string): Promise<number> {
  const user = await db.selectFrom('users').select('user_id').where('email', '=', email).executeTakeFirstOrThrow();
  await db.deleteFrom('wishlist_items').where('user_id', '=', user.user_id).execute();
  return user.user_id;
}
