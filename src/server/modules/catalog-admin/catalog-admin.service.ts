// Staff catalogue rules: products (details, variants, images, feature, delete), categories, colours (with
// extraction from photos), sizes, events and countries. Every write is one transaction and bumps the
// storefront read cache; image files are written before and removed after the transaction that uses them.
import type { Transaction } from 'kysely';
import { staffMessages } from '../../../shared/messages-staff';
import { centsToEuros, eurosToCents } from '../../../shared/money';
import { shopToday } from '../../../shared/dates';
import { compareSizeNames } from '../../../shared/sizes';
import type { CategoryDto, ColorDto, CountryDto, EventDto, ProductImagesDto, SizeDto } from '../../../shared/dto/catalog';
import type { DetectedColorDto, ProductTableRowDto } from '../../../shared/dto/catalog-admin';
import type { CategoryInput, ColorInput, CountryInput, ProductDetailsInput, VariantInput } from '../../../shared/schemas/catalog-admin';
import type { AppDeps } from '../../deps';
import type { DB } from '../../db/client';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { bumpCatalogVersion, events as catalogEvents, sizes as catalogSizes } from '../catalog/catalog.service';
import { deleteImageFiles, imageUrl, normaliseImagePath, smallImageUrl, storeImage } from '../media/media.service';
import { extractColors } from './color-extract';
import * as q from './catalog-admin.queries';

// ---------------------------------------------------------------------------------------------------------
// Helpers

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Runs a write, turning a unique-index clash into a 409 with the given message on the given field. */
async function uniqueOr409<T>(field: string, message: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', message, { [field]: [message] });
    throw err;
  }
}

/** Every catalogue write ends here: the storefront cache must not serve the old answer. */
function written<T>(value: T): T {
  bumpCatalogVersion();
  return value;
}

const badField = (field: string, message: string) => new AppError('BAD_REQUEST', message, { [field]: [message] });

// ---------------------------------------------------------------------------------------------------------
// Products

async function checkProductRefs(db: DB, input: ProductDetailsInput): Promise<void> {
  if (!(await q.categoryExists(db, input.categoryID))) throw badField('categoryID', staffMessages.dashboard.unknownCategory);
  const found = await q.existingEventIds(db, input.eventIDs);
  if (found.length !== input.eventIDs.length) throw badField('eventIDs', staffMessages.dashboard.unknownEvent);
}

async function checkVariantRefs(db: DB, rows: Array<{ sizeID: number; colorID: number }>): Promise<void> {
  const sizeIds = [...new Set(rows.map((r) => r.sizeID))];
  const colorIds = [...new Set(rows.map((r) => r.colorID))];
  if ((await q.existingSizeIds(db, sizeIds)).length !== sizeIds.length) throw badField('variants', staffMessages.dashboard.unknownSize);
  if ((await q.existingColorIds(db, colorIds)).length !== colorIds.length) throw badField('variants', staffMessages.dashboard.unknownColor);
}

const productValues = (input: ProductDetailsInput): q.ProductValues => ({
  name: input.name,
  barcode: input.barcode,
  description: input.description,
  brand: input.brand,
  category_id: input.categoryID,
  price_cents: eurosToCents(input.price),
  is_active: input.isActive ? 1 : 0,
});

async function requireProduct(db: DB, productId: number): Promise<void> {
  if (!(await q.productExists(db, productId))) throw notFound(staffMessages.dashboard.productNotFound);
}

const duplicateVariant = () => new AppError('CONFLICT', staffMessages.dashboard.duplicateVariant, { variants: [staffMessages.dashboard.duplicateVariant] });

/** Creates a product (dateAdded = today in the shop's zone) with its events and, optionally, its variants. */
export async function createProduct(deps: AppDeps, input: ProductDetailsInput, variants: Array<Omit<VariantInput, 'variantID'>> = []): Promise<{ productID: number }> {
  await checkProductRefs(deps.db, input);
  await checkVariantRefs(deps.db, variants);
  const productID = await deps.db.transaction().execute(async (tx) => {
    const id = await q.insertProduct(tx, { ...productValues(input), date_added: shopToday() });
    await q.replaceProductEvents(tx, id, input.eventIDs);
    try {
      await q.insertVariants(tx, id, variants);
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicateVariant();
      throw err;
    }
    return id;
  });
  return written({ productID });
}

export async function updateProductDetails(deps: AppDeps, productId: number, input: ProductDetailsInput): Promise<{ productID: number }> {
  await requireProduct(deps.db, productId);
  await checkProductRefs(deps.db, input);
  await deps.db.transaction().execute(async (tx) => {
    await q.updateProduct(tx, productId, productValues(input));
    await q.replaceProductEvents(tx, productId, input.eventIDs);
  });
  return written({ productID: productId });
}

/** POST /Variants: adds new variants; a size/colour pair the product already has is a 409. */
export async function addVariants(deps: AppDeps, productId: number, rows: Array<Omit<VariantInput, 'variantID'>>): Promise<{ productID: number }> {
  await requireProduct(deps.db, productId);
  await checkVariantRefs(deps.db, rows);
  await deps.db.transaction().execute(async (tx) => {
    try {
      await q.insertVariants(tx, productId, rows);
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicateVariant();
      throw err;
    }
  });
  return written({ productID: productId });
}

/** PUT /Variants: updates existing variants of this product (each row names its variantID). */
export async function updateVariants(deps: AppDeps, productId: number, rows: Array<VariantInput & { variantID: number }>): Promise<{ productID: number }> {
  await requireProduct(deps.db, productId);
  await checkVariantRefs(deps.db, rows);
  const own = new Set((await q.productVariants(deps.db, productId)).map((v) => v.variant_id));
  if (rows.some((r) => !own.has(r.variantID))) throw badField('variants', staffMessages.dashboard.variantNotOfProduct);
  await deps.db.transaction().execute((tx) => applyVariantUpdates(tx, productId, rows));
  return written({ productID: productId });
}

/**
 * The dashboard editor's save: rows with a variantID are updated, rows without are added, and the product's
 * variants missing from the list are removed (cart lines of those go with them; order lines keep their
 * snapshot). One transaction.
 */
export async function saveVariants(deps: AppDeps, productId: number, rows: VariantInput[]): Promise<{ productID: number }> {
  await requireProduct(deps.db, productId);
  await checkVariantRefs(deps.db, rows);
  const current = await q.productVariants(deps.db, productId);
  const own = new Set(current.map((v) => v.variant_id));
  if (rows.some((r) => r.variantID !== undefined && !own.has(r.variantID))) throw badField('variants', staffMessages.dashboard.variantNotOfProduct);
  const keep = new Set(rows.flatMap((r) => (r.variantID ? [r.variantID] : [])));
  const removed = current.filter((v) => !keep.has(v.variant_id)).map((v) => v.variant_id);
  await deps.db.transaction().execute((tx) => syncVariants(tx, productId, rows, removed));
  return written({ productID: productId });
}

/** The dashboard editor's save of an existing product: details, events and the whole variant table, one transaction. */
export async function updateProduct(deps: AppDeps, productId: number, input: ProductDetailsInput, rows: VariantInput[]): Promise<{ productID: number }> {
  await requireProduct(deps.db, productId);
  await checkProductRefs(deps.db, input);
  await checkVariantRefs(deps.db, rows);
  const current = await q.productVariants(deps.db, productId);
  const own = new Set(current.map((v) => v.variant_id));
  if (rows.some((r) => r.variantID !== undefined && !own.has(r.variantID))) throw badField('variants', staffMessages.dashboard.variantNotOfProduct);
  const keep = new Set(rows.flatMap((r) => (r.variantID ? [r.variantID] : [])));
  await deps.db.transaction().execute(async (tx) => {
    await q.updateProduct(tx, productId, productValues(input));
    await q.replaceProductEvents(tx, productId, input.eventIDs);
    await syncVariants(tx, productId, rows, current.filter((v) => !keep.has(v.variant_id)).map((v) => v.variant_id));
  });
  return written({ productID: productId });
}

async function syncVariants(tx: Transaction<Database>, productId: number, rows: VariantInput[], removed: number[]): Promise<void> {
  await q.deleteVariants(tx, productId, removed);
  await applyVariantUpdates(tx, productId, rows.filter((r): r is VariantInput & { variantID: number } => r.variantID !== undefined));
  try {
    await q.insertVariants(tx, productId, rows.filter((r) => r.variantID === undefined));
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateVariant();
    throw err;
  }
}

/**
 * Updates variants in rounds: a row whose new size/colour pair is still held by another row that is itself
 * moving waits for the next round. Only a true clash (or a cycle of swaps) is left over, answered with 409.
 */
async function applyVariantUpdates(tx: Transaction<Database>, productId: number, rows: Array<VariantInput & { variantID: number }>): Promise<void> {
  let pending = rows;
  while (pending.length) {
    const waiting: typeof pending = [];
    for (const r of pending) {
      try {
        await q.updateVariant(tx, productId, r);
      } catch (err) {
        if (isUniqueViolation(err)) waiting.push(r);
        else throw err;
      }
    }
    if (waiting.length === pending.length) throw duplicateVariant();
    pending = waiting;
  }
}

export async function setFeatured(deps: AppDeps, productId: number, isFeatured: boolean): Promise<{ productID: number; isFeatured: boolean }> {
  const res = await q.setProductFeatured(deps.db, productId, isFeatured);
  if (Number(res.numUpdatedRows) === 0) throw notFound(staffMessages.dashboard.productNotFound);
  return written({ productID: productId, isFeatured });
}

/** Deletes a product with its variants, images (rows and files) and links; order lines keep their snapshots. */
export async function deleteProduct(deps: AppDeps, productId: number): Promise<{ productID: number }> {
  await requireProduct(deps.db, productId);
  const files = (await q.productImages(deps.db, productId)).map((i) => i.file_name);
  await deps.db.transaction().execute(async (tx) => {
    await q.deleteProductRow(tx, productId);
  });
  await Promise.all(files.map((f) => deleteImageFiles(deps, f)));
  return written({ productID: productId });
}

function groupImages(rows: Array<{ color_id: number; file_name: string }>): ProductImagesDto[] {
  const map = new Map<number, string[]>();
  for (const r of rows) {
    const list = map.get(r.color_id) ?? [];
    list.push(imageUrl(r.file_name));
    map.set(r.color_id, list);
  }
  return [...map.entries()].map(([colorID, imageURLs]) => ({ colorID, imageURLs }));
}

export interface ImageGroupInput {
  colorID: number;
  /** New image bytes, already checked by signature and size. */
  files: Buffer[];
  /** Images to keep for this colour, in display order (URLs or file names). */
  existingFiles: string[];
  /** Images to remove (URLs or file names). */
  removedFiles: string[];
}

/** Accepts a stored name or its URL (absolute or not, with ?w=400); anything else is a 400. */
function toFileName(raw: string, field: string): string {
  const bare = raw.trim().replace(/^https?:\/\/[^/]+/i, '').split(/[?#]/)[0]!.replace(/^\/?api\/Product\/images\//i, '');
  const name = normaliseImagePath(bare);
  if (!name) throw badField(field, staffMessages.dashboard.badImageField);
  return name;
}

/**
 * Saves the media of a product per colour: removes the listed images, re-orders the kept ones, and stores the
 * new ones (re-encoded to WebP under generated names). Returns the product's images afterwards.
 */
export async function saveProductImages(deps: AppDeps, productId: number, groups: ImageGroupInput[]): Promise<ProductImagesDto[]> {
  await requireProduct(deps.db, productId);
  const colorIds = [...new Set(groups.map((g) => g.colorID))];
  if ((await q.existingColorIds(deps.db, colorIds)).length !== colorIds.length) throw badField('images', staffMessages.dashboard.unknownColor);
  const current = await q.productImages(deps.db, productId);
  const byName = new Map(current.map((i) => [i.file_name, i]));

  const removedIds: number[] = [];
  const removedFiles: string[] = [];
  const reorder: Array<{ imageId: number; colorId: number; sort: number }> = [];
  for (const g of groups) {
    for (const raw of g.removedFiles) {
      const img = byName.get(toFileName(raw, 'removedFiles'));
      if (img && !removedIds.includes(img.image_id)) {
        removedIds.push(img.image_id);
        removedFiles.push(img.file_name);
      }
    }
  }
  for (const g of groups) {
    let sort = 0;
    for (const raw of g.existingFiles) {
      const img = byName.get(toFileName(raw, 'existingFiles'));
      if (img && !removedIds.includes(img.image_id)) reorder.push({ imageId: img.image_id, colorId: g.colorID, sort: sort++ });
    }
  }

  // Encode and write the new files first; if anything later fails they are removed again.
  const stored: Array<{ colorId: number; fileName: string }> = [];
  try {
    for (const g of groups) for (const buf of g.files) stored.push({ colorId: g.colorID, fileName: (await storeImage(deps, buf)).fileName });
    await deps.db.transaction().execute(async (tx) => {
      await q.deleteImagesByIds(tx, removedIds);
      for (const r of reorder) {
        await tx.updateTable('product_images').set({ color_id: r.colorId, sort_order: r.sort }).where('image_id', '=', r.imageId).execute();
      }
      // New images go after everything this colour keeps.
      const kept = await q.productImages(tx, productId);
      const nextSort = new Map<number, number>();
      for (const k of kept) nextSort.set(k.color_id, Math.max(nextSort.get(k.color_id) ?? 0, k.sort_order + 1));
      await q.insertImages(
        tx,
        stored.map((s) => {
          const n = nextSort.get(s.colorId) ?? 0;
          nextSort.set(s.colorId, n + 1);
          return { product_id: productId, color_id: s.colorId, file_name: s.fileName, sort_order: n };
        }),
      );
    });
  } catch (err) {
    await Promise.all(stored.map((s) => deleteImageFiles(deps, s.fileName)));
    throw err;
  }
  await Promise.all(removedFiles.map((f) => deleteImageFiles(deps, f)));
  bumpCatalogVersion();
  return groupImages(await q.productImages(deps.db, productId));
}

/** DELETE /Product/{id}/Images/{fileName}: removes one image (row and files). */
export async function deleteProductImage(deps: AppDeps, productId: number, rawName: string): Promise<{ productID: number; fileName: string }> {
  await requireProduct(deps.db, productId);
  const fileName = toFileName(rawName, 'fileName');
  const img = (await q.productImages(deps.db, productId)).find((i) => i.file_name === fileName);
  if (!img) throw notFound(staffMessages.dashboard.imageNotFound);
  await q.deleteImagesByIds(deps.db, [img.image_id]);
  await deleteImageFiles(deps, fileName);
  return written({ productID: productId, fileName });
}

/** Every product with all the columns of the dashboard table, in four queries. */
export async function productTable(deps: AppDeps): Promise<ProductTableRowDto[]> {
  const [products, variants, images, events] = await Promise.all([
    q.tableProducts(deps.db),
    q.tableVariants(deps.db),
    q.tableImageCounts(deps.db),
    q.tableEvents(deps.db),
  ]);
  const vBy = new Map<number, typeof variants>();
  for (const v of variants) (vBy.get(v.product_id) ?? vBy.set(v.product_id, []).get(v.product_id)!).push(v);
  const iBy = new Map(images.map((i) => [i.product_id, i]));
  const eBy = new Map<number, string[]>();
  for (const e of events) (eBy.get(e.product_id) ?? eBy.set(e.product_id, []).get(e.product_id)!).push(e.event_name);
  return products.map((p) => {
    const vs = vBy.get(p.product_id) ?? [];
    const sizes = [...new Set(vs.map((v) => v.size_name))].sort(compareSizeNames);
    const colors = new Map<number, { colorID: number; colorName: string; hexCode: string }>();
    for (const v of vs) colors.set(v.color_id, { colorID: v.color_id, colorName: v.color_name, hexCode: v.hex_code });
    const img = iBy.get(p.product_id);
    return {
      productID: p.product_id,
      name: p.name,
      barcode: p.barcode,
      brand: p.brand,
      description: p.description,
      categoryID: p.category_id,
      categoryName: p.category_name,
      mainCategoryID: p.main_category_id,
      price: centsToEuros(p.price_cents),
      isFeatured: p.is_featured === 1,
      isActive: p.is_active === 1,
      dateAdded: p.date_added,
      sizes,
      stockQuantity: vs.reduce((s, v) => s + v.stock_quantity, 0),
      colors: [...colors.values()],
      photoCount: img ? Number(img.n) : 0,
      thumbnailURL: img?.first ? smallImageUrl(String(img.first)) : null,
      events: (eBy.get(p.product_id) ?? []).sort((a, b) => a.localeCompare(b, 'sq')),
    };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Categories

const toCategory = (id: number, input: CategoryInput): CategoryDto => ({ categoryID: id, categoryName: input.categoryName, description: input.description, mainCategoryID: input.mainCategoryID });

async function checkMain(db: DB, id: number): Promise<void> {
  if (!(await q.mainCategoryExists(db, id))) throw badField('mainCategoryID', staffMessages.dashboard.unknownMainCategory);
}

export async function createCategory(deps: AppDeps, input: CategoryInput): Promise<CategoryDto> {
  await checkMain(deps.db, input.mainCategoryID);
  const id = await q.insertCategory(deps.db, { category_name: input.categoryName, description: input.description, main_category_id: input.mainCategoryID });
  return written(toCategory(id, input));
}

export async function updateCategory(deps: AppDeps, id: number, input: CategoryInput): Promise<CategoryDto> {
  await checkMain(deps.db, input.mainCategoryID);
  const res = await q.updateCategory(deps.db, id, { category_name: input.categoryName, description: input.description, main_category_id: input.mainCategoryID });
  if (Number(res.numUpdatedRows) === 0) throw notFound(staffMessages.dashboard.categoryNotFound);
  return written(toCategory(id, input));
}

/** A category that still has products answers 409 instead of orphaning them. */
export async function deleteCategory(deps: AppDeps, id: number): Promise<{ categoryID: number }> {
  await deps.db.transaction().execute(async (tx) => {
    if (!(await q.categoryExists(tx, id))) throw notFound(staffMessages.dashboard.categoryNotFound);
    const n = await q.countProductsInCategory(tx, id);
    if (n > 0) throw new AppError('CONFLICT', staffMessages.dashboard.categoryHasProducts, undefined, { productCount: n });
    await q.deleteCategory(tx, id);
  });
  return written({ categoryID: id });
}

// ---------------------------------------------------------------------------------------------------------
// Colours

const toColor = (id: number, name: string, hex: string): ColorDto => ({ colorID: id, colorName: name, name, hexCode: hex });

/** Adds one or several colours in one transaction; a name that exists (any case) is a 409 naming it. */
export async function createColors(deps: AppDeps, inputs: ColorInput[]): Promise<ColorDto[]> {
  const seen = new Set<string>();
  for (const c of inputs) {
    const k = c.colorName.toLowerCase();
    if (seen.has(k)) throw new AppError('CONFLICT', staffMessages.dashboard.colorTaken, { colorName: [`${c.colorName}: ${staffMessages.dashboard.colorTaken}`] });
    seen.add(k);
  }
  const out = await deps.db.transaction().execute(async (tx) => {
    const created: ColorDto[] = [];
    for (const c of inputs) {
      const id = await uniqueOr409('colorName', `${c.colorName}: ${staffMessages.dashboard.colorTaken}`, () => q.insertColor(tx, { color_name: c.colorName, hex_code: c.hexCode }));
      created.push(toColor(id, c.colorName, c.hexCode));
    }
    return created;
  });
  return written(out);
}

export async function deleteColor(deps: AppDeps, id: number): Promise<{ colorID: number }> {
  await deps.db.transaction().execute(async (tx) => {
    if ((await q.colorUsage(tx, id)) > 0) throw new AppError('CONFLICT', staffMessages.dashboard.inUse);
    const res = await q.deleteColor(tx, id);
    if (Number(res.numDeletedRows) === 0) throw notFound(staffMessages.dashboard.colorNotFound);
  });
  return written({ colorID: id });
}

/** Dominant colours of the uploaded photos, named in Albanian, marked when a colour of that name exists. */
export async function detectColors(deps: AppDeps, images: Buffer[]): Promise<DetectedColorDto[]> {
  if (images.length === 0) throw badField('images', staffMessages.dashboard.selectAtLeastOneImage);
  let found;
  try {
    found = await extractColors(images);
  } catch {
    throw badField('images', staffMessages.dashboard.imageUnreadable);
  }
  const existing = new Map((await q.colorNames(deps.db)).map((c) => [c.color_name.toLowerCase(), c.color_id]));
  return found.map((c) => ({ ...c, share: Math.round(c.share * 1000) / 1000, existingColorID: existing.get(c.colorName.toLowerCase()) ?? null }));
}

// ---------------------------------------------------------------------------------------------------------
// Sizes, events, countries

export async function sizeById(deps: AppDeps, id: number): Promise<SizeDto> {
  const found = (await catalogSizes(deps.db)).value.find((s) => s.sizeID === id);
  if (!found) throw notFound(staffMessages.dashboard.sizeNotFound);
  return found;
}

export async function createSize(deps: AppDeps, name: string): Promise<SizeDto> {
  const id = await uniqueOr409('sizeName', staffMessages.dashboard.sizeTaken, () => q.insertSize(deps.db, name));
  return written({ sizeID: id, sizeName: name });
}

export async function updateSize(deps: AppDeps, id: number, name: string): Promise<SizeDto> {
  const res = await uniqueOr409('sizeName', staffMessages.dashboard.sizeTaken, () => q.updateSize(deps.db, id, name));
  if (Number(res.numUpdatedRows) === 0) throw notFound(staffMessages.dashboard.sizeNotFound);
  return written({ sizeID: id, sizeName: name });
}

/** A size used by variants answers 409: removing it would silently delete stock. */
export async function deleteSize(deps: AppDeps, id: number): Promise<{ sizeID: number }> {
  await deps.db.transaction().execute(async (tx) => {
    if ((await q.sizeUsage(tx, id)) > 0) throw new AppError('CONFLICT', staffMessages.dashboard.inUse);
    const res = await q.deleteSize(tx, id);
    if (Number(res.numDeletedRows) === 0) throw notFound(staffMessages.dashboard.sizeNotFound);
  });
  return written({ sizeID: id });
}

export async function eventById(deps: AppDeps, id: number): Promise<EventDto> {
  const found = (await catalogEvents(deps.db)).value.find((e) => e.eventID === id);
  if (!found) throw notFound(staffMessages.dashboard.eventNotFound);
  return found;
}

export async function createEvent(deps: AppDeps, name: string): Promise<EventDto> {
  const id = await uniqueOr409('eventName', staffMessages.dashboard.eventTaken, () => q.insertEvent(deps.db, name));
  return written({ eventID: id, eventName: name });
}

export async function updateEvent(deps: AppDeps, id: number, name: string): Promise<EventDto> {
  const res = await uniqueOr409('eventName', staffMessages.dashboard.eventTaken, () => q.updateEvent(deps.db, id, name));
  if (Number(res.numUpdatedRows) === 0) throw notFound(staffMessages.dashboard.eventNotFound);
  return written({ eventID: id, eventName: name });
}

/** Events are tags: deleting one unlinks it from its products (they stay). */
export async function deleteEvent(deps: AppDeps, id: number): Promise<{ eventID: number }> {
  const res = await q.deleteEvent(deps.db, id);
  if (Number(res.numDeletedRows) === 0) throw notFound(staffMessages.dashboard.eventNotFound);
  return written({ eventID: id });
}

const toCountry = (id: number, name: string, cents: number): CountryDto => ({ countryID: id, countryName: name, name, shippingPrice: centsToEuros(cents) });

export async function countryById(deps: AppDeps, id: number): Promise<CountryDto> {
  const row = await q.countryRow(deps.db, id);
  if (!row) throw notFound(staffMessages.dashboard.countryNotFound);
  return toCountry(row.country_id, row.country_name, row.shipping_price_cents);
}

export async function createCountry(deps: AppDeps, input: CountryInput): Promise<CountryDto> {
  const cents = eurosToCents(input.shippingPrice);
  const id = await uniqueOr409('countryName', staffMessages.dashboard.countryTaken, () => q.insertCountry(deps.db, { country_name: input.countryName, shipping_price_cents: cents }));
  return written(toCountry(id, input.countryName, cents));
}

export async function updateCountry(deps: AppDeps, id: number, input: CountryInput): Promise<CountryDto> {
  const cents = eurosToCents(input.shippingPrice);
  const res = await uniqueOr409('countryName', staffMessages.dashboard.countryTaken, () => q.updateCountry(deps.db, id, { country_name: input.countryName, shipping_price_cents: cents }));
  if (Number(res.numUpdatedRows) === 0) throw notFound(staffMessages.dashboard.countryNotFound);
  return written(toCountry(id, input.countryName, cents));
}

/** Orders keep the country's name as a snapshot (country_id is set null), so deleting is safe. */
export async function deleteCountry(deps: AppDeps, id: number): Promise<{ countryID: number }> {
  const res = await q.deleteCountry(deps.db, id);
  if (Number(res.numDeletedRows) === 0) throw notFound(staffMessages.dashboard.countryNotFound);
  return written({ countryID: id });
}

