// The public product reads: homepage, all products, the product list (staff view on both doors), one product,
// related products and a variant's stock (listing and search pages: listing.service.ts); each answered through the
// read cache (read-cache.ts).
import { NO_COLOUR_HEX } from '#shared/colours';
import { productTextValues } from '#shared/product-fields';
import { productMessages } from '#shared/messages/product';
import { listingMessages } from '#shared/messages/listing';
import { centsToEuros } from '#shared/money';
import { sortSizes } from '#shared/sizes';
import type {
  EventDto,
  ProductCardDto,
  ProductDto,
  ProductImagesDto,
  ProductVariantDto,
  VariantStockDto,
} from '#shared/dto/catalog';
import type { RelatedProductsInput } from '#shared/schemas/catalog';
import { RELATED_LIMIT } from '#shared/schemas/catalog';
import type { DB } from '#server/db/client';
import { AppError } from '#server/errors';
import { actsAsStaff, type Actor } from '../accounts';
import { imageUrl } from '../media';
import * as q from './catalog.queries';
import { activeDiscountPercentages, discountedPriceCents } from './discount-pricing';
import { knownIds, NO_MATCH, vocabulary, type Vocabulary } from './normalised-input';
import type { TimeSlices } from '#server/time-slices';
import { cachedRead, freshState, readIn, type CachedRead } from './read-cache';
import { foldCase, rankRelated, relatedIndex } from './related-index';
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

/** The approved reviews' average (one decimal) and count, from the product's kept sum and count (decision 234). */
const ratingOf = (total: number, count: number): ProductCardDto['rating'] =>
  count > 0 ? { average: Math.round((Number(total) / Number(count)) * 10) / 10, count: Number(count) } : null;

function toCard(row: q.ProductRow, loaded: LoadedProducts): ProductCardDto {
  const variants = loaded.variants.get(row.product_id) ?? [];
  const images = loaded.images.get(row.product_id) ?? [];
  const percentage = loaded.discounts.get(row.product_id) ?? null;
  // A product's colours, "no colour" left out (decision 216): a cream's card lists none.
  const colors: ProductCardDto['colors'] = [];
  for (const v of variants) {
    if (v.hex_code !== NO_COLOUR_HEX && !colors.some((c) => c.colorID === v.color_id))
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
    rating: ratingOf(row.rating_total, row.rating_count),
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
    ...productTextValues(row),
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
  return asked && actsAsStaff(viewer);
}
const shown = (row: q.ProductRow, inStaffView: boolean): boolean => inStaffView || row.is_active === 1;

/** Cards for ids, in the order of ids (missing ids, and inactive ones outside the staff view, skipped). */
export async function cardsFor(db: DB, ids: number[], today: string, inStaffView = false): Promise<ProductCardDto[]> {
  const loaded = await loadProducts(db, ids, today, false);
  return ids.flatMap((id) => {
    const row = loaded.rows.get(id);
    return row && shown(row, inStaffView) ? [toCard(row, loaded)] : [];
  });
}

/** Products in full for ids (the looks' pieces, decision 276), in the order of ids; missing and inactive ones skipped. */
export async function productsFor(db: DB, ids: number[], today: string): Promise<ProductDto[]> {
  const loaded = await loadProducts(db, ids, today, true);
  return ids.flatMap((id) => {
    const row = loaded.rows.get(id);
    return row && shown(row, false) ? [toProduct(row, loaded)] : [];
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
  if (!read.value) throw new AppError('NOT_FOUND', productMessages.notFound);
  return read as CachedRead<ProductDto>;
}

/** Products loaded per chunk when a document lists the whole catalogue: a few milliseconds of queries each. */
const CHUNK = 50;

/**
 * Every product (active only, or inactive too for the staff view) in the listing's default order, CHUNK at a time,
 * yielding to the event loop between chunks once a slice is spent (issue 38): feeds, sitemap and the spec's
 * all-products answer are built from these off the request path (built-documents.ts), never in one long task.
 */
async function* loadedChunks(
  db: DB,
  today: string,
  slices: TimeSlices,
  opts: { includeInactive: boolean; withEvents: boolean },
): AsyncGenerator<{ ids: number[]; loaded: LoadedProducts }> {
  const ids = await q.activeProductIds(db, { includeInactive: opts.includeInactive });
  for (let i = 0; i < ids.length; i += CHUNK) {
    if (slices.spent()) await slices.next();
    const chunk = ids.slice(i, i + CHUNK);
    yield { ids: chunk, loaded: await loadProducts(db, chunk, today, opts.withEvents) };
  }
}

/** Every active product in full (variants, images by colour), in chunks: sitemap and product feeds. */
export async function* activeProductDetailChunks(db: DB, today: string, slices: TimeSlices) {
  for await (const { ids, loaded } of loadedChunks(db, today, slices, { includeInactive: false, withEvents: false })) {
    yield ids.flatMap((id): ProductDto[] => {
      const row = loaded.rows.get(id);
      return row && shown(row, false) ? [toProduct(row, loaded)] : [];
    });
  }
}

/** Every product's card (inactive ones too in the staff view), in chunks: the spec's GET /api/Product. */
export async function* productCardChunks(db: DB, today: string, slices: TimeSlices, inStaffView: boolean) {
  const opts = { includeInactive: inStaffView, withEvents: false };
  for await (const { ids, loaded } of loadedChunks(db, today, slices, opts)) {
    yield ids.flatMap((id): ProductCardDto[] => {
      const row = loaded.rows.get(id);
      return row && shown(row, inStaffView) ? [toCard(row, loaded)] : [];
    });
  }
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
  return readIn(state, `related:${JSON.stringify(r)}`, async (today) => {
    const index = (await relatedIndex(state, db)).value;
    return cardsFor(db, rankRelated(index, r, RELATED_LIMIT, foldCase(db)), today);
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
  if (!read.value) throw new AppError('NOT_FOUND', listingMessages.variantNotFound);
  return read as CachedRead<VariantStockDto>;
}
