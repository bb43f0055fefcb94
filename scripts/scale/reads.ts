// The reads the scale bench times (issue 38's table): storefront pages, the header search's catalogue, feeds, the
// sitemap, the REST product list, staff searches, reports, overview, CSV exports and a products CSV import (5 000 rows). Pages
// that a shopper opens many of (product, listing, search) take a different one on every call, so the figures are of
// pages the server has not just cached; the same URL again would measure the cache alone.
import http from 'node:http';
import { addDays, shopToday } from '#shared/dates';

/**
 * What a read is held to (issue 38): storefront pages p95 ≤ 50 ms; the documents built once per catalogue change
 * (feeds, sitemap, all products) only a worst /healthz ≤ 100 ms while fetched cold; staff lists p95 ≤ 300 ms; reports
 * ≤ 1 s; exports < 30 s.
 */
export type Group = 'storefront' | 'document' | 'staff list' | 'report' | 'export' | 'import';

export interface Read {
  name: string;
  group: Group;
  /** The path of call i (0-based). */
  path: (i: number) => string;
  staff?: boolean;
  /** At most this many calls (the slow downloads and the import). */
  maxCalls?: number;
  post?: () => { body: Buffer; type: string };
}

export interface ShopFacts {
  productIds: number[];
  categoryIds: number[];
  /** A last name and a phone fragment of real orders, for the staff searches. */
  lastName: string;
  phoneDigits: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/** One request (a GET on a keep-alive connection): status, answer bytes and milliseconds to the last byte. */
export function timedRequest(
  port: number,
  path: string,
  headers: Record<string, string>,
  post?: { body: Buffer; type: string },
  keep = false,
): Promise<{ status: number; bytes: number; ms: number; text: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: post ? 'POST' : 'GET',
        // A write goes on a fresh connection: a kept one may have been closed by the server while idle.
        agent: post ? false : agent,
        headers: post ? { ...headers, 'content-type': post.type, 'content-length': post.body.length } : headers,
      },
      (res) => {
        let bytes = 0;
        const kept: Buffer[] = [];
        res.on('data', (d: Buffer) => {
          bytes += d.length;
          if (keep) kept.push(d);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            ms: performance.now() - started,
            text: Buffer.concat(kept).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(120_000, () => req.destroy(new Error('no answer in 120 s')));
    req.on('error', reject);
    req.end(post?.body);
  });
}

export const trpcPath = (proc: string, input?: unknown) =>
  `/api/trpc/${proc}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`}`;

const SEARCHES = ['fustan', 'xhaketë', 'këpucë', 'çantë', 'krem', 'bluzë', 'parfum', 'xhinse', 'valbona', 'rugova'];

/** A products CSV of `count` rows (decision 183): fixed barcodes, so a second run updates the same products. */
function importFile(count: number): { body: Buffer; type: string } {
  const rows = ['barcode,name,brand,description,category,price,size,colour,stock'];
  for (let i = 0; i < count; i++)
    rows.push(
      `SCALE-IMP-${String(i).padStart(5, '0')},Fustan importi ${i},Butiku,Nga skedari,Fustane,${19 + (i % 40)}.90,M,E kuqe,${i % 13}`,
    );
  const boundary = `----scale${Date.now().toString(16)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="produktet.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(`${rows.join('\r\n')}\r\n`, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** Spreads call i over a list (a prime stride, so consecutive calls land far apart). */
const nth = <T>(list: readonly T[], i: number) => list[(i * 7919) % list.length]!;

export function reads(f: ShopFacts, importRows: number): Read[] {
  const today = shopToday();
  const year = { from: addDays(today, -364), to: today };
  return [
    { name: 'home page /', group: 'storefront', path: () => '/' },
    { name: 'category listing page', group: 'storefront', path: (i) => `/products/${nth(f.categoryIds, i)}` },
    {
      name: 'listing with filters',
      group: 'storefront',
      path: (i) => `/products/${nth(f.categoryIds, i)}?sort=price-asc&minPrice=${10 + (i % 30)}&page=${1 + (i % 3)}`,
    },
    { name: 'product page', group: 'storefront', path: (i) => `/productDetails/${nth(f.productIds, i)}` },
    {
      name: 'search page /kerko',
      group: 'storefront',
      path: (i) => `/kerko?q=${encodeURIComponent(nth(SEARCHES, i))}`,
    },
    {
      name: 'header search: catalog.search',
      group: 'storefront',
      path: (i) => trpcPath('catalog.search', { q: nth(SEARCHES, i), page: 1, pageSize: 8 }),
    },
    { name: 'GET /api/Product', group: 'document', path: () => '/api/Product' },
    { name: '/feeds/products.xml', group: 'document', path: () => '/feeds/products.xml' },
    { name: '/feeds/products.csv', group: 'document', path: () => '/feeds/products.csv' },
    { name: '/sitemap.xml', group: 'document', path: () => '/sitemap.xml' },
    {
      name: 'staff orders search: name',
      group: 'staff list',
      staff: true,
      path: () => trpcPath('orders.page', { q: f.lastName, page: 1, pageSize: 25 }),
    },
    {
      name: 'staff orders search: phone',
      group: 'staff list',
      staff: true,
      path: () => trpcPath('orders.page', { q: f.phoneDigits, page: 1, pageSize: 25 }),
    },
    {
      name: 'staff orders, first page',
      group: 'staff list',
      staff: true,
      path: () => trpcPath('orders.page', { page: 1, pageSize: 25 }),
    },
    {
      name: 'staff report: 12 months by month',
      group: 'report',
      staff: true,
      path: () => trpcPath('reports.sales', { ...year, granularity: 'month' }),
    },
    { name: 'staff overview', group: 'report', staff: true, path: () => '/api/Overview' },
    {
      name: 'staff products CSV export',
      group: 'export',
      staff: true,
      maxCalls: 3,
      path: () => '/api/Product/export.csv',
    },
    {
      name: 'staff orders CSV, one year',
      group: 'export',
      staff: true,
      maxCalls: 2,
      path: () => `/api/Orders/export.csv?from=${year.from}&to=${year.to}`,
    },
    // Last: it writes (a product a row), and every catalogue read after it would start from an emptied cache.
    {
      name: `products CSV import, ${importRows} rows`,
      group: 'import',
      staff: true,
      maxCalls: 1,
      path: () => '/api/Product/import',
      post: () => importFile(importRows),
    },
  ];
}
