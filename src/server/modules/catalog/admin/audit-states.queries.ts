// What the audit trail records of the staff catalogue's entities (decision 228): each one's state as plain fields,
// read inside the write's transaction before and after it. A product's variants are one field per size and colour
// ("stock[M / E zezë]"), so a stock change lists only the variant that changed.
// A product's own columns are read whole (selectAll) less the few below, so a column added to products is recorded
// without a line here (decision 278).
import type { Selectable } from 'kysely';
import type { DB } from '#server/db/client';
import type { ProductsTable } from '#server/db/schema';

/** The products columns the trail leaves out: the id, bookkeeping the writes keep themselves, and the reviews' sums. */
const NOT_AUDITED = [
  'product_id',
  'date_added',
  'created_at',
  'updated_at',
  'rating_total',
  'rating_count',
  'is_gift_card',
] as const;
type ProductFields = Omit<Selectable<ProductsTable>, (typeof NOT_AUDITED)[number]>;

/** A products row without the columns the trail leaves out. */
function auditedColumns(row: Selectable<ProductsTable>): ProductFields {
  const out: Record<string, unknown> = { ...row };
  for (const c of NOT_AUDITED) delete out[c];
  return out as ProductFields;
}

export async function productState(db: DB, id: number) {
  const row = await db.selectFrom('products').selectAll().where('product_id', '=', id).executeTakeFirst();
  if (!row) return null;
  const p = auditedColumns(row);
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

/**
 * productState of many products at once (the CSV import's batches, decision 262): four queries for the lot instead
 * of four per product, the same shape for each; a product that does not exist is absent from the map.
 */
export async function productStates(db: DB, ids: number[]) {
  const out = new Map<number, NonNullable<Awaited<ReturnType<typeof productState>>>>();
  if (!ids.length) return out;
  const products = await db.selectFrom('products').selectAll().where('product_id', 'in', ids).execute();
  const events = await db
    .selectFrom('product_events')
    .select(['product_id', 'event_id'])
    .where('product_id', 'in', ids)
    .orderBy('event_id')
    .execute();
  const variants = await db
    .selectFrom('product_variants as v')
    .innerJoin('sizes as s', 's.size_id', 'v.size_id')
    .innerJoin('colors as c', 'c.color_id', 'v.color_id')
    .select(['v.product_id', 's.size_name', 'c.color_name', 'v.stock_quantity'])
    .where('v.product_id', 'in', ids)
    .orderBy('v.variant_id')
    .execute();
  const images = await db
    .selectFrom('product_images')
    .select(['product_id', 'file_name'])
    .where('product_id', 'in', ids)
    .orderBy('sort_order')
    .orderBy('image_id')
    .execute();
  const group = <T extends { product_id: number }>(rows: T[]) => {
    const by = new Map<number, T[]>();
    for (const r of rows) (by.get(r.product_id) ?? by.set(r.product_id, []).get(r.product_id)!).push(r);
    return by;
  };
  const [eventsBy, variantsBy, imagesBy] = [group(events), group(variants), group(images)];
  for (const row of products) {
    const id = row.product_id;
    out.set(id, {
      ...auditedColumns(row),
      event_ids: (eventsBy.get(id) ?? []).map((e) => e.event_id),
      images: (imagesBy.get(id) ?? []).map((i) => i.file_name),
      ...Object.fromEntries(
        (variantsBy.get(id) ?? []).map((v) => [`stock[${v.size_name} / ${v.color_name}]`, v.stock_quantity]),
      ),
    });
  }
  return out;
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
