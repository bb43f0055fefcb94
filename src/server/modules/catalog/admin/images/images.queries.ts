// SQL of product images: a product's images in display order, insert, move/re-order, delete.
import type { DB } from '#server/db/client';

export const productImages = (db: DB, productId: number) =>
  db
    .selectFrom('product_images')
    .select(['image_id', 'color_id', 'file_name', 'sort_order'])
    .where('product_id', '=', productId)
    .orderBy('color_id')
    .orderBy('sort_order')
    .orderBy('image_id')
    .execute();

export async function insertImages(
  db: DB,
  rows: Array<{ product_id: number; color_id: number; file_name: string; sort_order: number }>,
) {
  if (rows.length) await db.insertInto('product_images').values(rows).execute();
}

/** Gives a kept image its colour and place in that colour's order. */
export const placeImage = (db: DB, imageId: number, colorId: number, sortOrder: number) =>
  db
    .updateTable('product_images')
    .set({ color_id: colorId, sort_order: sortOrder })
    .where('image_id', '=', imageId)
    .execute();

export const deleteImagesByIds = (db: DB, imageIds: number[]) =>
  imageIds.length ? db.deleteFrom('product_images').where('image_id', 'in', imageIds).execute() : Promise.resolve([]);

/** Every picture name the catalogue refers to (npm run media:copy checks each is in the bucket, decision 266). */
export const storedImageNames = async (db: DB): Promise<string[]> =>
  (await db.selectFrom('product_images').select('file_name').distinct().orderBy('file_name').execute()).map(
    (r) => r.file_name,
  );
