// Pages a validator accepts (decision 247): the client built as for production (into a temporary folder, so the
// markup checked is the markup of these sources), the real app on the demo shop, and its HTML answers read as a
// browser and the W3C Nu HTML checker (vnu-jar, on Java) read them: the charset within the first 1 024 bytes of
// every page, and no validation error on any page, the server-rendered catalogue pages above all.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import vnuJarPath from 'vnu-jar';
import { seedDemo } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/app';

const run = promisify(execFile);
/** The checker's jar (vnu-jar's main module is its path). */
const VNU_JAR = vnuJarPath.toString();
const hasJava = spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;
/** Without Java the checks are skipped on a developer's machine and fail in CI (.ci/run installs a JRE). */
const runChecks = hasJava || Boolean(process.env.CI);

/** The pages the browser renders (the app's shell with the page's head), the staff dashboard's included. */
const SHELL_PAGES: [name: string, url: string][] = [
  ['search', '/kerko?q=fustan'],
  ['contact', '/contactus'],
  ['cart', '/cart'],
  ['wishlist', '/wishlist'],
  ['account', '/account'],
  ['checkout', '/checkout'],
  ['order-status', '/order-status'],
  ['dashboard', '/dashboard'],
];
/** A page with one known error, checked with the others: proof that the checker read the files and reports. */
const CANARY = [
  'canary.html',
  '<!doctype html><html lang="sq"><head><meta charset="utf-8"><title>x</title></head><body><p><div></div></p></body></html>',
] as const;

let t: TestApp;
let dir: string;
/** File name -> the page's HTML as served. */
const pages = new Map<string, string>();

/**
 * `npm run build:client` into `out` (client and server render side by side, as dist/ holds them). BUTIKU_CLIENT_DIST
 * names a build to use instead (one made from these sources).
 */
async function buildClient(out: string): Promise<string> {
  if (process.env.BUTIKU_CLIENT_DIST) return path.resolve(process.env.BUTIKU_CLIENT_DIST);
  const vite = path.resolve('node_modules/vite/bin/vite.js');
  const client = path.join(out, 'client');
  await run(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', client]);
  const ssr = [
    'build',
    '--logLevel',
    'warn',
    '--ssr',
    'src/client/entry-server.tsx',
    '--outDir',
    path.join(out, 'ssr'),
  ];
  await run(process.execPath, [vite, ...ssr]);
  return client;
}

async function page(name: string, url: string, status = 200): Promise<string> {
  const res = await t.request(url);
  expect(res.status, url).toBe(status);
  expect(res.headers.get('content-type'), url).toBe('text/html; charset=UTF-8');
  const html = await res.text();
  pages.set(`${name}.html`, html);
  return html;
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

const firstLink = (html: string, pattern: RegExp): string => {
  const found = pattern.exec(html)?.[0];
  expect(found, `a link matching ${pattern}`).toBeDefined();
  return found!;
};

beforeAll(async () => {
  if (!runChecks) return;
  // Inside the project, as dist/ is: the server render's entry (run in the render worker, decision 288) imports React
  // and the other packages it leaves out of its bundle from node_modules, found from the file's own folder.
  const cache = path.resolve('node_modules/.cache');
  fs.mkdirSync(cache, { recursive: true });
  dir = fs.mkdtempSync(path.join(cache, 'butiku-valid-'));
  const clientDistDir = await buildClient(path.join(dir, 'dist'));
  t = await createTestApp({ clientDistDir, publicUrl: 'https://butiku.shop' }, 'sqlite');
  await seedDemo(t);
  // The pages the server renders, found as a shopper finds them: from the links of the home page and the listings.
  const home = await page('home', '/');
  await page('product', firstLink(home, /\/productDetails\/\d+/));
  await page('products-category', firstLink(home, /\/products\/\d+/));
  await page('products', '/products');
  await page('products-page-2', '/products?page=2&sort=price-asc');
  const discounted = await page('products-by-discount', '/products?sort=discount');
  await page('product-discounted', firstLink(discounted, /\/productDetails\/\d+/));
  const glow = await page('glow-outlet', '/glow-outlet');
  await page('glow-outlet-category', firstLink(glow, /\/glow-outlet\/\d+/));
  await page('product-glow-outlet', firstLink(glow, /\/productDetails\/\d+/));
  await page('return-policy', '/kthimet');
  for (const [name, url] of SHELL_PAGES) await page(name, url);
  // 404s: a path that names no page, a product that does not exist.
  await page('not-found', '/nuk-ekziston', 404);
  await page('product-not-found', '/productDetails/999999', 404);
  for (const [file, html] of pages) fs.writeFileSync(path.join(dir, file), html);
}, 600_000);
afterAll(async () => {
  await t?.db.destroy();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!runChecks)('pages a validator accepts', () => {
  it('declares the charset within the first 1 024 bytes of every page, as the first element of its head', () => {
    expect(pages.size).toBeGreaterThanOrEqual(21);
    for (const [file, html] of pages) {
      // The first 1 024 bytes (HTML's limit for the charset declaration) hold the doctype, <html>, <head> and the charset.
      const start = Buffer.from(html).subarray(0, 1024).toString('utf8');
      expect(start, file).toMatch(/^<!doctype html>\s*<html lang="sq">\s*<head>\s*<meta charset="UTF-8"/i);
    }
  });

  it('has no error by the W3C Nu HTML checker (vnu-jar) on any page', async () => {
    expect(hasJava, 'Java is needed to run the Nu HTML checker: apt-get install default-jre-headless').toBe(true);
    fs.writeFileSync(path.join(dir, CANARY[0]), CANARY[1]);
    const files = [...pages.keys(), CANARY[0]].map((file) => path.join(dir, file));
    // vnu exits 1 when it reports an error; its JSON report is on stderr either way.
    const result = await run('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((err: { stderr?: string; code?: number }) => {
      if (err.code !== 1 || !err.stderr) throw err;
      return { stderr: err.stderr };
    });
    const report = JSON.parse(result.stderr) as {
      messages: { type: string; url?: string; lastLine?: number; message: string; extract?: string }[];
    };
    const errors = report.messages
      .filter((m) => m.type !== 'info')
      .map((m) => `${path.basename(m.url ?? '?')}:${m.lastLine ?? '?'}: ${m.message} [${oneLine(m.extract ?? '')}]`);
    const canary = errors.filter((e) => e.startsWith(`${CANARY[0]}:`));
    expect(canary, 'the checker reports the known error of the canary page').toEqual([
      expect.stringContaining('No “p” element in scope but a “p” end tag seen.'),
    ]);
    expect(errors.filter((e) => !canary.includes(e))).toEqual([]);
  });
});
