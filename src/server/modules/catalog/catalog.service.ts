// Public catalogue reads (products, categories, sizes, events, colours, countries) and their read cache.
//
// Read cache (docs/decisions/010): every read below is answered from a per-database cache of finished DTOs
// (and their JSON text, for REST), keyed by the normalised query. The cache is dropped when
//   - the trigger-maintained catalogue version changes (migrations/0010: any write to products, variants,
//     images, events, categories, colours, sizes, countries or product discounts, from any module or process),
//   - bumpCatalogVersion() is called (other modules: call it after any catalogue or discount write; it drops
//     the cache at once, before the next read even looks at the database),
//   - shopToday() changes (a discount window opens or closes at midnight, shop time).
// So a write is visible on the next read. Cached values are frozen: never mutate what a read returns.
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
  CategoryDto, ColorDto, ColorWithCountDto, CountryDto, EventDto, MainCategoryDto, ProductCardDto, ProductDto,
  ProductFilterResultDto, ProductImagesDto, ProductVariantDto, SizeDto, VariantStockDto,
} from '../../../shared/dto/catalog';
import type { ProductFilterInput, RelatedProductsInput } from '../../../shared/schemas/catalog';
import { RELATED_LIMIT } from '../../../shared/schemas/catalog';
import type { DB } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../accounts/tokens';
import { imageUrl } from '../media/media.service';
import * as q from './catalog.queries';

// ---------------------------------------------------------------------------------------------------------
// Read cache

export interface CachedRead<T> {
  readonly value: T;
  /** The value as JSON text, serialised once per cache entry. */
  json(): string;
}

interface CacheState {
  processVersion: number;
  dbVersion: number;
  today: string;
  entries: Map<string, Promise<CachedRead<unknown>>>;
}

const MAX_ENTRIES = 2000;
const caches = new WeakMap<DB, CacheState>();
let processVersion = 0;

/** Drops every cached catalogue answer now. Call after any catalogue or discount write (also covered by triggers). */
export function bumpCatalogVersion(): void {
  processVersion += 1;
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

function makeEntry<T>(value: T): CachedRead<T> {
  let text: string | undefined;
  return { value: deepFreeze(value), json: () => (text ??= JSON.stringify(value)) };
}

/** Answers `key` from the cache, or computes it (once, even under concurrent requests) for today's date. */
export async function cachedRead<T>(db: DB, key: string, compute: (today: string) => Promise<T>): Promise<CachedRead<T>> {
  const today = cachedShopToday();
  const dbVersion = await q.fastCatalogVersion(db);
  let state = caches.get(db);
  if (!state || state.processVersion !== processVersion || state.dbVersion !== dbVersion || state.today !== today || state.entries.size >= MAX_ENTRIES) {
    state = { processVersion, dbVersion, today, entries: new Map() };
    caches.set(db, state);
  }
  const hit = state.entries.get(key) as Promise<CachedRead<T>> | undefined;
  if (hit) return hit;
  const entries = state.entries;
  const pending = compute(today).then(makeEntry);
  entries.set(key, pending);
  pending.catch(() => entries.delete(key));
  return pending;
}

const listKey = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b).join(',');

// ---------------------------------------------------------------------------------------------------------
// Pricing

/** Best active product-discount percentage per product (window inclusive at both ends), in one query. */
export async function activeDiscountPercentages(db: DB, productIds: readonly number[], today: string = cachedShopToday()): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!productIds.length) return out;
  for (const row of await q.activeDiscountRows(db, [...new Set(productIds)], today)) out.set(row.product_id, Number(row.percentage));
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
  if (!ids.length) return { rows: new Map(), variants: new Map(), images: new Map(), events: new Map(), discounts: new Map() };
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
  return { rows: new Map(rows.map((r) => [r.product_id, r])), variants: groupBy(variants), images: groupBy(images), events: eventMap, discounts };
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
    if (!colors.some((c) => c.colorID === v.color_id)) colors.push({ colorID: v.color_id, colorName: v.color_name, hexCode: v.hex_code });
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
    imageURLs: imagesByColour(variants, images).flatMap((g) => g.imageURLs).slice(0, CARD_IMAGES),
    stockQuantity: variants.reduce((sum, v) => sum + v.stock_quantity, 0),
    colors,
  };
}

function toProduct(row: q.ProductRow, loaded: LoadedProducts): ProductDto {
  const variants = loaded.variants.get(row.product_id) ?? [];
  const images = loaded.images.get(row.product_id) ?? [];
  const events = loaded.events.get(row.product_id) ?? [];
  const productVariants: ProductVariantDto[] = sortSizes(
    variants.map((v) => ({ variantID: v.variant_id, sizeID: v.size_id, colorID: v.color_id, stockQuantity: v.stock_quantity, sizeName: v.size_name, colorName: v.color_name, hexCode: v.hex_code })),
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

/** Cards for ids, in the order of ids (missing ids skipped). */
async function cardsFor(db: DB, ids: number[], today: string): Promise<ProductCardDto[]> {
  const loaded = await loadProducts(db, ids, today, false);
  return ids.flatMap((id) => {
    const row = loaded.rows.get(id);
    return row ? [toCard(row, loaded)] : [];
  });
}

export function homepageProducts(db: DB): Promise<CachedRead<ProductCardDto[]>> {
  return cachedRead(db, 'homepage', async (today) => cardsFor(db, await q.activeProductIds(db, { featuredOnly: true }), today));
}

/** Every active product (the client caches it for search); staff also get inactive ones. */
export function allProducts(db: DB, opts: { includeInactive?: boolean } = {}): Promise<CachedRead<ProductCardDto[]>> {
  const includeInactive = Boolean(opts.includeInactive);
  return cachedRead(db, `all:${includeInactive}`, async (today) => cardsFor(db, await q.activeProductIds(db, { includeInactive }), today));
}

/**
 * Who sees inactive products (decision 100), one rule for both doors: a read that asks for the staff view
 * (REST GET /api/Product always does, as the dashboard's list; tRPC catalog.products when its input says so)
 * gets inactive products too, but only when the caller is staff; everyone else gets the active ones.
 */
export function productList(db: DB, viewer: Actor | null, staffView: boolean): Promise<CachedRead<ProductCardDto[]>> {
  return allProducts(db, { includeInactive: staffView && isStaffRole(viewer?.roleID) });
}

export async function productById(db: DB, productId: number): Promise<CachedRead<ProductDto>> {
  const read = await cachedRead(db, `product:${productId}`, async (today) => {
    const loaded = await loadProducts(db, [productId], today, true);
    const row = loaded.rows.get(productId);
    return row ? toProduct(row, loaded) : null;
  });
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
      return row ? [toProduct(row, loaded)] : [];
    });
  });
}

export function relatedProducts(db: DB, input: RelatedProductsInput): Promise<CachedRead<ProductCardDto[]>> {
  const key = `related:${input.categoryId ?? ''}:${(input.brand ?? '').toLowerCase()}:${input.currentProductId ?? ''}:${listKey(input.sizeIds)}:${listKey(input.colorIds)}`;
  return cachedRead(db, key, async (today) => {
    const ids = await q.relatedProductIds(
      db,
      { categoryId: input.categoryId, brand: input.brand, currentProductId: input.currentProductId, sizeIds: [...new Set(input.sizeIds)], colorIds: [...new Set(input.colorIds)] },
      RELATED_LIMIT,
    );
    return cardsFor(db, ids, today);
  });
}

export function filterProducts(db: DB, input: ProductFilterInput): Promise<CachedRead<ProductFilterResultDto>> {
  const f: Omit<q.ProductFilter, 'sort' | 'today'> = {
    mainCategoryID: input.mainCategoryID,
    categoryID: input.categoryID,
    sizeIds: [...new Set(input.size)],
    colorIds: [...new Set(input.colorID)],
    eventIds: [...new Set(input.eventID)],
  };
  const key = `filter:${f.mainCategoryID}:${f.categoryID ?? ''}:${listKey(f.sizeIds)}:${listKey(f.eventIds)}:${listKey(f.colorIds)}:${input.page}:${input.pageSize}:${input.sort}`;
  return cachedRead(db, key, async (today) => {
    const { ids, totalCount } = await q.filterProductIds(db, { ...f, sort: input.sort, today }, input.pageSize, (input.page - 1) * input.pageSize);
    return { products: await cardsFor(db, ids, today), totalCount, page: input.page, pageSize: input.pageSize };
  });
}

export async function variantStockById(db: DB, variantId: number): Promise<CachedRead<VariantStockDto>> {
  const read = await cachedRead(db, `variant:${variantId}`, async () => {
    const row = await q.variantStock(db, variantId);
    return row ? { variantID: row.variant_id, productID: row.product_id, stockQuantity: row.stock_quantity } : null;
  });
  if (!read.value) throw new AppError('NOT_FOUND', messages.listing.variantNotFound);
  return read as CachedRead<VariantStockDto>;
}

// ---------------------------------------------------------------------------------------------------------
// Reference lists

const toCategory = (r: { category_id: number; category_name: string; description: string; main_category_id: number }): CategoryDto => ({
  categoryID: r.category_id,
  categoryName: r.category_name,
  description: r.description,
  mainCategoryID: r.main_category_id,
});

export function categories(db: DB): Promise<CachedRead<CategoryDto[]>> {
  return cachedRead(db, 'categories', async () => (await q.categoryRows(db)).map(toCategory));
}

export function categoriesByMain(db: DB, mainCategoryID: number): Promise<CachedRead<CategoryDto[]>> {
  return cachedRead(db, `categories:${mainCategoryID}`, async () => (await q.categoryRows(db, mainCategoryID)).map(toCategory));
}

export async function categoryById(db: DB, categoryId: number): Promise<CachedRead<CategoryDto>> {
  const read = await cachedRead(db, `category:${categoryId}`, async () => {
    const row = await q.categoryRow(db, categoryId);
    return row ? toCategory(row) : null;
  });
  if (!read.value) throw new AppError('NOT_FOUND', messages.listing.categoryNotFound);
  return read as CachedRead<CategoryDto>;
}

export function mainCategories(db: DB): Promise<CachedRead<MainCategoryDto[]>> {
  return cachedRead(db, 'mainCategories', async () =>
    (await q.mainCategoryRows(db)).map((r) => ({ mainCategoryID: r.main_category_id, mainCategoryName: r.main_category_name })),
  );
}

export function sizes(db: DB): Promise<CachedRead<SizeDto[]>> {
  return cachedRead(db, 'sizes', async () => sortSizes((await q.sizeRows(db)).map((r) => ({ sizeID: r.size_id, sizeName: r.size_name }))));
}

export function events(db: DB): Promise<CachedRead<EventDto[]>> {
  return cachedRead(db, 'events', async () => (await q.eventList(db)).map((r) => ({ eventID: r.event_id, eventName: r.event_name })));
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

/** Colours used by at least `minProductCount` active products, with that count. */
export function colorsWithCount(db: DB, minProductCount: number): Promise<CachedRead<ColorWithCountDto[]>> {
  return cachedRead(db, `colorsWithCount:${minProductCount}`, async () =>
    (await q.colorCountRows(db, minProductCount)).map((r) => ({ ...toColor(r), productCount: Number(r.n) })),
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
