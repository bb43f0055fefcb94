// Test data factories writing straight to a test database: categories, colours, sizes, products, countries.
import type { DB } from '../db/client';

let seq = 0;
const next = () => ++seq;

export async function createCategory(
  db: DB,
  opts: { name?: string; mainCategoryID?: 1 | 2; description?: string } = {},
) {
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

export async function createColor(db: DB, opts: { name?: string; hex?: string } = {}) {
  const row = await db
    .insertInto('colors')
    .values({ color_name: opts.name ?? `Ngjyrë ${next()}`, hex_code: opts.hex ?? '#000000' })
    .returning('color_id')
    .executeTakeFirstOrThrow();
  return row.color_id;
}

export async function createSize(db: DB, opts: { name?: string } = {}) {
  const row = await db
    .insertInto('sizes')
    .values({ size_name: opts.name ?? `S${next()}` })
    .returning('size_id')
    .executeTakeFirstOrThrow();
  return row.size_id;
}

export async function createEvent(db: DB, opts: { name?: string } = {}) {
  const row = await db
    .insertInto('events')
    .values({ event_name: opts.name ?? `Event ${next()}` })
    .returning('event_id')
    .executeTakeFirstOrThrow();
  return row.event_id;
}

export async function createCountry(db: DB, opts: { name?: string; shippingCents?: number } = {}) {
  const row = await db
    .insertInto('countries')
    .values({ country_name: opts.name ?? `Shtet ${next()}`, shipping_price_cents: opts.shippingCents ?? 250 })
    .returning('country_id')
    .executeTakeFirstOrThrow();
  return row.country_id;
}

export interface ProductFactoryInput {
  name?: string;
  brand?: string | null;
  categoryId?: number;
  priceCents?: number;
  isFeatured?: boolean;
  dateAdded?: string;
  /** Variants to create; colour/size ids are created when omitted. */
  variants?: Array<{ sizeId?: number; colorId?: number; stock?: number }>;
  eventIds?: number[];
}

/** Creates a product with its variants; returns ids of everything it made. */
export async function createProduct(db: DB, input: ProductFactoryInput = {}) {
  const categoryId = input.categoryId ?? (await createCategory(db));
  const n = next();
  const product = await db
    .insertInto('products')
    .values({
      name: input.name ?? `Produkt ${n}`,
      barcode: `BC${String(n).padStart(8, '0')}`,
      brand: input.brand === undefined ? 'Marka' : input.brand,
      description: 'Përshkrim i produktit',
      category_id: categoryId,
      price_cents: input.priceCents ?? 2000,
      is_featured: input.isFeatured ? 1 : 0,
      date_added: input.dateAdded ?? '2026-01-01',
    })
    .returning('product_id')
    .executeTakeFirstOrThrow();
  const variantIds: number[] = [];
  for (const v of input.variants ?? [{}]) {
    const sizeId = v.sizeId ?? (await createSize(db));
    const colorId = v.colorId ?? (await createColor(db));
    const row = await db
      .insertInto('product_variants')
      .values({ product_id: product.product_id, size_id: sizeId, color_id: colorId, stock_quantity: v.stock ?? 10 })
      .returning('variant_id')
      .executeTakeFirstOrThrow();
    variantIds.push(row.variant_id);
  }
  for (const eventId of input.eventIds ?? []) {
    await db.insertInto('product_events').values({ product_id: product.product_id, event_id: eventId }).execute();
  }
  return { productId: product.product_id, categoryId, variantIds };
}
