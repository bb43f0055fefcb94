// `npm run bench`: the built server (`node dist/server/main.cjs`, as `npm start` runs it) on a temp demo-seeded
// database against a bare node:http server that sends the very same bytes and headers (the ceiling). With Debian's
// `wrk` installed, the servers are pinned to one core and wrk to the other with `taskset` (autocannon, in this
// process, saturates its own core before a fast server does); otherwise autocannon. Also prints the server's
// start-up time to the first answer and its RSS idle and after load (decisions 013, 155).
// Also places BENCH_CHECKOUTS (400) orders, 10 at a time, through POST /api/orders/checkout (orders/s, p99).
// BENCH_SECONDS (5), BENCH_ROUNDS (2), BENCH_TOOL=autocannon to force the fallback. BENCH_ENGINES=sqlite,postgres
// runs everything on each engine and prints them side by side (PostgreSQL: BENCH_DATABASE_URL naming an empty
// database, else a throw-away cluster from scripts/pg-cluster.mjs; decision 140).
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase } from '#server/db/client';
import { benchPostgresUrl } from './bench-postgres';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const TOOL = process.env.BENCH_TOOL === 'autocannon' || !has('wrk') ? 'autocannon' : 'wrk';
const PIN = has('taskset') && os.cpus().length >= 2;
const SERVER_CORE = '0';
const LOAD_CORE = '1';

/** Runs a program, on the server core when pinning. */
const pinned = (core: string, cmd: string, args: string[]) =>
  (PIN ? ['taskset', ['-c', core, cmd, ...args]] : [cmd, args]) as [string, string[]];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** One GET on a fresh connection (fetch's pooled sockets go stale while wrk runs for seconds). */
function get(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const rssMb = (pid: number) =>
  Number(/^VmRSS:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForAnswer(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    try {
      if ((await get(url)).status === 200) return;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    await sleep(5);
  }
}

interface Load {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function parseWrk(out: string): Load {
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(out);
  const toMs = p99 ? Number(p99[1]) * (p99[2] === 'us' ? 0.001 : p99[2] === 's' ? 1000 : 1) : NaN;
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: num(/Requests\/sec:\s+([\d.]+)/),
    p99: Math.round(toMs * 100) / 100,
    errors: sock ? sock.slice(1).reduce((a, b) => a + Number(b), 0) : 0,
    non2xx: num(/Non-2xx or 3xx responses:\s+(\d+)/),
  };
}

async function load(url: string, seconds = DURATION): Promise<Load> {
  if (TOOL === 'wrk') {
    const run = (s: number) => {
      const [cmd, args] = pinned(LOAD_CORE, 'wrk', ['-t1', `-c${CONNECTIONS}`, `-d${s}s`, '--latency', url]);
      return execFileSync(cmd, args, { encoding: 'utf8' });
    };
    run(1); // warm-up (JIT, caches)
    return parseWrk(run(seconds));
  }
  const { default: autocannon } = await import('autocannon');
  await autocannon({ url, connections: CONNECTIONS, duration: 1 });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

/** The ceiling: a bare node:http server answering every request with the captured status, headers and body. */
const CEILING = `
const http = require('node:http');
const { status, headers, body } = JSON.parse(require('node:fs').readFileSync(process.argv[1], 'utf8'));
const bytes = Buffer.from(body, 'base64');
const server = http.createServer((_req, res) => { res.writeHead(status, { ...headers, 'content-length': String(bytes.length) }); res.end(bytes); });
server.keepAliveTimeout = 5000;
server.listen(Number(process.argv[2]), '127.0.0.1');
`;

interface EngineRun {
  engine: string;
  seedMs: number;
  startupMs: number;
  idleMb: number;
  afterLoadMb: number;
  rows: Array<{ target: string; bytes: number; app: Load; bare: Load }>;
  checkout: Load & { orders: number };
}

/** CHECKOUTS orders placed through POST /api/orders/checkout, CONNECTIONS at a time: orders/s and p99. */
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 400);
async function loadCheckout(base: string, variantId: number): Promise<EngineRun['checkout']> {
  const countries = JSON.parse((await get(`${base}/api/countries`)).body.toString()) as Array<{ countryID: number }>;
  const countryID = countries[0]!.countryID;
  const latencies: number[] = [];
  let next = 0;
  let non2xx = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < CHECKOUTS) {
      const i = next++;
      const t0 = performance.now();
      const r = await fetch(`${base}/api/orders/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'Idempotency-Key': `bench-${i}-${Date.now()}` },
        body: JSON.stringify({
          customerDetails: {
            email: `bench${i}@example.com`,
            firstName: 'Arta',
            lastName: 'Hoxha',
            address: 'Rr. 1',
            city: 'Prishtinë',
            zipCode: '10000',
            phoneNumber: '+38349000000',
            countryID,
            guestId: `guest_bench${i}`,
          },
          cartItems: [{ productVariantId: variantId, quantity: 1 }],
          promoCode: null,
        }),
      });
      await r.arrayBuffer();
      if (r.status !== 201) non2xx += 1;
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: CHECKOUTS / seconds,
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)]! * 100) / 100,
    errors: 0,
    non2xx,
    orders: CHECKOUTS - non2xx,
  };
}

async function runEngine(
  engine: string,
  env: NodeJS.ProcessEnv,
  dir: string,
  children: ChildProcess[],
): Promise<EngineRun> {
  const { seedMs, variantId } = await seedDatabase(env);
  const { server, base, startupMs } = await startAppServer(env, children);
  await sleep(2000);
  const idleMb = rssMb(server.pid!);
  const rows: EngineRun['rows'] = [];
  for (const t of await loadTargets(base)) rows.push(await benchTarget(engine, t, base, dir, children));
  const checkout = await loadCheckout(base, variantId);
  const afterLoadMb = rssMb(server.pid!);
  server.kill();
  return { engine, seedMs, startupMs, idleMb, afterLoadMb, rows, checkout };
}

/** Seeds the demo catalogue: how long it took, and the variant every checkout of the run buys. */
async function seedDatabase(env: NodeJS.ProcessEnv): Promise<{ seedMs: number; variantId: number }> {
  const seedStarted = Date.now();
  execFileSync(process.execPath, ['dist/server/db-seed.cjs'], { env, stdio: 'ignore' });
  const seedMs = Date.now() - seedStarted;
  // One variant gets stock for every checkout of the run, so each order is a full one (no 409 short cut).
  const db = await connectDatabase({ databasePath: env.DATABASE_PATH!, databaseUrl: env.DATABASE_URL });
  const v = await db
    .selectFrom('product_variants as pv')
    .innerJoin('products as p', 'p.product_id', 'pv.product_id')
    .where('p.is_active', '=', 1)
    .select('pv.variant_id')
    .orderBy('pv.variant_id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('product_variants')
    .set({ stock_quantity: CHECKOUTS * 10 })
    .where('variant_id', '=', v.variant_id)
    .execute();
  await db.destroy();
  return { seedMs, variantId: v.variant_id };
}

/** Starts the built server on a free port (pinned when pinning) and times its start-up to the first answer. */
async function startAppServer(
  env: NodeJS.ProcessEnv,
  children: ChildProcess[],
): Promise<{ server: ChildProcess; base: string; startupMs: number }> {
  const root = process.cwd();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const [cmd, args] = pinned(SERVER_CORE, process.execPath, ['dist/server/main.cjs']);
  const started = performance.now();
  const server = spawn(cmd, args, {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  }); // the request log goes to /dev/null
  children.push(server);
  await waitForAnswer(`${base}/healthz`, server);
  return { server, base, startupMs: performance.now() - started };
}

interface Target {
  name: string;
  path: string;
}

/** The loaded paths: a listing, its first product, and the storefront's own listing call. */
async function loadTargets(base: string): Promise<Target[]> {
  const listing = JSON.parse(
    (await get(`${base}/api/Product/filters?mainCategoryID=1&page=1&pageSize=24`)).body.toString(),
  ) as { products: Array<{ productID: number }> };
  return [
    { name: 'listing', path: '/api/Product/filters?mainCategoryID=1&page=1&pageSize=24' },
    { name: 'product', path: `/api/Product/${listing.products[0]!.productID}` },
    // What the storefront's own listing page asks for (tRPC, batched, superjson input).
    {
      name: 'listing-trpc',
      path: `/api/trpc/catalog.filter?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: { mainCategoryID: 1, page: 1, pageSize: 24 } } }))}`,
    },
  ];
}

/** Captures the app's answer to a target into a file the ceiling server replays (status, headers, body). */
async function captureAnswer(base: string, t: Target, file: string): Promise<Buffer> {
  const res = await get(base + t.path);
  const body = res.body;
  if (res.status !== 200) throw new Error(`${t.path} answered ${res.status}`);
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(res.headers)) {
    if (
      v !== undefined &&
      !['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'x-request-id'].includes(k)
    )
      headers[k] = v;
  }
  fs.writeFileSync(file, JSON.stringify({ status: res.status, headers, body: body.toString('base64') }));
  return body;
}

/** One target loaded on the app and on its ceiling, alternating, each side's best round kept. */
async function benchTarget(
  engine: string,
  t: Target,
  base: string,
  dir: string,
  children: ChildProcess[],
): Promise<EngineRun['rows'][number]> {
  const file = path.join(dir, `${engine}-${t.name}.json`);
  const body = await captureAnswer(base, t, file);
  const ceilingPort = await freePort();
  const [ccmd, cargs] = pinned(SERVER_CORE, process.execPath, ['-e', CEILING, file, String(ceilingPort)]);
  const ceiling = spawn(ccmd, cargs, { stdio: 'inherit' });
  children.push(ceiling);
  await waitForAnswer(`http://127.0.0.1:${ceilingPort}${t.path}`, ceiling);
  // Alternate app and ceiling and keep each one's better run: other work on the machine then skews both alike.
  const runs: Load[] = [];
  for (let round = 0; round < ROUNDS; round++)
    runs.push(await load(base + t.path), await load(`http://127.0.0.1:${ceilingPort}${t.path}`));
  ceiling.kill();
  const best = (side: number) => runs.filter((_, i) => i % 2 === side).reduce((a, b) => (b.rps > a.rps ? b : a));
  const [app, bare] = [best(0), best(1)];
  if (app.non2xx || bare.non2xx)
    throw new Error(`non-2xx answers during ${t.name}: app ${app.non2xx}, bare ${bare.non2xx}`);
  return { target: t.name, bytes: body.length, app, bare };
}

function printRun(r: EngineRun): void {
  console.log(`\n## ${r.engine}: seeded the demo catalogue in ${r.seedMs} ms`);
  console.log('| target       | server         | bytes  | requests/s | p99 (ms) | of ceiling |');
  console.log('|--------------|----------------|--------|------------|----------|------------|');
  for (const row of r.rows) {
    for (const [name, l] of [
      ['app', row.app],
      ['bare node:http', row.bare],
    ] as const) {
      const ratio = name === 'app' ? `${((row.app.rps / row.bare.rps) * 100).toFixed(0)} %` : '100 %';
      console.log(
        `| ${row.target.padEnd(12)} | ${name.padEnd(14)} | ${String(row.bytes).padStart(6)} | ${l.rps.toFixed(0).padStart(10)} | ${String(l.p99).padStart(8)} | ${ratio.padStart(10)} |`,
      );
    }
  }
  console.log(
    `| checkout     | app ${String(CHECKOUTS).padEnd(10)} |        | ${r.checkout.rps.toFixed(0).padStart(10)} | ${String(r.checkout.p99).padStart(8)} |            |`,
  );
  const ratio = r.rows[0]!.app.rps / r.rows[0]!.bare.rps;
  console.log(
    `\nListing at ${(ratio * 100).toFixed(0)} % of the ceiling (${TOOL}${PIN ? ', pinned' : ''}; aim: at least 50 % with wrk pinned).`,
  );
  if (r.checkout.non2xx) console.log(`Checkout: ${r.checkout.non2xx} of ${CHECKOUTS} orders were refused.`);
  console.log(
    `Server (node dist/server/main.cjs): start-up to first answer ${r.startupMs.toFixed(0)} ms; RSS idle ${r.idleMb.toFixed(0)} MB, ` +
      `after the load ${r.afterLoadMb.toFixed(0)} MB.`,
  );
}

const postgresTarget = benchPostgresUrl;

async function main(): Promise<void> {
  const build = spawnSync(process.execPath, ['scripts/start.mjs', '--server-only'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the server failed');
  const engines = (process.env.BENCH_ENGINES ?? 'sqlite').split(',').map((e) => e.trim());
  const children: ChildProcess[] = [];
  const cleanups: Array<() => void> = [];
  const dirs: string[] = [];
  const runs: EngineRun[] = [];
  try {
    console.log(
      `Load: ${TOOL}${PIN ? ` pinned to core ${LOAD_CORE}, servers pinned to core ${SERVER_CORE} (taskset)` : ' (not pinned)'}; ` +
        `${CONNECTIONS} connections, ${DURATION} s per run, best of ${ROUNDS} alternating rounds; ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}.`,
    );
    for (const engine of engines) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-bench-'));
      dirs.push(dir);
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://127.0.0.1',
        HOST: '127.0.0.1',
        DATABASE_PATH: path.join(dir, 'shop.db'),
        UPLOADS_DIR: path.join(dir, 'uploads'),
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
        MALLOC_ARENA_MAX: '2',
        LOG_LEVEL: 'info',
        RATE_LIMIT_CHECKOUT: '1000000/60',
      };
      if (engine === 'postgres') env.DATABASE_URL = await postgresTarget(cleanups);
      else if (engine !== 'sqlite') throw new Error(`BENCH_ENGINES: unknown engine ${engine} (sqlite, postgres)`);
      const run = await runEngine(engine, env, dir, children);
      runs.push(run);
      printRun(run);
    }
    if (runs.length > 1) {
      console.log(`\n## Side by side (requests/s, p99 ms)`);
      console.log(`| target       | ${runs.map((r) => `${r.engine.padEnd(10)} req/s | p99`).join(' | ')} |`);
      console.log(`|--------------|${runs.map(() => '------------------|------').join('|')}|`);
      const names = [...runs[0]!.rows.map((r) => r.target), 'checkout'];
      for (const name of names) {
        const cells = runs.map((r) => {
          const l = name === 'checkout' ? r.checkout : r.rows.find((x) => x.target === name)!.app;
          return `${l.rps.toFixed(0).padStart(16)} | ${String(l.p99).padStart(4)}`;
        });
        console.log(`| ${name.padEnd(12)} | ${cells.join(' | ')} |`);
      }
    }
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill();
    await sleep(200);
    for (const cleanup of cleanups) cleanup();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
