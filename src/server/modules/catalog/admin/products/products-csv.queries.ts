// SQL of the products CSV (decision 183): export batches in product-id order, the reference tables an import
// resolves names against, products and variants matched by barcode, and the import's batched writes.
import { PRODUCT_TEXT_KEYS, type ProductTextKey, type ProductTextValues } from '#shared/product-fields';
import type { DB } from '#server/db/client';
import { nextTurn } from '#server/time-slices';

/**
 * Rows per IN list or multi-row insert: well under SQLite's and PostgreSQL's bound-parameter limits. SQLite runs each
 * statement synchronously, so the loops below give the event loop a turn after each chunk (decision 200).
 */
const CHUNK = 500;

const chunks = <T>(items: T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
};

/** The product's text fields (product-fields.ts), columns of the same names. */
const TEXT_COLUMNS = [...PRODUCT_TEXT_KEYS];

// ---- reference tables (small: read whole) ----------------------------------------------------------------
export const allCategories = (db: DB) =>
  db
    .selectFrom('categories as c')
    .innerJoin('main_categories as m', 'm.main_category_id', 'c.main_category_id')
    .select(['c.category_id', 'c.category_name', 'm.main_category_name'])
    .execute();
export const allSizes = (db: DB) => db.selectFrom('sizes').select(['size_id', 'size_name']).execute();
export const allColors = (db: DB) => db.selectFrom('colors').select(['color_id', 'color_name']).execute();

// ---- export ------------------------------------------------------------------------------------------------
export const exportProducts = (db: DB, afterId: number, limit: number) =>
  db
    .selectFrom('products')
    .select(['product_id', 'barcode', 'name', 'brand', 'description', 'category_id', 'price_cents', ...TEXT_COLUMNS])
    .where('product_id', '>', afterId)
    .orderBy('product_id')
    .limit(limit)
    .execute();

export const exportVariants = (db: DB, productIds: number[]) =>
  productIds.length
    ? db
        .selectFrom('product_variants as v')
        .innerJoin('sizes as s', 's.size_id', 'v.size_id')
        .innerJoin('colors as c', 'c.color_id', 'v.color_id')
        .select(['v.product_id', 's.size_name', 'c.color_name', 'v.stock_quantity'])
        .where('v.product_id', 'in', productIds)
        .execute()
    : Promise.resolve([]);

// ---- import: what exists --------------------------------------------------------------------------------------
export interface ExistingProductRow extends ProductTextValues {
  product_id: number;
  barcode: string;
  name: string;
  brand: string | null;
  description: string;
  category_id: number;
  price_cents: number;
}

export async function productsByBarcode(db: DB, barcodes: string[]): Promise<ExistingProductRow[]> {
  const out: ExistingProductRow[] = [];
  for (const part of chunks(barcodes)) {
    out.push(
      ...(await db
        .selectFrom('products')
        .select([
          'product_id',
          'barcode',
          'name',
          'brand',
          'description',
          'category_id',
          'price_cents',
          ...TEXT_COLUMNS,
        ])
        .where('barcode', 'in', part)
        .execute()),
    );
    await nextTurn();
  }
  return out;
}

export async function variantsOfProducts(db: DB, productIds: number[]) {
  const out: Array<{
    variant_id: number;
    product_id: number;
    size_id: number;
    color_id: number;
    stock_quantity: number;
  }> = [];
  for (const part of chunks(productIds)) {
    out.push(
      ...(await db
        .selectFrom('product_variants')
        .select(['variant_id', 'product_id', 'size_id', 'color_id', 'stock_quantity'])
        .where('product_id', 'in', part)
        .execute()),
    );
    await nextTurn();
  }
  return out;
}

// ---- import: writes (inside one batch's transaction, decision 262: a batch is at most a few hundred rows) -----
/** A file's product: its text fields only where the file has their columns (absent: left as they are). */
export type ImportProductValues = Omit<ExistingProductRow, 'product_id' | ProductTextKey> & Partial<ProductTextValues>;

/** Inserts new products (one statement per 500); their ids by barcode (barcodes are unique within one import). */
export async function insertProducts(
  db: DB,
  rows: ImportProductValues[],
  dateAdded: string,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of chunks(rows)) {
    const made = await db
      .insertInto('products')
      .values(part.map((r) => ({ ...r, date_added: dateAdded })))
      .returning(['product_id', 'barcode'])
      .execute();
    for (const m of made) ids.set(m.barcode, m.product_id);
  }
  return ids;
}

export const updateProductValues = (db: DB, productId: number, v: ImportProductValues) =>
  db
    .updateTable('products')
    .set({ ...v, updated_at: new Date().toISOString() })
    .where('product_id', '=', productId)
    .execute();

/**
 * New variants at 0 units (the import then sets their stock through stock.ts, with ledger rows). A variant a staff
 * member added meanwhile is kept as it is (the import then sets its stock like any existing variant's).
 */
export async function insertVariantRows(
  db: DB,
  rows: Array<{ product_id: number; size_id: number; color_id: number }>,
): Promise<void> {
  for (const part of chunks(rows))
    await db
      .insertInto('product_variants')
      .values(part)
      .onConflict((oc) => oc.columns(['product_id', 'size_id', 'color_id']).doNothing())
      .execute();
}
