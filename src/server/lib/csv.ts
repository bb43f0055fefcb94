// Every CSV the shop writes goes through here (decision 200): the orders and products downloads and the public
// product feed. A cell a spreadsheet would run as a formula (OWASP "CSV injection": text starting with = + - @, a tab
// or a carriage return) is written with a single quote in front, which spreadsheets show as text. A shopper's address
// `=HYPERLINK(...)` then reaches the staff's Excel as the words it is, not as a link or a command.
// Not neutralised: JS numbers (written by csv-stringify as digits) and text that is exactly a plain decimal number
// such as "-5" or "-12.50" (no formula fits in that shape, and spreadsheets keep reading it as a number).
// The products import reads our own exports back unchanged: restoreCsvCell removes exactly the quote that
// neutraliseCsvCell added (text already starting with quotes before one of those characters gets one more, so the
// two are exact inverses). src/server/http/csv.test.ts checks every writer; nothing else imports csv-stringify.
import { Readable } from 'node:stream';
import { stringify, type Options } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

/** Text a spreadsheet may read as a formula, or such text behind quotes we added before. */
const FORMULA_LIKE = /^'*[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

const needsQuote = (value: string) => FORMULA_LIKE.test(value) && !PLAIN_NUMBER.test(value);

/** The cell as written: a quote in front of formula-like text. */
export const neutraliseCsvCell = (value: string): string => (needsQuote(value) ? `'${value}` : value);

/** The inverse, for reading our own files back: drops the one quote neutraliseCsvCell put in front. */
export const restoreCsvCell = (value: string): string =>
  value.startsWith("'") && needsQuote(value.slice(1)) ? value.slice(1) : value;

/** csv-stringify options of the shop's CSV files; every string cell (header included) goes through the rule. */
type CsvOptions = Omit<Options, 'cast'>;
const withRule = (options: CsvOptions): Options => ({ ...options, cast: { string: neutraliseCsvCell } });

/** A CSV byte stream from records read lazily: the source is pulled only as fast as the client takes the bytes. */
export function csvStream(records: AsyncIterable<unknown>, options: CsvOptions): Readable {
  const csv = stringify(withRule(options));
  const source = Readable.from(records);
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}

/** A whole CSV as one string (small files such as the cached product feed). */
export const csvText = (rows: unknown[][], options: CsvOptions): string => stringifySync(rows, withRule(options));
