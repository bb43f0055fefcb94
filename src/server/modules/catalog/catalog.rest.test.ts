// REST contract of the public catalogue paths (spec 7): shapes, 404 for unknown ids, 400 for malformed queries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createStaff } from '#server/testing/auth';
import {
  createCategory,
  createColor,
  createCountry,
  createEvent,
  createProduct,
  createProductImage,
  createSize,
} from '#server/testing/factories';

let t: TestApp;
const ids: Record<string, number> = {};

async function json(path: string, status = 200, token?: string) {
  const res = await t.request(path, { token });
  expect(res.status, path).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/json');
  return res.json();
}

async function badRequest(path: string, field: string) {
  const body = await json(path, 400);
  expect(body.code).toBe('BAD_REQUEST');
  expect(typeof body.Message).toBe('string');
  expect(body.errors?.[field]?.[0], `${path} -> errors.${field}`).toEqual(expect.any(String));
}

beforeAll(async () => {
  t = await createTestApp();
  ids.cat = await createCategory(t.db, { name: 'Fustane', mainCategoryID: 1 });
  ids.glow = await createCategory(t.db, { name: 'Parfume', mainCategoryID: 2 });
  ids.red = await createColor(t.db, { name: 'E kuqe', hex: '#b3262e' });
  ids.M = await createSize(t.db, { name: 'M' });
  ids.S = await createSize(t.db, { name: 'S' });
  ids.ev = await createEvent(t.db, { name: 'Black Friday' });
  ids.country = await createCountry(t.db, { name: 'Kosovë', shippingCents: 200 });
  for (let i = 0; i < 5; i++) {
    const p = await createProduct(t.db, {
      categoryId: ids.cat,
      isFeatured: i === 0,
      priceCents: 1250,
      variants: [
        { sizeId: ids.M, colorId: ids.red, stock: 2 },
        { sizeId: ids.S, colorId: ids.red, stock: 1 },
      ],
      eventIds: i < 2 ? [ids.ev] : [],
    });
    ids[`p${i}`] = p.productId;
    ids[`v${i}`] = p.variantIds[0]!;
  }
  await createProductImage(t.db, ids.p0!, { colorId: ids.red!, fileName: 'abc123.webp', sortOrder: 0 });
  ids.inactive = (await createProduct(t.db, { categoryId: ids.glow, isActive: false })).productId;
});

afterAll(async () => {
  await t.db.destroy();
});

describe('GET /api/Product*', () => {
  it('/api/Product lists active product cards (staff also see inactive ones)', async () => {
    const list = await json('/api/Product');
    expect(list).toHaveLength(5);
    expect(list[0]).toMatchObject({
      productID: expect.any(Number),
      name: expect.any(String),
      price: 12.5,
      discountedPrice: null,
      stockQuantity: 3,
      imageURLs: expect.any(Array),
      colors: [{ colorID: ids.red, colorName: 'E kuqe', hexCode: '#b3262e' }],
    });
    const staff = await createStaff(t);
    expect(await json('/api/Product', 200, staff.token)).toHaveLength(6);
  });

  it('/api/Product/homepage gives the featured products', async () => {
    const list = await json('/api/Product/homepage');
    expect(list.map((p: { productID: number }) => p.productID)).toEqual([ids.p0]);
    expect(list[0].imageURLs).toEqual(['/api/Product/images/abc123.webp']);
  });

  it('/api/Product/:id gives the full product; 404 unknown; 400 malformed', async () => {
    const p = await json(`/api/Product/${ids.p0}`);
    expect(p).toMatchObject({
      productID: ids.p0,
      categoryID: ids.cat,
      mainCategoryID: 1,
      isFeatured: true,
      description: expect.any(String),
      dateAdded: expect.any(String),
      images: [{ colorID: ids.red, imageURLs: ['/api/Product/images/abc123.webp'] }],
      events: [{ eventID: ids.ev, eventName: 'Black Friday' }],
      eventIDs: [ids.ev],
    });
    expect(p.productVariants.map((v: { sizeName: string }) => v.sizeName)).toEqual(['S', 'M']);
    expect(p.productVariants[0]).toMatchObject({
      variantID: expect.any(Number),
      sizeID: ids.S,
      colorID: ids.red,
      stockQuantity: 1,
    });
    const missing = await json('/api/Product/999999', 404);
    expect(missing.Message).toBe('Produkti nuk u gjet.');
    await badRequest('/api/Product/abc', 'id');
  });

  it('/api/Product/related takes comma lists and excludes the current product', async () => {
    const list = await json(
      `/api/Product/related?categoryId=${ids.cat}&brand=Marka&currentProductId=${ids.p0}&sizeIds=${ids.M},${ids.S}&colorIds=${ids.red}`,
    );
    expect(list).toHaveLength(4);
    expect(list.map((p: { productID: number }) => p.productID)).not.toContain(ids.p0);
    await badRequest('/api/Product/related?sizeIds=x,1', 'sizeIds');
    await badRequest('/api/Product/related?categoryId=-3', 'categoryId');
  });

  it('/api/Product/filters pages with totalCount and rejects malformed queries', async () => {
    const all = await json('/api/Product/filters?mainCategoryID=1&page=1&pageSize=24');
    expect(all).toMatchObject({ totalCount: 5, page: 1, pageSize: 24 });
    expect(all.products).toHaveLength(5);
    const narrowed = await json(
      `/api/Product/filters?mainCategoryID=1&categoryID=${ids.cat}&size=${ids.M}&eventID=${ids.ev}&colorID=${ids.red}&page=1&pageSize=24`,
    );
    expect(narrowed.totalCount).toBe(2);
    const paged = await json('/api/Product/filters?mainCategoryID=1&page=2&pageSize=2');
    expect(paged.products).toHaveLength(2);
    const empty = await json('/api/Product/filters?mainCategoryID=2&size=&eventID=&colorID=');
    expect(empty).toMatchObject({ totalCount: 0, products: [] });
    await badRequest('/api/Product/filters?mainCategoryID=1&page=abc', 'page');
    await badRequest('/api/Product/filters?mainCategoryID=1&size=x,1', 'size');
    await badRequest('/api/Product/filters?mainCategoryID=7', 'mainCategoryID');
    await badRequest('/api/Product/filters', 'mainCategoryID');
    await badRequest('/api/Product/filters?mainCategoryID=1&pageSize=500', 'pageSize');
    await badRequest('/api/Product/filters?mainCategoryID=1&page=0', 'page');
  });

  it('/api/Product/variants/:variantId gives the stock; 404 unknown; 400 malformed', async () => {
    expect(await json(`/api/Product/variants/${ids.v1}`)).toEqual({
      variantID: ids.v1,
      productID: ids.p1,
      stockQuantity: 2,
    });
    await json('/api/Product/variants/999999', 404);
    await badRequest('/api/Product/variants/x', 'variantId');
  });

  it('/api/Product/color/filtered needs 4 products per colour by default', async () => {
    expect(await json('/api/Product/color/filtered?minProductCount=4')).toEqual([
      { colorID: ids.red, colorName: 'E kuqe', name: 'E kuqe', hexCode: '#b3262e', productCount: 5 },
    ]);
    expect(await json('/api/Product/color/filtered?minProductCount=6')).toEqual([]);
    await badRequest('/api/Product/color/filtered?minProductCount=many', 'minProductCount');
  });
});

describe('reference lists', () => {
  it('/api/Category, /api/Category/filter, /api/Category/:id', async () => {
    const all = await json('/api/Category');
    expect(all).toEqual([
      { categoryID: ids.cat, categoryName: 'Fustane', description: expect.any(String), mainCategoryID: 1 },
      { categoryID: ids.glow, categoryName: 'Parfume', description: expect.any(String), mainCategoryID: 2 },
    ]);
    expect(await json('/api/Category/filter?mainCategoryID=2')).toEqual([all[1]]);
    await badRequest('/api/Category/filter?mainCategoryID=9', 'mainCategoryID');
    expect(await json(`/api/Category/${ids.cat}`)).toEqual(all[0]);
    await json('/api/Category/999999', 404);
    await badRequest('/api/Category/zz', 'id');
  });

  it('/api/MainCategories, /api/Size, /api/Event, /api/Color, /api/Color/color/with-count, /api/countries', async () => {
    expect(await json('/api/MainCategories')).toEqual([
      { mainCategoryID: 1, mainCategoryName: 'Produktet' },
      { mainCategoryID: 2, mainCategoryName: 'Glow Outlet' },
    ]);
    const sizes = await json('/api/Size');
    expect(sizes.map((s: { sizeName: string }) => s.sizeName).slice(0, 2)).toEqual(['S', 'M']);
    expect(sizes[0]).toEqual({ sizeID: ids.S, sizeName: 'S' });
    expect(await json('/api/Event')).toEqual([{ eventID: ids.ev, eventName: 'Black Friday' }]);
    const colors = await json('/api/Color');
    expect(colors).toContainEqual({ colorID: ids.red, colorName: 'E kuqe', name: 'E kuqe', hexCode: '#b3262e' });
    const withCount = await json('/api/Color/color/with-count?minProductCount=1');
    expect(withCount.map((c: { colorName: string }) => c.colorName)).toContain('E kuqe');
    expect(withCount.every((c: { productCount: number }) => c.productCount >= 1)).toBe(true);
    await badRequest('/api/Color/color/with-count?minProductCount=-1', 'minProductCount');
    expect(await json('/api/countries')).toEqual([
      {
        countryID: ids.country,
        countryName: 'Kosovë',
        name: 'Kosovë',
        shippingPrice: 2,
        freeShippingFrom: null,
        postalCodeOptional: false, // decision 215: set per country (true for the demo's Kosovë)
      },
    ]);
  });
});

describe('tRPC door', () => {
  it('answers the same DTOs as REST', async () => {
    const res = await t.request(
      `/api/trpc/catalog.product?input=${encodeURIComponent(JSON.stringify({ json: { productID: ids.p0 } }))}`,
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result.data.json).toEqual(await json(`/api/Product/${ids.p0}`));
    const missing = await t.request(
      `/api/trpc/catalog.product?input=${encodeURIComponent(JSON.stringify({ json: { productID: 424242 } }))}`,
    );
    expect(missing.status).toBe(404);
    const bad = await t.request(
      `/api/trpc/catalog.filter?input=${encodeURIComponent(JSON.stringify({ json: { mainCategoryID: 7 } }))}`,
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.json.data.fieldErrors.mainCategoryID).toEqual([expect.any(String)]);
  });
});

describe('transport', () => {
  it('serves large answers gzipped once per cache entry when the client accepts gzip, identical after decoding', async () => {
    const { gunzipSync } = await import('node:zlib');
    const plain = await t.request('/api/Product');
    const text = await plain.text();
    expect(plain.headers.get('cache-control')).toBe('no-store');
    const res = await t.request('/api/Product', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')).toBe(text);
  });
});
