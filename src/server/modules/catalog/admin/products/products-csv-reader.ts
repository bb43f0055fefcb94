// The products CSV split into records (decision 200), as a generator the import drives a slice at a time: RFC 4180
// cells (quotes around a cell, "" for a quote inside one, line breaks inside quotes), records ended by CRLF, LF or
// CR, a leading BOM dropped. Linear in the text whatever it holds: empty lines are skipped without building
// anything, cells past `maxColumns` stop the file, and every TICK characters of progress it yields `null` so the
// caller can give the event loop a turn even inside one huge cell or a run of blank lines.
// Replaces csv-parse here: with short rows allowed (relax_column_count) it builds an error object per short row
// (~30 µs each), and a whole file is parsed before the first row can be counted against the cap.

/** Where the parser stopped: the spreadsheet row (header = 1) and what was wrong. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly row: number,
    readonly problem: 'unclosedQuote' | 'strayQuote' | 'tooManyColumns',
  ) {
    super(`${problem} at row ${row}`);
  }
}

export interface CsvRecord {
  /** Row number as a spreadsheet shows it: records and empty lines counted, the header is 1. */
  row: number;
  cells: string[];
}

/** Characters scanned between two chances for the caller to yield. */
const TICK = 64 * 1024;
/** Doubled quotes read between two such chances (each costs a small string: ~0.5 µs). */
const TICK_PARTS = 4096;
const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Records of `text` (null now and then: a chance to yield). `delimiter` is one character. Throws CsvSyntaxError
 * for a quote that is never closed, a quote inside an unquoted cell or text after a closing quote, and a record of
 * more than `maxColumns` cells.
 */
export function* csvRecords(text: string, delimiter: string, maxColumns: number): Generator<CsvRecord | null> {
  const delim = delimiter.charCodeAt(0);
  /** The next character that ends or breaks an unquoted cell. */
  const special = new RegExp(`[${escapeRe(delimiter)}\\r\\n"]`, 'g');
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let row = 1;
  let tick = i;
  while (i < n) {
    const first = text.charCodeAt(i);
    if (first === CR || first === LF) {
      // An empty line: a row of the spreadsheet, nothing to read.
      i += first === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      row += 1;
      if (i - tick >= TICK) {
        tick = i;
        yield null;
      }
      continue;
    }
    const cells: string[] = [];
    for (;;) {
      let cell: string;
      if (text.charCodeAt(i) === QUOTE) {
        // A quoted cell: up to the quote that is not doubled. Doubled quotes are read as one, the cell's text
        // gathered in parts that are joined at every tick (few, short-lived strings however many quotes it holds).
        const start = i + 1;
        let from = start;
        let parts: string[] | null = null;
        const joined: string[] = [];
        for (;;) {
          const q = text.indexOf('"', from);
          if (q === -1) throw new CsvSyntaxError(row, 'unclosedQuote');
          if (text.charCodeAt(q + 1) !== QUOTE) {
            i = q + 1;
            break;
          }
          (parts ??= []).push(text.slice(from, q + 1));
          from = q + 2;
          if (parts.length >= TICK_PARTS || from - tick >= TICK) {
            joined.push(parts.join(''));
            parts = [];
            tick = from;
            yield null;
          }
        }
        const rest = text.slice(from, i - 1);
        cell = parts === null ? rest : joined.join('') + parts.join('') + rest;
        const after = i < n ? text.charCodeAt(i) : LF;
        if (after !== delim && after !== CR && after !== LF) throw new CsvSyntaxError(row, 'strayQuote');
      } else {
        special.lastIndex = i;
        const found = special.exec(text);
        const end = found ? found.index : n;
        if (end < n && text.charCodeAt(end) === QUOTE) throw new CsvSyntaxError(row, 'strayQuote');
        cell = text.slice(i, end);
        i = end;
      }
      if (cells.length === maxColumns) throw new CsvSyntaxError(row, 'tooManyColumns');
      cells.push(cell);
      const c = i < n ? text.charCodeAt(i) : LF;
      if (c === delim) {
        i += 1;
        continue;
      }
      // End of the record (or of the text).
      if (i < n) i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      break;
    }
    tick = i;
    yield { row, cells };
    row += 1;
  }
}
