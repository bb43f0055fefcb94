// SQL of the wishlist module: a user's saved products (with first picture and stock) and adding/removing one.
import { sql } from 'kysely';
import type { DB } from '../../db/client';

/** One query for the whole list: product, first picture (lowest position) and total stock. */
export function wishlistRows(db: DB, userId: number) {
  return db
    .selectFrom('wishlist_items as w')
    .innerJoin('products as p', 'p.product_id', 'w.product_id')
    .select([
      'p.product_id',
      'p.name',
      'p.brand',
      'p.price_cents',
      'w.created_at',
      sql<
        string | null
      >`(SELECT i.file_name FROM product_images i WHERE i.product_id = p.product_id ORDER BY i.sort_order, i.image_id LIMIT 1)`.as(
        'first_image',
      ),
      sql<number>`COALESCE((SELECT SUM(v.stock_quantity) FROM product_variants v WHERE v.product_id = p.product_id), 0)`.as(
        'stock',
      ),
    ])
    .where('w.user_id', '=', userId)
    .where('p.is_active', '=', 1)
    .orderBy('w.created_at', 'desc')
    .orderBy('p.product_id', 'desc')
    .execute();
}

export function activeProductExists(db: DB, productId: number) {
  return db
    .selectFrom('products')
    .select('product_id')
    .where('product_id', '=', productId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
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
