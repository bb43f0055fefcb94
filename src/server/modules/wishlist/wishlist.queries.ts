// SQL of the wishlist module (owner of wishlist_items): a user's saved product ids, adding and removing one.
import type { DB } from '#server/db/client';

/** A user's saved product ids, newest first (their names, prices and pictures are the catalogue's). */
export function wishlistRows(db: DB, userId: number) {
  return db
    .selectFrom('wishlist_items')
    .select(['product_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('product_id', 'desc')
    .execute();
}

/** Adding twice keeps one row (the primary key is user + product). */
export function insertItem(db: DB, userId: number, productId: number) {
  return db
    .insertInto('wishlist_items')
    .values({ user_id: userId, product_id: productId })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
}

export function deleteItem(db: DB, userId: number, productId: number) {
  return db
    .deleteFrom('wishlist_items')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
}
