// SQL of staff size writes.
import type { DB } from '#server/db/client';

export async function insertSize(db: DB, name: string) {
  return (await db.insertInto('sizes').values({ size_name: name }).returning('size_id').executeTakeFirstOrThrow())
    .size_id;
}
export const updateSize = (db: DB, id: number, name: string) =>
  db.updateTable('sizes').set({ size_name: name }).where('size_id', '=', id).executeTakeFirst();
/** How many variants use the size. */
export const sizeUsage = async (db: DB, id: number) =>
  Number(
    (
      await db
        .selectFrom('product_variants')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('size_id', '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );
export const deleteSize = (db: DB, id: number) => db.deleteFrom('sizes').where('size_id', '=', id).executeTakeFirst();
