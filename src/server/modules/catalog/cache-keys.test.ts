// Decision 201: an anonymous URL cannot grow the answer caches. Against the real app behind the real server (fast
// lane included) on a real database, with the server render of the pages:
// - generated spellings of the same questions (parameters nobody reads such as `&n=i` on a tRPC batch or utm_*
//   on a page, unknown, repeated and reordered ids, a brand in other letter case) get the same answer and make
//   no cache entry at all, in the catalogue cache, the fast lane's batch cache or the rendered pages;
// - answers any input can multiply (missing products, pages past the last, unknown categories) make none either;
// - whatever questions are asked, each cache stays within its byte bound.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderedPages } from '#server/http/server-render';
import { createTestApp, startServer, type TestApp } from '#server/testing/app';
import { createCategory, createColor, createEvent, createProduct, createSize } from '#server/testing/factories';
import { fastLaneCacheStats } from './catalog.fast-lane';
import { bumpCatalogVersion, catalogCacheStats } from './read-cache';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

const ENTRY = `export async function renderPage(url, queries) { return '<p data-url="' + url + '">' + queries.map((q) => q.path).join(',') + '</p>'; }`;

function fakeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-keys-'));
  fs.mkdirSync(path.join(dist, 'client'));
  fs.mkdirSync(path.join(dist, 'ssr'));
  fs.writeFileSync(
    path.join(dist, 'client', 'index.html'),
    '<!doctype html><html><head><!--app-meta--><title>x</title><!--/app-meta--></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'ssr', 'entry-server.js'), ENTRY);
  return path.join(dist, 'client');
}

interface Shop {
  t: TestApp;
  server: Awaited<ReturnType<typeof startServer>>;
  ids: Record<string, number>;
  products: number[];
}

async function shop(cacheBudget?: TestApp['config']['cacheBudget']): Promise<Shop> {
  const t = await createTestApp({ clientDistDir: fakeDist(), cacheBudget });
  const server = await startServer(t.app, t);
  const ids: Record<string, number> = {};
  ids.dresses = await createCategory(t.db, { name: 'Fustane', mainCategoryID: 1 });
  ids.shoes = await createCategory(t.db, { name: 'Këpucë', mainCategoryID: 1 });
  ids.perfume = await createCategory(t.db, { name: 'Parfume', mainCategoryID: 2 });
  ids.S = await createSize(t.db, { name: 'S' });
  ids.M = await createSize(t.db, { name: 'M' });
  ids.L = await createSize(t.db, { name: 'L' });
  ids.red = await createColor(t.db, { name: 'E kuqe' });
  ids.black = await createColor(t.db, { name: 'E zezë' });
  ids.summer = await createEvent(t.db, { name: 'Vera' });
  const products: number[] = [];
  for (let i = 0; i < 40; i++) {
    const size = [ids.S, ids.M, ids.L][i % 3]!;
    const colour = i % 2 ? ids.red : ids.black;
    const p = await createProduct(t.db, {
      name: `Fustan ${i}`,
      brand: i % 2 ? 'Zara' : 'Mango',
      categoryId: i % 4 ? ids.dresses : ids.shoes,
      priceCents: 1000 + 37 * i,
      isFeatured: i < 5,
      dateAdded: `2026-01-${String(1 + (i % 28)).padStart(2, '0')}`,
      variants: [{ sizeId: size, colorId: colour, stock: i % 5 }],
      eventIds: i % 3 ? [] : [ids.summer],
    });
    products.push(p.productId);
  }
  bumpCatalogVersion();
  return { t, server, ids, products };
}

const batchInput = (...inputs: unknown[]) =>
  encodeURIComponent(JSON.stringify(Object.fromEntries(inputs.map((input, i) => [i, superjson.serialize(input)]))));

async function get(s: Shop, url: string, gzip = false): Promise<{ status: number; text: string }> {
  const res = await fetch(s.server.url + url, {
    headers: gzip ? { 'accept-encoding': 'gzip' } : { 'accept-encoding': 'identity' },
  });
  return { status: res.status, text: await res.text() };
}

const entries = (s: Shop) => ({
  catalog: catalogCacheStats(s.t.db).entries,
  lane: fastLaneCacheStats(s.t).entries,
  pages: renderedPages.stats().entries,
});

// ---- the questions and their other spellings ---------------------------------------------------------------

/** What an attacker adds: ids that do not exist, repeats, another order, parameters nobody reads. */
interface Noise {
  bogus: number[];
  repeat: boolean;
  reverse: boolean;
  extra: Array<[string, string]>;
  gzip: boolean;
  upper: boolean;
}
const noise: fc.Arbitrary<Noise> = fc.record({
  bogus: fc.array(fc.integer({ min: 100_000, max: 2 ** 31 - 1 }), { maxLength: 4 }),
  repeat: fc.boolean(),
  reverse: fc.boolean(),
  extra: fc.array(
    fc.tuple(
      fc.constantFrom('n', 'x', 'utm_source', 'fbclid', 'ref', '_', 'cb'),
      fc.stringMatching(/^[a-z0-9]{1,12}$/),
    ),
    { maxLength: 3 },
  ),
  gzip: fc.boolean(),
  upper: fc.boolean(),
});

/** A list of real ids as the noise spells it (bogus ids mixed in, repeated, reordered). */
function spell(list: number[], n: Noise): number[] {
  let out = [...list, ...n.bogus];
  if (n.repeat) out = [...out, ...list];
  return n.reverse ? out.reverse() : out;
}
const params = (n: Noise) => n.extra.map(([k, v]) => `&${k}=${v}`).join('');

/** Each question once plainly and once as the noise spells it: the same answer is expected. */
const questions: Array<{ name: string; plain: (s: Shop) => string; noisy: (s: Shop, n: Noise) => string }> = [
  {
    name: 'tRPC batch: listing + categories (fast lane)',
    plain: (s) =>
      `/api/trpc/catalog.filter,catalog.categories?batch=1&input=${batchInput({ mainCategoryID: 1, size: [s.ids.S, s.ids.M], pageSize: 12 })}`,
    noisy: (s, n) =>
      `/api/trpc/catalog.filter,catalog.categories?batch=1&input=${batchInput({ mainCategoryID: 1, size: spell([s.ids.S!, s.ids.M!], n), pageSize: 12 })}${params(n)}`,
  },
  {
    name: 'tRPC batch: product + related (fast lane)',
    plain: (s) =>
      `/api/trpc/catalog.product,catalog.related?batch=1&input=${batchInput({ productID: s.products[3] }, { categoryId: s.ids.dresses, brand: 'Zara', colorIds: [s.ids.red] })}`,
    noisy: (s, n) =>
      `/api/trpc/catalog.product,catalog.related?batch=1&input=${batchInput({ productID: s.products[3] }, { categoryId: s.ids.dresses, brand: n.upper ? 'ZARA' : 'zara', colorIds: spell([s.ids.red!], n) })}${params(n)}`,
  },
  {
    name: 'REST listing (fast lane)',
    plain: (s) =>
      `/api/Product/filters?mainCategoryID=1&size=${s.ids.S},${s.ids.L}&colorID=${s.ids.red}&eventID=${s.ids.summer}`,
    noisy: (s, n) =>
      `/api/Product/filters?mainCategoryID=1&size=${spell([s.ids.S!, s.ids.L!], n).join(',')}&colorID=${spell([s.ids.red!], n).join(',')}&eventID=${spell([s.ids.summer!], n).join(',')}${params(n)}`,
  },
  {
    name: 'REST related',
    plain: (s) =>
      `/api/Product/related?categoryId=${s.ids.shoes}&brand=Mango&sizeIds=${s.ids.M}&colorIds=${s.ids.black}&currentProductId=${s.products[0]}`,
    noisy: (s, n) =>
      `/api/Product/related?categoryId=${s.ids.shoes}&brand=${n.upper ? 'MANGO' : 'mango'}&sizeIds=${spell([s.ids.M!], n).join(',')}&colorIds=${spell([s.ids.black!], n).join(',')}&currentProductId=${s.products[0]}${params(n)}`,
  },
  {
    name: 'REST product',
    plain: (s) => `/api/Product/${s.products[7]}`,
    noisy: (s, n) => `/api/Product/${s.products[7]}?${params(n).slice(1) || 'x=1'}`,
  },
  {
    name: 'rendered listing page',
    plain: (s) => `/products/${s.ids.dresses}?sort=price-asc`,
    noisy: (s, n) => `/products/${s.ids.dresses}?sort=price-asc${params(n)}`,
  },
  {
    name: 'rendered product page',
    plain: (s) => `/productDetails/${s.products[9]}`,
    noisy: (s, n) => `/productDetails/${s.products[9]}?utm_medium=x${params(n)}`,
  },
];

/** Questions any input can multiply: never kept, whatever the number. */
const oneOffs: Array<{ name: string; url: (s: Shop, k: number) => string; status: number }> = [
  { name: 'missing product (REST, fast lane)', url: (_s, k) => `/api/Product/${500_000 + k}`, status: 404 },
  {
    name: 'missing product (tRPC batch)',
    url: (_s, k) => `/api/trpc/catalog.product?batch=1&input=${batchInput({ productID: 500_000 + k })}`,
    status: 404,
  },
  { name: 'missing product page', url: (_s, k) => `/productDetails/${500_000 + k}`, status: 404 },
  {
    name: 'listing page past the last (REST)',
    url: (_s, k) => `/api/Product/filters?mainCategoryID=1&page=${100 + k}`,
    status: 200,
  },
  {
    name: 'listing page past the last (tRPC)',
    url: (_s, k) => `/api/trpc/catalog.filter?batch=1&input=${batchInput({ mainCategoryID: 2, page: 100 + k })}`,
    status: 200,
  },
  {
    name: 'rendered listing page past the last',
    url: (_s, k) => `/products?page=${100 + k}&utm_source=${k}`,
    status: 200,
  },
  {
    name: 'unknown category in a listing',
    url: (_s, k) => `/api/Product/filters?mainCategoryID=1&categoryID=${500_000 + k}`,
    status: 200,
  },
  // A missing category's page is a 404 (decision 212).
  { name: 'unknown category page', url: (_s, k) => `/products/${500_000 + k}`, status: 404 },
  {
    name: 'colours with more products than there are',
    url: (_s, k) => `/api/Color/color/with-count?minProductCount=${1000 + k}`,
    status: 200,
  },
  {
    name: 'related with only unknown ids',
    url: (_s, k) => `/api/Product/related?sizeIds=${500_000 + k}&brand=nobody${k}`,
    status: 200,
  },
];

describe('an anonymous URL cannot add to the answer caches (decision 201)', () => {
  let s: Shop;
  beforeAll(async () => {
    s = await shop();
  });
  afterAll(async () => {
    await s.server.close();
    await s.t.db.destroy();
  });

  it('other spellings of a question get its answer and make no cache entry, in any cache (generated)', async () => {
    const answers = new Map<string, string>();
    // Each question asked three times (kept from its second ask), and one of each one-off kind (they share a page).
    for (const q of questions) for (let i = 0; i < 3; i++) answers.set(q.name, (await get(s, q.plain(s))).text);
    for (const o of oneOffs) for (let i = 0; i < 2; i++) await get(s, o.url(s, 0));
    const before = entries(s);
    expect(before.catalog).toBeGreaterThan(10);
    expect(before.lane).toBeGreaterThanOrEqual(2);
    expect(before.pages).toBeGreaterThanOrEqual(2);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...questions), noise, async (q, n) => {
        const url = q.noisy(s, n);
        // Twice: a key asked again would be kept, so a new key would show.
        for (let i = 0; i < 2; i++) {
          const a = await get(s, url, n.gzip);
          expect(a.status, url).toBe(200);
          expect(a.text, url).toBe(answers.get(q.name));
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
    expect(entries(s)).toEqual(before);
  }, 120_000);

  it('answers any input can multiply (missing products, pages past the last, unknown ids) make no entry however many', async () => {
    const before = entries(s);
    const beforeBytes = catalogCacheStats(s.t.db).bytes;
    for (const o of oneOffs) {
      for (let k = 1; k <= 25; k++) {
        for (let i = 0; i < 2; i++) expect((await get(s, o.url(s, k))).status, o.name).toBe(o.status);
      }
    }
    expect(entries(s)).toEqual(before);
    expect(catalogCacheStats(s.t.db).bytes).toBe(beforeBytes);
  }, 120_000);
});

describe('each cache stays within its byte bound whatever is asked (decision 201)', () => {
  it('thousands of distinct real questions, each asked twice, against small bounds', async () => {
    const budget = { catalogBytes: 300_000, fastLaneBytes: 60_000, pageBytes: 120_000 };
    const s = await shop(budget);
    try {
      const sorts = ['newest', 'price-asc', 'price-desc', 'discount'];
      const urls: string[] = [];
      for (let i = 0; i < 400; i++) {
        const sizes = [s.ids.S, s.ids.M, s.ids.L].filter((_, k) => (i >> k) & 1);
        urls.push(
          `/api/Product/filters?mainCategoryID=1&pageSize=${1 + (i % 48)}&page=${1 + (i % 3)}&sort=${sorts[i % 4]}&size=${sizes.join(',')}`,
        );
        urls.push(
          `/api/trpc/catalog.product,catalog.related?batch=1&input=${batchInput({ productID: s.products[i % 40] }, { colorIds: [i % 2 ? s.ids.red : s.ids.black], currentProductId: s.products[(i * 7) % 40] })}`,
        );
        urls.push(
          i % 2 ? `/productDetails/${s.products[i % 40]}` : `/products?sort=${sorts[i % 4]}&page=${1 + (i % 2)}`,
        );
      }
      let peak = { catalog: 0, lane: 0, pages: 0 };
      for (const url of urls) {
        for (let i = 0; i < 2; i++) expect((await get(s, url, i === 1)).status, url).toBe(200);
        const now = {
          catalog: catalogCacheStats(s.t.db).bytes,
          lane: fastLaneCacheStats(s.t).bytes,
          pages: renderedPages.stats().bytes,
        };
        peak = {
          catalog: Math.max(peak.catalog, now.catalog),
          lane: Math.max(peak.lane, now.lane),
          pages: Math.max(peak.pages, now.pages),
        };
      }
      expect(peak.catalog).toBeLessThanOrEqual(budget.catalogBytes);
      expect(peak.lane).toBeLessThanOrEqual(budget.fastLaneBytes);
      expect(peak.pages).toBeLessThanOrEqual(budget.pageBytes);
      // Bounded, not empty: the caches were filled to near their bound and kept answering.
      expect(peak.catalog).toBeGreaterThan(budget.catalogBytes / 2);
      expect(peak.lane).toBeGreaterThan(budget.fastLaneBytes / 2);
      expect(peak.pages).toBeGreaterThan(budget.pageBytes / 2);
      expect(catalogCacheStats(s.t.db).maxBytes).toBe(budget.catalogBytes);
      expect(renderedPages.stats().maxBytes).toBe(budget.pageBytes);
    } finally {
      await s.server.close();
      await s.t.db.destroy();
    }
  }, 180_000);
});
