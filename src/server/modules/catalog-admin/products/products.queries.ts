// SQL of staff product writes (details, events, variants, feature, delete) and the dashboard product table.
import type { DB } from '../../../db/client';

export interface ProductValues {
  name: string;
  barcode: string;
  description: string;
  brand: string | null;
  category_id: number;
  price_cents: number;
  is_active: number;
}

export async function insertProduct(db: DB, v: ProductValues & { date_added: string }): Promise<number> {
  const row = await db.insertInto('products').values(v).returning('product_id').executeTakeFirstOrThrow();
  return row.product_id;
}

export const updateProduct = (db: DB, id: number, v: ProductValues) =>
  db
    .updateTable('products')
    .set({ ...v, updated_at: new Date().toISOString() })
    .where('product_id', '=', id)
    .executeTakeFirst();

export const setProductFeatured = (db: DB, id: number, featured: boolean) =>
  db
    .updateTable('products')
    .set({ is_featured: featured ? 1 : 0, updated_at: new Date().toISOString() })
    .where('product_id', '=', id)
    .executeTakeFirst();

export const deleteProductRow = (db: DB, id: number) =>
  db.deleteFrom('products').where('product_id', '=', id).executeTakeFirst();

export async function replaceProductEvents(db: DB, productId: number, eventIds: number[]): Promise<void> {
  await db.deleteFrom('product_events').where('product_id', '=', productId).execute();
  if (eventIds.length)
    await db
      .insertInto('product_events')
      .values(eventIds.map((event_id) => ({ product_id: productId, event_id })))
      .execute();
}

// ---- variants -------------------------------------------------------------------------------------------
export const productVariants = (db: DB, productId: number) =>
  db
    .selectFrom('product_variants')
    .select(['variant_id', 'size_id', 'color_id', 'stock_quantity'])
    .where('product_id', '=', productId)
    .execute();

export async function insertVariants(
  db: DB,
  productId: number,
  rows: Array<{ sizeID: number; colorID: number; stockQuantity: number }>,
) {
  if (!rows.length) return;
  await db
    .insertInto('product_variants')
    .values(
      rows.map((r) => ({
        product_id: productId,
        size_id: r.sizeID,
        color_id: r.colorID,
        stock_quantity: r.stockQuantity,
      })),
    )
    .execute();
}

export const updateVariant = (
  db: DB,
  productId: number,
  r: { variantID: number; sizeID: number; colorID: number; stockQuantity: number },
) =>
  db
    .updateTable('product_variants')
    .set({ size_id: r.sizeID, color_id: r.colorID, stock_quantity: r.stockQuantity })
    .where('variant_id', '=', r.variantID)
    .where('product_id', '=', productId)
    .executeTakeFirst();

export const deleteVariants = (db: DB, productId: number, variantIds: number[]) =>
  variantIds.length
    ? db
        .deleteFrom('product_variants')
        .where('product_id', '=', productId)
        .where('variant_id', 'in', variantIds)
        .execute()
    : Promise.resolve([]);

// ---- dashboard product table (one query per relation, no N+1) -----------------------------------------
export const tableProducts = (db: DB) =>
  db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.category_id', 'p.category_id')
    .select([
      'p.product_id',
      'p.name',
      'p.barcode',
      'p.brand',
      'p.description',
      'p.category_id',
      'c.category_name',
      'c.main_category_id',
      'p.price_cents',
      'p.is_featured',
      'p.is_active',
      'p.date_added',
    ])
    .orderBy('p.product_id', 'desc')
    .execute();

export const tableVariants = (db: DB) =>
  db
    .selectFrom('product_variants as v')
    .innerJoin('sizes as s', 's.size_id', 'v.size_id')
    .innerJoin('colors as co', 'co.color_id', 'v.color_id')
    .select([
      'v.product_id',
      'v.size_id',
      's.size_name',
      'v.color_id',
      'co.color_name',
      'co.hex_code',
      'v.stock_quantity',
    ])
    .execute();

export const tableImageCounts = (db: DB) =>
  db
    .selectFrom('product_images')
    .select(['product_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('file_name').as('first')])
    .groupBy('product_id')
    .execute();

export const tableEvents = (db: DB) =>
  db
    .selectFrom('product_events as pe')
    .innerJoin('events as e', 'e.event_id', 'pe.event_id')
    .select(['pe.product_id', 'e.event_name'])
    .execute();
