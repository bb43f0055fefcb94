// `npm run bench:scale` (issue 38, decision 240): builds a real boutique's size of shop (SCALE_PRODUCTS 10 000,
// SCALE_ORDERS 200 000, SCALE_CUSTOMERS 50 000) on each engine and measures it (scripts/scale/measure.ts): one table
// per engine with every figure beside its target.
//   --build-only    only build, into DATABASE_URL or DATABASE_PATH/UPLOADS_DIR (an empty database); `npm start` serves it
//   --measure-only  only measure the shop already built there
//   --engine sqlite|pg|both (both)   PostgreSQL: DATABASE_URL, else a throw-away cluster (scripts/pg-cluster.mjs)
//   --ci            the small size (500 / 5 000 / 1 000), fewer calls, a 5 s mix; exit 1 past the bounds (report.ts)
// SCALE_CALLS (20; --ci 5) calls per read, SCALE_CONNECTIONS (50; --ci 10) and SCALE_SECONDS (30; --ci 5) for the mix,
// SCALE_READS=feeds,staff only the reads whose name holds one of the words (SCALE_SECONDS=0 skips the mix),
// SCALE_IMPORT_ROWS (5 000; --ci 500) rows in the products CSV import, SCALE_SETTLE_SECONDS (65; --ci 0) before RSS is
// read once more (the worker threads stopped), SCALE_MAIL_BODY_DAYS (30) e-mails with bodies, SCALE_KEEP=1 keeps the temporary shop folders,
// SCALE_CPU_PROFILE=<folder> has the serving process write a CPU profile there. The mix's shoppers are Debian's wrk
// when installed, else this process's HTTP client (SCALE_MIX_TOOL=node forces it; scripts/scale/mix.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configFromEnv, loadEnv } from '#server/config';
import { benchPostgresUrl } from './bench-postgres';
import { buildScaleShop, CI_SIZE, DEFAULT_BODY_DAYS, FULL_SIZE, sizeFromEnv, type ScaleTarget } from './scale/build';
import { measureShop, type EngineReport } from './scale/measure';
import { ciFailures, printReport } from './scale/report';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const ci = flag('--ci');
const engineArg = args[args.indexOf('--engine') + 1];
const engines = !flag('--engine') || engineArg === 'both' ? ['sqlite', 'pg'] : [engineArg === 'pg' ? 'pg' : 'sqlite'];
const env = process.env;
const num = (name: string, fallback: number) => (env[name] ? Number(env[name]) : fallback);
const size = sizeFromEnv(env, ci ? CI_SIZE : FULL_SIZE);
const bodyDays = num('SCALE_MAIL_BODY_DAYS', DEFAULT_BODY_DAYS);
const log = (line: string) => console.error(`[bench:scale] ${line}`);

async function build(target: ScaleTarget): Promise<void> {
  const where = target.databaseUrl ? 'PostgreSQL' : target.databasePath;
  log(`building ${size.products} products, ${size.orders} orders, ${size.customers} customers into ${where}`);
  const s = await buildScaleShop(target, size, { bodyDays, log });
  const mb = s.bytes === null ? '' : `, ${(s.bytes / 1024 / 1024).toFixed(0)} MB`;
  log(`built in ${s.seconds.toFixed(0)} s${mb}: ${JSON.stringify(s.counts)}; ${s.pictures.rows} pictures`);
}

/** The database `npm start` would open with this environment (config.ts: its defaults and checks). */
function fileTarget(): ScaleTarget {
  const { databaseUrl, databasePath, uploadsDir } = configFromEnv(loadEnv(), 'unused-for-building');
  fs.mkdirSync(path.dirname(databasePath), { recursive: true });
  return { databaseUrl, databasePath, uploadsDir };
}

/** The client and server as `npm start` builds them (only what is stale). */
function ensureBuilt(): void {
  const r = spawnSync(process.execPath, ['scripts/start.mjs'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('building the shop failed');
}

async function runEngine(engine: string, cleanups: Array<() => void>): Promise<EngineReport> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `butiku-scale-${engine}-`));
  if (env.SCALE_KEEP) log(`keeping ${dir}`);
  else cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const target: ScaleTarget = { databasePath: path.join(dir, 'shop.db'), uploadsDir: path.join(dir, 'uploads') };
  if (engine === 'pg') target.databaseUrl = env.DATABASE_URL ?? (await benchPostgresUrl(cleanups));
  await build(target);
  return measureShop(engine === 'pg' ? 'PostgreSQL' : 'SQLite', target, measureOptions());
}

async function main(): Promise<void> {
  if (flag('--build-only')) {
    const target = fileTarget();
    await build(target);
    log(
      `\`npm start\` with the same ${target.databaseUrl ? 'DATABASE_URL' : 'DATABASE_PATH and UPLOADS_DIR'} serves it`,
    );
    return;
  }
  ensureBuilt();
  const cleanups: Array<() => void> = [];
  const reports: EngineReport[] = [];
  try {
    if (flag('--measure-only')) {
      const t = fileTarget();
      reports.push(await measureShop(t.databaseUrl ? 'PostgreSQL' : 'SQLite', t, measureOptions()));
    } else for (const engine of engines) reports.push(await runEngine(engine, cleanups));
  } finally {
    for (const c of cleanups.reverse()) c();
  }
  const shop = flag('--measure-only')
    ? 'the shop at DATABASE_URL/DATABASE_PATH'
    : `${size.products} products, ${size.orders} orders, ${size.customers} customers`;
  console.log(`\nScale bench: ${shop}; ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`);
  for (const r of reports) printReport(r);
  if (ci) {
    const failures = reports.flatMap(ciFailures);
    for (const f of failures) console.log(`CI bound broken: ${f}`);
    if (failures.length) process.exitCode = 1;
    else console.log('\nWithin the CI bounds (scripts/scale/report.ts).');
  }
}

function measureOptions() {
  return {
    calls: num('SCALE_CALLS', ci ? 5 : 20),
    connections: num('SCALE_CONNECTIONS', ci ? 10 : 50),
    mixSeconds: num('SCALE_SECONDS', ci ? 5 : 30),
    importRows: num('SCALE_IMPORT_ROWS', ci ? 500 : 5000),
    settleSeconds: num('SCALE_SETTLE_SECONDS', ci ? 0 : 65),
    only: env.SCALE_READS?.split(',').map((w) => w.trim()),
    log,
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
