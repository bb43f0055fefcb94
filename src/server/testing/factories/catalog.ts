// Catalogue rows written straight to a test database: categories, colours, sizes, events, countries, products with
// their variants, events and pictures, and a product's later state (active, price, name …).
import type { DB } from '#server/db/client';
import { recordOpeningStock } from '#server/modules/catalog';
import { next } from './seq';

export async function createCategory(
  db: DB,
  opts: { name?: string; mainCategoryID?: 1 | 2; description?: string } = {},
): Promise<number> {
  const row = await db
    .insertInto('categories')
    .values({
      category_name: opts.name ?? `Kategori ${next()}`,
      description: opts.description ?? 'Përshkrim',
      main_category_id: opts.mainCategoryID ?? 1,
    })
    .returning('category_id')
    .executeTakeFirstOrThrow();
  return row.category_id;
}

export async function createColor(db: DB, opts: { name?: string; hex?: string } = {}): Promise<number> {
  const row = await db
    .insertInto('colors')
    .values({ color_name: opts.name ?? `Ngjyrë ${next()}`, hex_code: opts.hex ?? '#000000' })
    .returning('color_id')
    .executeTakeFirstOrThrow();
  return row.color_id;
}

export async function createSize(db: DB, opts: { name?: string } = {}): Promise<number> {
  const row = await db
    .insertInto('sizes')
    .values({ size_name: opts.name ?? `S${next()}` })
    .returning('size_id')
    .executeTakeFirstOrThrow();
  return row.size_id;
}

export async function createEvent(db: DB, opts: { name?: string } = {}): Promise<number> {
  const row = await db
    .insertInto('events')
    .values({ event_name: opts.name ?? `Event ${next()}` })
    .returning('event_id')
    .executeTakeFirstOrThrow();
  return row.event_id;
}

export async function createCountry(
  db: DB,
  opts: {
    name?: string;
    shippingCents?: number;
    freeShippingFromCents?: number | null;
    postalCodeOptional?: boolean;
  } = {},
): Promise<number> {
  const row = await db
    .insertInto('countries')
    .values({
      country_name: opts.name ?? `Shtet ${next()}`,
      shipping_price_cents: opts.shippingCents ?? 250,
      free_shipping_from_cents: opts.freeShippingFromCents ?? null,
      postal_code_optional: opts.postalCodeOptional ? 1 : 0,
    })
    .returning('country_id')
    .executeTakeFirstOrThrow();
  return row.country_id;
}

export interface ProductImageInput {
  colorId: number;
  fileName?: string;
  sortOrder?: number;
}

/** A picture of a product in one colour (the file itself is not written). */
export async function createProductImage(db: DB, productId: number, image: ProductImageInput): Promise<number> {
  const row = await db
    .insertInto('product_images')
    .values({
      product_id: productId,
      color_id: image.colorId,
      file_name: image.fileName ?? `img${next()}.webp`,
      sort_order: image.sortOrder ?? 0,
    })
    .returning('image_id')
    .executeTakeFirstOrThrow();
  return row.image_id;
}

export interface ProductFactoryInput {
  name?: string;
  brand?: string | null;
  categoryId?: number;
  priceCents?: number;
  isFeatured?: boolean;
  /** false: withdrawn (is_active 0) from the start. */
  isActive?: boolean;
  barcode?: string;
  description?: string;
  dateAdded?: string;
  /** ISO timestamp; the database's time when omitted. */
  updatedAt?: string;
  /** Variants to create; colour/size ids are created when omitted. */
  variants?: Array<{ sizeId?: number; colorId?: number; stock?: number }>;
  eventIds?: number[];
  images?: ProductImageInput[];
}

/** Creates a product with its variants, events and pictures; returns ids of everything it made. */
export async function createProduct(
  db: DB,
  input: ProductFactoryInput = {},
): Promise<{ productId: number; categoryId: number; variantIds: number[] }> {
  const categoryId = input.categoryId ?? (await createCategory(db));
  const n = next();
  const product = await db
    .insertInto('products')
    .values({
      name: input.name ?? `Produkt ${n}`,
      barcode: input.barcode ?? `BC${String(n).padStart(8, '0')}`,
      brand: input.brand === undefined ? 'Marka' : input.brand,
      description: input.description ?? 'Përshkrim i produktit',
      category_id: categoryId,
      price_cents: input.priceCents ?? 2000,
      is_featured: input.isFeatured ? 1 : 0,
      is_active: input.isActive === false ? 0 : 1,
      date_added: input.dateAdded ?? '2026-01-01',
      ...(input.updatedAt ? { updated_at: input.updatedAt } : {}),
    })
    .returning('product_id')
    .executeTakeFirstOrThrow();
  const productId = product.product_id;
  const variantIds: number[] = [];
  for (const v of input.variants ?? [{}]) {
    const sizeId = v.sizeId ?? (await createSize(db));
    const colorId = v.colorId ?? (await createColor(db));
    const row = await db
      .insertInto('product_variants')
      .values({ product_id: productId, size_id: sizeId, color_id: colorId, stock_quantity: v.stock ?? 10 })
      .returning('variant_id')
      .executeTakeFirstOrThrow();
    variantIds.push(row.variant_id);
  }
  await recordOpeningStock(db); // the opening ledger row, as the seed writes (decision 231)
  for (const eventId of input.eventIds ?? []) {
    await db.insertInto('product_events').values({ product_id: productId, event_id: eventId }).execute();
  }
  for (const image of input.images ?? []) await createProductImage(db, productId, image);
  return { productId, categoryId, variantIds };
}

/**
 * Changes a product the way a write outside the app would (the catalogue-version triggers still see it): withdrawn
 * or back (isActive), a new price, name or description.
 */
export async function updateProduct(
  db: DB,
  productId: number,
  patch: { isActive?: boolean; priceCents?: number; name?: string; description?: string },
): Promise<void> {
  await db
    .updateTable('products')
    .set({
      ...(patch.isActive === undefined ? {} : { is_active: patch.isActive ? 1 : 0 }),
      ...(patch.priceCents === undefined ? {} : { price_cents: patch.priceCents }),
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.description === undefined ? {} : { description: patch.description }),
    })
    .where('product_id', '=', productId)
    .execute();
}
