// The staff product list and its bulk action (issue 25, decision 220), on the real database (SQLite, and PostgreSQL
// with `npm run test:pg`): paging, each sort in both directions against a model, each filter, the REST and tRPC
// doors with their roles, the number of queries a page costs, and the bulk action (all or nothing, the refusal of
// unknown ids, deletion that keeps order lines as the single delete does, deactivated products hidden in the shop).
import { orderLineCounts } from '#server/modules/orders';
import { countQueries } from '#server/testing/count-queries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTableRowDto } from '#shared/dto/catalog-admin';
import { staffMessages } from '#shared/messages-staff';
import { BULK_PRODUCTS_MAX, type ProductSort } from '#shared/schemas/product-list';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCustomer, createStaff } from '#server/testing/auth';
import {
  createCategory,
  createProduct,
  createProductImage,
  createProductDiscount,
  createColor,
  insertOrder,
} from '#server/testing/factories';
import { trpcCall } from '#server/testing/trpc';
import * as bulk from './products-bulk.service';
import { inRequestContext } from '#server/testing/request-context';

/** A staff write runs as a door runs it: in a request context (decision 228). */
const { bulkProducts } = inRequestContext(bulk);
import { productPage } from './products-table.service';

let t: TestApp;
let staff: string;
let customer: string;
let catA: number;
let catB: number;

/** The fixed products of category A: name, price (cents), date added, variant stocks, active. */
const FIXTURE = [
  { name: 'alfa', price: 3000, date: '2026-01-05', stocks: [5, 1], active: true },
  { name: 'Bravo', price: 1000, date: '2026-01-03', stocks: [10], active: true },
  { name: 'charlie', price: 2000, date: '2026-01-07', stocks: [0, 0], active: false },
  { name: 'Delta', price: 5000, date: '2026-01-01', stocks: [3, 3], active: true },
  { name: 'echo', price: 2000, date: '2026-01-07', stocks: [2], active: true },
  { name: 'Foxtrot', price: 4000, date: '2026-01-02', stocks: [7], active: false },
  { name: 'golf', price: 500, date: '2026-01-04', stocks: [20], active: true },
] as const;
const ids = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  staff = (await createStaff(t)).token;
  customer = (await createCustomer(t)).token;
  catA = await createCategory(t.db, { name: 'Fustane' });
  catB = await createCategory(t.db, { name: 'Kozmetikë', mainCategoryID: 2 });
  for (const f of FIXTURE) {
    const p = await createProduct(t.db, {
      name: f.name,
      categoryId: catA,
      priceCents: f.price,
      dateAdded: f.date,
      isActive: f.active,
      barcode: `BC-${f.name.toUpperCase()}`,
      variants: f.stocks.map((stock) => ({ stock })),
    });
    ids.set(f.name, p.productId);
  }
  const hotel = await createProduct(t.db, {
    name: 'hotel',
    categoryId: catB,
    priceCents: 1500,
    dateAdded: '2026-01-06',
    barcode: 'HOTEL-777',
    variants: [{ stock: 1 }],
  });
  ids.set('hotel', hotel.productId);
});
afterAll(() => t.db.destroy());

const names = (rows: ProductTableRowDto[]) => rows.map((r) => r.name);
const page = (input: Parameters<typeof productPage>[1]) => productPage(t, input);

/** The model's order: the sort key, then the id, both in the asked direction. */
function modelOrder(sort: ProductSort, dir: 'asc' | 'desc'): string[] {
  const key = (f: (typeof FIXTURE)[number]): string | number =>
    sort === 'name'
      ? f.name.toLowerCase()
      : sort === 'price'
        ? f.price
        : sort === 'stock'
          ? f.stocks.reduce((a: number, b) => a + b, 0)
          : f.date;
  const sign = dir === 'asc' ? 1 : -1;
  return [...FIXTURE]
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      if (ka !== kb) return (ka < kb ? -1 : 1) * sign;
      return (ids.get(a.name)! - ids.get(b.name)!) * sign;
    })
    .map((f) => f.name);
}

describe('productPage (service)', () => {
  it('lists newest first by default, with every column and the stock summed over the variants', async () => {
    const res = await page({ categoryID: catA });
    expect(res).toMatchObject({ total: 7, page: 1, pageSize: 25 });
    expect(names(res.items)).toEqual(modelOrder('date', 'desc'));
    const alfa = res.items.find((r) => r.name === 'alfa')!;
    expect(alfa).toMatchObject({
      productID: ids.get('alfa'),
      barcode: 'BC-ALFA',
      categoryID: catA,
      categoryName: 'Fustane',
      price: 30,
      isActive: true,
      dateAdded: '2026-01-05',
      stockQuantity: 6,
      lowStock: true,
    });
    expect(alfa.colors).toHaveLength(2);
    expect(res.items.find((r) => r.name === 'Delta')).toMatchObject({ stockQuantity: 6, lowStock: false });
  });

  it.each([
    ['date', 'asc'],
    ['date', 'desc'],
    ['name', 'asc'],
    ['name', 'desc'],
    ['price', 'asc'],
    ['price', 'desc'],
    ['stock', 'asc'],
    ['stock', 'desc'],
  ] as const)('sorts by %s %s (ties by id in the same direction)', async (sort, dir) => {
    const res = await page({ categoryID: catA, sort, dir });
    expect(names(res.items)).toEqual(modelOrder(sort, dir));
  });

  it('a sort without a direction starts A–Z / lowest first', async () => {
    expect(names((await page({ categoryID: catA, sort: 'price' })).items)).toEqual(modelOrder('price', 'asc'));
    expect(names((await page({ categoryID: catA, sort: 'name' })).items)).toEqual(modelOrder('name', 'asc'));
  });

  it('pages add up to the whole sorted list; a page past the end is empty with the total', async () => {
    for (const size of [1, 2, 3, 7]) {
      const seen: string[] = [];
      for (let n = 1; n <= Math.ceil(7 / size); n++) {
        const res = await page({ categoryID: catA, sort: 'stock', dir: 'desc', page: n, pageSize: size });
        expect(res).toMatchObject({ total: 7, page: n, pageSize: size });
        seen.push(...names(res.items));
      }
      expect(seen).toEqual(modelOrder('stock', 'desc'));
    }
    expect(await page({ categoryID: catA, page: 9, pageSize: 3 })).toEqual({
      items: [],
      total: 7,
      page: 9,
      pageSize: 3,
    });
  });

  it('filters by category, state and low stock, alone and together', async () => {
    const all = await page({ pageSize: 100 });
    expect(all.total).toBe(8);
    expect(names((await page({ categoryID: catB })).items)).toEqual(['hotel']);
    const active = await page({ categoryID: catA, active: true, sort: 'name' });
    expect(names(active.items)).toEqual(['alfa', 'Bravo', 'Delta', 'echo', 'golf']);
    const inactive = await page({ active: false, sort: 'name' });
    expect(names(inactive.items)).toEqual(['charlie', 'Foxtrot']);
    // Low stock: a variant at or below 2 units (the overview's threshold).
    const low = await page({ lowStock: true, sort: 'name' });
    expect(names(low.items)).toEqual(['alfa', 'charlie', 'echo', 'hotel']);
    expect(low.items.every((r) => r.lowStock)).toBe(true);
    const lowActiveA = await page({ lowStock: true, active: true, categoryID: catA, sort: 'name' });
    expect(names(lowActiveA.items)).toEqual(['alfa', 'echo']);
    expect(lowActiveA.total).toBe(2);
    expect(await page({ categoryID: 999999 })).toMatchObject({ items: [], total: 0 });
  });

  it('searches the name and the barcode, every word ignoring case, with the filters', async () => {
    expect(names((await page({ q: 'ALF' })).items)).toEqual(['alfa']);
    expect(names((await page({ q: 'hotel-777' })).items)).toEqual(['hotel']);
    expect(names((await page({ q: 'bc- o', sort: 'name' })).items)).toEqual(['Bravo', 'echo', 'Foxtrot', 'golf']);
    expect((await page({ q: 'bc-', lowStock: true })).total).toBe(3);
  });

  it('costs the same six queries for a page of 3 or of 25 products (no query per product)', async () => {
    for (const pageSize of [3, 25]) {
      const { result, queries } = await countQueries(t.db, (db) => productPage({ db }, { pageSize, sort: 'stock' }));
      expect(result.items.length).toBe(Math.min(pageSize, 8));
      expect(queries).toBe(6);
    }
  });
});

const trpcQuery = (input: unknown, token?: string) =>
  trpcCall((p, init) => Promise.resolve(t.request(p, init)), 'catalogAdmin.productPage', 'query', input, token);
const trpcBulk = (input: unknown, token?: string) =>
  trpcCall((p, init) => Promise.resolve(t.request(p, init)), 'catalogAdmin.bulkProducts', 'mutation', input, token);

describe('GET /api/Product/table and catalogAdmin.productPage', () => {
  it('REST answers the page as an array with X-Total-Count, X-Page and X-Page-Size', async () => {
    const r = await t.request(`/api/Product/table?categoryID=${catA}&sort=price&dir=desc&page=2&pageSize=3`, {
      token: staff,
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-total-count')).toBe('7');
    expect(r.headers.get('x-page')).toBe('2');
    expect(r.headers.get('x-page-size')).toBe('3');
    const rows = (await r.json()) as ProductTableRowDto[];
    expect(names(rows)).toEqual(modelOrder('price', 'desc').slice(3, 6));
  });

  it('REST reads the filters from the query string', async () => {
    const r = await t.request('/api/Product/table?lowStock=true&active=false', { token: staff });
    expect(names((await r.json()) as ProductTableRowDto[])).toEqual(['charlie']);
    expect(r.headers.get('x-total-count')).toBe('1');
  });

  it('tRPC answers items, total, page and page size', async () => {
    const a = await trpcQuery({ categoryID: catA, sort: 'name', dir: 'desc', pageSize: 2 }, staff);
    expect(a.status).toBe(200);
    const data = a.data as { items: ProductTableRowDto[]; total: number; page: number; pageSize: number };
    expect({ ...data, items: names(data.items) }).toEqual({
      items: modelOrder('name', 'desc').slice(0, 2),
      total: 7,
      page: 1,
      pageSize: 2,
    });
  });

  it('refuses a bad sort, direction, category or flag with a 400 naming the field, on both doors', async () => {
    for (const [query, field] of [
      ['sort=colour', 'sort'],
      ['dir=up', 'dir'],
      ['categoryID=abc', 'categoryID'],
      ['lowStock=maybe', 'lowStock'],
      ['active=1', 'active'],
      ['pageSize=101', 'pageSize'],
    ] as const) {
      const r = await t.request(`/api/Product/table?${query}`, { token: staff });
      expect(r.status, query).toBe(400);
      expect(Object.keys(((await r.json()) as { errors: Record<string, string[]> }).errors)).toEqual([field]);
    }
    expect((await trpcQuery({ sort: 'colour' }, staff)).code).toBe('BAD_REQUEST');
    expect((await trpcQuery({ lowStock: 'maybe' }, staff)).code).toBe('BAD_REQUEST');
  });

  it('is for staff only: 401 without a token, 403 for a customer', async () => {
    expect((await t.request('/api/Product/table')).status).toBe(401);
    expect((await t.request('/api/Product/table', { token: customer })).status).toBe(403);
    expect((await trpcQuery({}, customer)).status).toBe(403);
    expect((await trpcQuery({})).status).toBe(401);
  });
});

const activeOf = async (id: number) =>
  (await t.db.selectFrom('products').select('is_active').where('product_id', '=', id).executeTakeFirst())?.is_active;

describe('bulk action', () => {
  it('deactivates products in one call; the shop hides them; activating reports the ones already active', async () => {
    const a = await createProduct(t.db, { name: 'Xhup', categoryId: catB });
    const b = await createProduct(t.db, { name: 'Shall', categoryId: catB });
    expect((await t.request(`/api/Product/${a.productId}`)).status).toBe(200);
    const r = await t.request('/api/Product/bulk', {
      method: 'POST',
      token: staff,
      json: { action: 'deactivate', productIDs: [a.productId, b.productId, a.productId] },
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({
      action: 'deactivate',
      changed: 2,
      products: [
        { productID: a.productId, name: 'Xhup', outcome: 'deactivated', orderLinesKept: null },
        { productID: b.productId, name: 'Shall', outcome: 'deactivated', orderLinesKept: null },
      ],
    });
    expect([await activeOf(a.productId), await activeOf(b.productId)]).toEqual([0, 0]);
    // Hidden in the shop (decision 202): the anonymous product page and listing no longer have them.
    expect((await t.request(`/api/Product/${a.productId}`)).status).toBe(404);
    const shop = (await (await t.request(`/api/Product/filters?mainCategoryID=2&categoryID=${catB}`)).json()) as {
      products: Array<{ productID: number }>;
    };
    expect(shop.products.map((p) => p.productID)).not.toContain(b.productId);

    const back = await trpcBulk({ action: 'activate', productIDs: [a.productId, ids.get('golf')] }, staff);
    expect(back.status).toBe(200);
    expect(back.data).toMatchObject({
      changed: 1,
      products: [
        { productID: a.productId, outcome: 'activated' },
        { productID: ids.get('golf'), outcome: 'unchanged' },
      ],
    });
    expect((await t.request(`/api/Product/${a.productId}`)).status).toBe(200);
  });

  it('deletes like the single delete: variants and images go, order lines keep their snapshot, counted per product', async () => {
    const colorId = await createColor(t.db);
    const sold = await createProduct(t.db, { name: 'Fustan i shitur', categoryId: catB, variants: [{ colorId }] });
    await createProductImage(t.db, sold.productId, { colorId });
    const fresh = await createProduct(t.db, { name: 'Fustan i ri', categoryId: catB });
    const orderId = await insertOrder(t.db, {
      lines: [
        { productId: sold.productId, variantId: sold.variantIds[0]!, name: 'Fustan i shitur', qty: 2 },
        { productId: sold.productId, variantId: sold.variantIds[0]!, name: 'Fustan i shitur', qty: 1 },
      ],
    });
    const res = await bulkProducts(
      t,
      { action: 'delete', productIDs: [sold.productId, fresh.productId] },
      orderLineCounts,
    );
    expect(res).toEqual({
      action: 'delete',
      changed: 2,
      products: [
        { productID: sold.productId, name: 'Fustan i shitur', outcome: 'deleted', orderLinesKept: 2 },
        { productID: fresh.productId, name: 'Fustan i ri', outcome: 'deleted', orderLinesKept: 0 },
      ],
    });
    const gone = await t.db
      .selectFrom('products')
      .select('product_id')
      .where('product_id', 'in', [sold.productId, fresh.productId])
      .execute();
    expect(gone).toEqual([]);
    for (const table of ['product_variants', 'product_images'] as const)
      expect(
        await t.db.selectFrom(table).select('product_id').where('product_id', '=', sold.productId).execute(),
      ).toEqual([]);
    const lines = await t.db
      .selectFrom('order_details')
      .select(['product_name', 'quantity', 'product_id', 'variant_id'])
      .where('order_id', '=', orderId)
      .orderBy('order_details_id')
      .execute();
    expect(lines).toEqual([
      { product_name: 'Fustan i shitur', quantity: 2, product_id: null, variant_id: null },
      { product_name: 'Fustan i shitur', quantity: 1, product_id: null, variant_id: null },
    ]);
  });

  it('refuses the whole action when one product is missing: 404 naming it, nothing changed, on both doors', async () => {
    const keep = await createProduct(t.db, { name: 'Mbetet', categoryId: catB });
    const missing = 999999;
    for (const action of ['deactivate', 'delete'] as const) {
      const r = await t.request('/api/Product/bulk', {
        method: 'POST',
        token: staff,
        json: { action, productIDs: [keep.productId, missing] },
      });
      expect(r.status).toBe(404);
      const body = (await r.json()) as { Message: string; errors: Record<string, string[]>; details: unknown };
      expect(body.Message).toContain(String(missing));
      expect(body.Message).not.toContain(String(keep.productId));
      expect(body.errors.productIDs).toEqual([body.Message]);
      expect(body.details).toEqual({ missing: [missing] });
      const viaTrpc = await trpcBulk({ action, productIDs: [keep.productId, missing] }, staff);
      expect(viaTrpc.code).toBe('NOT_FOUND');
    }
    expect(await activeOf(keep.productId)).toBe(1);
  });

  it('refuses a bad request with a 400 naming the field', async () => {
    const tooMany = Array.from({ length: BULK_PRODUCTS_MAX + 1 }, (_, i) => i + 1);
    for (const [json, field, message] of [
      [{ action: 'delete', productIDs: [] }, 'productIDs', staffMessages.productList.noneChosen],
      [{ action: 'delete', productIDs: tooMany }, 'productIDs', `${BULK_PRODUCTS_MAX}`],
      [{ action: 'archive', productIDs: [1] }, 'action', staffMessages.productList.invalidAction],
      [{ action: 'delete', productIDs: ['x'] }, 'productIDs.0', ''],
      [{ productIDs: [1] }, 'action', staffMessages.productList.invalidAction],
    ] as const) {
      const r = await t.request('/api/Product/bulk', { method: 'POST', token: staff, json });
      expect(r.status, JSON.stringify(json).slice(0, 60)).toBe(400);
      const errors = ((await r.json()) as { errors: Record<string, string[]> }).errors;
      expect(Object.keys(errors)).toEqual([field]);
      expect(errors[field]![0]).toContain(message);
    }
  });

  it('is for staff only: 401 without a token, 403 for a customer, and nothing changes', async () => {
    const p = await createProduct(t.db, { name: 'E mbrojtur', categoryId: catB });
    const json = { action: 'delete', productIDs: [p.productId] };
    expect((await t.request('/api/Product/bulk', { method: 'POST', json })).status).toBe(401);
    expect((await t.request('/api/Product/bulk', { method: 'POST', token: customer, json })).status).toBe(403);
    expect((await trpcBulk(json, customer)).status).toBe(403);
    expect(await activeOf(p.productId)).toBe(1);
  });
});

describe("today's discounted price (the dashboard's order pickers, decision 261)", () => {
  it('is the best product discount live today, null without one or outside its window', async () => {
    const on = await createProduct(t.db, { name: 'zulu me zbritje', priceCents: 4000 });
    const past = await createProduct(t.db, { name: 'zulu e kaluar', priceCents: 4000 });
    const none = await createProduct(t.db, { name: 'zulu pa zbritje', priceCents: 4000 });
    await createProductDiscount(t.db, { productIds: [on.productId], percentage: 10 });
    await createProductDiscount(t.db, { productIds: [on.productId], percentage: 25 });
    await createProductDiscount(t.db, { productIds: [past.productId], start: '2001-01-01', end: '2001-12-31' });
    const rows = (await page({ q: 'zulu', sort: 'name', pageSize: 10 })).items;
    const priceOf = (id: number) => rows.find((r) => r.productID === id)!;
    expect(priceOf(on.productId)).toMatchObject({ price: 40, discountedPrice: 30 });
    expect(priceOf(past.productId)).toMatchObject({ price: 40, discountedPrice: null });
    expect(priceOf(none.productId)).toMatchObject({ price: 40, discountedPrice: null });
  });
});
