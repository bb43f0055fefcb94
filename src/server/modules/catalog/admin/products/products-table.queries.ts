// SQL of the staff product list (decision 220): the page's ids and the filtered total, chosen on the products table
// with the indexes of migrations 0001 and 0255, then only the page's rows with their relations, one query per
// relation (no N+1). The stock of a product is the sum over its variants, made by one grouped query.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { ProductSort, SortDirection } from '#shared/schemas/product-list';
import type { DB } from '#server/db/client';
import { asInt, containsIgnoringCase } from '#server/db/dialect';
import { nearMatch, PRODUCTS_SEARCH, searchCandidates } from '#server/db/search-index';

export interface ProductTableFilter {
  /** Search words: each must occur in the name or the barcode, or nearly (decision 243; exact matches first). */
  words: string[];
  categoryId?: number;
  active?: boolean;
  /** Only products with a variant at or below this many units (index product_variants_stock_quantity). */
  lowStockAtMost?: number;
}

/** Each product's stock (sum over its variants) and its smallest variant stock, grouped once. */
const stockOf = (db: DB) =>
  db
    .selectFrom('product_variants')
    .select([
      'product_id',
      (eb) => eb.fn.sum<number>('stock_quantity').as('stock'),
      (eb) => eb.fn.min<number>('stock_quantity').as('least'),
    ])
    .groupBy('product_id');

function filteredProducts(db: DB, f: ProductTableFilter) {
  const low = f.lowStockAtMost;
  return db.selectFrom('products as p').where((eb) => {
    const conds: Array<Expression<SqlBool>> = [];
    if (f.categoryId !== undefined) conds.push(eb('p.category_id', '=', f.categoryId));
    if (f.active !== undefined) conds.push(eb('p.is_active', '=', f.active ? 1 : 0));
    if (low !== undefined)
      conds.push(
        eb(
          'p.product_id',
          'in',
          eb.selectFrom('product_variants').select('product_id').where('stock_quantity', '<=', low),
        ),
      );
    for (const w of f.words) conds.push(nearMatch(db, PRODUCTS_SEARCH, 'p', ID, w) ?? exactly(db, w));
    return eb.and(conds);
  });
}

const ID = sql.ref<number>('p.product_id');
const SEARCHED = ['p.name', 'p.barcode'] as const;

/** The word occurs in the name or the barcode (decision 134), narrowed by the search index on SQLite. */
function exactly(db: DB, word: string): Expression<SqlBool> {
  const candidates = searchCandidates(db, PRODUCTS_SEARCH.index, ID, [word]);
  const exact = containsIgnoringCase(SEARCHED, word);
  return candidates ? sql<SqlBool>`(${candidates} AND ${exact})` : exact;
}

/**
 * 1 when every word occurs exactly (decision 134's rule), else 0 (a typo-tolerant match only): the list shows the
 * exact matches first, each group in the chosen order.
 */
const exactFirst = (words: string[]) =>
  asInt(
    sql.join(
      words.map((w) => containsIgnoringCase(SEARCHED, w)),
      sql` AND `,
    ),
  );

/** The column a sort orders by; ties go by product id in the same direction (indexes 0001/0255 end in it). */
const SORT_COLUMN = {
  date: sql.ref('p.date_added'),
  name: sql`lower(${sql.ref('p.name')})`,
  price: sql.ref('p.price_cents'),
  stock: sql`coalesce(${sql.ref('s.stock')}, 0)`,
} as const;

/** The ids of one page of the filtered products in the chosen order, and how many products match. */
export async function pageProductIds(
  db: DB,
  f: ProductTableFilter,
  order: { sort: ProductSort; dir: SortDirection },
  limit: number,
  offset: number,
): Promise<{ ids: number[]; total: number }> {
  const counted = await filteredProducts(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  if (total === 0 || offset >= total) return { ids: [], total };
  const base = filteredProducts(db, f);
  const ordered =
    order.sort === 'stock'
      ? base.leftJoin(stockOf(db).as('s'), 's.product_id', 'p.product_id').select('p.product_id')
      : base.select('p.product_id');
  const ranked = f.words.length ? ordered.orderBy(exactFirst(f.words), 'desc') : ordered;
  const rows = await ranked
    .orderBy(SORT_COLUMN[order.sort], order.dir)
    .orderBy('p.product_id', order.dir)
    .limit(limit)
    .offset(offset)
    .execute();
  return { ids: rows.map((r) => r.product_id), total };
}

/** The page's products with their category and stock figures (in no particular order). */
/** The rows' own columns, their stock, and today's best product discount (the window inclusive, as pricing reads it). */
export const tableProducts = (db: DB, ids: number[], today: string) =>
  db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.category_id', 'p.category_id')
    .leftJoin(stockOf(db).where('product_id', 'in', ids).as('s'), 's.product_id', 'p.product_id')
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
      's.stock',
      's.least',
      (eb) =>
        eb
          .selectFrom('product_discount_products as dp')
          .innerJoin('product_discounts as d', 'd.product_discount_id', 'dp.product_discount_id')
          .select((e) => e.fn.max<number>('d.discount_percentage').as('pct'))
          .whereRef('dp.product_id', '=', 'p.product_id')
          .where('d.start_date', '<=', today)
          .where('d.end_date', '>=', today)
          .as('discount_percentage'),
    ])
    .where('p.product_id', 'in', ids)
    .execute();

export const tableVariants = (db: DB, ids: number[]) =>
  db
    .selectFrom('product_variants as v')
    .innerJoin('sizes as s', 's.size_id', 'v.size_id')
    .innerJoin('colors as co', 'co.color_id', 'v.color_id')
    .select(['v.product_id', 's.size_name', 'v.color_id', 'co.color_name', 'co.hex_code'])
    .where('v.product_id', 'in', ids)
    .orderBy('v.variant_id')
    .execute();

export const tableImageCounts = (db: DB, ids: number[]) =>
  db
    .selectFrom('product_images')
    .select(['product_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('file_name').as('first')])
    .where('product_id', 'in', ids)
    .groupBy('product_id')
    .execute();

export const tableEvents = (db: DB, ids: number[]) =>
  db
    .selectFrom('product_events as pe')
    .innerJoin('events as e', 'e.event_id', 'pe.event_id')
    .select(['pe.product_id', 'e.event_name'])
    .where('pe.product_id', 'in', ids)
    .execute();
