// `npm run bench:reports` (decision 230): the reports screen's one call (reports.sales, over tRPC through the real app)
// on a year of BENCH_ORDERS (20 000) orders with one to three lines each, on a SQLite file and on a throw-away
// PostgreSQL cluster (scripts/pg-cluster.mjs; BENCH_DATABASE_URL names an empty database instead). Prints median, p95
// and max of BENCH_CALLS sequential calls for the last 30 days per day, and the last 12 months per day, week and
// month, the overview, plus one CSV download, each with the longest the event loop was held. BENCH_ENGINES=sqlite (or
// postgres) runs one engine only. The target is under 1 s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createApp } from '#server/app';
import { openDatabase, openPostgres, type DB } from '#server/db/client';
import { migrateToLatest } from '#server/db/migrate';
import type { AppDeps } from '#server/deps';
import { createStaff } from '#server/testing/auth';
import { insertBulkOrderLines, insertBulkOrders } from '#server/testing/bulk-orders';
import { testConfig } from '#server/testing/db';
import { createProduct } from '#server/testing/factories';
import { addDays, shopToday } from '#shared/dates';
import { benchPostgresUrl } from './bench-postgres';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 20_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 15);
/** `sqlite`, `postgres` or both (the default). */
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const YEAR_MS = 365 * 86_400_000;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(0)} ms`;

/** A year of orders ending now, with lines of 40 products in 8 categories. */
async function seed(db: DB): Promise<void> {
  const products = [];
  for (let i = 0; i < 40; i++) {
    const p = await createProduct(db, { name: `Produkt prove ${i + 1}` });
    products.push({ productId: p.productId, variantId: p.variantIds[0]!, name: `Produkt prove ${i + 1}` });
  }
  const start = Date.now() - YEAR_MS;
  await insertBulkOrders(db, ORDERS, start, Math.floor(YEAR_MS / ORDERS));
  const lines = await insertBulkOrderLines(db, products);
  console.log(`[bench:reports]   seeded ${ORDERS} orders over 365 days, ${lines} lines`);
}

async function timeCalls(deps: AppDeps, label: string, url: string): Promise<number> {
  const app = createApp(deps);
  const staff = await createStaff(deps);
  const times: number[] = [];
  let bytes = 0;
  // The longest stretch the event loop was held (better-sqlite3 is synchronous: a slow query stalls every shopper).
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  for (let i = 0; i < CALLS; i++) {
    const s = performance.now();
    const res = await app.request(url, { headers: { authorization: `Bearer ${staff.token}` } });
    const body = await res.arrayBuffer();
    times.push(performance.now() - s);
    if (res.status !== 200) throw new Error(`${label}: ${res.status} ${Buffer.from(body).toString().slice(0, 300)}`);
    bytes = body.byteLength;
  }
  loop.disable();
  times.sort((a, b) => a - b);
  console.log(
    `[bench:reports]   ${label}: median ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}, max ${ms(times.at(-1)!)} (${(bytes / 1024).toFixed(1)} KB), event loop held up to ${ms(loop.max / 1e6)}`,
  );
  return times.at(-1)!;
}

const trpc = (input: unknown) => `/api/trpc/reports.sales?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

async function runEngine(engine: string, deps: AppDeps): Promise<number> {
  console.log(`[bench:reports] ${engine}`);
  await migrateToLatest(deps.db);
  const s = performance.now();
  await seed(deps.db);
  console.log(`[bench:reports]   seeding took ${ms(performance.now() - s)}`);
  const today = shopToday();
  const last30 = { from: addDays(today, -29), to: today };
  const year = { from: addDays(today, -364), to: today };
  const worst = [
    await timeCalls(deps, 'reports.sales, last 30 days per day', trpc({ ...last30, granularity: 'day' })),
    await timeCalls(deps, 'reports.sales, 12 months per day', trpc({ ...year, granularity: 'day' })),
    await timeCalls(deps, 'reports.sales, 12 months per week', trpc({ ...year, granularity: 'week' })),
    await timeCalls(deps, 'reports.sales, 12 months per month', trpc({ ...year, granularity: 'month' })),
    await timeCalls(deps, 'overview.summary', '/api/trpc/overview.summary'),
    await timeCalls(
      deps,
      'GET /api/Reports/export.csv, 12 months, products',
      `/api/Reports/export.csv?from=${year.from}&to=${year.to}&kind=products`,
    ),
  ];
  await deps.db.destroy();
  return Math.max(...worst);
}

const postgresUrl = benchPostgresUrl;

async function main() {
  console.log(
    `[bench:reports] ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}, ${CALLS} calls each`,
  );
  const cleanups: Array<() => void> = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-bench-reports-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  try {
    fs.mkdirSync(path.join(dir, 'client'));
    const config = testConfig({ databasePath: path.join(dir, 'shop.db'), clientDistDir: path.join(dir, 'client') });
    const worstSqlite = ENGINES.includes('sqlite')
      ? await runEngine('SQLite', { db: openDatabase(config.databasePath), config })
      : 0;
    const worstPg = ENGINES.includes('postgres')
      ? await runEngine('PostgreSQL', { db: openPostgres(await postgresUrl(cleanups), { poolSize: 5 }), config })
      : 0;
    const worst = Math.max(worstSqlite, worstPg);
    console.log(
      `[bench:reports] slowest call: SQLite ${ms(worstSqlite)}, PostgreSQL ${ms(worstPg)} (target < 1000 ms)`,
    );
    if (worst >= 1000) process.exitCode = 1;
  } finally {
    for (const c of cleanups.reverse()) c();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
