import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/app';
import { contentVersion, staticVersions } from './http/static-versions';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="sq"><head><!--app-meta--><title>x</title><!--/app-meta--></head><body><div id="root"></div></body></html>',
  );
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("hi")');
  fs.mkdirSync(path.join(dist, 'images', 'hero'), { recursive: true });
  fs.copyFileSync(path.resolve('public/images/hero/slide-1.webp'), path.join(dist, 'images', 'hero', 'slide-1.webp'));
  fs.copyFileSync(path.resolve('public/favicon.svg'), path.join(dist, 'favicon.svg'));
  fs.copyFileSync(path.resolve('public/favicon.png'), path.join(dist, 'favicon.png'));
  t = await createTestApp({ clientDistDir: dist });
});
afterAll(() => t.db.destroy());

describe('app shell', () => {
  it('sends security headers on API answers', async () => {
    const res = await t.request('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND', Message: expect.any(String) });
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain('https://www.openstreetmap.org');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses bodies over the limit with 413 JSON', async () => {
    const big = JSON.stringify({ message: 'x'.repeat(1024 * 1024 + 10) });
    const res = await t.request('/api/Contact', {
      method: 'POST',
      body: big,
      headers: { 'content-type': 'application/json', 'content-length': String(big.length) },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers an unknown tRPC procedure with 404, not 500', async () => {
    const res = await t.request('/api/trpc/nothing.here');
    expect(res.status).toBe(404);
  });

  it('serves the SPA with per-page title, description and Open Graph tags', async () => {
    const res = await t.request('/contactus');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Kontakti | Butiku</title>');
    expect(html).toContain('<meta name="description"');
    expect(html).toContain('<meta property="og:title" content="Kontakti | Butiku">');
    expect(html).not.toContain('<!--app-meta-->');
    expect(html).toContain('<meta name="butiku:messenger" content="https://m.me/butiku.shop">');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('builds canonical and Open Graph URLs from PUBLIC_URL, never from the Host header', async () => {
    const shop = await createTestApp({ clientDistDir: dist, publicUrl: 'https://butiku.shop' });
    for (const host of ['evil.example', 'evil.example:8080', 'butiku.shop.evil.example']) {
      const res = await shop.request('/contactus', { headers: { host, 'x-forwarded-host': host } });
      const html = await res.text();
      expect(html).not.toContain('evil');
      expect(html).toContain('<link rel="canonical" href="https://butiku.shop/contactus">');
      expect(html).toContain('<meta property="og:url" content="https://butiku.shop/contactus">');
    }
    const absolute = await shop.app.request('http://evil.example/contactus');
    expect(await absolute.text()).not.toContain('evil.example');
    await shop.db.destroy();
    // Without PUBLIC_URL (development and tests): http://localhost:PORT, still not the Host header.
    const local = await t.request('/contactus', { headers: { host: 'evil.example' } });
    const html = await local.text();
    expect(html).not.toContain('evil.example');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/contactus">/);
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await t.request('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('content-length')).toBe(String('console.log("hi")'.length));
    expect(await res.text()).toBe('console.log("hi")');
  });

  it('serves public pictures and the favicon as immutable only under their current content version', async () => {
    const hero = '/images/hero/slide-1.webp';
    const v = contentVersion(fs.readFileSync(path.resolve('public', hero.slice(1))));
    expect(v).toMatch(/^[0-9a-f]{12}$/);
    // The same versions the Vite build injects into the client (vite.config.ts reads public/, the server dist/).
    expect(staticVersions(dist)[hero]).toBe(staticVersions(path.resolve('public'))[hero]);
    const current = await t.request(`${hero}?v=${v}`);
    expect(current.status).toBe(200);
    expect(current.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(current.headers.get('content-type')).toMatch(/^image\/webp/);
    for (const stale of [hero, `${hero}?v=000000000000`, `${hero}?v=`]) {
      const res = await t.request(stale);
      expect(res.status, stale).toBe(200);
      expect(res.headers.get('cache-control'), stale).toBe('public, max-age=86400');
    }
    for (const file of ['/favicon.svg', '/favicon.png']) {
      const icon = staticVersions(dist)[file]!;
      const versioned = await t.request(`${file}?v=${icon}`);
      expect(versioned.headers.get('cache-control'), file).toBe('public, max-age=31536000, immutable');
      expect(versioned.headers.get('content-type'), file).toMatch(
        file.endsWith('.png') ? /^image\/png/ : /^image\/svg/,
      );
      expect((await t.request(file)).headers.get('cache-control'), file).toBe('public, max-age=86400');
    }
    const missing = await t.request(`/images/hero/none.webp?v=${v}`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control') ?? '').not.toMatch(/immutable/);
  });

  it('sends the home page with no-cache, an ETag and the hero preload under its versioned URL', async () => {
    const res = await t.request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('etag')).toMatch(/^W\/"[\w-]+"$/);
    const v = staticVersions(dist)['/images/hero/slide-1.webp'];
    expect(await res.text()).toContain(
      `<link rel="preload" as="image" href="/images/hero/slide-1.webp?v=${v}" fetchpriority="high">`,
    );
    const again = await t.request('/', { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('answers a missing asset and a path outside dist with 404, never the page or a cached answer', async () => {
    for (const p of ['/assets/missing.js', '/assets/..%2F..%2Fpackage.json']) {
      const res = await t.request(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('cache-control') ?? '', p).not.toMatch(/immutable/);
      expect(await res.text(), p).not.toContain('<html');
    }
  });

  it('answers HEAD and byte ranges of an asset', async () => {
    const head = await t.request('/assets/index-abc123.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String('console.log("hi")'.length));
    const part = await t.request('/assets/index-abc123.js', { headers: { range: 'bytes=0-6' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('console');
  });

  it('compresses HTML and JSON when the client accepts it', async () => {
    const res = await t.request('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });
});
