// `npm run lighthouse`: Lighthouse (mobile defaults: Moto G Power viewport, simulated slow 4G and 4x CPU
// slowdown) against the built shop — `node dist/server/main.cjs`, as `npm start` runs it, on a free loopback port
// with a temp demo-seeded SQLite database — in Debian's Chromium, on `/`, `/products` and the first product of
// the sitemap. Prints the four category scores and LCP/FCP/CLS/TBT per page, the audits that cost points, and
// writes a JSON summary (and each full Lighthouse report) to dist/lighthouse/ (or LIGHTHOUSE_OUT).
// Lighthouse itself runs through `npx` (LIGHTHOUSE_VERSION below, fetched from the npm registry on first use), so
// its ~140 packages are not installed with the project. Not part of CI (a run takes minutes). Options: LIGHTHOUSE_RUNS=3 (median run per page by performance score),
// CHROME_PATH (default /usr/bin/chromium), LIGHTHOUSE_PAGES="/,/products" (paths to audit instead of the three).
import { execFile, execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const LIGHTHOUSE_VERSION = '12.8.2';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const OUT_DIR = path.resolve(process.env.LIGHTHOUSE_OUT ?? 'dist/lighthouse');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  lcp: 'largest-contentful-paint',
  fcp: 'first-contentful-paint',
  cls: 'cumulative-layout-shift',
  tbt: 'total-blocking-time',
  si: 'speed-index',
} as const;
/** The issue's goals (issue #16). */
const GOALS = {
  performance: 97,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  lcpMs: 2000,
  cls: 0.02,
  tbtMs: 100,
};

interface PageResult {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  fcpMs: number;
  cls: number;
  tbtMs: number;
  speedIndexMs: number;
  lcpElement: string | null;
  /** Main-thread tasks over 50 ms (simulated 4x CPU) that overlap first paint .. interactive: start and length in ms. */
  longTasksAfterPaint: Array<{ startMs: number; durationMs: number; url: string }>;
  /** Audits of the four categories that did not pass (score < 1, weighted or not), with their display value. */
  failing: Array<{ category: string; id: string; title: string; score: number | null; displayValue?: string }>;
  report: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForAnswer(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error(`no answer from ${url} within 120 s`);
    await sleep(100);
  }
}

/** The first product page the sitemap lists (a seeded, active product). */
async function firstProductPath(base: string): Promise<string> {
  const xml = await (await fetch(`${base}/sitemap.xml`)).text();
  const match = /<loc>[^<]*?(\/productDetails\/\d+)<\/loc>/.exec(xml);
  if (!match) throw new Error('the sitemap lists no product: is the demo catalogue seeded?');
  return match[1]!;
}

function summarise(lhr: any, pagePath: string, report: string): PageResult {
  const audit = (id: string) => lhr.audits[id];
  const failing: PageResult['failing'] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category].auditRefs) {
      const a = audit(ref.id);
      if (
        !a ||
        a.scoreDisplayMode === 'notApplicable' ||
        a.scoreDisplayMode === 'informative' ||
        a.scoreDisplayMode === 'manual'
      )
        continue;
      if (a.score !== null && a.score >= 0.9 && !(category !== 'performance' && a.score < 1)) continue;
      failing.push({ category, id: ref.id, title: a.title, score: a.score, displayValue: a.displayValue });
    }
  }
  const fcpMs = audit(METRICS.fcp).numericValue as number;
  const ttiMs = audit('interactive').numericValue as number;
  const longTasksAfterPaint = ((audit('long-tasks')?.details?.items ?? []) as any[])
    .filter((t) => t.duration > 50 && t.startTime + t.duration > fcpMs && t.startTime < ttiMs)
    .map((t) => ({ startMs: Math.round(t.startTime), durationMs: Math.round(t.duration), url: String(t.url) }));
  const lcpItem = audit('largest-contentful-paint-element')?.details?.items?.[0]?.items?.[0]?.node;
  return {
    path: pagePath,
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round(lhr.categories[c].score * 100)]),
    ) as PageResult['scores'],
    lcpMs: Math.round(audit(METRICS.lcp).numericValue),
    fcpMs: Math.round(audit(METRICS.fcp).numericValue),
    cls: Math.round(audit(METRICS.cls).numericValue * 1000) / 1000,
    tbtMs: Math.round(audit(METRICS.tbt).numericValue),
    speedIndexMs: Math.round(audit(METRICS.si).numericValue),
    lcpElement: lcpItem ? `${lcpItem.snippet ?? lcpItem.selector}` : null,
    longTasksAfterPaint,
    failing,
    report,
  };
}

/** One Lighthouse run (its CLI, mobile defaults) in a fresh Chromium; the JSON report is the LHR. */
async function audit(base: string, pagePath: string, run: number): Promise<PageResult> {
  const file = path.join(
    OUT_DIR,
    `${pagePath.replace(/[^\w]+/g, '_').replace(/^_|_$/g, '') || 'home'}${RUNS > 1 ? `-run${run + 1}` : ''}.json`,
  );
  await promisify(execFile)(
    'npx',
    [
      '--yes',
      `lighthouse@${LIGHTHOUSE_VERSION}`,
      `${base}${pagePath}`,
      '--output=json',
      `--output-path=${file}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      '--quiet',
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH }, maxBuffer: 64 * 1024 * 1024 },
  );
  const lhr = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (lhr.runtimeError)
    throw new Error(`Lighthouse failed on ${pagePath}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return summarise(lhr, pagePath, path.relative(process.cwd(), file));
}

const mark = (ok: boolean) => (ok ? ' ' : '!');

function print(results: PageResult[]): void {
  console.log('\n| page | perf | a11y | best pr. | SEO | LCP | FCP | CLS | TBT | Speed Index |');
  console.log('|------|-----:|-----:|---------:|----:|----:|----:|----:|----:|------------:|');
  for (const r of results) {
    const s = r.scores;
    console.log(
      `| ${r.path} | ${s.performance}${mark(s.performance >= GOALS.performance)} | ${s.accessibility}${mark(s.accessibility >= GOALS.accessibility)} | ` +
        `${s['best-practices']}${mark(s['best-practices'] >= GOALS['best-practices'])} | ${s.seo}${mark(s.seo >= GOALS.seo)} | ` +
        `${(r.lcpMs / 1000).toFixed(2)} s${mark(r.lcpMs <= GOALS.lcpMs)} | ${(r.fcpMs / 1000).toFixed(2)} s | ${r.cls.toFixed(3)}${mark(r.cls <= GOALS.cls)} | ` +
        `${r.tbtMs} ms${mark(r.tbtMs <= GOALS.tbtMs)} | ${(r.speedIndexMs / 1000).toFixed(2)} s |`,
    );
  }
  console.log(
    `("!" = short of the goal: perf >= ${GOALS.performance}, a11y/best practices/SEO 100, LCP <= 2.0 s, CLS <= 0.02, TBT <= 100 ms)`,
  );
  for (const r of results) {
    console.log(`\n${r.path}: LCP element ${r.lcpElement ?? '(none reported)'}; full report ${r.report}`);
    const tasks = r.longTasksAfterPaint.map((t) => `${t.durationMs} ms at ${t.startMs} ms`).join(', ');
    console.log(
      `  tasks over 50 ms between first paint and interactive: ${r.longTasksAfterPaint.length}${mark(r.longTasksAfterPaint.length === 0)}${tasks ? ` (${tasks})` : ''}`,
    );
    for (const f of r.failing)
      console.log(
        `  - [${f.category}] ${f.id}: ${f.title}${f.displayValue ? ` (${f.displayValue})` : ''}${f.score === null ? '' : ` score ${f.score}`}`,
      );
  }
}

async function main(): Promise<void> {
  if (!fs.existsSync(CHROME_PATH))
    throw new Error(`no Chromium at ${CHROME_PATH} (apt-get install chromium, or set CHROME_PATH)`);
  const build = spawnSync(process.execPath, ['scripts/start.mjs'], { stdio: 'inherit' }); // builds client and server when stale
  if (build.status !== 0) throw new Error('building the shop failed');
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-lighthouse-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PUBLIC_URL: base,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_PATH: path.join(dir, 'shop.db'),
    UPLOADS_DIR: path.join(dir, 'uploads'),
    JWT_SECRET: 'lighthouse-secret-lighthouse-secret-0123456',
    SEED_DEMO: 'true',
    MALLOC_ARENA_MAX: '2',
    LOG_LEVEL: 'warn',
  };
  let server: ChildProcess | null = null;
  try {
    execFileSync(process.execPath, ['dist/server/db-seed.cjs'], { env, stdio: 'ignore' });
    server = spawn(process.execPath, ['dist/server/main.cjs'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    await waitForAnswer(`${base}/healthz`, server);
    const pages = process.env.LIGHTHOUSE_PAGES
      ? process.env.LIGHTHOUSE_PAGES.split(',').map((p) => p.trim())
      : ['/', '/products', await firstProductPath(base)];
    console.log(
      `Lighthouse (mobile defaults, simulated throttling) on ${base}, Chromium at ${CHROME_PATH}, ${RUNS} run(s) per page; load average ${os.loadavg()[0]!.toFixed(1)}.`,
    );
    const results: PageResult[] = [];
    for (const pagePath of pages) {
      await fetch(`${base}${pagePath}`); // first request fills the server's page and catalogue caches, as for any visitor after the first
      const runs: PageResult[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        // A trace Lighthouse could not record (NO_NAVSTART, NO_FCP on a loaded machine) is retried once.
        runs.push(
          await audit(base, pagePath, i).catch((err: Error) => {
            console.warn(`${err.message}; retrying once`);
            return audit(base, pagePath, i);
          }),
        );
      }
      runs.sort((a, b) => a.scores.performance - b.scores.performance);
      results.push(runs[Math.floor(runs.length / 2)]!);
    }
    print(results);
    const summary = {
      measuredAt: new Date().toISOString(),
      lighthouse: LIGHTHOUSE_VERSION,
      chromium: CHROME_PATH,
      runsPerPage: RUNS,
      loadAverage: os.loadavg()[0],
      goals: GOALS,
      pages: results,
    };
    const file = path.join(OUT_DIR, 'summary.json');
    fs.writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
    console.log(`\nSummary: ${path.relative(process.cwd(), file)}`);
  } finally {
    if (server && server.exitCode === null) server.kill();
    await sleep(200);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
