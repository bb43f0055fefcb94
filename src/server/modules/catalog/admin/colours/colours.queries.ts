// SQL of staff colour writes and the names colour detection compares against.
import type { DB } from '#server/db/client';

export const colorNames = (db: DB) => db.selectFrom('colors').select(['color_id', 'color_name']).execute();
export async function insertColor(db: DB, v: { color_name: string; hex_code: string }) {
  return (await db.insertInto('colors').values(v).returning('color_id').executeTakeFirstOrThrow()).color_id;
}
/** The colour's hex code, undefined when there is no such colour. */
export const colorHex = async (db: DB, id: number) =>
  (await db.selectFrom('colors').select('hex_code').where('color_id', '=', id).executeTakeFirst())?.hex_code;
/** How many variants and images use the colour. */
export const colorUsage = async (db: DB, id: number) => {
  const v = await db
    .selectFrom('product_variants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('color_id', '=', id)
    .executeTakeFirstOrThrow();
  const i = await db
    .selectFrom('product_images')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('color_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(v.n) + Number(i.n);
};
export const updateColor = (db: DB, id: number, v: { color_name: string; hex_code: string }) =>
  db.updateTable('colors').set(v).where('color_id', '=', id).executeTakeFirst();
export const deleteColor = (db: DB, id: number) =>
  db.deleteFrom('colors').where('color_id', '=', id).executeTakeFirst();
