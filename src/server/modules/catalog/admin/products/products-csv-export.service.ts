// GET /api/Product/export.csv (decision 183): the catalogue as a spreadsheet, one row per variant (a product
// without variants gets one row with empty size, colour and stock), streamed through csv-stringify in batches of
// products, UTF-8 with BOM, plain decimal prices. The file imports back unchanged (POST /api/Product/import), the
// quote lib/csv.ts puts before formula-like text included (decision 200).
import type { Readable } from 'node:stream';
import { perProductTextField } from '#shared/product-fields';
import { compareSizeNames } from '#shared/sizes';
import type { AppDeps } from '#server/deps';
import type { DB } from '#server/db/client';
import { csvStream } from '#server/lib/csv';
import { timeSlices } from '#server/time-slices';
import { readOffThread } from '#server/workers/read-pool';
import { PRODUCT_CSV_COLUMNS } from './products-csv-rows';
import { nameKey } from './products-csv-names';
import * as q from './products-csv.queries';

/** Products read per query: the export never holds more than one batch and its variants. */
export const PRODUCT_EXPORT_BATCH = 500;

type Record = { [K in (typeof PRODUCT_CSV_COLUMNS)[number]]: string | number };

/** Category names as the import reads them: the plain name, or "Main / Name" where the plain name is ambiguous. */
async function categoryLabels(db: DB): Promise<Map<number, string>> {
  const all = await q.allCategories(db);
  const count = new Map<string, number>();
  for (const c of all) count.set(nameKey(c.category_name), (count.get(nameKey(c.category_name)) ?? 0) + 1);
  return new Map(
    all.map((c) => [
      c.category_id,
      count.get(nameKey(c.category_name))! > 1 ? `${c.main_category_name} / ${c.category_name}` : c.category_name,
    ]),
  );
}

async function* productRecords(db: DB): AsyncGenerator<Record> {
  const categories = await categoryLabels(db);
  const slices = timeSlices(); // a turn for other requests now and then (PostgreSQL reads in-thread, decision 261)
  let after = 0;
  for (;;) {
    const products = await q.exportProducts(db, after, PRODUCT_EXPORT_BATCH);
    const variants = await q.exportVariants(
      db,
      products.map((p) => p.product_id),
    );
    const byProduct = new Map<number, typeof variants>();
    for (const v of variants) byProduct.set(v.product_id, [...(byProduct.get(v.product_id) ?? []), v]);
    for (const p of products) {
      const base = {
        barcode: p.barcode,
        name: p.name,
        brand: p.brand ?? '',
        description: p.description,
        ...perProductTextField((k) => p[k] ?? ''),
        category: categories.get(p.category_id) ?? '',
        price: (p.price_cents / 100).toFixed(2),
      };
      const own = (byProduct.get(p.product_id) ?? []).sort(
        (a, b) => compareSizeNames(a.size_name, b.size_name) || a.color_name.localeCompare(b.color_name, 'sq'),
      );
      if (!own.length) yield { ...base, size: '', colour: '', stock: '' };
      for (const v of own) yield { ...base, size: v.size_name, colour: v.color_name, stock: v.stock_quantity };
      if (slices.spent()) await slices.next();
    }
    if (products.length < PRODUCT_EXPORT_BATCH) return;
    after = products[products.length - 1]!.product_id;
  }
}

/** The CSV's bytes read in this thread from `db` (a worker's connection, or PostgreSQL's pool). */
export function productsCsvStream(db: DB): Readable {
  return csvStream(productRecords(db), {
    bom: true,
    header: true,
    columns: [...PRODUCT_CSV_COLUMNS],
    record_delimiter: '\r\n',
  });
}

/**
 * The CSV as a byte stream: batches are read only as fast as the client takes the bytes (backpressure). On SQLite
 * the reading runs in a worker thread (decision 261).
 */
export function exportProductsCsv(deps: Pick<AppDeps, 'db'>): Readable {
  return readOffThread(deps.db, 'products-csv', undefined, () => productsCsvStream(deps.db));
}
