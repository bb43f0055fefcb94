// Reading a products CSV into checked rows (decision 183): bytes -> text (UTF-8, or Windows-1252 as older Excel
// saves it), the delimiter of the header line (',' ';' or tab), csv-parse, then every cell checked on its own.
// Pure: no database. Row numbers are the spreadsheet's (the header is row 1).
import { parse } from 'csv-parse/sync';
import { fill } from '../../../../shared/messages';
import { staffMessages } from '../../../../shared/messages-staff';
import { parseCount, parseEuros } from '../../../../shared/schemas/numbers';
import { eurosToCents } from '../../../../shared/money';
import type { ProductImportErrorDto } from '../../../../shared/dto/catalog-admin';
import { PRODUCT_CSV_LIMITS } from '../../../http/limits';
import { AppError } from '../../../errors';

const m = staffMessages.productCsv;

/** The file's columns, in export order; `color` is read as `colour`. */
export const PRODUCT_CSV_COLUMNS = ['barcode', 'name', 'brand', 'description', 'category', 'price', 'size', 'colour', 'stock'] as const;
type Column = (typeof PRODUCT_CSV_COLUMNS)[number];
const REQUIRED: Column[] = ['barcode', 'name', 'category', 'price'];
const MAX_LENGTH: Partial<Record<Column, number>> = { barcode: 64, name: 200, brand: 100, description: 5000, category: 200, size: 100, colour: 100 };

export interface CsvProductRow {
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

/** UTF-8 when the bytes are valid UTF-8 (BOM dropped), otherwise Windows-1252 (Excel's "CSV" on Windows). */
function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Excel writes ';' where the decimal separator is a comma (Kosovo, Albania): take whichever the header uses. */
function delimiterOf(text: string): string {
  const end = text.search(/\r?\n/);
  const head = end === -1 ? text : text.slice(0, end);
  const counts = [',', ';', '\t'].map((d) => [d, head.split(d).length - 1] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

function records(bytes: Uint8Array): string[][] {
  const text = decode(bytes);
  try {
    return parse(text, { delimiter: delimiterOf(text), relax_column_count: true, bom: true }) as string[][];
  } catch (err) {
    // csv-parse names the problem and its line ("Quote Not Closed: … at line 5").
    throw badFile(err instanceof Error ? err.message : 'CSV');
  }
}

/** Index of each known column in the header (case and spaces ignored), or the header's errors. */
function headerIndex(header: string[]): { index: Map<Column, number>; errors: ProductImportErrorDto[] } {
  const index = new Map<Column, number>();
  header.forEach((h, i) => {
    const name = h.trim().toLowerCase().replace(/^color$/, 'colour') as Column;
    if ((PRODUCT_CSV_COLUMNS as readonly string[]).includes(name) && !index.has(name)) index.set(name, i);
  });
  const errors = PRODUCT_CSV_COLUMNS.filter((c) => !index.has(c)).map((c) => ({ row: 1, field: c, message: fill(m.missingColumn, { name: c }) }));
  return { index, errors };
}

/** One data row's cells checked; `null` when it has errors (pushed onto `errors`). */
function checkRow(row: number, cell: (c: Column) => string, errors: ProductImportErrorDto[]): CsvProductRow | null {
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
  };
}

/** The file's product rows and the cells refused on their own (references are checked against the database later). */
export function readProductCsv(bytes: Uint8Array): ReadRows {
  const all = records(bytes);
  const header = all[0];
  if (!header) throw badFile(m.noRows);
  const { index, errors } = headerIndex(header);
  if (errors.length) return { count: Math.max(0, all.length - 1), rows: [], errors };
  const rows: CsvProductRow[] = [];
  let count = 0;
  for (let i = 1; i < all.length; i++) {
    const rec = all[i]!;
    if (rec.every((v) => v.trim() === '')) continue;
    if (++count > PRODUCT_CSV_LIMITS.maxRows) {
      const msg = fill(m.tooManyRows, { max: PRODUCT_CSV_LIMITS.maxRows });
      throw new AppError('BAD_REQUEST', msg, { file: [msg] });
    }
    const row = checkRow(i + 1, (c) => (rec[index.get(c)!] ?? '').trim(), errors);
    if (row) rows.push(row);
  }
  if (count === 0) {
    const msg = m.noRows;
    throw new AppError('BAD_REQUEST', msg, { file: [msg] });
  }
  return { count, rows, errors };
}
