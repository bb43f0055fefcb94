// SQL of the public catalogue reads. Lists of products are loaded in a fixed number of queries (rows,
// variants, images, events, discounts: each WHERE product_id IN (...)), never one query per product.
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { DB } from '#server/db/client';
import { NO_COLOUR_HEX } from '#shared/colours';
import { PRODUCT_TEXT_KEYS } from '#shared/product-fields';
import { asInt, isPostgres, sameIgnoringCase } from '#server/db/dialect';

/** The trigger-maintained catalogue version (migrations/0010) and count of stock moves (migrations/0490). */
export interface CatalogVersions {
  version: number;
  stockSeq: number;
}
/** A product whose stock moved, and the number of its latest move (catalog_state.stock_seq when it moved). */
export interface StockMove {
  productId: number;
  seq: number;
}

/** The catalogue's versions, read through the shop's own connection. */
export async function catalogVersion(db: DB): Promise<CatalogVersions> {
  const { rows } =
    await sql<CatalogVersions>`SELECT version, stock_seq AS "stockSeq" FROM catalog_state WHERE id = 1`.execute(db);
  const row = rows[0];
  return { version: Number(row?.version ?? 0), stockSeq: Number(row?.stockSeq ?? 0) };
}

/** The products whose stock moved after move `seq` (at most `limit` of them), through the shop's own connection. */
export async function stockMovesSince(db: DB, seq: number, limit: number): Promise<StockMove[]> {
  const { rows } = await sql<{
    product_id: number;
    seq: number;
  }>`SELECT product_id, seq FROM catalog_stock_moves WHERE seq > ${seq} ORDER BY seq LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({ productId: Number(r.product_id), seq: Number(r.seq) }));
}

const VERSION_SQL = 'SELECT version, stock_seq AS stockSeq FROM catalog_state WHERE id = 1';
const MOVES_SQL = 'SELECT product_id AS productId, seq FROM catalog_stock_moves WHERE seq > ? ORDER BY seq LIMIT ?';

/** Synchronous reads of a SQLite file's versions and stock moves, on a read-only connection of their own. */
interface VersionReader {
  versions(): CatalogVersions;
  movesSince(seq: number, limit: number): StockMove[];
  close(): void;
}
const versionReaders = new WeakMap<DB, Promise<VersionReader | null>>();

/**
 * A synchronous reader of the catalogue version on a second, read-only connection to the same file: a few
 * microseconds per call instead of a full Kysely round trip, and it sees every committed write (WAL).
 * In-memory databases have no file to share, so they keep using catalogVersion().
 */
async function versionReader(db: DB): Promise<VersionReader | null> {
  if (isPostgres(db)) return null; // a server database: every process reads the version with one query
  const { rows } = await sql<{ name: string; file: string }>`PRAGMA database_list`.execute(db);
  const file = rows.find((r) => r.name === 'main')?.file;
  if (!file) return null;
  const conn = new SQLite(file, { readonly: true, fileMustExist: true });
  const versions = conn.prepare(VERSION_SQL);
  const moves = conn.prepare(MOVES_SQL);
  return {
    versions: () => (versions.get() as CatalogVersions | undefined) ?? { version: 0, stockSeq: 0 },
    movesSince: (seq, limit) => moves.all(seq, limit) as StockMove[],
    close: () => conn.close(),
  };
}

/**
 * A server database (PostgreSQL): one version query answers every read that arrived before it was sent; reads
 * arriving while it is in flight share the next one. Each read still sees every write committed before it
 * arrived (its query starts after it), but ten concurrent reads cost one or two round trips instead of ten.
 */
function sharedVersionQuery(db: DB): () => Promise<CatalogVersions> {
  let inFlight: Promise<CatalogVersions> | null = null;
  let queued: Promise<CatalogVersions> | null = null;
  const send = () => {
    const query = catalogVersion(db).finally(() => {
      if (inFlight === query) inFlight = null;
    });
    inFlight = query;
    return query;
  };
  return () => {
    if (!inFlight) return send();
    queued ??= inFlight.then(
      () => ((queued = null), send()),
      () => ((queued = null), send()),
    );
    return queued;
  };
}
const sharedQueries = new WeakMap<DB, () => Promise<CatalogVersions>>();

const readerOf = (db: DB): Promise<VersionReader | null> => {
  let reader = versionReaders.get(db);
  if (!reader) {
    reader = versionReader(db).catch(() => null);
    versionReaders.set(db, reader);
  }
  return reader;
};

/**
 * Closes the version reader's connection (a shutdown, before the serving connection): the serving connection must be
 * the file's last, so that SQLite checkpoints the WAL and removes it (decision 281).
 */
export async function closeVersionReader(db: DB): Promise<void> {
  const reader = versionReaders.get(db);
  versionReaders.delete(db);
  (await reader)?.close();
}

export async function fastCatalogVersion(db: DB): Promise<CatalogVersions> {
  const read = await readerOf(db);
  if (read) return read.versions();
  if (!isPostgres(db)) return catalogVersion(db);
  let shared = sharedQueries.get(db);
  if (!shared) sharedQueries.set(db, (shared = sharedVersionQuery(db)));
  return shared();
}

/** The products whose stock moved after move `seq` (the read-only connection on a SQLite file). */
export async function fastStockMovesSince(db: DB, seq: number, limit: number): Promise<StockMove[]> {
  const read = await readerOf(db);
  return read ? read.movesSince(seq, limit) : stockMovesSince(db, seq, limit);
}

/** What exists, for normalising catalogue input (normalised-input.ts): ids, categories' main category, active products and their brands. */
export async function vocabularyRows(db: DB) {
  const [sizes, colors, events, categories, products] = await Promise.all([
    db.selectFrom('sizes').select('size_id').execute(),
    db.selectFrom('colors').select('color_id').execute(),
    db.selectFrom('events').select('event_id').execute(),
    db.selectFrom('categories').select(['category_id', 'main_category_id']).execute(),
    db
      .selectFrom('products')
      .select(['product_id', 'brand'])
      .where('is_active', '=', 1)
      .orderBy('brand')
      .orderBy('product_id')
      .execute(),
  ]);
  return {
    sizes: sizes.map((r) => r.size_id),
    colors: colors.map((r) => r.color_id),
    events: events.map((r) => r.event_id),
    categories,
    products: products.map((r) => r.product_id),
    brands: products.flatMap((r) => (r.brand ? [r.brand] : [])),
  };
}

export async function activeProductIds(
  db: DB,
  opts: { featuredOnly?: boolean; includeInactive?: boolean } = {},
): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select('product_id')
    .$if(!opts.includeInactive, (q) => q.where('is_active', '=', 1))
    .$if(Boolean(opts.featuredOnly), (q) => q.where('is_featured', '=', 1))
    .orderBy('date_added', 'desc')
    .orderBy('product_id', 'desc')
    .execute();
  return rows.map((r) => r.product_id);
}

export interface RelatedQuery {
  categoryId?: number;
  /** Absent: no brand criterion; '' a brand criterion no product meets. */
  brand?: string;
  currentProductId?: number;
  sizeIds: number[];
  colorIds: number[];
}

export async function relatedProductIds(db: DB, r: RelatedQuery, limit: number): Promise<number[]> {
  // Every criterion is a 0/1 number on both engines (asInt), so they add up and sort alike; NULL (no brand) is 0.
  // A bare 0 in ORDER BY would be read as a column number; this is an always-false expression.
  const zero = sql<boolean>`(p.product_id < 0)`;
  const variantMatch = (kind: 'size_id' | 'color_id', ids: number[]) =>
    ids.length
      ? sql<boolean>`EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.product_id AND v.${sql.ref(kind)} IN (${sql.join(ids)}))`
      : zero;
  const sameCategory = r.categoryId !== undefined ? sql<boolean>`(p.category_id = ${r.categoryId})` : zero;
  const sameBrand = r.brand ? sameIgnoringCase(db, sql.ref('p.brand'), sql.val(r.brand)) : zero;
  const sameSize = variantMatch('size_id', r.sizeIds);
  const sameColor = variantMatch('color_id', r.colorIds);
  const anyCriterion =
    r.categoryId !== undefined || r.brand !== undefined || r.sizeIds.length > 0 || r.colorIds.length > 0;
  const rows = await db
    .selectFrom('products as p')
    .select('p.product_id')
    .where('p.is_active', '=', 1)
    .$if(r.currentProductId !== undefined, (q) => q.where('p.product_id', '!=', r.currentProductId!))
    .$if(anyCriterion, (q) => q.where(sql<boolean>`(${sameCategory} OR ${sameBrand} OR ${sameSize} OR ${sameColor})`))
    .orderBy(asInt(sameCategory), 'desc')
    .orderBy(sql`${asInt(sameBrand)} + ${asInt(sameSize)} + ${asInt(sameColor)}`, 'desc')
    .orderBy('p.date_added', 'desc')
    .orderBy('p.product_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((x) => x.product_id);
}

/** Active products newest first (the related ranking's index, related-index.ts). */
export function relatedIndexProducts(db: DB) {
  return db
    .selectFrom('products')
    .select(['product_id', 'category_id', 'brand'])
    .where('is_active', '=', 1)
    .orderBy('date_added', 'desc')
    .orderBy('product_id', 'desc')
    .execute();
}

/** Every variant's product, size and colour (the related ranking's index). */
export function relatedIndexVariants(db: DB) {
  return db.selectFrom('product_variants').select(['product_id', 'size_id', 'color_id']).execute();
}

export function productRows(db: DB, ids: number[]) {
  return db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.category_id', 'p.category_id')
    .select([
      'p.product_id',
      'p.name',
      'p.barcode',
      'p.brand',
      'p.description',
      'p.category_id',
      'p.price_cents',
      'p.is_featured',
      'p.is_active',
      'p.date_added',
      'p.rating_total',
      'p.rating_count',
      'c.category_name',
      'c.main_category_id',
      ...PRODUCT_TEXT_KEYS.map((k) => `p.${k}` as const),
    ])
    .where('p.product_id', 'in', ids)
    .execute();
}
export type ProductRow = Awaited<ReturnType<typeof productRows>>[number];

export function variantRows(db: DB, productIds: number[]) {
  return db
    .selectFrom('product_variants as v')
    .innerJoin('sizes as s', 's.size_id', 'v.size_id')
    .innerJoin('colors as co', 'co.color_id', 'v.color_id')
    .select([
      'v.variant_id',
      'v.product_id',
      'v.size_id',
      'v.color_id',
      'v.stock_quantity',
      's.size_name',
      'co.color_name',
      'co.hex_code',
    ])
    .where('v.product_id', 'in', productIds)
    .orderBy('v.product_id')
    .orderBy('v.variant_id')
    .execute();
}
export type VariantRow = Awaited<ReturnType<typeof variantRows>>[number];

export function imageRows(db: DB, productIds: number[]) {
  return db
    .selectFrom('product_images')
    .select(['product_id', 'color_id', 'file_name', 'sort_order', 'image_id'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('color_id')
    .orderBy('sort_order')
    .orderBy('image_id')
    .execute();
}
export type ImageRow = Awaited<ReturnType<typeof imageRows>>[number];

export function eventRows(db: DB, productIds: number[]) {
  return db
    .selectFrom('product_events as pe')
    .innerJoin('events as e', 'e.event_id', 'pe.event_id')
    .select(['pe.product_id', 'e.event_id', 'e.event_name'])
    .where('pe.product_id', 'in', productIds)
    .orderBy('e.event_name')
    .execute();
}

/** Best (highest) percentage of the product discounts whose window contains `today` (both ends inclusive). */
export function activeDiscountRows(db: DB, productIds: number[], today: string) {
  return db
    .selectFrom('product_discount_products as dp')
    .innerJoin('product_discounts as d', 'd.product_discount_id', 'dp.product_discount_id')
    .select(['dp.product_id', (eb) => eb.fn.max<number>('d.discount_percentage').as('percentage')])
    .where('dp.product_id', 'in', productIds)
    .where('d.start_date', '<=', today)
    .where('d.end_date', '>=', today)
    .groupBy('dp.product_id')
    .execute();
}

export function variantStock(db: DB, variantId: number) {
  return db
    .selectFrom('product_variants')
    .select(['variant_id', 'product_id', 'stock_quantity'])
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
}

export function categoryRows(db: DB, mainCategoryID?: number) {
  return db
    .selectFrom('categories')
    .select(['category_id', 'category_name', 'description', 'main_category_id'])
    .$if(mainCategoryID !== undefined, (q) => q.where('main_category_id', '=', mainCategoryID!))
    .orderBy('main_category_id')
    .orderBy('category_id')
    .execute();
}

export function categoryRow(db: DB, categoryId: number) {
  return db
    .selectFrom('categories')
    .select(['category_id', 'category_name', 'description', 'main_category_id'])
    .where('category_id', '=', categoryId)
    .executeTakeFirst();
}

export function mainCategoryRows(db: DB) {
  return db
    .selectFrom('main_categories')
    .select(['main_category_id', 'main_category_name'])
    .orderBy('main_category_id')
    .execute();
}

export function sizeRows(db: DB) {
  return db.selectFrom('sizes').select(['size_id', 'size_name']).execute();
}

export function eventList(db: DB) {
  return db.selectFrom('events').select(['event_id', 'event_name']).orderBy('event_name').orderBy('event_id').execute();
}

export function colorRows(db: DB) {
  return db
    .selectFrom('colors')
    .select(['color_id', 'color_name', 'hex_code'])
    .orderBy('color_name')
    .orderBy('color_id')
    .execute();
}

/** Colours with the number of active products that have a variant in that colour, at least `min` of them; never
 *  "no colour" (decision 216), which is no colour to filter by. */
export function colorCountRows(db: DB, min: number) {
  return db
    .selectFrom('colors as co')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('product_variants as v')
          .innerJoin('products as p', 'p.product_id', 'v.product_id')
          .where('p.is_active', '=', 1)
          .select(['v.color_id', (e) => e.fn.count<number>('v.product_id').distinct().as('n')])
          .groupBy('v.color_id')
          .as('counts'),
      (join) => join.onRef('counts.color_id', '=', 'co.color_id'),
    )
    .select(['co.color_id', 'co.color_name', 'co.hex_code', (eb) => eb.fn.coalesce('counts.n', sql.lit(0)).as('n')])
    .where((eb) => eb.fn.coalesce('counts.n', sql.lit(0)), '>=', min)
    .where('co.hex_code', '<>', NO_COLOUR_HEX)
    .orderBy('co.color_name')
    .orderBy('co.color_id')
    .execute();
}

export function countryRows(db: DB) {
  return db
    .selectFrom('countries')
    .select(['country_id', 'country_name', 'shipping_price_cents', 'free_shipping_from_cents', 'postal_code_optional'])
    .orderBy('shipping_price_cents')
    .orderBy('country_name')
    .execute();
}
