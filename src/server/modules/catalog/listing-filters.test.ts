// Issue 25: the listing's price range and brand filters, the sizes (brands, price range) its filters offer per
// category, and the search page (text with colour words, the same filters and orders), over the service and
// both doors, on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListingFacetsInput, ProductFilterInput, ProductSearchInput } from '#shared/schemas/catalog';
import { createTestApp, type TestApp } from '#server/testing/app';
import {
  createCategory,
  createColor,
  createProduct,
  createProductDiscount,
  createSize,
} from '#server/testing/factories';
import { filterProducts, listingFacets, prepareSearch, searchProducts } from './listing.service';
import { bumpCatalogVersion, catalogCacheStats } from './read-cache';

let t: TestApp;
const ids: Record<string, number> = {};

const listing = async (input: Record<string, unknown>) =>
  (await filterProducts(t.db, ProductFilterInput.parse({ mainCategoryID: 1, ...input }))).value;
const found = async (input: Record<string, unknown>) => (await listing(input)).products.map((p) => p.productID);
const searched = async (input: Record<string, unknown>) =>
  (await searchProducts(t.db, ProductSearchInput.parse(input))).value.products.map((p) => p.productID);
const facets = async (input: Record<string, unknown>) =>
  (await listingFacets(t.db, ListingFacetsInput.parse(input))).value;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t;
  ids.dresses = await createCategory(db, { name: 'Fustane', mainCategoryID: 1 });
  ids.shoes = await createCategory(db, { name: 'Këpucë', mainCategoryID: 1 });
  ids.makeup = await createCategory(db, { name: 'Grim', mainCategoryID: 2 });
  ids.black = await createColor(db, { name: 'E zezë' });
  ids.red = await createColor(db, { name: 'E kuqe' });
  ids.white = await createColor(db, { name: 'E bardhë' });
  for (const name of ['S', 'M', '36', '37', 'Një madhësi']) ids[name] = await createSize(db, { name });
  const product = async (name: string, input: Parameters<typeof createProduct>[1]) =>
    (ids[name] = (
      await createProduct(db, { name, dateAdded: `2026-01-${10 + Object.keys(ids).length}`, ...input })
    ).productId);
  await product('Fustan midi', {
    categoryId: ids.dresses,
    brand: 'Zara',
    priceCents: 4990,
    variants: [
      { sizeId: ids.S, colorId: ids.black },
      { sizeId: ids.M, colorId: ids.red },
    ],
  });
  await product('Fustan i gjatë', {
    categoryId: ids.dresses,
    brand: 'Mango',
    priceCents: 5990,
    variants: [{ sizeId: ids.M, colorId: ids.red }],
  });
  await product('Fustan mbrëmjeje', {
    categoryId: ids.dresses,
    brand: 'ZARA',
    priceCents: 8900,
    variants: [{ sizeId: ids.S, colorId: ids.white }],
  });
  await product('Atlete', {
    categoryId: ids.shoes,
    brand: 'Nike',
    priceCents: 5990,
    variants: [
      { sizeId: ids['36'], colorId: ids.black },
      { sizeId: ids['37'], colorId: ids.black },
    ],
  });
  await product('Buzëkuq mat', {
    categoryId: ids.makeup,
    brand: 'MAC',
    priceCents: 1990,
    variants: [{ sizeId: ids['Një madhësi'], colorId: ids.red }],
  });
  await product('Fustan i fshehur', {
    categoryId: ids.dresses,
    brand: 'Zara',
    priceCents: 5000,
    isActive: false,
    variants: [{ sizeId: ids.S, colorId: ids.black }],
  });
  // Half price today: shown at 44,50 €.
  await createProductDiscount(t.db, { productIds: [ids['Fustan mbrëmjeje']!], percentage: 50 });
  bumpCatalogVersion();
});

afterAll(async () => {
  await t.db.destroy();
});

describe('price range', () => {
  it('narrows by the price shown today, both ends inclusive, either end alone', async () => {
    const dresses = { categoryID: ids.dresses };
    expect(await found({ ...dresses, minPrice: 45 })).toEqual([ids['Fustan i gjatë'], ids['Fustan midi']]);
    expect(await found({ ...dresses, minPrice: 44.5, maxPrice: 49.9, sort: 'price-asc' })).toEqual([
      ids['Fustan mbrëmjeje'],
      ids['Fustan midi'],
    ]);
    expect(await found({ maxPrice: 44.49 })).toEqual([]);
    expect(await found({ minPrice: 59.9, maxPrice: 59.9 })).toEqual([ids.Atlete, ids['Fustan i gjatë']]);
    // The ends the other way round are the same range.
    expect(await found({ minPrice: 59.9, maxPrice: 45 })).toEqual(await found({ minPrice: 45, maxPrice: 59.9 }));
    expect((await listing({ minPrice: 45, maxPrice: 59.9 })).totalCount).toBe(3);
  });
});

describe('brand', () => {
  it('matches every spelling of a brand, never hidden products, and nothing for an unknown brand', async () => {
    expect(await found({ brand: ['zara'] })).toEqual([ids['Fustan mbrëmjeje'], ids['Fustan midi']]);
    expect(await found({ brand: ['Zara', 'Nike'], maxPrice: 50 })).toEqual([
      ids['Fustan mbrëmjeje'],
      ids['Fustan midi'],
    ]);
    expect(await found({ brand: ['Nike'], categoryID: ids.dresses })).toEqual([]);
    expect(await listing({ brand: ['Gucci'] })).toMatchObject({ products: [], totalCount: 0 });
  });

  it('answers every spelling of one question from one cache entry', async () => {
    const ask = (brand: string[]) => filterProducts(t.db, ProductFilterInput.parse({ mainCategoryID: 1, brand }));
    await ask(['ZARA', 'nike']); // a first ask is answered, kept from the second (decision 201)
    const a = await ask(['ZARA', 'nike']);
    expect((await ask(['Nike', 'zara', 'Zara'])).value).toBe(a.value);
  });
});

describe('what the filters offer', () => {
  it('offers only the sizes of the category: no shoe sizes on dresses', async () => {
    const names = async (input: Record<string, unknown>) => (await facets(input)).sizes.map((s) => s.sizeName);
    expect(await names({ mainCategoryID: 1, categoryID: ids.dresses })).toEqual(['S', 'M']);
    expect(await names({ mainCategoryID: 1, categoryID: ids.shoes })).toEqual(['36', '37']);
    expect(await names({ mainCategoryID: 1 })).toEqual(['S', 'M', '36', '37']);
    expect(await names({ mainCategoryID: 2 })).toEqual(['Një madhësi']);
    // The size chosen is left out (the others stay on offer); a colour chosen keeps the sizes it comes in.
    expect(await names({ mainCategoryID: 1, categoryID: ids.dresses, size: [ids.S] })).toEqual(['S', 'M']);
    expect(await names({ mainCategoryID: 1, categoryID: ids.dresses, colorID: [ids.black] })).toEqual(['S']);
    expect(await names({ mainCategoryID: 1, brand: ['Nike'] })).toEqual(['36', '37']);
  });

  it('offers the brands (one spelling each) and the shown price range of what the other filters leave', async () => {
    const dresses = await facets({ mainCategoryID: 1, categoryID: ids.dresses, brand: ['Mango'] });
    // One spelling a brand: the catalogue's first in brand order ("ZARA" before "Zara").
    expect(dresses.brands).toEqual(['Mango', 'ZARA']);
    expect([dresses.minPrice, dresses.maxPrice]).toEqual([59.9, 59.9]);
    const all = await facets({ mainCategoryID: 1, minPrice: 50 });
    expect(all.brands).toEqual(['Mango', 'Nike']);
    expect([all.minPrice, all.maxPrice]).toEqual([44.5, 59.9]);
    expect(all.categoryIDs).toEqual([ids.dresses, ids.shoes].sort((a, b) => a! - b!));
    expect(await facets({ mainCategoryID: 2, categoryID: ids.dresses })).toEqual({
      categoryIDs: [ids.makeup],
      sizes: [],
      brands: [],
      minPrice: null,
      maxPrice: null,
    });
  });

  it("prices the range with each product's largest discount active today, never an ended one", async () => {
    const bags = await createCategory(t.db, { name: 'Çanta', mainCategoryID: 2 });
    const item = async (name: string, priceCents: number) =>
      (
        await createProduct(t.db, {
          name,
          categoryId: bags,
          brand: 'Guess',
          priceCents,
          variants: [{ sizeId: ids['Një madhësi']!, colorId: ids.white! }],
        })
      ).productId;
    const bag = await item('Çantë lëkure', 10000);
    const wallet = await item('Portofol', 3000);
    await createProductDiscount(t.db, { productIds: [bag], percentage: 10 });
    await createProductDiscount(t.db, { productIds: [bag, wallet], percentage: 25 });
    await createProductDiscount(t.db, { productIds: [wallet], percentage: 90, end: '2001-01-01' });
    bumpCatalogVersion();
    // 100,00 € and 30,00 € at 25 % off (the larger of the bag's two; the wallet's 90 % ended).
    expect(await facets({ mainCategoryID: 2, categoryID: bags })).toMatchObject({ minPrice: 22.5, maxPrice: 75 });
    await t.db.updateTable('products').set({ is_active: 0 }).where('category_id', '=', bags).execute();
    bumpCatalogVersion();
  });
});

describe('search', () => {
  it('finds black dresses for "fustan e zezë" and its other spellings', async () => {
    for (const q of ['fustan e zezë', 'Fustan i zi', 'fustan e zeze', 'FUSTAN  TË ZEZA'])
      expect(await searched({ q }), q).toEqual([ids['Fustan midi']]);
    expect(await searched({ q: 'zi' })).toEqual([ids.Atlete, ids['Fustan midi']]);
    expect(await searched({ q: 'e kuqe' })).toEqual([ids['Buzëkuq mat'], ids['Fustan i gjatë'], ids['Fustan midi']]);
    expect(await searched({ q: 'fustan i bardhë' })).toEqual([ids['Fustan mbrëmjeje']]);
  });

  it('matches name, brand, category and price over both main categories, never hidden products', async () => {
    expect(await searched({ q: 'kepuce' })).toEqual([ids.Atlete]);
    expect(await searched({ q: 'mac' })).toEqual([ids['Buzëkuq mat']]);
    expect(await searched({ q: '44,50' })).toEqual([ids['Fustan mbrëmjeje']]);
    // The header search asks this search too (decision 242): prices typed with a dot, and names without ë or ç.
    expect(await searched({ q: '44.50' })).toEqual([ids['Fustan mbrëmjeje']]);
    expect(await searched({ q: 'BUZEKUQ' })).toEqual([ids['Buzëkuq mat']]);
    expect(await searched({ q: 'fshehur' })).toEqual([]);
  });

  it('takes the listing filters, category and orders', async () => {
    expect(await searched({ q: 'fustan', sort: 'price-asc' })).toEqual([
      ids['Fustan mbrëmjeje'],
      ids['Fustan midi'],
      ids['Fustan i gjatë'],
    ]);
    expect(await searched({ q: 'fustan', brand: ['zara'], maxPrice: 45 })).toEqual([ids['Fustan mbrëmjeje']]);
    expect(await searched({ q: 'zi', size: [ids['36']] })).toEqual([ids.Atlete]);
    expect(await searched({ q: 'zi', categoryID: ids.dresses })).toEqual([ids['Fustan midi']]);
    // The categories with products for the text, whichever category is chosen.
    expect((await facets({ q: 'fustan', categoryID: ids.shoes })).categoryIDs).toEqual([ids.dresses]);
    const offered = await facets({ q: 'fustan' });
    expect(offered.sizes.map((s) => s.sizeName)).toEqual(['S', 'M']);
    expect(offered.brands).toEqual(['Mango', 'ZARA']);
  });

  it('answers two spellings of one search from one cache entry', async () => {
    const ask = (q: string) => searchProducts(t.db, ProductSearchInput.parse({ q }));
    await ask('fustan e zezë');
    const a = await ask('fustan e zezë');
    expect((await ask('FUSTAN I ZI')).value).toBe(a.value);
  });
});

describe('both doors', () => {
  it('REST reads brands as a comma list and prices as euro amounts; bad ones are 400 with field messages', async () => {
    const res = await t.request(`/api/Product/filters?mainCategoryID=1&brand=zara,Nike&minPrice=45&maxPrice=59.90`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { products: { productID: number }[] };
    expect(body.products.map((p) => p.productID)).toEqual([ids.Atlete, ids['Fustan midi']]);
    const bad = await t.request(`/api/Product/filters?mainCategoryID=1&minPrice=59,90&maxPrice=1.234`);
    expect(bad.status).toBe(400);
    const errors = ((await bad.json()) as { errors: Record<string, unknown> }).errors;
    expect(Object.keys(errors).sort()).toEqual(['maxPrice', 'minPrice']);
  });

  it('REST and tRPC search and facets answer alike', async () => {
    const q = encodeURIComponent('fustan e zezë');
    const rest = (await (await t.request(`/api/Product/search?q=${q}`)).json()) as {
      products: { productID: number }[];
    };
    expect(rest.products.map((p) => p.productID)).toEqual([ids['Fustan midi']]);
    expect((await t.request('/api/Product/search')).status).toBe(400);
    const options = await t.request(`/api/Product/filters/options?mainCategoryID=1&categoryID=${ids.shoes}`);
    expect(((await options.json()) as { sizes: { sizeName: string }[] }).sizes.map((s) => s.sizeName)).toEqual([
      '36',
      '37',
    ]);
    const input = encodeURIComponent(JSON.stringify({ json: { q: 'fustan i zi' } }));
    const trpc = (await (await t.request(`/api/trpc/catalog.search?input=${input}`)).json()) as {
      result: { data: { json: { products: { productID: number }[] } } };
    };
    expect(trpc.result.data.json.products.map((p) => p.productID)).toEqual([ids['Fustan midi']]);
  });
});

describe('search over a catalogue read in batches (issue 38)', () => {
  it('finds products in every batch of the index, and counts them all', async () => {
    const { db } = t;
    const category = await createCategory(db, { name: 'Kujdes lëkure', mainCategoryID: 2 });
    const rows = Array.from({ length: 1_150 }, (_, i) => ({
      name: `Serum ${i + 1}`,
      barcode: `SRM${String(i).padStart(8, '0')}`,
      brand: 'Luma',
      description: 'Serum fytyre',
      category_id: category,
      price_cents: 1_000 + i,
      is_featured: 0,
      is_active: 1,
      date_added: '2026-02-01',
    }));
    await db.insertInto('products').values(rows).execute();
    const last = await createProduct(db, {
      name: 'Serum i fundit',
      brand: 'Luma',
      categoryId: category,
      variants: [{ sizeId: ids['Një madhësi']!, colorId: ids.red!, stock: 2 }],
    });
    bumpCatalogVersion();
    const all = await searchProducts(t.db, ProductSearchInput.parse({ q: 'luma', pageSize: 12 }));
    expect(all.value.totalCount).toBe(1_151);
    // The last product is past two whole batches; its colour comes from its own batch's read.
    expect(await searched({ q: 'serum e kuqe' })).toEqual([last.productId]);
    expect(await searched({ q: '10,00' })).toContain(
      (await db.selectFrom('products').select('product_id').where('name', '=', 'Serum 1').executeTakeFirstOrThrow())
        .product_id,
    );
  });

  it('is built before the first search when the shop starts it, and kept: the search after it does not build it again', async () => {
    bumpCatalogVersion();
    await prepareSearch(t.db);
    // The new catalogue version's first entry: the index.
    const built = catalogCacheStats(t.db);
    expect(built.entries).toBe(1);
    expect(built.bytes).toBeGreaterThan(1_150 * 60);
    await prepareSearch(t.db);
    expect(catalogCacheStats(t.db)).toEqual(built);
    // The search that follows adds its own entries (the vocabulary, its matches, count and page), not the index again.
    expect(await searched({ q: 'serum e kuqe' })).toHaveLength(1);
    expect(catalogCacheStats(t.db).entries).toBe(built.entries + 4);
  });
});
