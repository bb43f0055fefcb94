// Decision 202: an inactive product is hidden from everyone but staff, at every door that can show a product, and
// the rule is products.service's (staffView / shown). One table: each door is asked as staff, then as a customer,
// then anonymously (so a staff read that filled a cache comes first), twice over, through the real app behind the
// real server (fast lane included) on a real database. A hidden product must be NOT FOUND, exactly like a missing
// one, or absent from the list, for everyone the table says; staff keep seeing it where the dashboard reads it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startServer, type TestApp } from '#server/testing/app';
import { createCustomer, createStaff } from '#server/testing/auth';
import {
  createCategory,
  createColor,
  createEvent,
  createProduct,
  createProductDiscount,
  createSize,
  updateProduct,
} from '#server/testing/factories';
import { bumpCatalogVersion } from './read-cache';

type Role = 'staff' | 'customer' | 'anonymous';
const ROLES: Role[] = ['staff', 'customer', 'anonymous'];

let t: TestApp;
let server: Awaited<ReturnType<typeof startServer>>;
const tokens: Partial<Record<Role, string>> = {};
const ids: Record<string, number> = {};

/** A stand-in for dist/ssr/entry-server.js (as in server-render.test.ts): the page names the product it shows. */
const ENTRY = `export async function renderPage(url, queries) {
  const product = queries.find((q) => q.path === 'product');
  return '<p data-url="' + url + '">' + (product ? product.data.json.name : '') + '</p>';
}`;

beforeAll(async () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-hidden-'));
  fs.mkdirSync(path.join(dist, 'client'));
  fs.mkdirSync(path.join(dist, 'ssr'));
  fs.writeFileSync(
    path.join(dist, 'client', 'index.html'),
    '<!doctype html><html><head><!--app-meta--><title>x</title><!--/app-meta--></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'ssr', 'entry-server.js'), ENTRY);
  t = await createTestApp({ clientDistDir: path.join(dist, 'client'), publicUrl: 'https://butiku.shop' });
  server = await startServer(t.app, t);
  ids.dresses = await createCategory(t.db, { name: 'Fustane', mainCategoryID: 1 });
  ids.red = await createColor(t.db, { name: 'E kuqe' });
  ids.S = await createSize(t.db, { name: 'S' });
  ids.summer = await createEvent(t.db, { name: 'Vera' });
  // The hidden product shares everything with the visible ones (category, brand, size, colour, event, featured,
  // a live discount), so any list that forgot the rule would show it.
  const same = {
    categoryId: ids.dresses,
    brand: 'Zara',
    isFeatured: true,
    variants: [{ sizeId: ids.S, colorId: ids.red, stock: 5 }],
    eventIds: [ids.summer],
  };
  ids.visible = (await createProduct(t.db, { ...same, name: 'Fustan i dukshëm', dateAdded: '2026-01-01' })).productId;
  ids.other = (await createProduct(t.db, { ...same, name: 'Fustan tjetër', dateAdded: '2026-01-02' })).productId;
  ids.hidden = (
    await createProduct(t.db, { ...same, name: 'Fustan i fshehur', dateAdded: '2026-01-03', isActive: false })
  ).productId;
  await createProductDiscount(t.db, {
    productIds: [ids.visible, ids.hidden],
    percentage: 30,
    start: '2026-01-01',
    end: '2099-12-31',
  });
  bumpCatalogVersion();
  tokens.staff = (await createStaff(t)).token;
  tokens.customer = (await createCustomer(t)).token;
});
afterAll(async () => {
  await server.close();
  await t.db.destroy();
});

/** A GET over real HTTP (fast lane first, as in production), with the role's token when it has one. */
async function get(role: Role, url: string): Promise<{ status: number; text: string }> {
  const token = tokens[role];
  const res = await fetch(server.url + url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, text: await res.text() };
}

const trpcInput = (input: unknown) => encodeURIComponent(JSON.stringify(superjson.serialize(input)));
const batchInput = (...inputs: unknown[]) =>
  encodeURIComponent(JSON.stringify(Object.fromEntries(inputs.map((input, i) => [i, superjson.serialize(input)]))));
const productIds = (list: unknown): number[] => (list as Array<{ productID: number }>).map((p) => p.productID);
const trpcData = (text: string, at = 0): unknown => {
  const body = JSON.parse(text) as unknown;
  const entry = (Array.isArray(body) ? body[at] : body) as { result?: { data: { json: unknown } } };
  return entry.result?.data.json;
};

/**
 * Every door that can show a product: how to ask it, and whether the hidden product is in the answer. A door that
 * answers one product says so with its status (200 shown, 404 not found); a list door with its contents.
 */
interface Door {
  name: string;
  url: () => string;
  shows: (a: { status: number; text: string }) => boolean;
}
const one = (a: { status: number }) => {
  expect([200, 404]).toContain(a.status);
  return a.status === 200;
};
const listed = (pick: (text: string) => unknown) => (a: { status: number; text: string }) => {
  expect(a.status).toBe(200);
  return productIds(pick(a.text)).includes(ids.hidden!);
};

const doors: Door[] = [
  { name: 'REST GET /api/Product/{id}', url: () => `/api/Product/${ids.hidden}`, shows: one },
  {
    name: 'REST GET /api/Product/{id} with a query (Hono route)',
    url: () => `/api/Product/${ids.hidden}?x=1`,
    shows: one,
  },
  {
    name: 'tRPC catalog.product (Hono)',
    url: () => `/api/trpc/catalog.product?input=${trpcInput({ productID: ids.hidden })}`,
    shows: one,
  },
  {
    name: 'tRPC catalog.product batched (fast lane when anonymous)',
    url: () => `/api/trpc/catalog.product?batch=1&input=${batchInput({ productID: ids.hidden })}`,
    shows: one,
  },
  {
    name: 'rendered page /productDetails/{id}',
    url: () => `/productDetails/${ids.hidden}`,
    shows: (a) => one(a) && a.text.includes('Fustan i fshehur'),
  },
  {
    name: 'REST related',
    url: () =>
      `/api/Product/related?categoryId=${ids.dresses}&brand=Zara&sizeIds=${ids.S}&colorIds=${ids.red}&currentProductId=${ids.visible}`,
    shows: listed((x) => JSON.parse(x)),
  },
  {
    name: 'tRPC catalog.related (batched)',
    url: () =>
      `/api/trpc/catalog.related?batch=1&input=${batchInput({ categoryId: ids.dresses, currentProductId: ids.visible })}`,
    shows: listed((x) => trpcData(x)),
  },
  {
    name: 'REST listing',
    url: () => `/api/Product/filters?mainCategoryID=1&size=${ids.S}&eventID=${ids.summer}`,
    shows: listed((x) => (JSON.parse(x) as { products: unknown }).products),
  },
  {
    name: 'tRPC catalog.filter (batched)',
    url: () => `/api/trpc/catalog.filter?batch=1&input=${batchInput({ mainCategoryID: 1, sort: 'discount' })}`,
    shows: listed((x) => (trpcData(x) as { products: unknown }).products),
  },
  { name: 'REST homepage', url: () => '/api/Product/homepage', shows: listed((x) => JSON.parse(x)) },
  {
    name: 'tRPC catalog.products (search list, no staff view asked)',
    url: () => `/api/trpc/catalog.products?input=${trpcInput(undefined)}`,
    shows: listed((x) => trpcData(x)),
  },
  {
    name: 'sitemap.xml',
    url: () => '/sitemap.xml',
    shows: (a) => a.status === 200 && a.text.includes(`/productDetails/${ids.hidden}<`),
  },
  {
    name: 'feeds/products.xml',
    url: () => '/feeds/products.xml',
    shows: (a) => a.status === 200 && a.text.includes(`<g:item_group_id>${ids.hidden}</g:item_group_id>`),
  },
  {
    name: 'feeds/products.csv',
    url: () => '/feeds/products.csv',
    shows: (a) => a.status === 200 && new RegExp(`^[^,\\n]*,${ids.hidden},`, 'm').test(a.text),
  },
  // The dashboard's reads: staff see the hidden product, nobody else does.
  { name: 'REST GET /api/Product (dashboard list)', url: () => '/api/Product', shows: listed((x) => JSON.parse(x)) },
  {
    name: 'tRPC catalog.products with includeInactive (dashboard)',
    url: () => `/api/trpc/catalog.products?input=${trpcInput({ includeInactive: true })}`,
    shows: listed((x) => trpcData(x)),
  },
];

/** Who sees the hidden product at each door: staff where the dashboard reads it, nobody anywhere else. */
const STAFF_SEE = new Set([
  'REST GET /api/Product/{id}',
  'REST GET /api/Product/{id} with a query (Hono route)',
  'tRPC catalog.product (Hono)',
  'tRPC catalog.product batched (fast lane when anonymous)',
  'REST GET /api/Product (dashboard list)',
  'tRPC catalog.products with includeInactive (dashboard)',
]);
const expected = (door: Door, role: Role) => role === 'staff' && STAFF_SEE.has(door.name);

describe('an inactive product is hidden from everyone but staff (decision 202)', () => {
  it('at every door, for staff, customers and anonymous callers, whatever read filled the caches first', async () => {
    const seen: string[] = [];
    const want: string[] = [];
    // Staff first: their reads must not leave an entry that answers the others. Twice over: kept entries answer the second round.
    for (let round = 0; round < 2; round++) {
      for (const door of doors) {
        for (const role of ROLES) {
          const shown = door.shows(await get(role, door.url()));
          seen.push(`${door.name} / ${role}: ${shown ? 'shown' : 'hidden'}`);
          want.push(`${door.name} / ${role}: ${expected(door, role) ? 'shown' : 'hidden'}`);
        }
      }
    }
    expect(seen).toEqual(want);
  });

  it('the visible products sharing its category, brand and sizes are shown at the same doors (the table tests something)', async () => {
    expect((await get('anonymous', `/api/Product/${ids.visible}`)).status).toBe(200);
    const related = JSON.parse(
      (await get('anonymous', `/api/Product/related?categoryId=${ids.dresses}&currentProductId=${ids.visible}`)).text,
    ) as unknown;
    expect(productIds(related)).toEqual([ids.other]);
    const page = await get('anonymous', `/productDetails/${ids.visible}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Fustan i dukshëm');
    expect((await get('anonymous', '/sitemap.xml')).text).toContain(`/productDetails/${ids.visible}<`);
    expect(productIds(JSON.parse((await get('anonymous', '/api/Product/homepage')).text))).toEqual([
      ids.other,
      ids.visible,
    ]);
  });

  it('a hidden product answers exactly as a missing one: 404 with the same body, and its page is the not-found page', async () => {
    const missing = 987_654;
    for (const [hidden, absent] of [
      [`/api/Product/${ids.hidden}`, `/api/Product/${missing}`],
      [
        `/api/trpc/catalog.product?batch=1&input=${batchInput({ productID: ids.hidden })}`,
        `/api/trpc/catalog.product?batch=1&input=${batchInput({ productID: missing })}`,
      ],
      [`/productDetails/${ids.hidden}`, `/productDetails/${missing}`],
    ] as const) {
      const [a, b] = [await get('anonymous', hidden), await get('anonymous', absent)];
      expect(a.status, hidden).toBe(404);
      expect(a.text).toBe(b.text);
    }
    const page = (await get('customer', `/productDetails/${ids.hidden}`)).text;
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(page).not.toContain('InStock');
    expect(page).not.toContain('Fustan i fshehur');
  });

  it('staff read and edit it in the dashboard: the product form reads it in full, inactive', async () => {
    const product = trpcData(
      (await get('staff', `/api/trpc/catalog.product?input=${trpcInput({ productID: ids.hidden })}`)).text,
    ) as { productID: number; isActive: boolean };
    expect(product).toMatchObject({ productID: ids.hidden, isActive: false });
    // Once active again, everyone sees it on the next read (the catalogue version moved).
    await updateProduct(t.db, ids.hidden!, { isActive: true });
    expect((await get('anonymous', `/api/Product/${ids.hidden}`)).status).toBe(200);
    expect((await get('anonymous', `/productDetails/${ids.hidden}`)).status).toBe(200);
    await updateProduct(t.db, ids.hidden!, { isActive: false });
    expect((await get('anonymous', `/api/Product/${ids.hidden}`)).status).toBe(404);
  });
});
