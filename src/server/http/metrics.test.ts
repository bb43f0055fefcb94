// /metrics over real HTTP (decision 224): absent without METRICS_TOKEN, 401 without the token, and with it the
// Prometheus text with every family the operators asked for, labelled by route template, never by raw path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startServer, type TestApp } from '../testing/app';
import { createProduct } from '../testing/factories';
import { bearerMatches } from './metrics';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('/metrics without METRICS_TOKEN', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    const t = await createTestApp();
    server = await startServer(t.app, t);
  });
  afterAll(() => server.close());

  it('does not exist (404), with or without a token', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    const withToken = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.status).toBe(404);
    expect(await withToken.text()).not.toContain('http_requests_total');
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof startServer>>;
  let productId: number;
  const scrape = async () => {
    const r = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/plain');
    return r.text();
  };
  /** The route labels of http_requests_total. */
  const routes = (text: string) =>
    new Set([...text.matchAll(/^http_requests_total\{[^}]*route="([^"]*)"/gm)].map((m) => m[1]!));

  beforeAll(async () => {
    t = await createTestApp({ metricsToken: TOKEN });
    server = await startServer(t.app, t);
    productId = (await createProduct(t.db, { name: 'Fustan' })).productId;
  });
  afterAll(() => server.close());

  it('refuses a scrape without the token or with a wrong one (401)', async () => {
    const none = await fetch(`${server.url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    expect(await none.text()).not.toContain('http_requests_total');
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, 'Bearer']) {
      expect((await fetch(`${server.url}/metrics`, { headers: { authorization } })).status).toBe(401);
    }
  });

  it('compares tokens as digests (any length, no early exit)', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer  ${TOKEN} `, TOKEN)).toBe(true);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${'x'.repeat(5000)}`, TOKEN)).toBe(false);
  });

  it('serves every family after some requests, labelled by route template', async () => {
    // The fast lane (anonymous product), Hono's REST route (a missing product), a tRPC call and a page.
    expect((await fetch(`${server.url}/api/Product/${productId}`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/Product/${productId + 1000}`)).status).toBe(404);
    // Kept from its second ask on (lib/byte-cache.ts): the third is a cache hit.
    for (let i = 0; i < 2; i++) await (await fetch(`${server.url}/api/Product/${productId}`)).arrayBuffer();
    expect((await fetch(`${server.url}/api/trpc/catalog.categories?batch=1&input={}`)).status).toBe(200);
    await (await fetch(`${server.url}/productDetails/${productId}`)).arrayBuffer();
    await (await fetch(`${server.url}/api/Emails`, { method: 'GET' })).arrayBuffer(); // 401: staff only
    // A request is counted when its answer has finished on the server, which may be a moment after the client read
    // it: wait until the last one is in.
    await expect.poll(async () => routes(await scrape()).has('/api/Emails')).toBe(true);

    const text = await scrape();
    for (const family of [
      'http_requests_total',
      'http_request_duration_seconds_bucket',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'process_resident_memory_bytes',
      'butiku_outbox_emails',
      'butiku_catalog_cache_hit_ratio',
      'butiku_catalog_cache_lookups_total',
    ])
      expect(text, family).toMatch(new RegExp(`^${family}[{ ]`, 'm'));
    expect(text).toMatch(/^butiku_outbox_emails\{status="queued"\} \d+$/m);
    expect(text).toMatch(/^butiku_catalog_cache_lookups_total\{result="hit"\} [1-9]/m);
    if (t.config.databaseUrl) expect(text).toMatch(/^butiku_db_pool_connections\{state="max"\} 5$/m);
    else expect(text).not.toContain('butiku_db_pool_connections');
    expect(text).toMatch(/^butiku_read_workers\{state="max"\} [1-9]\d*$/m);

    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/Product\/:id",status="200"\} 3$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/Product\/:id",status="404"\} 1$/m);
    expect(routes(text)).toEqual(
      new Set([
        '/api/Product/:id',
        '/api/trpc/catalog.categories',
        '/productDetails/:productID',
        '/api/Emails',
        '/metrics',
      ]),
    );
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/Product\/:id",status="200"\} 3$/m,
    );
  });

  it('keeps the labels bounded after 1 000 random unknown URLs', async () => {
    const tokens = Array.from({ length: 1000 }, () => `z${Math.random().toString(36).slice(2, 10)}`);
    const urls = tokens.map((r, i) => {
      return [`/${r}`, `/api/${r}/${i}`, `/api/trpc/${r}.x`, `/products/${r}/${r}`, `/${r}?q=${r}`][i % 5]!;
    });
    for (let i = 0; i < urls.length; i += 25)
      await Promise.all(
        urls.slice(i, i + 25).map(async (u, j) => {
          const r = await fetch(`${server.url}${u}`, { method: j % 2 ? 'GET' : 'POST' });
          await r.arrayBuffer();
        }),
      );
    const text = await scrape();
    const labels = routes(text);
    expect(tokens.filter((r) => text.includes(r))).toEqual([]);
    expect([...labels].filter((l) => l.includes('unmatched')).sort()).toEqual(['(unmatched)', '/api/trpc/(unmatched)']);
    expect(labels.size).toBeLessThan(12);
    const series = text.split('\n').filter((l) => l.startsWith('http_requests_total{'));
    expect(series.length).toBeLessThan(40);
  }, 120_000); // 1 000 requests: about 10 s on SQLite, more on PostgreSQL on a busy machine
});
