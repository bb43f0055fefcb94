// `npm run bench`: the real app on a temp demo-seeded database against a bare node:http server that sends the
// very same bytes and headers (the ceiling), under autocannon (10 connections, ~5 s per target).
// The servers run in a child process so the load generator does not share their event loop.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

type FromParent = { type: 'ceiling'; name: string; status: number; headers: Record<string, string>; body: string };
type FromChild = { type: 'ready'; port: number; productId: number; seedMs: number } | { type: 'ceiling-ready'; name: string; port: number };

async function serveMode(): Promise<void> {
  const { serve } = await import('@hono/node-server');
  const { createApp } = await import('../src/server/app');
  const { openDatabase } = await import('../src/server/db/client');
  const { migrateToLatest } = await import('../src/server/db/migrate');
  const { seedDemo } = await import('../src/server/seed/demo');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-bench-'));
  const config = {
    env: 'production' as const, port: 0, host: '127.0.0.1', databasePath: path.join(dir, 'shop.db'), uploadsDir: path.join(dir, 'uploads'),
    clientDistDir: path.join(dir, 'dist'), jwtSecret: 'bench-secret-bench-secret-bench-secret-0123', seedDemo: false,
    messengerUrl: 'https://m.me/butiku.shop', trustProxy: false, backupDir: path.join(dir, 'backups'), backupKeep: 14,
  };
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  const db = openDatabase(config.databasePath);
  await migrateToLatest(db);
  const started = Date.now();
  await seedDemo({ db, config });
  const seedMs = Date.now() - started;
  const product = await db.selectFrom('products').select('product_id').orderBy('product_id').executeTakeFirstOrThrow();
  const app = createApp({ db, config });
  const send = (m: FromChild) => process.send!(m);
  serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => send({ type: 'ready', port: info.port, productId: product.product_id, seedMs }));
  process.on('message', (m: FromParent) => {
    if (m.type !== 'ceiling') return;
    const body = Buffer.from(m.body, 'base64');
    const server = http.createServer((_req, res) => {
      res.writeHead(m.status, { ...m.headers, 'content-length': String(body.length) });
      res.end(body);
    });
    server.keepAliveTimeout = 5000;
    server.listen(0, '127.0.0.1', () => send({ type: 'ceiling-ready', name: m.name, port: (server.address() as AddressInfo).port }));
  });
  process.on('disconnect', () => {
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}

function waitFor<T extends FromChild['type']>(child: ChildProcess, type: T, name?: string): Promise<Extract<FromChild, { type: T }>> {
  return new Promise((resolve) => {
    const onMessage = (m: FromChild) => {
      if (m.type === type && (name === undefined || (m as { name?: string }).name === name)) {
        child.off('message', onMessage);
        resolve(m as Extract<FromChild, { type: T }>);
      }
    };
    child.on('message', onMessage);
  });
}

interface Row { target: string; server: string; rps: number; p99: number; bytes: number; errors: number }

async function load(url: string): Promise<{ rps: number; p99: number; errors: number; non2xx: number }> {
  const { default: autocannon } = await import('autocannon');
  await autocannon({ url, connections: CONNECTIONS, duration: 1 }); // warm-up (JIT, caches)
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

async function main(): Promise<void> {
  if (process.argv.includes('--serve')) return serveMode();
  const self = fileURLToPath(import.meta.url);
  const child = fork(self, ['--serve'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await waitFor(child, 'ready');
  const base = `http://127.0.0.1:${ready.port}`;
  console.log(`Seeded the demo catalogue in ${ready.seedMs} ms; app on ${base}; ${CONNECTIONS} connections, ${DURATION} s per run, best of ${ROUNDS} alternating rounds, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}.`);
  const targets = [
    { name: 'listing', path: '/api/Product/filters?mainCategoryID=1&page=1&pageSize=24' },
    { name: 'product', path: `/api/Product/${ready.productId}` },
  ];
  const rows: Row[] = [];
  for (const t of targets) {
    const res = await fetch(base + t.path);
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`${t.path} answered ${res.status}`);
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(k)) headers[k] = v;
    });
    child.send({ type: 'ceiling', name: t.name, status: res.status, headers, body: body.toString('base64') } satisfies FromParent);
    const ceiling = await waitFor(child, 'ceiling-ready', t.name);
    // Alternate app and ceiling twice and keep each one's better run: other work on the machine then skews
    // both sides alike instead of whichever happened to run during a burst.
    const runs: Array<Awaited<ReturnType<typeof load>>> = [];
    for (let round = 0; round < ROUNDS; round++) {
      runs.push(await load(base + t.path), await load(`http://127.0.0.1:${ceiling.port}${t.path}`));
    }
    const best = (side: number) => runs.filter((_, i) => i % 2 === side).reduce((a, b) => (b.rps > a.rps ? b : a));
    const [app, bare] = [best(0), best(1)];
    if (app.non2xx || bare.non2xx) throw new Error(`non-2xx answers during ${t.name}: app ${app.non2xx}, bare ${bare.non2xx}`);
    rows.push({ target: t.name, server: 'app', rps: app.rps, p99: app.p99, bytes: body.length, errors: app.errors });
    rows.push({ target: t.name, server: 'bare node:http', rps: bare.rps, p99: bare.p99, bytes: body.length, errors: bare.errors });
  }
  child.disconnect();

  console.log('\n| target  | server         | bytes  | requests/s | p99 (ms) | of ceiling |');
  console.log('|---------|----------------|--------|------------|----------|------------|');
  for (let i = 0; i < rows.length; i += 2) {
    const [app, bare] = [rows[i]!, rows[i + 1]!];
    for (const r of [app, bare]) {
      const ratio = r === app ? `${((app.rps / bare.rps) * 100).toFixed(0)} %` : '100 %';
      console.log(`| ${r.target.padEnd(7)} | ${r.server.padEnd(14)} | ${String(r.bytes).padStart(6)} | ${r.rps.toFixed(0).padStart(10)} | ${String(r.p99).padStart(8)} | ${ratio.padStart(10)} |`);
    }
  }
  const listing = rows[0]!.rps / rows[1]!.rps;
  console.log(`\nListing at ${(listing * 100).toFixed(0)} % of the ceiling (aim: at least 60 %).`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
