// Malformed percent-encoding in any path answers 400 (never 5xx), over real HTTP, for every route prefix the app
// has (API routes from its route table, tRPC, images, static assets, the SPA fallback with a built index.html).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startServer, type TestApp } from '../testing/app';
import { hasMalformedPath } from './path';

/** Malformed escapes: lone '%', one hex digit, non-hex, bytes that are not UTF-8, truncated and overlong sequences. */
function malformedEscapes(): string[] {
  const out = new Set<string>([
    '%',
    '%%',
    '%f',
    '%g0',
    '%zz',
    '%ff',
    '%FE',
    '%80',
    '%c0%af',
    '%C0%80',
    '%E0%A4%A',
    '%E0%A4',
    '%ED%A0%80',
    '%F4%90%80%80',
    '%F0%9F%98',
  ]);
  for (let b = 0x80; b <= 0xff; b += 7) out.add(`%${b.toString(16)}`);
  for (const tail of ['x', '%2', '%A']) out.add(`%E2%82${tail}`);
  return [...out];
}

describe('hasMalformedPath', () => {
  it('finds every malformed escape and lets valid ones (and the query) pass', () => {
    for (const e of malformedEscapes()) {
      expect(hasMalformedPath(`http://h/a/${e}`), e).toBe(true);
      expect(hasMalformedPath(`http://h/${e}/b?x=1`), e).toBe(true);
    }
    for (const ok of ['/', '/a%20b', '/%C3%AB', '/%25', '/a?x=%ff', '/a#%ff', '/%E2%82%AC'])
      expect(hasMalformedPath(`http://h${ok}`), ok).toBe(false);
  });
});

describe('over HTTP', () => {
  let t: TestApp;
  let server: { url: string; close: () => Promise<void> };
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(dist, 'images'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><!--app-meta--><!--/app-meta--></head><body></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'a.js'), 'console.log(1)');
    t = await createTestApp({ clientDistDir: dist });
    server = await startServer(t.app, t);
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers 400 to malformed escapes on every prefix, API answers in the error shape', async () => {
    const apiPaths = [...new Set(t.app.routes.filter((r) => r.path.startsWith('/api/')).map((r) => r.path))];
    const prefixes = [
      ...apiPaths.map((p) => p.replace(/\*$/, 'x').replace(/:\w+/g, 'SEG')),
      '/api/trpc/SEG',
      '/api/SEG',
      '/assets/SEG',
      '/images/SEG',
      '/SEG',
      '/productDetails/SEG',
      '/products/SEG',
      '/dashboard/SEG',
      '/favicon.svgSEG',
      '/api/Product/images/SEG.webp',
      '/glow-outlet/SEG',
    ];
    expect(prefixes.length).toBeGreaterThan(60);
    let n = 0;
    const escapes = malformedEscapes();
    // Each prefix meets 8 escapes, rotating through the list so that together they cover every escape on many prefixes.
    for (const [i, prefix] of prefixes.entries()) {
      const segs = Array.from({ length: 8 }, (_, k) => escapes[(i * 5 + k) % escapes.length]!);
      for (const e of segs) {
        const url = prefix.includes('SEG') ? prefix.replace(/SEG/g, e) : `${prefix}/${e}`;
        for (const method of url.startsWith('/api/') ? ['GET', 'POST'] : ['GET']) {
          const r = await fetch(server.url + url, {
            method,
            headers: { 'content-type': 'application/json' },
            body: method === 'POST' ? '{}' : undefined,
          });
          expect([400, 404], `${method} ${url}`).toContain(r.status);
          if (url.startsWith('/api/'))
            expect(await r.json(), url).toMatchObject({ code: expect.any(String), Message: expect.any(String) });
          else await r.arrayBuffer();
          n++;
        }
      }
    }
    expect(n).toBeGreaterThan(500);
  }, 120_000); // 1 000+ requests one after another: seconds on an idle machine, tens of seconds while other suites share the cores

  it('still serves valid paths, including valid escapes', async () => {
    expect((await fetch(`${server.url}/assets/a.js`)).status).toBe(200);
    // A valid escape reaches the app: `ë` is no product id, so it is the not-found page (decision 212), not a 400.
    expect((await fetch(`${server.url}/productDetails/%C3%AB`)).status).toBe(404);
    expect((await fetch(`${server.url}/kerko?q=%C3%AB`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/Product/%31`)).status).not.toBe(500);
  });
});
