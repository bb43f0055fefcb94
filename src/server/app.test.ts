import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/app';

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
    const res = await t.request('/api/Contact', { method: 'POST', body: big, headers: { 'content-type': 'application/json', 'content-length': String(big.length) } });
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
