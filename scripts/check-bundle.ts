// `npm run check:bundle`: loads / of the built app in headless Chromium, sums the compressed size of every
// JavaScript file the first load fetches (budget 130 KB, issue 24 and decision 214), and fails if any of it is
// dashboard code.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createApp } from '#server/app';
import { startServer } from '#server/testing/app';
import { createTestDeps } from '#server/testing/db';
import { launchBrowser, newPage, MOBILE } from '../e2e/support/browser';

export const BUDGET_BYTES = 130 * 1024;
/**
 * Strings that only dashboard code contains; none may reach a storefront page's scripts: the dashboard frame's class,
 * a screen's, and a route only the dashboard's route table has (route-tree.ts loads it on the first /dashboard URL).
 */
export const DASHBOARD_MARKERS = [
  'dash-topbar',
  'detect-colors',
  'Shëno si të përgjigjur',
  '/dashboard/orders/pending',
];

async function main() {
  const dist = path.resolve(process.env.BUTIKU_CLIENT_DIST ?? 'dist/client');
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`No build in ${dist}: run npm run build first.`);
  const deps = await createTestDeps({ clientDistDir: dist });
  const server = await startServer(createApp(deps), deps);
  const browser = await launchBrowser();
  const scripts = new Map<string, Buffer>();
  try {
    for (const viewport of [undefined, MOBILE]) {
      const { context, page } = await newPage(browser, viewport);
      page.on('response', async (res) => {
        const url = new URL(res.url());
        if (url.pathname.endsWith('.js') && !scripts.has(url.pathname)) {
          scripts.set(url.pathname, fs.readFileSync(path.join(dist, url.pathname)));
        }
      });
      await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  let total = 0;
  const rows: string[] = [];
  const offenders: string[] = [];
  for (const [name, body] of scripts) {
    const gz = zlib.gzipSync(body, { level: 9 }).length;
    total += gz;
    rows.push(`  ${(gz / 1024).toFixed(1).padStart(7)} KB  ${name}`);
    const text = body.toString('utf8');
    for (const marker of DASHBOARD_MARKERS) if (text.includes(marker)) offenders.push(`${name} contains "${marker}"`);
  }
  console.log(`JavaScript fetched by the first load of / (gzip):\n${rows.join('\n')}`);
  console.log(
    `Total: ${(total / 1024).toFixed(1)} KB of ${BUDGET_BYTES / 1024} KB budget (${total} of ${BUDGET_BYTES} bytes)`,
  );
  if (offenders.length) {
    console.error(`Dashboard code reached the storefront:\n  ${offenders.join('\n  ')}`);
    process.exit(1);
  }
  if (total > BUDGET_BYTES) {
    console.error('Over budget.');
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
