// The catalogue's fast lane (decision 156) against the Hono routes it stands in for, both over real HTTP on one
// database: the same status, headers and body for every URL (REST and batched tRPC; good, refused, missing,
// malformed; gzip or not), the lane really answering the hot reads, its log line, and a price edit seen on the
// next read.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import superjson from 'superjson';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { createLogger } from '#server/log';
import { createTestApp, startServer, type TestApp } from '#server/testing/app';
import {
  createCategory,
  createColor,
  createEvent,
  createProduct,
  createSize,
  updateProduct,
} from '#server/testing/factories';
import { fastLaneAnswers } from './catalog.fast-lane';

const lines: Array<Record<string, unknown>> = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const l of chunk.toString().split('\n')) if (l.trim()) lines.push(JSON.parse(l) as Record<string, unknown>);
    done();
  },
});

let t: TestApp;
let fast: Awaited<ReturnType<typeof startServer>>;
let plain: ServerType;
let plainUrl: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const deps = { ...t, logger: createLogger('info', sink) };
  const app = createApp(deps);
  fast = await startServer(app, deps);
  // The reference: the same app behind @hono/node-server's own listener, no fast lane.
  const port = await new Promise<number>((resolve) => {
    plain = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(info.port));
  });
  plainUrl = `http://127.0.0.1:${port}`;
  ids.cat = await createCategory(t.db, { name: 'Fustane', mainCategoryID: 1 });
  ids.red = await createColor(t.db, { name: 'E kuqe', hex: '#b3262e' });
  ids.M = await createSize(t.db, { name: 'M' });
  ids.ev = await createEvent(t.db, { name: 'Verë' });
  for (let i = 0; i < 30; i++) {
    const p = await createProduct(t.db, {
      categoryId: ids.cat,
      priceCents: 1000 + i * 150,
      variants: [{ sizeId: ids.M, colorId: ids.red, stock: i % 3 }],
      eventIds: i % 2 ? [ids.ev] : [],
    });
    ids[`p${i}`] = p.productId;
  }
});
afterAll(async () => {
  await fast.close();
  await new Promise<void>((resolve) => plain.close(() => resolve()));
  await t.db.destroy();
});

const VARYING = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);

/** A GET (or HEAD) over node:http with exactly these headers (fetch would add its own Accept-Encoding). */
function answer(base: string, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Array<[string, string]>; body: string; requestId: string | null }>(
    (resolve, reject) => {
      const req = http.request(base + path, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const kept = Object.entries(res.headers)
            .filter(([name]) => !VARYING.has(name))
            .map(([name, value]): [string, string] => [name, String(value)])
            .sort(([a], [b]) => a.localeCompare(b));
          resolve({
            status: res.statusCode ?? 0,
            headers: kept,
            body: Buffer.concat(chunks).toString('base64'),
            requestId: (res.headers['x-request-id'] as string | undefined) ?? null,
          });
        });
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('the fast lane answers exactly as the Hono route', () => {
  const paths = () => [
    '/api/Product/filters?mainCategoryID=1',
    '/api/Product/filters?mainCategoryID=1&page=2&pageSize=12&sort=price-asc',
    `/api/Product/filters?mainCategoryID=1&categoryID=${ids.cat}&size=${ids.M}&colorID=${ids.red}&eventID=${ids.ev}`,
    '/api/Product/filters?mainCategoryID=1&pageSize=1',
    '/api/Product/filters?mainCategoryID=1&sort=discount&page=1',
    '/api/Product/filters?mainCategoryID=1&mainCategoryID=2',
    '/api/Product/filters?mainCategoryID=1&size=1,x',
    '/api/Product/filters?mainCategoryID=3',
    '/api/Product/filters?mainCategoryID=1&page=0',
    '/api/Product/filters?mainCategoryID=01',
    '/api/Product/filters?mainCategoryID=1&sort=%ff',
    '/api/Product/filters',
    '/api/Product/filters/',
    `/api/Product/${ids.p0}`,
    `/api/Product/${ids.p7}`,
    `/api/Product/${ids.p7}?x=1`,
    '/api/Product/999999',
    '/api/Product/0',
    '/api/Product/01',
    '/api/Product/%ff',
    '/api/Product/99999999999',
  ];
  const encodings: Array<Record<string, string>> = [
    {},
    { 'accept-encoding': 'gzip, deflate, br' },
    { 'accept-encoding': 'deflate' },
    { 'accept-encoding': 'identity' },
  ];

  it('for good, refused, missing and malformed URLs, with and without gzip', async () => {
    for (const path of paths()) {
      for (const sent of encodings) {
        const [a, b] = [await answer(fast.url, path, sent), await answer(plainUrl, path, sent)];
        expect({ path, sent, ...a, requestId: null }).toEqual({ path, sent, ...b, requestId: null });
      }
    }
  });

  /** A batched tRPC GET as the storefront's client sends it (superjson inputs). */
  const batch = (calls: Array<[string, unknown]>) =>
    `/api/trpc/${calls.map(([name]) => name).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(calls.map(([, input], i) => [i, superjson.serialize(input)]))))}`;
  const trpcPaths = () => [
    batch([
      ['catalog.filter', { mainCategoryID: 1 }],
      ['catalog.categoriesByMain', { mainCategoryID: 1 }],
      ['catalog.colorsWithCount', undefined],
    ]),
    batch([
      ['catalog.product', { productID: ids.p2 }],
      ['catalog.related', { categoryId: ids.cat, currentProductId: ids.p2 }],
    ]),
    batch([
      ['catalog.homepage', undefined],
      ['catalog.categories', undefined],
      ['catalog.mainCategories', undefined],
      ['catalog.sizes', undefined],
      ['catalog.events', undefined],
      ['catalog.colors', undefined],
      ['catalog.countries', undefined],
    ]),
    batch([['catalog.filter', { mainCategoryID: 1, page: 2, pageSize: 5, sort: 'price-desc', size: [ids.M] }]]),
    batch([
      ['catalog.filterColors', { minProductCount: 1 }],
      ['catalog.category', { categoryID: ids.cat }],
    ]),
    batch([['catalog.product', { productID: 999999 }]]),
    batch([['catalog.filter', { mainCategoryID: 7 }]]),
    batch([
      ['catalog.filter', { mainCategoryID: 1 }],
      ['catalog.nothing', undefined],
    ]),
    batch([['catalog.products', undefined]]),
    batch([
      ['catalog.filter', { mainCategoryID: 1 }],
      ['wishlist.list', undefined],
    ]),
    batch(Array.from({ length: 11 }, () => ['catalog.sizes', undefined] as [string, unknown])),
    `/api/trpc/catalog.sizes?input=${encodeURIComponent(JSON.stringify(superjson.serialize(undefined)))}`,
    '/api/trpc/catalog.sizes?batch=1&input=%7Bnot-json',
    '/api/trpc/catalog.sizes?batch=1',
    '/api/trpc/catalog.%ff?batch=1',
  ];

  it('for batched tRPC reads, good and refused (bodies compared decoded: Hono gzips as a stream)', async () => {
    const decoded = (a: Awaited<ReturnType<typeof answer>>) => {
      const gz = a.headers.some(([n, v]) => n === 'content-encoding' && v === 'gzip');
      const body = Buffer.from(a.body, 'base64');
      return {
        status: a.status,
        headers: a.headers.filter(([n]) => n !== 'content-length' && n !== 'transfer-encoding'),
        body: (gz ? gunzipSync(body) : body).toString(),
      };
    };
    for (const path of trpcPaths()) {
      for (const sent of encodings) {
        const [a, b] = [decoded(await answer(fast.url, path, sent)), decoded(await answer(plainUrl, path, sent))];
        expect({ path, sent, ...a }).toEqual({ path, sent, ...b });
      }
    }
    const before = fastLaneAnswers();
    for (const path of trpcPaths().slice(0, 5)) expect((await answer(fast.url, path)).status).toBe(200);
    expect(fastLaneAnswers() - before).toBe(5);
  });

  it('answers the hot reads itself and leaves tokens, other methods and other paths to Hono', async () => {
    const before = fastLaneAnswers();
    await answer(fast.url, '/api/Product/filters?mainCategoryID=1');
    await answer(fast.url, `/api/Product/${ids.p3}`, { 'accept-encoding': 'gzip' });
    expect(fastLaneAnswers() - before).toBe(2);
    await answer(fast.url, `/api/Product/${ids.p3}`, { authorization: 'Bearer nonsense' });
    await answer(fast.url, '/api/Product/homepage');
    await answer(fast.url, '/api/Product/filters?mainCategoryID=9');
    await answer(fast.url, `/api/Product/${ids.p3}`, {}, 'HEAD');
    expect(fastLaneAnswers() - before).toBe(2);
  });

  it('echoes a request id and writes one log line with the bytes sent', async () => {
    const reqId = 'fast-lane-test-0001';
    const res = await answer(fast.url, '/api/Product/filters?mainCategoryID=1&page=1', { 'x-request-id': reqId });
    expect(res.requestId).toBe(reqId);
    await expect.poll(() => lines.filter((l) => l.reqId === reqId).length).toBe(1);
    const line = lines.find((l) => l.reqId === reqId)!;
    expect(line).toMatchObject({ method: 'GET', path: '/api/Product/filters?mainCategoryID=1&page=1', status: 200 });
    expect(line.bytes as number).toBeGreaterThan(Buffer.from(res.body, 'base64').length);
    expect(typeof line.ms).toBe('number');
    const generated = await answer(fast.url, `/api/Product/${ids.p1}`);
    expect(generated.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves a price edit on the next read (the catalogue version is read per request)', async () => {
    const path = `/api/Product/${ids.p5}`;
    const first = JSON.parse(Buffer.from((await answer(fast.url, path)).body, 'base64').toString()) as {
      price: number;
    };
    await updateProduct(t.db, ids.p5!, { priceCents: 4321 });
    const second = JSON.parse(Buffer.from((await answer(fast.url, path)).body, 'base64').toString()) as {
      price: number;
    };
    expect(first.price).not.toBe(43.21);
    expect(second.price).toBe(43.21);
  });
});
