// SQL of the staff catalogue writes (and the few staff-only reads): products, variants, images, categories,
// colours, sizes, events, countries. Functions take a Kysely handle (the db or a transaction).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

// ---- existence checks ----------------------------------------------------------------------------------
export const productExists = (db: Q, id: number) =>
  db.selectFrom('products').select('product_id').where('product_id', '=', id).executeTakeFirst();
export const categoryExists = (db: Q, id: number) =>
  db.selectFrom('categories').select(['category_id', 'main_category_id']).where('category_id', '=', id).executeTakeFirst();
export const mainCategoryExists = (db: Q, id: number) =>
  db.selectFrom('main_categories').select('main_category_id').where('main_category_id', '=', id).executeTakeFirst();
export const existingEventIds = async (db: Q, ids: number[]) =>
  ids.length ? (await db.selectFrom('events').select('event_id').where('event_id', 'in', ids).execute()).map((r) => r.event_id) : [];
export const existingSizeIds = async (db: Q, ids: number[]) =>
  ids.length ? (await db.selectFrom('sizes').select('size_id').where('size_id', 'in', ids).execute()).map((r) => r.size_id) : [];
export const existingColorIds = async (db: Q, ids: number[]) =>
  ids.length ? (await db.selectFrom('colors').select('color_id').where('color_id', 'in', ids).execute()).map((r) => r.color_id) : [];

// ---- products -------------------------------------------------------------------------------------------
export interface ProductValues {
  name: string;
  barcode: string;
  description: string;
  brand: string | null;
  category_id: number;
  price_cents: number;
  is_active: number;
}

export async function insertProduct(db: Q, v: ProductValues & { date_added: string }): Promise<number> {
  const row = await db.insertInto('products').values(v).returning('product_id').executeTakeFirstOrThrow();
  return row.product_id;
}

export const updateProduct = (db: Q, id: number, v: ProductValues) =>
  db
    .updateTable('products')
    .set({ ...v, updated_at: new Date().toISOString() })
    .where('product_id', '=', id)
    .executeTakeFirst();

export const setProductFeatured = (db: Q, id: number, featured: boolean) =>
  db.updateTable('products').set({ is_featured: featured ? 1 : 0, updated_at: new Date().toISOString() }).where('product_id', '=', id).executeTakeFirst();

export const deleteProductRow = (db: Q, id: number) => db.deleteFrom('products').where('product_id', '=', id).executeTakeFirst();

export async function replaceProductEvents(db: Q, productId: number, eventIds: number[]): Promise<void> {
  await db.deleteFrom('product_events').where('product_id', '=', productId).execute();
  if (eventIds.length) await db.insertInto('product_events').values(eventIds.map((event_id) => ({ product_id: productId, event_id }))).execute();
}

// ---- variants -------------------------------------------------------------------------------------------
export const productVariants = (db: Q, productId: number) =>
  db.selectFrom('product_variants').select(['variant_id', 'size_id', 'color_id', 'stock_quantity']).where('product_id', '=', productId).execute();

export async function insertVariants(db: Q, productId: number, rows: Array<{ sizeID: number; colorID: number; stockQuantity: number }>) {
  if (!rows.length) return;
  await db
    .insertInto('product_variants')
    .values(rows.map((r) => ({ product_id: productId, size_id: r.sizeID, color_id: r.colorID, stock_quantity: r.stockQuantity })))
    .execute();
}

export const updateVariant = (db: Q, productId: number, r: { variantID: number; sizeID: number; colorID: number; stockQuantity: number }) =>
  db
    .updateTable('product_variants')
    .set({ size_id: r.sizeID, color_id: r.colorID, stock_quantity: r.stockQuantity })
    .where('variant_id', '=', r.variantID)
    .where('product_id', '=', productId)
    .executeTakeFirst();

export const deleteVariants = (db: Q, productId: number, variantIds: number[]) =>
  variantIds.length ? db.deleteFrom('product_variants').where('product_id', '=', productId).where('variant_id', 'in', variantIds).execute() : Promise.resolve([]);

// ---- images ---------------------------------------------------------------------------------------------
export const productImages = (db: Q, productId: number) =>
  db
    .selectFrom('product_images')
    .select(['image_id', 'color_id', 'file_name', 'sort_order'])
    .where('product_id', '=', productId)
    .orderBy('color_id')
    .orderBy('sort_order')
    .orderBy('image_id')
    .execute();

export async function insertImages(db: Q, rows: Array<{ product_id: number; color_id: number; file_name: string; sort_order: number }>) {
  if (rows.length) await db.insertInto('product_images').values(rows).execute();
}

export const setImageOrder = (db: Q, imageId: number, sortOrder: number) =>
  db.updateTable('product_images').set({ sort_order: sortOrder }).where('image_id', '=', imageId).execute();

export const deleteImagesByIds = (db: Q, imageIds: number[]) =>
  imageIds.length ? db.deleteFrom('product_images').where('image_id', 'in', imageIds).execute() : Promise.resolve([]);

// ---- dashboard product table (one query per relation, no N+1) -----------------------------------------
export const tableProducts = (db: Q) =>
  db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.category_id', 'p.category_id')
    .select([
      'p.product_id', 'p.name', 'p.barcode', 'p.brand', 'p.description', 'p.category_id', 'c.category_name', 'c.main_category_id',
      'p.price_cents', 'p.is_featured', 'p.is_active', 'p.date_added',
    ])
    .orderBy('p.product_id', 'desc')
    .execute();

export const tableVariants = (db: Q) =>
  db
    .selectFrom('product_variants as v')
    .innerJoin('sizes as s', 's.size_id', 'v.size_id')
    .innerJoin('colors as co', 'co.color_id', 'v.color_id')
    .select(['v.product_id', 'v.size_id', 's.size_name', 'v.color_id', 'co.color_name', 'co.hex_code', 'v.stock_quantity'])
    .execute();

export const tableImageCounts = (db: Q) =>
  db
    .selectFrom('product_images')
    .select(['product_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('file_name').as('first')])
    .groupBy('product_id')
    .execute();

export const tableEvents = (db: Q) =>
  db.selectFrom('product_events as pe').innerJoin('events as e', 'e.event_id', 'pe.event_id').select(['pe.product_id', 'e.event_name']).execute();

// ---- categories -----------------------------------------------------------------------------------------
export async function insertCategory(db: Q, v: { category_name: string; description: string; main_category_id: number }) {
  return (await db.insertInto('categories').values(v).returning('category_id').executeTakeFirstOrThrow()).category_id;
}
export const updateCategory = (db: Q, id: number, v: { category_name: string; description: string; main_category_id: number }) =>
  db.updateTable('categories').set(v).where('category_id', '=', id).executeTakeFirst();
export const countProductsInCategory = async (db: Q, id: number) =>
  Number((await db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('category_id', '=', id).executeTakeFirstOrThrow()).n);
export const deleteCategory = (db: Q, id: number) => db.deleteFrom('categories').where('category_id', '=', id).executeTakeFirst();

// ---- colours --------------------------------------------------------------------------------------------
export const colorByName = (db: Q, name: string) =>
  db.selectFrom('colors').select(['color_id', 'color_name', 'hex_code']).where((eb) => eb(eb.fn('lower', ['color_name']), '=', name.toLowerCase())).executeTakeFirst();
export const colorNames = (db: Q) => db.selectFrom('colors').select(['color_id', 'color_name']).execute();
export async function insertColor(db: Q, v: { color_name: string; hex_code: string }) {
  return (await db.insertInto('colors').values(v).returning('color_id').executeTakeFirstOrThrow()).color_id;
}
export const colorUsage = async (db: Q, id: number) => {
  const v = await db.selectFrom('product_variants').select((eb) => eb.fn.countAll<number>().as('n')).where('color_id', '=', id).executeTakeFirstOrThrow();
  const i = await db.selectFrom('product_images').select((eb) => eb.fn.countAll<number>().as('n')).where('color_id', '=', id).executeTakeFirstOrThrow();
  return Number(v.n) + Number(i.n);
};
export const deleteColor = (db: Q, id: number) => db.deleteFrom('colors').where('color_id', '=', id).executeTakeFirst();

// ---- sizes / events / countries -------------------------------------------------------------------------
export async function insertSize(db: Q, name: string) {
  return (await db.insertInto('sizes').values({ size_name: name }).returning('size_id').executeTakeFirstOrThrow()).size_id;
}
export const updateSize = (db: Q, id: number, name: string) => db.updateTable('sizes').set({ size_name: name }).where('size_id', '=', id).executeTakeFirst();
export const sizeUsage = async (db: Q, id: number) =>
  Number((await db.selectFrom('product_variants').select((eb) => eb.fn.countAll<number>().as('n')).where('size_id', '=', id).executeTakeFirstOrThrow()).n);
export const deleteSize = (db: Q, id: number) => db.deleteFrom('sizes').where('size_id', '=', id).executeTakeFirst();

export async function insertEvent(db: Q, name: string) {
  return (await db.insertInto('events').values({ event_name: name }).returning('event_id').executeTakeFirstOrThrow()).event_id;
}
export const updateEvent = (db: Q, id: number, name: string) => db.updateTable('events').set({ event_name: name }).where('event_id', '=', id).executeTakeFirst();
export const deleteEvent = (db: Q, id: number) => db.deleteFrom('events').where('event_id', '=', id).executeTakeFirst();

export const countryRow = (db: Q, id: number) =>
  db.selectFrom('countries').select(['country_id', 'country_name', 'shipping_price_cents']).where('country_id', '=', id).executeTakeFirst();
export async function insertCountry(db: Q, v: { country_name: string; shipping_price_cents: number }) {
  return (await db.insertInto('countries').values(v).returning('country_id').executeTakeFirstOrThrow()).country_id;
}
export const updateCountry = (db: Q, id: number, v: { country_name: string; shipping_price_cents: number }) =>
  db.updateTable('countries').set(v).where('country_id', '=', id).executeTakeFirst();
export const deleteCountry = (db: Q, id: number) => db.deleteFrom('countries').where('country_id', '=', id).executeTakeFirst();
