// The server render's wiring (decision 194): which pages are rendered, at which URL, with which first-view data,
// and that a missing or failing render leaves the page to the browser. The render itself is a small ES module
// standing in for dist/ssr/entry-server.js here; the real one is driven in Chromium (e2e/server-render.e2e.ts).
// Pages render in the render worker (decision 288): the entry says which thread rendered it, and files beside it
// make it fail (`fail`) or end the worker (`crash`), since the worker shares no globals with the test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app';
import { createCategory, createColor, createProduct, createSize } from '../testing/factories';
import { preloadServerRender, RENDER_IN_WORKER, renderWorkerUse, stopRenderWorker } from '../workers/render-pool';

let t: TestApp;
let productId: number;
let categoryId: number;

const ENTRY = `
import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';
const flag = (name) => fs.existsSync(new URL(name, import.meta.url));
if (!isMainThread) fs.writeFileSync(new URL('./loaded-in-worker', import.meta.url), '');
export async function renderPage(url, queries) {
  if (flag('./fail')) throw new Error('render failed');
  if (!isMainThread && flag('./crash')) process.exit(1);
  const policy = queries.find((q) => q.path === 'returns.policy');
  return '<p data-url="' + url + '" data-queries="' + queries.map((q) => q.path).join(',') + '"'
    + (policy ? ' data-window="' + policy.data.json.windowDays + '"' : '')
    + ' data-thread="' + (isMainThread ? 'main' : 'worker') + '">rendered</p>';
}`;

let clientDir: string;
/** Makes the stand-in entry fail (`fail`) or end the render worker (`crash`) while `run` runs. */
const withFlag = async (name: 'fail' | 'crash', run: () => Promise<void>) => {
  const file = path.join(clientDir, '..', 'ssr', name);
  fs.writeFileSync(file, '');
  try {
    await run();
  } finally {
    fs.rmSync(file);
  }
};
const threadOf = (html: string) => /data-thread="(\w+)"/.exec(html)?.[1];

beforeAll(async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-ssr-'));
  clientDir = path.join(root, 'client');
  fs.mkdirSync(path.join(root, 'client'));
  fs.mkdirSync(path.join(root, 'ssr'));
  fs.writeFileSync(
    path.join(root, 'client', 'index.html'),
    '<!doctype html><html><head><!--app-meta--><title>x</title><!--/app-meta--></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(root, 'ssr', 'entry-server.js'), ENTRY);
  t = await createTestApp({ clientDistDir: path.join(root, 'client') });
  categoryId = await createCategory(t.db, { name: 'Fustane', description: '', mainCategoryID: 1 });
  const color = await createColor(t.db, { name: 'E zezë' });
  const size = await createSize(t.db, { name: 'M' });
  productId = (
    await createProduct(t.db, {
      name: 'Fustan',
      brand: 'Zara',
      categoryId,
      priceCents: 4500,
      variants: [{ colorId: color, sizeId: size, stock: 3 }],
    })
  ).productId;
});
afterAll(() => t.db.destroy());

const root = async (url: string) => {
  const res = await t.request(url);
  expect(res.status, url).toBe(200);
  return /<div id="root">([\s\S]*?)<\/div>/.exec(await res.text())![1]!;
};
const rendered = (html: string) => /data-url="([^"]*)" data-queries="([^"]*)"/.exec(html)?.slice(1) ?? null;

describe('server render', () => {
  it('renders a product page, home and a listing with their first-view data and the menu categories', async () => {
    expect(rendered(await root(`/productDetails/${productId}`))).toEqual([
      `/productDetails/${productId}`,
      'product,related,sizeGuide,productLooks,productReviews,categories',
    ]);
    expect(rendered(await root('/'))).toEqual(['/', 'homepage,categories']);
    expect(rendered(await root(`/products/${categoryId}`))).toEqual([
      `/products/${categoryId}`,
      'category,filter,categoriesByMain,facets,sizes,events,filterColors,categories',
    ]);
  });

  it('sends a rendered page gzipped once (the same bytes every time) to a browser that accepts gzip, with its ETag', async () => {
    const get = () => t.request(`/productDetails/${productId}`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    const [a, b] = [await get(), await get()];
    expect(a.headers.get('content-encoding')).toBe('gzip');
    expect(a.headers.get('vary')).toContain('Accept-Encoding');
    expect(a.headers.get('etag')).toBe(b.headers.get('etag'));
    const [bodyA, bodyB] = [Buffer.from(await a.arrayBuffer()), Buffer.from(await b.arrayBuffer())];
    expect(bodyA.equals(bodyB)).toBe(true);
    expect(gunzipSync(bodyA).toString()).toContain(`data-url="/productDetails/${productId}"`);
    const again = await t.request(`/productDetails/${productId}`, {
      headers: { 'If-None-Match': a.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it('renders at the URL the page shows: tracking parameters dropped, page and sort kept', async () => {
    expect(rendered(await root('/products/?fbclid=abc&utm_source=instagram'))?.[0]).toBe('/products');
    expect(rendered(await root('/products?sort=price-asc&utm_campaign=x'))?.[0]).toBe('/products?sort=price-asc');
    // A product page's reviews page and order are links (decision 234): kept; anything else dropped.
    expect(rendered(await root(`/productDetails/${productId}?reviews=2&reviewSort=highest&fbclid=x`))?.[0]).toBe(
      `/productDetails/${productId}?reviews=2&reviewSort=highest`,
    );
    expect(rendered(await root(`/productDetails/${productId}?reviews=abc&reviewSort=x`))?.[0]).toBe(
      `/productDetails/${productId}`,
    );
    // Malformed or unknown values are dropped, as the page's route drops them (decision 212): the default view.
    expect(rendered(await root('/products?size=%5B3&sort=zzz&page=x&eventID={'))?.[0]).toBe('/products');
    expect(rendered(await root('/products?size=[3]'))).toBeNull(); // a real filter, read as the router reads it
    expect(rendered(await root(`/productDetails/${productId}?fbclid=abc`))?.[0]).toBe(`/productDetails/${productId}`);
  });

  it('leaves filtered listings, pages past the last one, unknown products and other pages to the browser', async () => {
    for (const url of ['/products?colorID=1', '/products?page=5', '/contactus', '/cart', '/dashboard']) {
      expect(await root(url), url).toBe('');
    }
    // A missing product or category and an unknown path: the app, unrendered, with a 404 status (decisions 202, 212).
    for (const url of ['/productDetails/999999', '/products/999999', '/glow-outlet/abc', '/nope', '/products/1/2']) {
      const missing = await t.request(url);
      expect(missing.status, url).toBe(404);
      const html = await missing.text();
      expect(/<div id="root">([\s\S]*?)<\/div>/.exec(html)![1], url).toBe('');
      expect(html, url).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('sends the page without its render when the render fails, and renders it again once it works', async () => {
    const url = `/glow-outlet?sort=price-desc`;
    await createProduct(t.db, {
      name: 'Parfum',
      brand: null,
      categoryId: await createCategory(t.db, { name: 'Parfume', description: '', mainCategoryID: 2 }),
      priceCents: 1999,
      variants: [],
    });
    await withFlag('fail', async () => {
      expect(await root(url)).toBe('');
    });
    expect(rendered(await root(url))?.[0]).toBe(url);
  });

  it('renders in the worker thread, and on this thread for a page whose worker ended, then in a new worker', async () => {
    const page = (n: number) => `/products?page=1&sort=${['newest', 'price-asc', 'price-desc'][n]}`;
    expect(threadOf(await root(page(0)))).toBe(RENDER_IN_WORKER ? 'worker' : 'main');
    if (!RENDER_IN_WORKER) return; // a one-core machine renders on the serving thread
    expect(renderWorkerUse()).toEqual({ running: true, waiting: 0 });
    await withFlag('crash', async () => {
      expect(threadOf(await root(page(1)))).toBe('main');
    });
    expect(threadOf(await root(page(2)))).toBe('worker');
  });

  it('loads the entry in the worker before any page asks, once the start preloads it (main.ts)', async () => {
    if (!RENDER_IN_WORKER) return;
    await stopRenderWorker();
    const loaded = path.join(clientDir, '..', 'ssr', 'loaded-in-worker');
    fs.rmSync(loaded, { force: true });
    preloadServerRender(clientDir);
    expect(renderWorkerUse()).toEqual({ running: true, waiting: 0 });
    await expect.poll(() => fs.existsSync(loaded), { timeout: 10_000 }).toBe(true);
    // The loaded entry renders the next page; the module is not loaded again.
    fs.rmSync(loaded);
    expect(threadOf(await root('/kthimet'))).toBe('worker');
    expect(fs.existsSync(loaded)).toBe(false);
  });

  it("renders the returns policy with the deployment's window, address and instructions in its data", async () => {
    const shop = await createTestApp({
      clientDistDir: clientDir,
      returns: { windowDays: 30, address: 'Rr. Nëna Terezë 5, Prishtinë', instructions: 'Paketoni mirë.' },
    });
    try {
      const res = await shop.request('/kthimet');
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(/data-queries="([^"]*)" data-window="(\d+)"/.exec(html)?.slice(1)).toEqual([
        'returns.policy,categories',
        '30',
      ]);
    } finally {
      await shop.db.destroy();
    }
  });
});
