// SQL of the staff product list's bulk action (decision 220): the chosen products, their state switched or the
// products deleted (variants, images, links go by the foreign keys' cascade; order lines keep their snapshot).
import type { DB } from '#server/db/client';

export const productsByIds = (db: DB, ids: number[]) =>
  db.selectFrom('products').select(['product_id', 'name', 'is_active']).where('product_id', 'in', ids).execute();

/** Switches the products that are not yet in the wanted state. */
export const setProductsActive = (db: DB, ids: number[], active: boolean) =>
  db
    .updateTable('products')
    .set({ is_active: active ? 1 : 0, updated_at: new Date().toISOString() })
    .where('product_id', 'in', ids)
    .where('is_active', '=', active ? 0 : 1)
    .executeTakeFirst();

export const deleteProducts = (db: DB, ids: number[]) =>
  db.deleteFrom('products').where('product_id', 'in', ids).executeTakeFirst();

/** The stored image files of the products (removed from disk once their rows are gone). */
export const imageFilesOf = (db: DB, ids: number[]) =>
  db.selectFrom('product_images').select('file_name').where('product_id', 'in', ids).execute();
