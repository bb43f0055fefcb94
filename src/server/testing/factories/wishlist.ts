// A shopper's saved products written straight to a test database.
import type { DB } from '#server/db/client';

/** Saves the products to the user's wishlist, in the order given. */
export async function addToWishlist(db: DB, userId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .insertInto('wishlist_items')
    .values(productIds.map((productId) => ({ user_id: userId, product_id: productId })))
    .execute();
}
