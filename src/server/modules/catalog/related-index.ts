// Related products ranked in memory (issue 38, decision 260): the SQL ranking (catalog.queries relatedProductIds)
// weighed every active product with two EXISTS over its variants and sorted them all, 15-60 ms a product page at
// 10 000 products. The few facts it ranks by (category, brand, sizes and colours, newest first) are read once per
// catalogue version into a compact index, and a product page's related list is one pass over it (well under a
// millisecond). Stock plays no part, so a sale keeps it (read-cache.ts). Same order as the SQL, tie for tie.
import type { DB } from '#server/db/client';
import { isPostgres } from '#server/db/dialect';
import * as q from './catalog.queries';
import { readIn, type CacheState, type CachedRead } from './read-cache';

export interface RelatedIndex {
  /** Active products, newest first (date added, then id, both descending): the SQL's last two sort keys. */
  ids: number[];
  categories: number[];
  /** Each product's brand as the engine compares it ignoring case (null: none). */
  brands: Array<string | null>;
  /** Each product's variants' sizes and colours as bit sets: `words` 32-bit words per product, bit k for `*Bits`'s id k. */
  sizes: IdSets;
  colors: IdSets;
}

/**
 * A set of ids per product as bits (a shop has tens of sizes and colours, not thousands): whether a product shares
 * one with the page's product is a few ANDs, where arrays took `includes` over each (the pass over 10 000 products
 * went from ~1 ms to a fraction of that).
 */
export interface IdSets {
  /** The id each bit stands for. */
  bitOf: Map<number, number>;
  words: number;
  bits: Uint32Array;
}

function idSets(perProduct: Array<Set<number>>): IdSets {
  const bitOf = new Map<number, number>();
  for (const set of perProduct) for (const id of set) if (!bitOf.has(id)) bitOf.set(id, bitOf.size);
  const words = Math.max(1, Math.ceil(bitOf.size / 32));
  const bits = new Uint32Array(perProduct.length * words);
  perProduct.forEach((set, i) => {
    for (const id of set) {
      const b = bitOf.get(id)!;
      bits[i * words + (b >>> 5)]! |= 1 << (b & 31);
    }
  });
  return { bitOf, words, bits };
}

/** The wanted ids as a mask over `sets`' bits (ids no product has drop out: they match nothing). */
function maskOf(sets: IdSets, ids: readonly number[]): Uint32Array | null {
  const mask = new Uint32Array(sets.words);
  let any = false;
  for (const id of ids) {
    const b = sets.bitOf.get(id);
    if (b === undefined) continue;
    mask[b >>> 5]! |= 1 << (b & 31);
    any = true;
  }
  return any ? mask : null;
}

function sharesAny(sets: IdSets, i: number, mask: Uint32Array | null): boolean {
  if (mask === null) return false;
  const at = i * sets.words;
  for (let w = 0; w < sets.words; w++) if ((sets.bits[at + w]! & mask[w]!) !== 0) return true;
  return false;
}

/** How the engine folds case in `sameIgnoringCase`: SQLite's NOCASE folds ASCII only; PostgreSQL's lower() all. */
export const foldCase = (db: DB) =>
  isPostgres(db) ? (s: string) => s.toLowerCase() : (s: string) => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

async function buildIndex(db: DB): Promise<RelatedIndex> {
  const [products, variants] = await Promise.all([q.relatedIndexProducts(db), q.relatedIndexVariants(db)]);
  const fold = foldCase(db);
  const at = new Map<number, number>();
  products.forEach((p, i) => at.set(p.product_id, i));
  const sizes: Array<Set<number>> = products.map(() => new Set());
  const colors: Array<Set<number>> = products.map(() => new Set());
  for (const v of variants) {
    const i = at.get(v.product_id);
    if (i === undefined) continue;
    sizes[i]!.add(v.size_id);
    colors[i]!.add(v.color_id);
  }
  return {
    ids: products.map((p) => p.product_id),
    categories: products.map((p) => p.category_id),
    brands: products.map((p) => (p.brand === null ? null : fold(p.brand))),
    sizes: idSets(sizes),
    colors: idSets(colors),
  };
}

const indexBytes = (x: RelatedIndex): number => {
  let bytes = 12 * x.ids.length + x.sizes.bits.byteLength + x.colors.bits.byteLength;
  bytes += 40 * (x.sizes.bitOf.size + x.colors.bitOf.size);
  for (let i = 0; i < x.ids.length; i++) bytes += 40 + 2 * (x.brands[i]?.length ?? 0);
  return bytes;
};

export const relatedIndex = (state: CacheState, db: DB): Promise<CachedRead<RelatedIndex>> =>
  readIn(state, 'related-index', () => buildIndex(db), { bytes: indexBytes, keepFirst: true });

/**
 * The `limit` products most related to `r`, best first: same category first, then most of same brand, a shared
 * size and a shared colour, then newest (catalog.queries relatedProductIds, in one pass over the index).
 */
export function rankRelated(x: RelatedIndex, r: q.RelatedQuery, limit: number, fold: (s: string) => string): number[] {
  const brand = r.brand ? fold(r.brand) : null;
  const anyCriterion =
    r.categoryId !== undefined || r.brand !== undefined || r.sizeIds.length > 0 || r.colorIds.length > 0;
  // Rank 0..7: category (4) plus brand, size and colour (1 each); within a rank, the index's order (newest first).
  const ranks: number[][] = Array.from({ length: 8 }, () => []);
  const sizeMask = maskOf(x.sizes, r.sizeIds);
  const colorMask = maskOf(x.colors, r.colorIds);
  for (let i = 0; i < x.ids.length; i++) {
    const id = x.ids[i]!;
    if (id === r.currentProductId) continue;
    const category = r.categoryId !== undefined && x.categories[i] === r.categoryId;
    const sameBrand = brand !== null && x.brands[i] === brand;
    const sameSize = sharesAny(x.sizes, i, sizeMask);
    const sameColor = sharesAny(x.colors, i, colorMask);
    if (anyCriterion && !category && !sameBrand && !sameSize && !sameColor) continue;
    const bucket = ranks[(category ? 4 : 0) + Number(sameBrand) + Number(sameSize) + Number(sameColor)]!;
    if (bucket.length < limit) bucket.push(id);
    if (ranks[7]!.length === limit) break; // the best rank is full: nothing later can enter the list
  }
  const out: number[] = [];
  for (let rank = 7; rank >= 0 && out.length < limit; rank--) out.push(...ranks[rank]!.slice(0, limit - out.length));
  return out;
}
