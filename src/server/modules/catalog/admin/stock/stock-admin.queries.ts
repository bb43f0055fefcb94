// SQL of the staff stock screens (decision 231): the stock-count list (variants by product, category and search
// text, paged), the low-stock list (variants below their threshold, paged) and a variant's threshold. Stock itself
// is written only by stock-ledger.queries.ts.
import type { DB } from '#server/db/client';
import { containsIgnoringCase } from '#server/db/dialect';

export interface VariantFilter {
  q?: string;
  categoryId?: number;
  productId?: number;
}

const variantRows = (db: DB) =>
  db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.product_id', 'v.product_id')
    .innerJoin('sizes as s', 's.size_id', 'v.size_id')
    .innerJoin('colors as c', 'c.color_id', 'v.color_id');

const columns = [
  'v.variant_id',
  'v.product_id',
  'p.name',
  'p.barcode',
  's.size_name',
  'c.color_name',
  'c.hex_code',
  'v.stock_quantity',
  'v.low_stock_threshold',
] as const;

function filtered(db: DB, f: VariantFilter) {
  let query = variantRows(db);
  if (f.productId !== undefined) query = query.where('v.product_id', '=', f.productId);
  if (f.categoryId !== undefined) query = query.where('p.category_id', '=', f.categoryId);
  for (const word of (f.q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8))
    query = query.where(containsIgnoringCase(['p.name', 'p.barcode', 'p.brand', 's.size_name', 'c.color_name'], word));
  return query;
}

/** One page of variants (by product name, then id) and the number matching the filter. */
export async function variantPage(db: DB, f: VariantFilter, limit: number, offset: number) {
  const counted = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, f)
    .select(columns)
    .orderBy('p.name')
    .orderBy('v.variant_id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(counted.n) };
}

/** Variants below their threshold (their own, else `shopDefault`), the emptiest first; one page and the total. */
export async function lowStockPage(db: DB, shopDefault: number, limit: number, offset: number) {
  const below = () =>
    variantRows(db).where(({ eb, fn, ref, val }) =>
      eb('v.stock_quantity', '<', fn.coalesce(ref('v.low_stock_threshold'), val(shopDefault))),
    );
  const counted = await below()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await below()
    .select(columns)
    .orderBy('v.stock_quantity')
    .orderBy('p.name')
    .orderBy('v.variant_id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(counted.n) };
}

export async function setVariantThreshold(db: DB, variantId: number, threshold: number | null): Promise<boolean> {
  const r = await db
    .updateTable('product_variants')
    .set({ low_stock_threshold: threshold })
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const variantById = (db: DB, variantId: number) =>
  variantRows(db).select(columns).where('v.variant_id', '=', variantId).executeTakeFirst();

/** The existing ones of these variants, each with its product (the audit row is the product's, decision 228). */
export async function productsOfVariants(db: DB, ids: number[]): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('product_variants')
      .select(['variant_id', 'product_id'])
      .where('variant_id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) found.set(r.variant_id, r.product_id);
  }
  return found;
}
