// The products CSV reader (decision 200) against csv-parse, the library it replaced: generated files written by
// csv-stringify (any text in the cells: quotes, delimiters, line breaks) read back to the same records, with empty
// lines skipped but counted in the row numbers; and the refusals, each with its row.
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, csvRecords, type CsvRecord } from './products-csv-reader';

const read = (text: string, delimiter = ',', maxColumns = 200) =>
  [...csvRecords(text, delimiter, maxColumns)].filter((r): r is CsvRecord => r !== null);

const refusal = (text: string, maxColumns = 200) => {
  try {
    read(text, ',', maxColumns);
  } catch (err) {
    if (err instanceof CsvSyntaxError) return [err.problem, err.row];
    throw err;
  }
  return null;
};

describe('csvRecords', () => {
  it('reads what csv-stringify writes exactly as csv-parse does (generated files)', () => {
    const cell = fc.oneof(fc.string(), fc.constantFrom('"', '""', ',', ';', '\t', '\r\n', '\n', '\r', ' "a" ', 'ë,ç'));
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 12 }),
        fc.constantFrom(',', ';', '\t'),
        fc.constantFrom('\r\n', '\n', '\r'),
        (records, delimiter, eol) => {
          // Any cell holding a line break is quoted, as Excel writes it (RFC 4180); csv-stringify alone quotes only the
          // record delimiter, and a lone CR in a CRLF file would be a line break to this reader and data to csv-parse.
          const text = stringify(records, { delimiter, record_delimiter: eol, quoted_match: /[\r\n]/ });
          const theirs = parse(text, {
            delimiter,
            record_delimiter: eol,
            relax_column_count: true,
            skip_empty_lines: true,
          }) as string[][];
          expect(read(text, delimiter).map((r) => r.cells)).toEqual(theirs);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('skips empty lines but counts them as spreadsheet rows; a BOM is dropped; quoted cells span lines', () => {
    const text = '\uFEFFa,b\r\n\r\n\n"x\r\ny",""""\r\r\nlast,';
    expect(read(text)).toEqual([
      { row: 1, cells: ['a', 'b'] },
      { row: 4, cells: ['x\r\ny', '"'] },
      { row: 6, cells: ['last', ''] },
    ]);
  });

  it('refuses an unclosed quote, a stray quote and too many cells, naming the row', () => {
    expect(refusal('h\r\n\r\n"open,')).toEqual(['unclosedQuote', 3]);
    expect(refusal('h\r\nab"c')).toEqual(['strayQuote', 2]);
    expect(refusal('h\r\n"ab"c')).toEqual(['strayQuote', 2]);
    expect(refusal('h\r\n,,,', 3)).toEqual(['tooManyColumns', 2]);
    expect(refusal('h\r\n,,', 3)).toBeNull();
  });

  it('offers the caller a turn at least every 64 K characters, even inside one cell or a run of empty lines', () => {
    for (const text of ['\n'.repeat(300_000), `"${'""'.repeat(150_000)}"`, 'a'.repeat(300_000)]) {
      let sinceTurn = 0;
      let longest = 0;
      for (const r of csvRecords(text, ',', 200)) {
        sinceTurn = r === null ? 0 : sinceTurn + 1;
        longest = Math.max(longest, sinceTurn);
      }
      expect(longest).toBeLessThanOrEqual(1);
    }
    const ticks = [...csvRecords('\n'.repeat(300_000), ',', 200)].length;
    expect(ticks).toBeGreaterThanOrEqual(4);
  });
});
