// Reading a products CSV into checked rows (decision 183): bytes -> text (UTF-8, or Windows-1252 as older Excel
// saves it), the delimiter of the header line (',' ';' or tab), records (products-csv-reader.ts), then every cell
// checked on its own. No database. Row numbers are the spreadsheet's (the header is row 1).
// Bounded (decision 200): the work is cut into slices that give the event loop a turn, empty lines are skipped, and
// the row cap (and the column cap) stop the reading as soon as they are passed.
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { parseCount, parseEuros } from '#shared/schemas/numbers';
import { eurosToCents } from '#shared/money';
import { perProductTextField, PRODUCT_TEXT_KEYS, type ProductTextValues } from '#shared/product-fields';
import type { ProductImportErrorDto } from '#shared/dto/catalog-admin';
import { PRODUCT_CSV_LIMITS } from '#server/http/limits';
import { restoreCsvCell } from '#server/lib/csv';
import { AppError } from '#server/errors';
import { timeSlices, type TimeSlices } from '#server/time-slices';
import { CsvSyntaxError, csvRecords } from './products-csv-reader';

const m = staffMessages.productCsv;

/**
 * The file's columns, in export order; `color` is read as `colour`. The product's text fields (product-fields.ts)
 * follow the description: optional in an imported file (a file without one leaves that field as it is).
 */
export const PRODUCT_CSV_COLUMNS = [
  'barcode',
  'name',
  'brand',
  'description',
  ...PRODUCT_TEXT_KEYS,
  'category',
  'price',
  'size',
  'colour',
  'stock',
] as const;
type Column = (typeof PRODUCT_CSV_COLUMNS)[number];
const REQUIRED: Column[] = ['barcode', 'name', 'category', 'price'];
/** Cells one record may have: the nine columns and room for a spreadsheet's own extra columns. */
const MAX_CSV_COLUMNS = 200;
const MAX_LENGTH: Partial<Record<Column, number>> = {
  barcode: 64,
  name: 200,
  brand: 100,
  description: 5000,
  category: 200,
  size: 100,
  colour: 100,
  ...perProductTextField((_, f) => f.max),
};
const isTextField = (c: Column) => (PRODUCT_TEXT_KEYS as readonly string[]).includes(c);

/** The text fields of the columns the file has (product-fields.ts); a column the file lacks is absent. */
export interface CsvProductRow extends Partial<ProductTextValues> {
  row: number;
  barcode: string;
  name: string;
  brand: string | null;
  description: string;
  category: string;
  priceCents: number;
  /** Both set (a variant) or both null (a product row without a variant). */
  size: string | null;
  colour: string | null;
  stock: number | null;
}

export interface ReadRows {
  /** Data rows in the file (blank rows skipped), good or not. */
  count: number;
  rows: CsvProductRow[];
  errors: ProductImportErrorDto[];
}

const badFile = (detail: string) => {
  const msg = fill(m.notCsv, { detail });
  return new AppError('BAD_REQUEST', msg, { file: [msg] });
};

/** Bytes decoded between two chances to yield (~5 ms; a whole 12 MB file in one call held the loop ~90 ms). */
const DECODE_CHUNK = 1024 * 1024;

/** `bytes` as text in chunks that give the event loop a turn between them; throws on bad bytes when `fatal`. */
async function decodeInSlices(bytes: Uint8Array, encoding: string, fatal: boolean, slices: TimeSlices) {
  const decoder = new TextDecoder(encoding, { fatal });
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += DECODE_CHUNK) {
    const end = Math.min(i + DECODE_CHUNK, bytes.length);
    parts.push(decoder.decode(bytes.subarray(i, end), { stream: end < bytes.length }));
    if (slices.spent()) await slices.next();
  }
  return parts.join('');
}

/** UTF-8 when the bytes are valid UTF-8 (BOM dropped), otherwise Windows-1252 (Excel's "CSV" on Windows). */
async function decode(bytes: Uint8Array, slices: TimeSlices): Promise<string> {
  try {
    return await decodeInSlices(bytes, 'utf-8', true, slices);
  } catch {
    return decodeInSlices(bytes, 'windows-1252', false, slices);
  }
}

/** Excel writes ';' where the decimal separator is a comma (Kosovo, Albania): take whichever the header uses. */
function delimiterOf(text: string): string {
  const end = text.search(/\r|\n/);
  // A header is short; a file of one endless line is read (and refused) by the records, not counted here.
  const head = text.slice(0, Math.min(end === -1 ? text.length : end, 64 * 1024));
  const counts = [',', ';', '\t'].map((d) => [d, head.split(d).length - 1] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

const syntaxDetail: Record<CsvSyntaxError['problem'], string> = {
  unclosedQuote: m.unclosedQuote,
  strayQuote: m.strayQuote,
  tooManyColumns: m.tooManyColumns,
};

/** Index of each known column in the header (case and spaces ignored), or the header's errors. */
function headerIndex(header: string[]): { index: Map<Column, number>; errors: ProductImportErrorDto[] } {
  const index = new Map<Column, number>();
  header.forEach((h, i) => {
    const name = h
      .trim()
      .toLowerCase()
      .replace(/^color$/, 'colour') as Column;
    if ((PRODUCT_CSV_COLUMNS as readonly string[]).includes(name) && !index.has(name)) index.set(name, i);
  });
  const errors = PRODUCT_CSV_COLUMNS.filter((c) => !index.has(c) && !isTextField(c)).map((c) => ({
    row: 1,
    field: c,
    message: fill(m.missingColumn, { name: c }),
  }));
  return { index, errors };
}

/** One data row's cells checked; `null` when it has errors (pushed onto `errors`). */
function checkRow(
  row: number,
  cell: (c: Column) => string,
  has: (c: Column) => boolean,
  errors: ProductImportErrorDto[],
): CsvProductRow | null {
  const before = errors.length;
  const err = (field: Column, message: string) => errors.push({ row, field, message });
  for (const c of PRODUCT_CSV_COLUMNS) {
    const max = MAX_LENGTH[c];
    if (REQUIRED.includes(c) && !cell(c)) err(c, m.required);
    else if (max && cell(c).length > max) err(c, fill(m.tooLong, { max }));
  }
  const price = cell('price') ? parseEuros(cell('price').replace(/\s*€$/, '')) : null;
  if (cell('price') && price === null) err('price', m.priceInvalid);
  const size = cell('size') || null;
  const colour = cell('colour') || null;
  if (!size !== !colour) err(size ? 'colour' : 'size', m.sizeAndColour);
  const stock = cell('stock') ? parseCount(cell('stock')) : null;
  if (cell('stock') && stock === null) err('stock', m.stockInvalid);
  else if (size && colour && stock === null) err('stock', m.required);
  else if (!size && !colour && stock !== null) err('stock', m.stockWithoutVariant);
  if (errors.length > before) return null;
  return {
    row,
    barcode: cell('barcode'),
    name: cell('name'),
    brand: cell('brand') || null,
    description: cell('description'),
    category: cell('category'),
    priceCents: eurosToCents(price!),
    size,
    colour,
    stock,
    ...Object.fromEntries(PRODUCT_TEXT_KEYS.filter(has).map((k) => [k, cell(k) || null])),
  };
}

const refused = (msg: string) => new AppError('BAD_REQUEST', msg, { file: [msg] });
const isBlank = (cells: string[]) => cells.every((v) => v.trim() === '');

/** The cells of the known columns, trimmed, each with the quote our exports put before a formula-like text removed. */
function cellsOf(cells: string[], index: Map<Column, number>): (c: Column) => string {
  const values = new Map<Column, string>();
  for (const [c, i] of index) values.set(c, restoreCsvCell((cells[i] ?? '').trim()));
  return (c) => values.get(c) ?? '';
}

/**
 * The file's product rows and the cells refused on their own (references are checked against the database later).
 * Async only to give the event loop a turn whenever a slice of `slices` is spent; the result is the same.
 */
export async function readProductCsv(bytes: Uint8Array, slices: TimeSlices = timeSlices()): Promise<ReadRows> {
  const text = await decode(bytes, slices);
  let header: ReturnType<typeof headerIndex> | null = null;
  const rows: CsvProductRow[] = [];
  const errors: ProductImportErrorDto[] = [];
  let count = 0;
  try {
    for (const rec of csvRecords(text, delimiterOf(text), MAX_CSV_COLUMNS)) {
      if (slices.spent()) await slices.next();
      if (!rec) continue;
      if (!header) {
        header = headerIndex(rec.cells);
        continue;
      }
      if (isBlank(rec.cells)) continue;
      if (++count > PRODUCT_CSV_LIMITS.maxRows) throw refused(fill(m.tooManyRows, { max: PRODUCT_CSV_LIMITS.maxRows }));
      if (header.errors.length) continue; // only counted: the header's errors are the answer
      const { index } = header;
      const row = checkRow(rec.row, cellsOf(rec.cells, index), (c) => index.has(c), errors);
      if (row) rows.push(row);
    }
  } catch (err) {
    if (err instanceof CsvSyntaxError)
      throw badFile(fill(syntaxDetail[err.problem], { row: err.row, max: MAX_CSV_COLUMNS }));
    throw err;
  }
  if (!header) throw badFile(m.noRows);
  if (header.errors.length) return { count, rows: [], errors: header.errors };
  if (count === 0) throw refused(m.noRows);
  return { count, rows, errors };
}
