// `npm run measure:cache-memory` (decision 201): does a flood of anonymous GETs with distinct URLs grow the serving
// process for good? Runs `npm start` as a child process (it builds dist/ when stale, then execs node on
// dist/server/main.cjs with its flags) on a fresh SQLite data directory (demo catalogue seeded on first start),
// records the serving process's RSS (/proc/<pid>/status) idle, then sends MEASURE_REQUESTS (20 000) anonymous GETs, MEASURE_CONCURRENCY (16) at a
// time, every URL different, mixing the shapes that used to make new cache entries:
//   - batched tRPC catalogue reads with a meaningless parameter appended (`&n=i`), and with unknown, repeated or
//     reordered size ids in their input;
//   - the REST listing with a bogus size id (`/api/Product/filters?size=<bogus>`), and with varied query strings
//     (pages, page sizes, sorts, colour lists in any order, unknown parameters);
//   - server-rendered pages (`/products?page=…`, categories, product pages) with tracking parameters;
//   - products, related lists and reference reads with unknown parameters.
// The bogus ids ride along with real ones (`size=<every size>,<bogus>`), so each answer is a full page of cards.
// Then prints the RSS right after the load and after MEASURE_PAUSE_SECONDS (60) idle, sampled every 5 s; the server
// runs with CACHE_IDLE_SECONDS=MEASURE_IDLE_SECONDS (30), so the pause includes the caches dropping idle entries.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const REQUESTS = Number(process.env.MEASURE_REQUESTS ?? 20_000);
const CONCURRENCY = Number(process.env.MEASURE_CONCURRENCY ?? 16);
const PAUSE_SECONDS = Number(process.env.MEASURE_PAUSE_SECONDS ?? 60);
const IDLE_SECONDS = Number(process.env.MEASURE_IDLE_SECONDS ?? 30);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const statusMb = (pid: number, field: string) =>
  Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const rssMb = (pid: number) => statusMb(pid, 'VmRSS');
/** RSS with its parts: anonymous memory (heaps, buffers) and mapped files (node's own code). */
const rssLine = (pid: number) =>
  `RSS ${rssMb(pid).toFixed(0)} MB (anonymous ${statusMb(pid, 'RssAnon').toFixed(0)} MB, files ${statusMb(pid, 'RssFile').toFixed(0)} MB)`;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function get(url: string, gzip: boolean): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: gzip ? { 'Accept-Encoding': 'gzip' } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

async function waitForAnswer(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    try {
      if ((await get(url, false)).status === 200) return;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    await sleep(50);
  }
}

interface Catalogue {
  sizes: number[];
  colors: number[];
  categories: Array<{ id: number; main: number }>;
  products: number[];
}

async function catalogue(base: string): Promise<Catalogue> {
  const json = async <T>(p: string) => JSON.parse((await get(base + p, false)).body.toString()) as T;
  const sizes = (await json<Array<{ sizeID: number }>>('/api/Size')).map((s) => s.sizeID);
  const colors = (await json<Array<{ colorID: number }>>('/api/Color')).map((c) => c.colorID);
  const categories = (await json<Array<{ categoryID: number; mainCategoryID: number }>>('/api/Category')).map((c) => ({
    id: c.categoryID,
    main: c.mainCategoryID,
  }));
  const products = (await json<Array<{ productID: number }>>('/api/Product')).map((p) => p.productID);
  return { sizes, colors, categories, products };
}

const SORTS = ['newest', 'price-asc', 'price-desc', 'discount'];
const pick = <T>(list: T[], i: number): T => list[i % list.length]!;
/** A few of `list`, in an order and with repeats that depend on i. */
const some = (list: number[], i: number): number[] => {
  const out = [pick(list, i), pick(list, i * 7 + 3), pick(list, i * 13 + 5)];
  return i % 2 ? out.reverse().concat(out[0]!) : out;
};
const trpcInput = (inputs: unknown[]) =>
  encodeURIComponent(JSON.stringify(Object.fromEntries(inputs.map((json, k) => [k, { json }]))));

/** The i-th URL of the flood: every one different from every other. */
function floodUrl(i: number, c: Catalogue): string {
  const bogus = 100_000 + i;
  const cat = pick(c.categories, i);
  switch (i % 10) {
    case 0:
      return `/api/trpc/catalog.filter,catalog.categories?batch=1&input=${trpcInput([{ mainCategoryID: 1, page: 1, pageSize: 24 }])}&n=${i}`;
    case 1:
      return `/api/trpc/catalog.filter,catalog.sizes?batch=1&input=${trpcInput([{ mainCategoryID: 1, pageSize: 48, size: [bogus, ...c.sizes, ...some(c.sizes, i)] }])}`;
    case 2:
      return `/api/Product/filters?mainCategoryID=1&pageSize=48&size=${[...c.sizes, bogus].join(',')}`;
    case 3:
      return `/api/Product/filters?mainCategoryID=${(i % 4) + 1 > 2 ? 2 : 1}&page=${1 + (i % 3)}&pageSize=${1 + (i % 48)}&sort=${pick(SORTS, i)}&colorID=${some(c.colors, i).join(',')}&utm_source=${i}`;
    case 4:
      return i % 20 === 4
        ? `/api/Product/filters?mainCategoryID=2&page=${50 + i}&eventID=${bogus}`
        : `/api/Product/filters?mainCategoryID=1&pageSize=48&sort=${pick(SORTS, i)}&size=${some(c.sizes, i).join(',')},${bogus}&colorID=${c.colors.join(',')}`;
    case 5:
      return `/products?page=${i}&fbclid=${i}`;
    case 6:
      return `/${cat.main === 2 ? 'glow-outlet' : 'products'}/${cat.id}?sort=${pick(SORTS, i)}&utm_campaign=${i}`;
    case 7:
      return `/productDetails/${pick(c.products, i)}?ref=${i}`;
    case 8:
      return `/api/Product/related?categoryId=${cat.id}&sizeIds=${bogus},${some(c.sizes, i).join(',')}&colorIds=${some(c.colors, i).join(',')}&x=${i}`;
    default:
      return `/api/trpc/catalog.product,catalog.related?batch=1&input=${trpcInput([{ productID: pick(c.products, i) }, { colorIds: [bogus, ...some(c.colors, i)] }])}&n=${i}`;
  }
}

async function flood(base: string, c: Catalogue): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      const i = next++;
      const { status } = await get(base + floodUrl(i, c), i % 3 !== 0);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return statuses;
}

/** The serving node process under the `npm start` child: `exec node … dist/server/main.cjs` (its pid, once it runs). */
function serverPid(npmPid: number): number | null {
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (!cmd.includes('dist/server/main.cjs')) continue;
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${name}/status`, 'utf8'))?.[1]);
      if (ppid === npmPid || Number(name) === npmPid) return Number(name);
    } catch {
      /* gone meanwhile */
    }
  }
  return null;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-cache-memory-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET: 'cache-memory-secret-cache-memory-secret-0123', // production needs it (decision 236)
    PUBLIC_URL: 'http://127.0.0.1',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DATABASE_PATH: path.join(dir, 'shop.db'),
    UPLOADS_DIR: path.join(dir, 'uploads'),
    BACKUP_DIR: path.join(dir, 'backups'),
    // Entries unused this long are dropped: short here, so the pause shows the process giving memory back.
    CACHE_IDLE_SECONDS: String(IDLE_SECONDS),
  };
  // `npm start` itself: it builds dist/ when stale, then execs node on dist/server/main.cjs with its flags.
  const npm = spawn('npm', ['start', '--silent'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitForAnswer(`${base}/healthz`, npm);
    const pid = serverPid(npm.pid!);
    if (pid === null) throw new Error('the serving process (dist/server/main.cjs) was not found under npm start');
    const c = await catalogue(base);
    await sleep(3000);
    console.log(
      `Idle after start-up: ${rssLine(pid)}; ${c.products.length} products, ${c.sizes.length} sizes, ${c.colors.length} colours`,
    );
    const started = performance.now();
    const statuses = await flood(base, c);
    const seconds = (performance.now() - started) / 1000;
    const answered = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    console.log(
      `After ${REQUESTS} anonymous GETs with distinct URLs (${CONCURRENCY} at a time, ${seconds.toFixed(1)} s; ${answered}): ${rssLine(pid)}`,
    );
    let lowest = rssMb(pid);
    for (let waited = 0; waited < PAUSE_SECONDS; waited += 5) {
      await sleep(5000);
      lowest = Math.min(lowest, rssMb(pid));
    }
    console.log(
      `After ${PAUSE_SECONDS} s idle (entries idle ${IDLE_SECONDS} s dropped): ${rssLine(pid)}; lowest while idle ${lowest.toFixed(0)} MB`,
    );
    process.kill(pid, 'SIGTERM');
  } finally {
    agent.destroy();
    if (npm.exitCode === null) {
      const exited = new Promise((r) => npm.once('exit', r));
      npm.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
