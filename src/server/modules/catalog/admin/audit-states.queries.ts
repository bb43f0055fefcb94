// What the audit trail records of the staff catalogue's entities (decision 228): each one's state as plain fields,
// read inside the write's transaction before and after it. A product's variants are one field per size and colour
// ("stock[M / E zezë]"), so a stock change lists only the variant that changed.
import type { DB } from '../../../db/client';

export async function productState(db: DB, id: number) {
  const p = await db
    .selectFrom('products')
    .select(['name', 'barcode', 'description', 'brand', 'category_id', 'price_cents', 'is_active', 'is_featured'])
    .where('product_id', '=', id)
    .executeTakeFirst();
  if (!p) return null;
  const events = await db
    .selectFrom('product_events')
    .select('event_id')
    .where('product_id', '=', id)
    .orderBy('event_id')
    .execute();
  const variants = await db
    .selectFrom('product_variants as v')
    .innerJoin('sizes as s', 's.size_id', 'v.size_id')
    .innerJoin('colors as c', 'c.color_id', 'v.color_id')
    .select(['s.size_name', 'c.color_name', 'v.stock_quantity'])
    .where('v.product_id', '=', id)
    .orderBy('v.variant_id')
    .execute();
  const images = await db
    .selectFrom('product_images')
    .select('file_name')
    .where('product_id', '=', id)
    .orderBy('sort_order')
    .orderBy('image_id')
    .execute();
  return {
    ...p,
    event_ids: events.map((e) => e.event_id),
    images: images.map((i) => i.file_name),
    ...Object.fromEntries(variants.map((v) => [`stock[${v.size_name} / ${v.color_name}]`, v.stock_quantity])),
  };
}

export const categoryState = (db: DB, id: number) =>
  db
    .selectFrom('categories')
    .select(['category_name', 'description', 'main_category_id'])
    .where('category_id', '=', id)
    .executeTakeFirst()
    .then((r) => r ?? null);

export const colourState = (db: DB, id: number) =>
  db
    .selectFrom('colors')
    .select(['color_name', 'hex_code'])
    .where('color_id', '=', id)
    .executeTakeFirst()
    .then((r) => r ?? null);

export const sizeState = (db: DB, id: number) =>
  db
    .selectFrom('sizes')
    .select(['size_name'])
    .where('size_id', '=', id)
    .executeTakeFirst()
    .then((r) => r ?? null);

export const eventState = (db: DB, id: number) =>
  db
    .selectFrom('events')
    .select(['event_name'])
    .where('event_id', '=', id)
    .executeTakeFirst()
    .then((r) => r ?? null);

export const countryState = (db: DB, id: number) =>
  db
    .selectFrom('countries')
    .select(['country_name', 'shipping_price_cents', 'free_shipping_from_cents', 'postal_code_optional'])
    .where('country_id', '=', id)
    .executeTakeFirst()
    .then((r) => r ?? null);
