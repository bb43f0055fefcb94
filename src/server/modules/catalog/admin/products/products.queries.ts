// SQL of staff product writes (details, events, variants, feature, delete); the list is products-table.queries.ts.
import type { ProductTextValues } from '#shared/product-fields';
import type { DB } from '#server/db/client';

/** The form's values as columns; the text fields (product-fields.ts) are columns of the same names. */
export interface ProductValues extends ProductTextValues {
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

/** New variants at 0 units (their stock is then set through stock.ts, which writes the ledger row); their ids. */
export async function insertVariants(db: DB, productId: number, rows: Array<{ sizeID: number; colorID: number }>) {
  if (!rows.length) return [];
  const made = await db
    .insertInto('product_variants')
    .values(rows.map((r) => ({ product_id: productId, size_id: r.sizeID, color_id: r.colorID })))
    .returning('variant_id')
    .execute();
  return made.map((r) => r.variant_id);
}

export const updateVariant = (db: DB, productId: number, r: { variantID: number; sizeID: number; colorID: number }) =>
  db
    .updateTable('product_variants')
    .set({ size_id: r.sizeID, color_id: r.colorID })
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
