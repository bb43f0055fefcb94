// `npm run bench:lists` (decision 134): staff list endpoints over real HTTP on a SQLite test database holding
// BENCH_ORDERS (20 000) orders. Prints, per endpoint, latency (median / p95 / max of BENCH_CALLS sequential calls) and
// answer size; then runs five list callers at once for BENCH_SECONDS and measures what a catalogue read meets
// meanwhile (its latency, and the event loop's longest stall: the server is one process, so any stall is the
// time a list call blocked every other request). The unpaged query the lists used to run is timed for comparison.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createTestApp, startServer, type TestApp } from '#server/testing/app';
import { createAdmin } from '#server/testing/auth';
import { insertBulkMessages, insertBulkOrders } from '#server/testing/bulk-orders';
import { pageOrders } from '#server/modules/orders';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 20_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 40);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

type Endpoint = [name: string, path: string];
type AuthHeaders = Record<string, string>;

const trpc = (proc: string, input: unknown) =>
  `/api/trpc/${proc}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

/** The staff list calls timed one by one (and, some of them, by the concurrent callers). */
function listEndpoints(): Endpoint[] {
  return [
    ['orders screen, first page (orders.page, 25)', trpc('orders.page', { page: 1, pageSize: 25 })],
    ['orders, page 400 of 25 (deep offset)', trpc('orders.page', { page: 400, pageSize: 25 })],
    ['orders, state cancelled, page 1', trpc('orders.page', { status: 'cancelled', page: 1, pageSize: 25 })],
    ['orders, pending screen, page 1', trpc('orders.page', { status: 'pending', page: 1, pageSize: 25 })],
    ['orders, search "arta gashi"', trpc('orders.page', { q: 'arta gashi', page: 1, pageSize: 25 })],
    ['GET /api/Orders?page=1&pageSize=100', '/api/Orders?page=1&pageSize=100'],
    ['GET /api/Orders (no paging: capped at 500)', '/api/Orders'],
    ['GET /api/Users?page=1&pageSize=25', '/api/Users?page=1&pageSize=25'],
    ['GET /api/Contact?page=1&pageSize=25', '/api/Contact?page=1&pageSize=25'],
    ['contact.page search "vizitor 19"', trpc('contact.page', { q: 'vizitor 19', page: 1, pageSize: 25 })],
  ];
}

async function main() {
  const t = await createTestApp({}, 'sqlite');
  const admin = (await createAdmin(t)).token;
  const seedStart = performance.now();
  await insertBulkOrders(t.db, ORDERS);
  await insertBulkMessages(t.db, 2000);
  console.log(`[bench:lists] ${ORDERS} orders, 2000 contact messages inserted in ${ms(performance.now() - seedStart)}`);
  const server = await startServer(t.app, t);
  const headers = { authorization: `Bearer ${admin}` };
  const endpoints = listEndpoints();
  for (const endpoint of endpoints) await timeEndpoint(server.url, headers, endpoint);
  await timeUnpagedQuery(t);
  await measureUnderListLoad(server.url, headers, endpoints);
  await server.close();
  await t.db.destroy();
}

/** CALLS sequential calls of one endpoint: status, answer size, median, p95 and max. */
async function timeEndpoint(url: string, headers: AuthHeaders, [name, path]: Endpoint) {
  const times: number[] = [];
  let bytes = 0;
  let status = 0;
  for (let i = 0; i < CALLS; i++) {
    const s = performance.now();
    const res = await fetch(url + path, { headers });
    const body = await res.arrayBuffer();
    times.push(performance.now() - s);
    bytes = body.byteLength;
    status = res.status;
  }
  times.sort((a, b) => a - b);
  console.log(
    `[bench:lists] ${name}: ${status}, ${(bytes / 1024).toFixed(1)} KB, median ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}, max ${ms(times.at(-1)!)}`,
  );
}

/** The unpaged query the screens used to run (every order, one answer), for comparison. */
async function timeUnpagedQuery(t: TestApp) {
  const s = performance.now();
  const all = await pageOrders(t, {}, ORDERS);
  console.log(
    `[bench:lists] for comparison, all ${all.items.length} orders in one query (the old list): ${ms(performance.now() - s)}, ${(JSON.stringify(all.items).length / 1024 / 1024).toFixed(1)} MB of JSON`,
  );
}

/** 50 sequential catalogue reads on an idle server, sorted. */
async function timeCatalogueAlone(url: string): Promise<number[]> {
  const idle: number[] = [];
  for (let i = 0; i < 50; i++) {
    const s3 = performance.now();
    await (await fetch(`${url}/api/Category`)).arrayBuffer();
    idle.push(performance.now() - s3);
  }
  return idle.sort((a, b) => a - b);
}

/** Five list callers at once while a catalogue read runs every 10 ms. */
async function measureUnderListLoad(url: string, headers: AuthHeaders, endpoints: Endpoint[]) {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  const until = performance.now() + SECONDS * 1000;
  let listCalls = 0;
  const caller = async (k: number) => {
    const paths = [endpoints[0]![1], endpoints[4]![1], endpoints[5]![1], endpoints[1]![1], endpoints[6]![1]];
    while (performance.now() < until) {
      await (await fetch(url + paths[k % paths.length]!, { headers })).arrayBuffer();
      listCalls++;
    }
  };
  const catalogue: number[] = [];
  const reader = async () => {
    while (performance.now() < until) {
      const s2 = performance.now();
      await (await fetch(`${url}/api/Category`)).arrayBuffer();
      catalogue.push(performance.now() - s2);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const idle = await timeCatalogueAlone(url);
  loop.enable();
  await Promise.all([0, 1, 2, 3, 4].map(caller).concat(reader()));
  loop.disable();
  catalogue.sort((a, b) => a - b);
  console.log(`[bench:lists] catalogue read alone: median ${ms(pct(idle, 50))}, max ${ms(idle.at(-1)!)}`);
  console.log(
    `[bench:lists] 5 concurrent list callers for ${SECONDS} s (${listCalls} list calls): catalogue read median ${ms(pct(catalogue, 50))}, p99 ${ms(pct(catalogue, 99))}, max ${ms(catalogue.at(-1)!)}; event loop longest stall ${ms(loop.max / 1e6)}, p99 ${ms(loop.percentile(99) / 1e6)}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
