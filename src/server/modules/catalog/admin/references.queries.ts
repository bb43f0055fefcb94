// SQL the staff catalogue resources share: does a product, category or main category exist, which of these
// event, size and colour ids exist. Functions take the db or a transaction.
import type { DB } from '#server/db/client';

export const productExists = (db: DB, id: number) =>
  db.selectFrom('products').select('product_id').where('product_id', '=', id).executeTakeFirst();
export const categoryExists = (db: DB, id: number) =>
  db
    .selectFrom('categories')
    .select(['category_id', 'main_category_id'])
    .where('category_id', '=', id)
    .executeTakeFirst();
export const mainCategoryExists = (db: DB, id: number) =>
  db.selectFrom('main_categories').select('main_category_id').where('main_category_id', '=', id).executeTakeFirst();
export const existingEventIds = async (db: DB, ids: number[]) =>
  ids.length
    ? (await db.selectFrom('events').select('event_id').where('event_id', 'in', ids).execute()).map((r) => r.event_id)
    : [];
export const existingSizeIds = async (db: DB, ids: number[]) =>
  ids.length
    ? (await db.selectFrom('sizes').select('size_id').where('size_id', 'in', ids).execute()).map((r) => r.size_id)
    : [];
export const existingColorIds = async (db: DB, ids: number[]) =>
  ids.length
    ? (await db.selectFrom('colors').select('color_id').where('color_id', 'in', ids).execute()).map((r) => r.color_id)
    : [];
