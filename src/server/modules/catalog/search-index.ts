// The search page's matching (issue 25): every active product as search sees it (name, brand, category, the prices
// shown today, its colours' names and families; shared/search-words.ts), read in batches once per catalogue version
// and shop date, and the products a search text's terms match. The same matching as the header search in
// the browser, so both find the same products ("fustan e zezë": the dresses that come in black).
import { formatCents } from '#shared/money';
import { matchesSearch, searchDoc, type SearchDoc, type SearchTerms } from '#shared/search-words';
import type { DB } from '#server/db/client';
import { activeDiscountPercentages, discountedPriceCents } from './discount-pricing';
import * as q from './listing.queries';
import { readIn, type CacheState } from './read-cache';
import { timeSlices } from '#server/time-slices';

interface SearchEntry {
  productId: number;
  doc: SearchDoc;
}

/** The prices as a shopper may type them: "12,50 €", "12.50" and "12.5", full and discounted. */
const priceTexts = (cents: number[]): string[] =>
  [...new Set(cents)].flatMap((c) => [formatCents(c), (c / 100).toFixed(2), String(c / 100)]);

/** Products a batch of the build: small enough that a batch's queries and documents take a few milliseconds. */
const BATCH = 500;

/**
 * Every active product's search document, read in batches by id with a turn of the event loop between slices of
 * work (issue 38: 10 000 products read and folded at once held every shopper for 600 ms after each catalogue change).
 */
async function buildIndex(db: DB, today: string): Promise<SearchEntry[]> {
  const index: SearchEntry[] = [];
  const slices = timeSlices();
  for (let after = 0; ;) {
    const rows = await q.searchProductRows(db, after, BATCH);
    if (rows.length === 0) break;
    const [first, last] = [rows[0]!.product_id, rows.at(-1)!.product_id];
    const [colours, discounts] = await Promise.all([
      q.searchColourRows(db, first, last),
      activeDiscountPercentages(
        db,
        rows.map((r) => r.product_id),
        today,
      ),
    ]);
    const colourNames = new Map<number, string[]>();
    for (const c of colours) colourNames.set(c.product_id, [...(colourNames.get(c.product_id) ?? []), c.color_name]);
    for (const r of rows) {
      const shown = discountedPriceCents(r.price_cents, discounts.get(r.product_id));
      const fields = [r.name, r.brand, r.category_name, ...priceTexts([r.price_cents, shown])];
      index.push({ productId: r.product_id, doc: searchDoc(fields, colourNames.get(r.product_id) ?? []) });
    }
    if (rows.length < BATCH) break;
    after = last;
    if (slices.spent()) await slices.next();
  }
  return index;
}

/** Its text and about 60 bytes a colour family and entry (Sets serialise as `{}`). */
const indexBytes = (index: SearchEntry[]): number =>
  index.reduce((sum, e) => sum + 2 * e.doc.text.length + 60 * (1 + e.doc.colours.size), 0);

/** The index of the catalogue version and shop date of `state`: built on its first ask, then kept. */
export const searchIndex = async (state: CacheState, db: DB): Promise<SearchEntry[]> =>
  (await readIn(state, 'search-index', (today) => buildIndex(db, today), { bytes: indexBytes, keepFirst: true })).value;

/** The active products a search's terms match, by id (ascending); cached per terms. */
export async function searchMatches(state: CacheState, db: DB, terms: SearchTerms): Promise<number[]> {
  const key = `search-ids:${JSON.stringify(terms)}`;
  const read = await readIn(state, key, async () =>
    (await searchIndex(state, db)).filter((e) => matchesSearch(terms, e.doc)).map((e) => e.productId),
  );
  return read.value;
}
