// SQL of staff category writes.
import type { DB } from '#server/db/client';

type CategoryValues = { category_name: string; description: string; main_category_id: number };

export async function insertCategory(db: DB, v: CategoryValues) {
  return (await db.insertInto('categories').values(v).returning('category_id').executeTakeFirstOrThrow()).category_id;
}
export const updateCategory = (db: DB, id: number, v: CategoryValues) =>
  db.updateTable('categories').set(v).where('category_id', '=', id).executeTakeFirst();
export const countProductsInCategory = async (db: DB, id: number) =>
  Number(
    (
      await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('category_id', '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );
export const deleteCategory = (db: DB, id: number) =>
  db.deleteFrom('categories').where('category_id', '=', id).executeTakeFirst();
