// Public catalogue reads (products, categories, sizes, events, colours, countries) and their read cache.
//
// Read cache (docs/decisions/010, 201): every read below is answered from a per-database cache of finished DTOs
// (and their JSON text, for REST), keyed by the normalised query. The cache is dropped when
//   - the trigger-maintained catalogue version changes (migrations/0010: any write to products, variants,
//     images, events, categories, colours, sizes, countries or product discounts, from any module or process),
//   - bumpCatalogVersion() is called (other modules: call it after any catalogue or discount write; it drops
//     the cache at once, before the next read even looks at the database),
//   - shopToday() changes (a discount window opens or closes at midnight, shop time).
// So a write is visible on the next read. Cached values are frozen: never mutate what a read returns.
// Bounded in bytes, not entries (decision 201): a least-recently-used cache of at most CACHE_CATALOG_BYTES, each
// entry weighed by its JSON text (the DTO, its JSON, gzip and tRPC texts all live as long as the entry), and
// entries unused for CACHE_IDLE_SECONDS dropped (http/byte-cache.ts). Keys
// are made from normalised input (ids sorted, repeats and unknown ids dropped, unknown parameters never read),
// and answers an arbitrary input can multiply (a missing row, a page past the last one) are never kept.
//
// Discount pricing: activeDiscountPercentages(db, productIds, today) gives the best active product discount
// per product in one query (window start_date <= today <= end_date, both inclusive); checkout reuses it so
// the price a shopper sees is the price they pay. discountedPriceCents() applies it.
import { messages } from '../../../shared/messages';
import { applyPercent, centsToEuros } from '../../../shared/money';
import { shopToday } from '../../../shared/dates';
import { sortSizes } from '../../../shared/sizes';
import { isStaffRole } from '../../../shared/roles';
import type {
  CategoryDto,
  ColorDto,
  ColorWithCountDto,
  CountryDto,
  EventDto,
  MainCategoryDto,
  ProductCardDto,
  ProductDto,
  ProductFilterResultDto,
  ProductImagesDto,
  ProductVariantDto,
  SizeDto,
  VariantStockDto,
} from '../../../shared/dto/catalog';
import type { ProductFilterInput, RelatedProductsInput } from '../../../shared/schemas/catalog';
import { RELATED_LIMIT } from '../../../shared/schemas/catalog';
import type { DB } from '../../db/client';
import { AppError } from '../../errors';
import { ByteCache } from '../../http/byte-cache';
import { DEFAULT_CACHE_BUDGET } from '../../http/cache-budget';
import type { Actor } from '../accounts/tokens';
import { imageUrl } from '../media/media.service';
import * as q from './catalog.queries';

// ---------------------------------------------------------------------------------------------------------
// Read cache

export interface CachedRead<T> {
  readonly value: T;
  /** The value as JSON text, serialised once per cache entry. */
  json(): string;
  /** This entry's number, unique in the process; 0 for an answer made for one request and never kept. */
  readonly id: number;
}

interface CacheState {
  processVersion: number;
  dbVersion: number;
  today: string;
  /** One per database and budget: emptied when the version or the date changes (what was asked is remembered). */
  entries: ByteCache<CachedRead<unknown>>;
  /** Reads being computed: concurrent requests for one key share one computation. */
  pending: Map<string, Promise<CachedRead<unknown>>>;
  /** Replaced by a newer version's state: what it computes now is not kept. */
  retired: boolean;
}

/**
 * Bytes an entry holds per character of its JSON: the frozen DTO tree (about twice the text), the text, its
 * UTF-8 bytes and gzip (catalog.body.ts) and the tRPC result text (catalog.fast-lane.ts). Measured (decision 201):
 * heap and external memory around filling the cache with REST listing pages came to 0.8-0.97 of this estimate.
 */
const BYTES_PER_JSON_CHAR = 5;
const ENTRY_OVERHEAD_BYTES = 512;
/** A DTO entry's bytes: its JSON (made for the purpose and dropped) times what lives with it. */
const entryBytes = (value: unknown): number => BYTES_PER_JSON_CHAR * (JSON.stringify(value)?.length ?? 4);

interface Budget {
  bytes: number;
  idleMs: number;
}
const caches = new WeakMap<DB, CacheState>();
/** Entries weighed otherwise than entryBytes (ReadOptions.bytes). */
const weights = new WeakMap<object, (value: unknown) => number>();
const budgets = new WeakMap<DB, Budget>();
const DEFAULT_BUDGET: Budget = { bytes: DEFAULT_CACHE_BUDGET.catalogBytes, idleMs: DEFAULT_CACHE_BUDGET.idleMs };
let processVersion = 0;
let entrySerial = 0;

/** Drops every cached catalogue answer now. Call after any catalogue or discount write (also covered by triggers). */
export function bumpCatalogVersion(): void {
  processVersion += 1;
}

/** The bounds of `db`'s read cache (CACHE_CATALOG_BYTES, CACHE_IDLE_SECONDS; createApp sets them). A change drops the cache. */
export function setCatalogCacheBudget(db: DB, budget: Budget): void {
  const known = budgets.get(db);
  if (known && known.bytes === budget.bytes && known.idleMs === budget.idleMs) return;
  budgets.set(db, { ...budget });
  const state = caches.get(db);
  if (state) state.retired = true;
  caches.delete(db);
}

/** Entries and estimated bytes held by `db`'s read cache now (tests, diagnostics). */
export function catalogCacheStats(db: DB): { entries: number; bytes: number; maxBytes: number } {
  return (
    caches.get(db)?.entries.stats() ?? { entries: 0, bytes: 0, maxBytes: (budgets.get(db) ?? DEFAULT_BUDGET).bytes }
  );
}

// shopToday() builds an Intl formatter per call; once a second is plenty for a date.
let todayMemo = { at: 0, value: '' };
export function cachedShopToday(): string {
  const now = Date.now();
  if (now - todayMemo.at > 1000) todayMemo = { at: now, value: shopToday(new Date(now)) };
  return todayMemo.value;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}

function makeEntry<T>(value: T, id: number): CachedRead<T> {
  let text: string | undefined;
  return { value: deepFreeze(value), json: () => (text ??= JSON.stringify(value) ?? 'null'), id };
}

/** An answer made for this request only (never kept): a page past the last one, an input that matches nothing. */
const answerOnly = <T>(value: T): CachedRead<T> => makeEntry(value, 0);

function newState(db: DB, dbVersion: number, today: string, previous: CacheState | undefined): CacheState {
  let entries = previous?.entries;
  if (entries) entries.clear();
  else {
    const budget = budgets.get(db) ?? DEFAULT_BUDGET;
    entries = new ByteCache<CachedRead<unknown>>({
      maxBytes: budget.bytes,
      idleMs: budget.idleMs,
      bytes: (entry, key) => ENTRY_OVERHEAD_BYTES + 2 * key.length + (weights.get(entry) ?? entryBytes)(entry.value),
    });
  }
  if (previous) previous.retired = true;
  return { processVersion, dbVersion, today, entries, pending: new Map(), retired: false };
}

/** The cache of `db` for the current catalogue version and shop date (one version read). */
async function freshState(db: DB): Promise<CacheState> {
  const today = cachedShopToday();
  const dbVersion = await q.fastCatalogVersion(db);
  let state = caches.get(db);
  if (!state || state.processVersion !== processVersion || state.dbVersion !== dbVersion || state.today !== today) {
    state = newState(db, dbVersion, today, state);
    caches.set(db, state);
  }
  return state;
}

interface ReadOptions<T> {
  /** Whether the answer is kept (default: always). Answers any input can multiply should not be. */
  keep?: (value: T) => boolean;
  /** The bytes the value holds, when not a DTO the doors send (default: weighed by its JSON, entryBytes). */
  bytes?: (value: T) => number;
}

/** `key` in `state`, or computed (once, even under concurrent requests) and kept unless `keep` says no. */
function readIn<T>(
  state: CacheState,
  key: string,
  compute: (today: string) => Promise<T>,
  opts: ReadOptions<T> = {},
): Promise<CachedRead<T>> {
  const hit = state.entries.get(key) as CachedRead<T> | undefined;
  if (hit) return Promise.resolve(hit);
  const inFlight = state.pending.get(key) as Promise<CachedRead<T>> | undefined;
  if (inFlight) return inFlight;
  const computing = compute(state.today)
    .then((value) => {
      if (state.retired || (opts.keep && !opts.keep(value))) return answerOnly(value);
      // Kept from its second ask on (http/byte-cache.ts): a one-off question is answered and forgotten.
      const entry = makeEntry(value, ++entrySerial);
      if (opts.bytes) weights.set(entry, opts.bytes as (value: unknown) => number);
      return state.entries.set(key, entry) ? entry : answerOnly(value);
    })
    .finally(() => state.pending.delete(key));
  state.pending.set(key, computing);
  return computing;
}

/** Answers `key` from the cache, or computes it (once, even under concurrent requests) for today's date. */
export async function cachedRead<T>(
  db: DB,
  key: string,
  compute: (today: string) => Promise<T>,
  opts: ReadOptions<T> = {},
): Promise<CachedRead<T>> {
  return readIn(await freshState(db), key, compute, opts);
}

// ---------------------------------------------------------------------------------------------------------
// Normalised input (decision 201): the ids, brands and counts that exist, so that unknown, repeated or
// reordered ids, and any other spelling of the same question, make one cache key.

interface Vocabulary {
  sizes: ReadonlySet<number>;
  colors: ReadonlySet<number>;
  events: ReadonlySet<number>;
  /** Main category of each category. */
  categories: ReadonlyMap<number, number>;
  /** Active products. */
  products: ReadonlySet<number>;
  /** Brands of active products, by their lower-case form (the first spelling, in brand order). */
  brands: ReadonlyMap<string, string>;
}

/** Sets and maps (their JSON is `{}`): about 40 bytes an id, and the brands' text. */
const vocabularyBytes = (v: Vocabulary): number => {
  let text = 0;
  for (const [lower, brand] of v.brands) text += 2 * (lower.length + brand.length);
  return (
    40 * (v.sizes.size + v.colors.size + v.events.size + 2 * v.categories.size + v.products.size + 2 * v.brands.size) +
    text
  );
};

const vocabulary = (state: CacheState, db: DB): Promise<CachedRead<Vocabulary>> =>
  readIn(
    state,
    'vocabulary',
    async () => {
      const v = await q.vocabularyRows(db);
      const brands = new Map<string, string>();
      for (const b of v.brands) if (!brands.has(b.toLowerCase())) brands.set(b.toLowerCase(), b);
      return {
        sizes: new Set(v.sizes),
        colors: new Set(v.colors),
        events: new Set(v.events),
        categories: new Map(v.categories.map((c) => [c.category_id, c.main_category_id])),
        products: new Set(v.products),
        brands,
      };
    },
    { bytes: vocabularyBytes },
  );

/** Ids start at 1 (idSchema), so `IN (0)` matches nothing: every list of unknown ids becomes this one. */
const NO_MATCH = 0;

/** The known ids of a list, sorted, without repeats; a list of unknown ids only is [NO_MATCH] (it matches nothing). */
function knownIds(ids: readonly number[], known: ReadonlySet<number>): number[] {
  if (!ids.length) return [];
  const kept = [...new Set(ids)].filter((id) => known.has(id)).sort((a, b) => a - b);
  return kept.length ? kept : [NO_MATCH];
}

// ---------------------------------------------------------------------------------------------------------
// Pricing

/** Best active product-discount percentage per product (window inclusive at both ends), in one query. */
export async function activeDiscountPercentages(
  db: DB,
  productIds: readonly number[],
  today: string = cachedShopToday(),
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!productIds.length) return out;
  for (const row of await q.activeDiscountRows(db, [...new Set(productIds)], today))
    out.set(row.product_id, Number(row.percentage));
  return out;
}

/** The price after a product discount, in cents; the full price when there is none. */
export function discountedPriceCents(priceCents: number, percentage: number | undefined | null): number {
  return percentage ? applyPercent(priceCents, percentage) : priceCents;
}

// ---------------------------------------------------------------------------------------------------------
// Products

interface LoadedProducts {
  rows: Map<number, q.ProductRow>;
  variants: Map<number, q.VariantRow[]>;
  images: Map<number, q.ImageRow[]>;
  events: Map<number, EventDto[]>;
  discounts: Map<number, number>;
}

function groupBy<T extends { product_id: number }>(rows: T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const list = out.get(r.product_id);
    if (list) list.push(r);
    else out.set(r.product_id, [r]);
  }
  return out;
}

async function loadProducts(db: DB, ids: number[], today: string, withEvents: boolean): Promise<LoadedProducts> {
  if (!ids.length)
    return { rows: new Map(), variants: new Map(), images: new Map(), events: new Map(), discounts: new Map() };
  const [rows, variants, images, events, discounts] = await Promise.all([
    q.productRows(db, ids),
    q.variantRows(db, ids),
    q.imageRows(db, ids),
    withEvents ? q.eventRows(db, ids) : Promise.resolve([]),
    activeDiscountPercentages(db, ids, today),
  ]);
  const eventMap = new Map<number, EventDto[]>();
  for (const e of events) {
    const list = eventMap.get(e.product_id) ?? [];
    list.push({ eventID: e.event_id, eventName: e.event_name });
    eventMap.set(e.product_id, list);
  }
  return {
    rows: new Map(rows.map((r) => [r.product_id, r])),
    variants: groupBy(variants),
    images: groupBy(images),
    events: eventMap,
    discounts,
  };
}

/** Colours in the order the product's variants introduce them; colours that only have pictures come last. */
function colourOrder(variants: q.VariantRow[], images: q.ImageRow[]): number[] {
  const order: number[] = [];
  for (const v of variants) if (!order.includes(v.color_id)) order.push(v.color_id);
  for (const i of images) if (!order.includes(i.color_id)) order.push(i.color_id);
  return order;
}

function imagesByColour(variants: q.VariantRow[], images: q.ImageRow[]): ProductImagesDto[] {
  const byColour = new Map<number, string[]>();
  for (const i of images) {
    const list = byColour.get(i.color_id) ?? [];
    list.push(imageUrl(i.file_name));
    byColour.set(i.color_id, list);
  }
  return colourOrder(variants, images)
    .filter((id) => byColour.has(id))
    .map((colorID) => ({ colorID, imageURLs: byColour.get(colorID)! }));
}

const CARD_IMAGES = 4;

function toCard(row: q.ProductRow, loaded: LoadedProducts): ProductCardDto {
  const variants = loaded.variants.get(row.product_id) ?? [];
  const images = loaded.images.get(row.product_id) ?? [];
  const percentage = loaded.discounts.get(row.product_id) ?? null;
  const colors: ProductCardDto['colors'] = [];
  for (const v of variants) {
    if (!colors.some((c) => c.colorID === v.color_id))
      colors.push({ colorID: v.color_id, colorName: v.color_name, hexCode: v.hex_code });
  }
  return {
    productID: row.product_id,
    name: row.name,
    brand: row.brand,
    barcode: row.barcode,
    categoryID: row.category_id,
    mainCategoryID: row.main_category_id,
    price: centsToEuros(row.price_cents),
    discountedPrice: percentage ? centsToEuros(discountedPriceCents(row.price_cents, percentage)) : null,
    discountPercentage: percentage,
    isFeatured: row.is_featured === 1,
    isActive: row.is_active === 1,
    imageURLs: imagesByColour(variants, images)
      .flatMap((g) => g.imageURLs)
      .slice(0, CARD_IMAGES),
    stockQuantity: variants.reduce((sum, v) => sum + v.stock_quantity, 0),
    colors,
  };
}

function toProduct(row: q.ProductRow, loaded: LoadedProducts): ProductDto {
  const variants = loaded.variants.get(row.product_id) ?? [];
  const images = loaded.images.get(row.product_id) ?? [];
  const events = loaded.events.get(row.product_id) ?? [];
  const productVariants: ProductVariantDto[] = sortSizes(
    variants.map((v) => ({
      variantID: v.variant_id,
      sizeID: v.size_id,
      colorID: v.color_id,
      stockQuantity: v.stock_quantity,
      sizeName: v.size_name,
      colorName: v.color_name,
      hexCode: v.hex_code,
    })),
  );
  return {
    ...toCard(row, loaded),
    description: row.description,
    categoryName: row.category_name,
    dateAdded: row.date_added,
    images: imagesByColour(variants, images),
    productVariants,
    events,
    eventIDs: events.map((e) => e.eventID),
  };
}

/**
 * Who sees inactive products (decisions 100 and 202): the one rule every catalogue read applies. Staff, on a read
 * that asks for the staff view (REST GET /api/Product and tRPC catalog.products with includeInactive: the
 * dashboard's list; a product by id: the dashboard's product form), get inactive products too; everyone else, and
 * every storefront list (listing, home, related, search, sitemap, feeds), gets active products only. A read in
 * the staff view is kept under a key of its own, so it never answers a read without it.
 */
function staffView(viewer: Actor | null | undefined, asked: boolean): boolean {
  return asked && isStaffRole(viewer?.roleID);
}
const shown = (row: q.ProductRow, inStaffView: boolean): boolean => inStaffView || row.is_active === 1;

/** Cards for ids, in the order of ids (missing ids, and inactive ones outside the staff view, skipped). */
async function cardsFor(db: DB, ids: number[], today: string, inStaffView = false): Promise<ProductCardDto[]> {
  const loaded = await loadProducts(db, ids, today, false);
  return ids.flatMap((id) => {
    const row = loaded.rows.get(id);
    return row && shown(row, inStaffView) ? [toCard(row, loaded)] : [];
  });
}

export function homepageProducts(db: DB): Promise<CachedRead<ProductCardDto[]>> {
  return cachedRead(db, 'homepage', async (today) =>
    cardsFor(db, await q.activeProductIds(db, { featuredOnly: true }), today),
  );
}

/** Every active product (the client caches it for search); with includeInactive (staff: productList) inactive ones too. */
export function allProducts(db: DB, opts: { includeInactive?: boolean } = {}): Promise<CachedRead<ProductCardDto[]>> {
  const includeInactive = Boolean(opts.includeInactive);
  return cachedRead(db, `all:${includeInactive}`, async (today) =>
    cardsFor(db, await q.activeProductIds(db, { includeInactive }), today, includeInactive),
  );
}

/**
 * The product list on both doors (decision 100): a read that asks for the staff view (REST GET /api/Product
 * always does, as the dashboard's list; tRPC catalog.products when its input says so) gets inactive products
 * too, but only when the caller is staff (staffView); everyone else gets the active ones.
 */
export function productList(db: DB, viewer: Actor | null, asked: boolean): Promise<CachedRead<ProductCardDto[]>> {
  return allProducts(db, { includeInactive: staffView(viewer, asked) });
}

/**
 * One product in full. An inactive product is NOT_FOUND, exactly like a missing one, for everyone but staff
 * (decision 202): the REST and tRPC doors pass their caller, the fast lane, page heads and server renders none.
 */
export async function productById(
  db: DB,
  productId: number,
  viewer: Actor | null = null,
): Promise<CachedRead<ProductDto>> {
  const inStaffView = staffView(viewer, true);
  const key = `${inStaffView ? 'product+inactive' : 'product'}:${productId}`;
  const read = await cachedRead(
    db,
    key,
    async (today) => {
      const loaded = await loadProducts(db, [productId], today, true);
      const row = loaded.rows.get(productId);
      return row && shown(row, inStaffView) ? toProduct(row, loaded) : null;
    },
    { keep: (product) => product !== null },
  );
  if (!read.value) throw new AppError('NOT_FOUND', messages.product.notFound);
  return read as CachedRead<ProductDto>;
}

/** Every active product in full (variants, images by colour), in the listing's default order: sitemap and product feeds. */
export function activeProductDetails(db: DB): Promise<CachedRead<ProductDto[]>> {
  return cachedRead(db, 'details:active', async (today) => {
    const ids = await q.activeProductIds(db, {});
    const loaded = await loadProducts(db, ids, today, false);
    return ids.flatMap((id) => {
      const row = loaded.rows.get(id);
      return row && shown(row, false) ? [toProduct(row, loaded)] : [];
    });
  });
}

/** The related-products question in one spelling: known ids only, the brand as the catalogue spells it. */
function normalRelated(input: RelatedProductsInput, v: Vocabulary): q.RelatedQuery {
  const lower = input.brand?.toLowerCase();
  return {
    categoryId:
      input.categoryId === undefined ? undefined : v.categories.has(input.categoryId) ? input.categoryId : NO_MATCH,
    // '' is a brand criterion no product meets (q.relatedProductIds), as an unknown brand is.
    brand: lower ? (v.brands.get(lower) ?? '') : undefined,
    currentProductId:
      input.currentProductId !== undefined && v.products.has(input.currentProductId)
        ? input.currentProductId
        : undefined,
    sizeIds: knownIds(input.sizeIds, v.sizes),
    colorIds: knownIds(input.colorIds, v.colors),
  };
}

export async function relatedProducts(db: DB, input: RelatedProductsInput): Promise<CachedRead<ProductCardDto[]>> {
  const state = await freshState(db);
  const r = normalRelated(input, (await vocabulary(state, db)).value);
  return readIn(state, `related:${JSON.stringify(r)}`, async (today) =>
    cardsFor(db, await q.relatedProductIds(db, r, RELATED_LIMIT), today),
  );
}

/** The listing's filter in one spelling: known ids only (a category of the other main category matches nothing). */
function normalFilter(input: ProductFilterInput, v: Vocabulary): Omit<q.ProductFilter, 'sort' | 'today'> {
  const { mainCategoryID, categoryID } = input;
  return {
    mainCategoryID,
    categoryID:
      categoryID === undefined ? undefined : v.categories.get(categoryID) === mainCategoryID ? categoryID : NO_MATCH,
    sizeIds: knownIds(input.size, v.sizes),
    colorIds: knownIds(input.colorID, v.colors),
    eventIds: knownIds(input.eventID, v.events),
  };
}

/**
 * A page of the listing. The count per filter is kept; a page is kept only when it has products, so a page past
 * the last one (any of 100 000) is answered from the count without a query and without a cache entry.
 */
export async function filterProducts(db: DB, input: ProductFilterInput): Promise<CachedRead<ProductFilterResultDto>> {
  const state = await freshState(db);
  const f = normalFilter(input, (await vocabulary(state, db)).value);
  const filterKey = JSON.stringify(f);
  const totalCount = (await readIn(state, `filter-count:${filterKey}`, () => q.filterProductCount(db, f))).value;
  const { page, pageSize, sort } = input;
  const offset = (page - 1) * pageSize;
  if (offset >= totalCount) return answerOnly({ products: [], totalCount, page, pageSize });
  return readIn(state, `filter:${filterKey}:${page}:${pageSize}:${sort}`, async (today) => {
    const ids = await q.filterProductIds(db, { ...f, sort, today }, pageSize, offset);
    return { products: await cardsFor(db, ids, today), totalCount, page, pageSize };
  });
}

export async function variantStockById(db: DB, variantId: number): Promise<CachedRead<VariantStockDto>> {
  const read = await cachedRead(
    db,
    `variant:${variantId}`,
    async () => {
      const row = await q.variantStock(db, variantId);
      return row ? { variantID: row.variant_id, productID: row.product_id, stockQuantity: row.stock_quantity } : null;
    },
    { keep: (variant) => variant !== null },
  );
  if (!read.value) throw new AppError('NOT_FOUND', messages.listing.variantNotFound);
  return read as CachedRead<VariantStockDto>;
}

// ---------------------------------------------------------------------------------------------------------
// Reference lists

const toCategory = (r: {
  category_id: number;
  category_name: string;
  description: string;
  main_category_id: number;
}): CategoryDto => ({
  categoryID: r.category_id,
  categoryName: r.category_name,
  description: r.description,
  mainCategoryID: r.main_category_id,
});

export function categories(db: DB): Promise<CachedRead<CategoryDto[]>> {
  return cachedRead(db, 'categories', async () => (await q.categoryRows(db)).map(toCategory));
}

export function categoriesByMain(db: DB, mainCategoryID: number): Promise<CachedRead<CategoryDto[]>> {
  return cachedRead(db, `categories:${mainCategoryID}`, async () =>
    (await q.categoryRows(db, mainCategoryID)).map(toCategory),
  );
}

export async function categoryById(db: DB, categoryId: number): Promise<CachedRead<CategoryDto>> {
  const read = await cachedRead(
    db,
    `category:${categoryId}`,
    async () => {
      const row = await q.categoryRow(db, categoryId);
      return row ? toCategory(row) : null;
    },
    { keep: (category) => category !== null },
  );
  if (!read.value) throw new AppError('NOT_FOUND', messages.listing.categoryNotFound);
  return read as CachedRead<CategoryDto>;
}

export function mainCategories(db: DB): Promise<CachedRead<MainCategoryDto[]>> {
  return cachedRead(db, 'mainCategories', async () =>
    (await q.mainCategoryRows(db)).map((r) => ({
      mainCategoryID: r.main_category_id,
      mainCategoryName: r.main_category_name,
    })),
  );
}

export function sizes(db: DB): Promise<CachedRead<SizeDto[]>> {
  return cachedRead(db, 'sizes', async () =>
    sortSizes((await q.sizeRows(db)).map((r) => ({ sizeID: r.size_id, sizeName: r.size_name }))),
  );
}

export function events(db: DB): Promise<CachedRead<EventDto[]>> {
  return cachedRead(db, 'events', async () =>
    (await q.eventList(db)).map((r) => ({ eventID: r.event_id, eventName: r.event_name })),
  );
}

const toColor = (r: { color_id: number; color_name: string; hex_code: string }): ColorDto => ({
  colorID: r.color_id,
  colorName: r.color_name,
  name: r.color_name,
  hexCode: r.hex_code,
});

export function colors(db: DB): Promise<CachedRead<ColorDto[]>> {
  return cachedRead(db, 'colors', async () => (await q.colorRows(db)).map(toColor));
}

/** Colours used by at least `minProductCount` active products, with that count (any count above them all is one question). */
export async function colorsWithCount(db: DB, minProductCount: number): Promise<CachedRead<ColorWithCountDto[]>> {
  const state = await freshState(db);
  const min = Math.min(minProductCount, (await vocabulary(state, db)).value.products.size + 1);
  return readIn(state, `colorsWithCount:${min}`, async () =>
    (await q.colorCountRows(db, min)).map((r) => ({ ...toColor(r), productCount: Number(r.n) })),
  );
}

export function countries(db: DB): Promise<CachedRead<CountryDto[]>> {
  return cachedRead(db, 'countries', async () =>
    (await q.countryRows(db)).map((r) => ({
      countryID: r.country_id,
      countryName: r.country_name,
      name: r.country_name,
      shippingPrice: centsToEuros(r.shipping_price_cents),
      freeShippingFrom: r.free_shipping_from_cents === null ? null : centsToEuros(r.free_shipping_from_cents),
    })),
  );
}
