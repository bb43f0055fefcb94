// POST /api/Product/import (decision 183): a products CSV, one row per variant, checked whole, then written all or
// nothing. Products are matched by barcode; categories, sizes and colours by name (case and spaces ignored); unknown
// names are refused with their row numbers. A dry run checks everything and writes nothing. A checked file is written
// as a recorded job in batches of a few hundred rows, each in one short transaction (decision 262,
// products-csv-jobs.ts), so the shop keeps answering while a large catalogue is written.
import pLimit from 'p-limit';
import { fill, plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { PRODUCT_TEXT_KEYS } from '#shared/product-fields';
import type { ProductImportErrorDto, ProductImportResultDto } from '#shared/dto/catalog-admin';
import type { AppDeps } from '#server/deps';
import type { DB } from '#server/db/client';
import { keepStatisticsAfterWrite } from '#server/db/dialect';
import { PRODUCT_CSV_LIMITS } from '#server/http/limits';
import { timeSlices, type TimeSlices } from '#server/time-slices';
import type { Actor } from '#server/modules/accounts';
import { written } from '../writes';
import { applyJob, resumeUnfinishedImports, stageImport, type ImportUnit, type OnBatch } from './products-csv-jobs';
import { PRODUCT_CSV_COLUMNS, readProductCsv, type CsvProductRow } from './products-csv-rows';
import * as q from './products-csv.queries';

const m = staffMessages.productCsv;
/** The product's own fields a file may change (its text fields only where the file has their columns). */
const COMPARED = ['name', 'brand', 'description', 'category_id', 'price_cents', ...PRODUCT_TEXT_KEYS] as const;

/** One import at a time per process: a second one waits rather than contending for the write lock. */
const importSlot = pLimit(1);

/** Names compare without case, accents kept, runs of spaces as one. */
export const nameKey = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase('sq');

interface Refs {
  category: (name: string) => { id: number } | { error: string };
  sizes: Map<string, number>;
  colours: Map<string, number>;
}

async function loadRefs(db: DB): Promise<Refs> {
  const [categories, sizes, colours] = await Promise.all([q.allCategories(db), q.allSizes(db), q.allColors(db)]);
  const byName = new Map<string, typeof categories>();
  const byQualified = new Map<string, number>();
  for (const c of categories) {
    byName.set(nameKey(c.category_name), [...(byName.get(nameKey(c.category_name)) ?? []), c]);
    byQualified.set(nameKey(`${c.main_category_name} / ${c.category_name}`), c.category_id);
  }
  const category = (name: string) => {
    const qualified = byQualified.get(nameKey(name.replace(/\s*\/\s*/, ' / ')));
    if (qualified !== undefined) return { id: qualified };
    const found = byName.get(nameKey(name)) ?? [];
    if (found.length === 1) return { id: found[0]!.category_id };
    if (found.length === 0) return { error: fill(m.unknownCategory, { value: name }) };
    return {
      error: fill(m.ambiguousCategory, {
        value: name,
        example: `${found[0]!.main_category_name} / ${found[0]!.category_name}`,
      }),
    };
  };
  return {
    category,
    sizes: new Map(sizes.map((s) => [nameKey(s.size_name), s.size_id])),
    colours: new Map(colours.map((c) => [nameKey(c.color_name), c.color_id])),
  };
}

interface PlannedVariant {
  row: number;
  sizeId: number;
  colorId: number;
  stock: number;
}

interface PlannedProduct {
  row: number;
  values: q.ImportProductValues;
  variants: Map<string, PlannedVariant>;
}

type Errors = ProductImportErrorDto[];

/** Resolves every row's names and groups the rows by barcode; a product's fields must agree across its rows. */
async function groupRows(
  rows: CsvProductRow[],
  refs: Refs,
  errors: Errors,
  slices: TimeSlices,
): Promise<Map<string, PlannedProduct>> {
  const products = new Map<string, PlannedProduct>();
  for (const r of rows) {
    if (slices.spent()) await slices.next();
    const before = errors.length;
    const cat = refs.category(r.category);
    if ('error' in cat) errors.push({ row: r.row, field: 'category', message: cat.error });
    const sizeId = r.size === null ? null : refs.sizes.get(nameKey(r.size));
    const colorId = r.colour === null ? null : refs.colours.get(nameKey(r.colour));
    if (sizeId === undefined)
      errors.push({ row: r.row, field: 'size', message: fill(m.unknownSize, { value: r.size! }) });
    if (colorId === undefined)
      errors.push({ row: r.row, field: 'colour', message: fill(m.unknownColour, { value: r.colour! }) });
    if (errors.length > before || 'error' in cat) continue;
    const values: q.ImportProductValues = {
      barcode: r.barcode,
      name: r.name,
      brand: r.brand,
      description: r.description,
      ...Object.fromEntries(PRODUCT_TEXT_KEYS.filter((k) => k in r).map((k) => [k, r[k]])),
      category_id: cat.id,
      price_cents: r.priceCents,
    };
    const product =
      products.get(r.barcode) ?? products.set(r.barcode, { row: r.row, values, variants: new Map() }).get(r.barcode)!;
    const differs = COMPARED.find((k) => product.values[k] !== values[k]);
    if (differs) {
      const field = differs === 'category_id' ? 'category' : differs === 'price_cents' ? 'price' : differs;
      errors.push({ row: r.row, field, message: fill(m.differsFromRow, { row: product.row }) });
      continue;
    }
    if (sizeId == null || colorId == null) continue;
    const key = `${sizeId}:${colorId}`;
    const seen = product.variants.get(key);
    if (seen) errors.push({ row: r.row, field: 'size', message: fill(m.duplicateVariant, { row: seen.row }) });
    else product.variants.set(key, { row: r.row, sizeId, colorId, stock: r.stock! });
  }
  return products;
}

interface Plan {
  /** The products the import creates or changes, in file order (unchanged ones are not listed). */
  units: ImportUnit[];
  created: number;
  updated: number;
  unchanged: number;
  variantsCreated: number;
  variantsUpdated: number;
}

/** Compares the file's products with the shop's (matched by barcode): what to insert and what to change. */
async function diffWithShop(
  db: DB,
  products: Map<string, PlannedProduct>,
  errors: Errors,
  slices: TimeSlices,
): Promise<Plan> {
  const existing = await q.productsByBarcode(db, [...products.keys()]);
  const byBarcode = new Map<string, q.ExistingProductRow[]>();
  for (const p of existing) byBarcode.set(p.barcode, [...(byBarcode.get(p.barcode) ?? []), p]);
  const matched = [...byBarcode.values()].filter((list) => list.length === 1).map((list) => list[0]!);
  const variants = await q.variantsOfProducts(
    db,
    matched.map((p) => p.product_id),
  );
  const variantsBy = new Map<number, Map<string, (typeof variants)[number]>>();
  for (const v of variants)
    (variantsBy.get(v.product_id) ?? variantsBy.set(v.product_id, new Map()).get(v.product_id)!).set(
      `${v.size_id}:${v.color_id}`,
      v,
    );

  const plan: Plan = { units: [], created: 0, updated: 0, unchanged: 0, variantsCreated: 0, variantsUpdated: 0 };
  const asNew = (v: PlannedVariant) => ({ sizeId: v.sizeId, colorId: v.colorId, stock: v.stock });
  for (const [barcode, p] of products) {
    if (slices.spent()) await slices.next();
    const found = byBarcode.get(barcode) ?? [];
    if (found.length > 1) {
      errors.push({ row: p.row, field: 'barcode', message: plural(m.barcodeShared, found.length) });
      continue;
    }
    const shop = found[0];
    if (!shop) {
      const newVariants = [...p.variants.values()].map(asNew);
      plan.units.push({ barcode, productId: null, values: p.values, newVariants, stock: [] });
      plan.created += 1;
      plan.variantsCreated += newVariants.length;
      continue;
    }
    const fieldsChanged = COMPARED.some((k) => k in p.values && shop[k] !== p.values[k]);
    const own = variantsBy.get(shop.product_id) ?? new Map();
    const unit: ImportUnit = {
      barcode,
      productId: shop.product_id,
      values: fieldsChanged ? p.values : null,
      newVariants: [],
      stock: [],
    };
    for (const [key, v] of p.variants) {
      const current = own.get(key);
      if (!current) unit.newVariants.push(asNew(v));
      else if (current.stock_quantity !== v.stock) unit.stock.push({ variantId: current.variant_id, stock: v.stock });
    }
    if (fieldsChanged || unit.newVariants.length || unit.stock.length) {
      plan.units.push(unit);
      plan.updated += 1;
      plan.variantsCreated += unit.newVariants.length;
      plan.variantsUpdated += unit.stock.length;
    } else plan.unchanged += 1;
  }
  return plan;
}

const columnOrder = (field: string) => {
  const i = (PRODUCT_CSV_COLUMNS as readonly string[]).indexOf(field);
  return i === -1 ? PRODUCT_CSV_COLUMNS.length : i;
};

function result(dryRun: boolean, count: number, plan: Plan | null, errors: Errors): ProductImportResultDto {
  errors.sort((a, b) => a.row - b.row || columnOrder(a.field) - columnOrder(b.field));
  const ok = plan !== null && errors.length === 0;
  return {
    dryRun,
    rows: count,
    created: ok ? plan.created : 0,
    updated: ok ? plan.updated : 0,
    unchanged: ok ? plan.unchanged : 0,
    variantsCreated: ok ? plan.variantsCreated : 0,
    variantsUpdated: ok ? plan.variantsUpdated : 0,
    errors: errors.slice(0, PRODUCT_CSV_LIMITS.maxErrors),
    moreErrors: Math.max(0, errors.length - PRODUCT_CSV_LIMITS.maxErrors),
  };
}

/**
 * Reads the file (`file()`: the upload, read only once this import has the slot), checks it against the shop and,
 * unless it is a dry run or anything was refused, writes it. Everything happens inside the one-import slot, in
 * slices that give the event loop a turn (decision 200), so waiting imports hold no file and a large one never
 * stalls other requests. The check reads the shop in short statements (no transaction held open); the writes are a
 * recorded job applied in short batches (decision 262), each of which re-checks what may have gone meanwhile. With
 * any refused cell nothing is written; a process that stops half-way through the batches finishes them when it
 * starts again (or before its next import). Unfinished jobs are finished first, so an import is checked against a
 * shop with no half-applied import in it. `onBatch` reports each applied batch.
 */
export async function importProducts(
  deps: Pick<AppDeps, 'db'> & { actor?: Actor | null; onBatch?: OnBatch },
  file: () => Promise<Uint8Array>,
  dryRun: boolean,
): Promise<ProductImportResultDto> {
  return importSlot(async () => {
    await finishUnfinished(deps.db);
    const slices = timeSlices();
    const read = await readProductCsv(await file(), slices);
    const errors = [...read.errors];
    const refs = await loadRefs(deps.db);
    const plan = await diffWithShop(deps.db, await groupRows(read.rows, refs, errors, slices), errors, slices);
    const answer = result(dryRun, read.count, plan, errors);
    if (dryRun || errors.length) return answer;
    if (plan.units.length) {
      const jobId = await stageImport(deps.db, plan.units, answer);
      await applyJob(deps.db, jobId, deps.onBatch);
      await keepStatisticsAfterWrite(deps.db); // thousands of new rows may change the best plans (decision 241)
    }
    return written(answer);
  });
}

/** Finishes the imports a stopped process left half-applied (decision 262); the jobs finished and dropped. */
async function finishUnfinished(db: DB): Promise<{ finished: number[]; dropped: number[] }> {
  const jobs = await resumeUnfinishedImports(db);
  if (jobs.finished.length) {
    await keepStatisticsAfterWrite(db);
    written(null);
  }
  return jobs;
}

/** At start-up (main.ts): finishes, in the one-import slot, any import a stopped process left half-applied. */
export const resumeProductImports = (db: DB) => importSlot(() => finishUnfinished(db));
