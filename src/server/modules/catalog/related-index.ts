// Related products ranked in memory (issue 38, decision 260): the SQL ranking (catalog.queries relatedProductIds)
// weighed every active product with two EXISTS over its variants and sorted them all, 15-60 ms a product page at
// 10 000 products. The few facts it ranks by (category, brand, sizes and colours, newest first) are read once per
// catalogue version into a compact index, and a product page's related list is one pass over it (well under a
// millisecond). Stock plays no part, so a sale keeps it (read-cache.ts). Same order as the SQL, tie for tie.
import type { DB } from '../../db/client';
import { isPostgres } from '../../db/dialect';
import * as q from './catalog.queries';
import { readIn, type CacheState, type CachedRead } from './read-cache';

export interface RelatedIndex {
  /** Active products, newest first (date added, then id, both descending): the SQL's last two sort keys. */
  ids: number[];
  categories: number[];
  /** Each product's brand as the engine compares it ignoring case (null: none). */
  brands: Array<string | null>;
  /** Each product's variants' size and colour ids (sorted, no repeats). */
  sizes: number[][];
  colors: number[][];
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
  const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);
  return {
    ids: products.map((p) => p.product_id),
    categories: products.map((p) => p.category_id),
    brands: products.map((p) => (p.brand === null ? null : fold(p.brand))),
    sizes: sizes.map(sorted),
    colors: colors.map(sorted),
  };
}

const indexBytes = (x: RelatedIndex): number => {
  let bytes = 12 * x.ids.length;
  for (let i = 0; i < x.ids.length; i++)
    bytes += 200 + 4 * (x.sizes[i]!.length + x.colors[i]!.length) + 2 * (x.brands[i]?.length ?? 0);
  return bytes;
};

export const relatedIndex = (state: CacheState, db: DB): Promise<CachedRead<RelatedIndex>> =>
  readIn(state, 'related-index', () => buildIndex(db), { bytes: indexBytes });

const sharesAny = (have: readonly number[], wanted: readonly number[]) => wanted.some((id) => have.includes(id));

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
  for (let i = 0; i < x.ids.length; i++) {
    const id = x.ids[i]!;
    if (id === r.currentProductId) continue;
    const category = r.categoryId !== undefined && x.categories[i] === r.categoryId;
    const sameBrand = brand !== null && x.brands[i] === brand;
    const sameSize = r.sizeIds.length > 0 && sharesAny(x.sizes[i]!, r.sizeIds);
    const sameColor = r.colorIds.length > 0 && sharesAny(x.colors[i]!, r.colorIds);
    if (anyCriterion && !category && !sameBrand && !sameSize && !sameColor) continue;
    const bucket = ranks[(category ? 4 : 0) + Number(sameBrand) + Number(sameSize) + Number(sameColor)]!;
    if (bucket.length < limit) bucket.push(id);
  }
  const out: number[] = [];
  for (let rank = 7; rank >= 0 && out.length < limit; rank--) out.push(...ranks[rank]!.slice(0, limit - out.length));
  return out;
}
