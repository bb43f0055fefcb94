// Normalised catalogue input (decision 201): the ids, brands and counts that exist, read once per cache state, so
// unknown, repeated or reordered ids make one cache key.
import type { DB } from '#server/db/client';
import * as q from './catalog.queries';
import { readIn, type CacheState, type CachedRead } from './read-cache';
// ---------------------------------------------------------------------------------------------------------
// Normalised input (decision 201): the ids, brands and counts that exist, so that unknown, repeated or
// reordered ids, and any other spelling of the same question, make one cache key.

export interface Vocabulary {
  sizes: ReadonlySet<number>;
  colors: ReadonlySet<number>;
  events: ReadonlySet<number>;
  /** Main category of each category. */
  categories: ReadonlyMap<number, number>;
  /** Active products. */
  products: ReadonlySet<number>;
  /** Brands of active products, by their lower-case form (the first spelling, in brand order). */
  brands: ReadonlyMap<string, string>;
  /** Every spelling of each brand, by its lower-case form ("Zara", "ZARA"): what a brand filter matches. */
  brandSpellings: ReadonlyMap<string, readonly string[]>;
}

/** Sets and maps (their JSON is `{}`): about 40 bytes an id, and the brands' text. */
const vocabularyBytes = (v: Vocabulary): number => {
  let text = 0;
  for (const [lower, brand] of v.brands) text += 2 * (lower.length + brand.length);
  for (const spellings of v.brandSpellings.values()) for (const s of spellings) text += 40 + 2 * s.length;
  return (
    40 * (v.sizes.size + v.colors.size + v.events.size + 2 * v.categories.size + v.products.size + 2 * v.brands.size) +
    text
  );
};

export const vocabulary = (state: CacheState, db: DB): Promise<CachedRead<Vocabulary>> =>
  readIn(
    state,
    'vocabulary',
    async () => {
      const v = await q.vocabularyRows(db);
      const brands = new Map<string, string>();
      const brandSpellings = new Map<string, string[]>();
      for (const b of v.brands) {
        const lower = b.toLowerCase();
        if (!brands.has(lower)) brands.set(lower, b);
        const spellings = brandSpellings.get(lower) ?? [];
        if (!spellings.includes(b)) brandSpellings.set(lower, [...spellings, b]);
      }
      return {
        sizes: new Set(v.sizes),
        colors: new Set(v.colors),
        events: new Set(v.events),
        categories: new Map(v.categories.map((c) => [c.category_id, c.main_category_id])),
        products: new Set(v.products),
        brands,
        brandSpellings,
      };
    },
    { bytes: vocabularyBytes, keepFirst: true },
  );

/** Ids start at 1 (idSchema), so `IN (0)` matches nothing: every list of unknown ids becomes this one. */
export const NO_MATCH = 0;

/** The known ids of a list, sorted, without repeats; a list of unknown ids only is [NO_MATCH] (it matches nothing). */
export function knownIds(ids: readonly number[], known: ReadonlySet<number>): number[] {
  if (!ids.length) return [];
  const kept = [...new Set(ids)].filter((id) => known.has(id)).sort((a, b) => a - b);
  return kept.length ? kept : [NO_MATCH];
}
