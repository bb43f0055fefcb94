// The related products ranked in memory (related-index.ts) are the SQL ranking's (catalog.queries relatedProductIds),
// tie for tie: every product's related list, and questions with unknown ids, no brand, an unknown brand or nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '#server/deps';
import { createTestDeps } from '#server/testing/db';
import { createCategory, createColor, createProduct, createSize } from '#server/testing/factories';
import * as q from './catalog.queries';
import { freshState } from './read-cache';
import { foldCase, rankRelated, relatedIndex } from './related-index';

let deps: AppDeps;
const made: Array<{ productId: number; categoryId: number; brand: string | null; sizes: number[]; colors: number[] }> =
  [];

/** A fixed pseudo-random sequence, so a failure is the same on every run. */
let seed = 7;
const rand = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};

beforeAll(async () => {
  deps = await createTestDeps();
  const categories = [await createCategory(deps.db), await createCategory(deps.db), await createCategory(deps.db)];
  const sizes = [await createSize(deps.db), await createSize(deps.db), await createSize(deps.db)];
  const colors = [await createColor(deps.db), await createColor(deps.db), await createColor(deps.db)];
  const brands = ['Zara', 'ZARA', 'Mango', null];
  for (let i = 0; i < 40; i++) {
    const categoryId = categories[rand(3)]!;
    const brand = brands[rand(4)]!;
    const variants = Array.from({ length: 1 + rand(2) }, () => ({
      sizeId: sizes[rand(3)]!,
      colorId: colors[rand(3)]!,
    }));
    const { productId } = await createProduct(deps.db, {
      categoryId,
      brand,
      isActive: rand(10) > 0,
      dateAdded: `2026-0${1 + rand(3)}-1${rand(3)}`, // many ties on the date: the id decides
      variants,
    });
    made.push({
      productId,
      categoryId,
      brand,
      sizes: variants.map((v) => v.sizeId),
      colors: variants.map((v) => v.colorId),
    });
  }
});

afterAll(() => deps.db.destroy());

describe('related products ranked in memory', () => {
  it('gives the SQL ranking for every product and for odd questions', async () => {
    const index = (await relatedIndex(await freshState(deps.db), deps.db)).value;
    const questions: q.RelatedQuery[] = made.map((p) => ({
      categoryId: p.categoryId,
      brand: p.brand ?? undefined,
      currentProductId: p.productId,
      sizeIds: [...new Set(p.sizes)].sort(),
      colorIds: [...new Set(p.colors)].sort(),
    }));
    questions.push(
      { sizeIds: [], colorIds: [] },
      { categoryId: 0, brand: '', sizeIds: [0], colorIds: [0] },
      { brand: 'zara', sizeIds: [], colorIds: [made[0]!.colors[0]!] },
    );
    for (const r of questions)
      for (const limit of [3, 12])
        expect(rankRelated(index, r, limit, foldCase(deps.db)), JSON.stringify(r)).toEqual(
          await q.relatedProductIds(deps.db, r, limit),
        );
  });
});
