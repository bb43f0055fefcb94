// The search page's matching (issue 25): every active product as search sees it (name, brand, category, the prices
// shown today, its colours' names and families; shared/search-words.ts), read in three queries once per catalogue
// version and shop date, and the products a search text's terms match. The same matching as the header search in
// the browser, so both find the same products ("fustan e zezë": the dresses that come in black).
import { formatCents } from '#shared/money';
import { matchesSearch, searchDoc, type SearchDoc, type SearchTerms } from '#shared/search-words';
import type { DB } from '#server/db/client';
import { activeDiscountPercentages, discountedPriceCents } from './discount-pricing';
import * as q from './listing.queries';
import { readIn, type CacheState } from './read-cache';

interface SearchEntry {
  productId: number;
  doc: SearchDoc;
}

/** The prices as a shopper may type them: "12,50 €", "12.50" and "12.5", full and discounted. */
const priceTexts = (cents: number[]): string[] =>
  [...new Set(cents)].flatMap((c) => [formatCents(c), (c / 100).toFixed(2), String(c / 100)]);

async function buildIndex(db: DB, today: string): Promise<SearchEntry[]> {
  const [rows, colours] = await Promise.all([q.searchProductRows(db), q.searchColourRows(db)]);
  const discounts = await activeDiscountPercentages(
    db,
    rows.map((r) => r.product_id),
    today,
  );
  const colourNames = new Map<number, string[]>();
  for (const c of colours) colourNames.set(c.product_id, [...(colourNames.get(c.product_id) ?? []), c.color_name]);
  return rows.map((r) => {
    const shown = discountedPriceCents(r.price_cents, discounts.get(r.product_id));
    const fields = [r.name, r.brand, r.category_name, ...priceTexts([r.price_cents, shown])];
    return { productId: r.product_id, doc: searchDoc(fields, colourNames.get(r.product_id) ?? []) };
  });
}

/** Its text and about 60 bytes a colour family and entry (Sets serialise as `{}`). */
const indexBytes = (index: SearchEntry[]): number =>
  index.reduce((sum, e) => sum + 2 * e.doc.text.length + 60 * (1 + e.doc.colours.size), 0);

/** The active products a search's terms match, by id (ascending); cached per terms. */
export async function searchMatches(state: CacheState, db: DB, terms: SearchTerms): Promise<number[]> {
  const key = `search-ids:${JSON.stringify(terms)}`;
  const read = await readIn(state, key, async (today) => {
    const index = (await readIn(state, 'search-index', () => buildIndex(db, today), { bytes: indexBytes })).value;
    return index.filter((e) => matchesSearch(terms, e.doc)).map((e) => e.productId);
  });
  return read.value;
}
