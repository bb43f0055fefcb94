// `npm run measure:runtime`: the runtime goals of issue 12, measured on a fresh copy of this working tree
// (tracked and new files, no dist/, no data/, node_modules linked): the first `npm start` with the peak RSS of
// every process it starts (build, seeding, serving), the serving process's RSS idle and after 30 s of load on the
// listing and product endpoints, then after 30 s more on the server-rendered pages, then the start-up time to the first answer on the built, migrated database, both
// for `node dist/server/main.cjs` and for the whole `npm start`. MEASURE_LOAD_SECONDS changes the load time.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Result as LoadResult } from 'autocannon';

const LOAD_SECONDS = Number(process.env.MEASURE_LOAD_SECONDS ?? 30);
const IDLE_SETTLE_MS = 5000;
const repo = process.cwd();

interface Proc {
  pid: number;
  cmd: string;
  peakKb: number;
  lastKb: number;
}

function readStatus(pid: number): { hwm: number; rss: number; ppid: number } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const num = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
    return { hwm: num('VmHWM'), rss: num('VmRSS'), ppid: num('PPid') };
  } catch {
    return null;
  }
}

function cmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '?';
  }
}

/** Polls every process under `root` (any depth) and keeps each one's peak RSS (VmHWM) and command line. */
class TreeWatch {
  readonly procs = new Map<number, Proc>();
  private timer: NodeJS.Timeout;
  constructor(private root: number) {
    this.timer = setInterval(() => this.poll(), 50);
  }
  poll(): void {
    const parents = new Map<number, number>();
    for (const name of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const s = readStatus(Number(name));
      if (s) parents.set(Number(name), s.ppid);
    }
    const inTree = (pid: number): boolean => {
      for (let p = pid, hops = 0; p > 1 && hops < 50; p = parents.get(p) ?? 0, hops++) if (p === this.root) return true;
      return false;
    };
    for (const pid of parents.keys()) {
      if (!inTree(pid)) continue;
      const s = readStatus(pid);
      if (!s) continue;
      const known = this.procs.get(pid);
      const cmd = cmdline(pid);
      if (known) {
        known.peakKb = Math.max(known.peakKb, s.hwm);
        known.lastKb = s.rss;
        if (cmd !== '?' && cmd !== known.cmd) known.cmd = cmd; // after exec (sh -> node)
      } else this.procs.set(pid, { pid, cmd, peakKb: s.hwm, lastKb: s.rss });
    }
  }
  stop(): void {
    clearInterval(this.timer);
  }
}

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freshCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-measure-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repo })
    .toString()
    .split('\0')
    .filter(Boolean);
  for (const f of files) {
    const from = path.join(repo, f);
    if (!fs.existsSync(from)) continue; // deleted in the working tree
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.copyFileSync(from, path.join(dir, f));
  }
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

function start(
  cmd: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
): { child: ChildProcess; output: () => string; port: Promise<number> } {
  const child = spawn(cmd, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  let resolvePort: (p: number) => void;
  const port = new Promise<number>((r) => (resolvePort = r));
  let serving = false;
  const onData = (d: Buffer) => {
    if (serving) return; // request lines are not kept
    output += d.toString();
    const m = /serving on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
    if (m) {
      serving = true;
      resolvePort(Number(m[1]));
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  return { child, output: () => output, port };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM'); // its process group: npm, the shell and node
  await exited;
}

async function firstAnswerMs(
  cmd: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
  port: number,
): Promise<number> {
  const started = performance.now();
  const { child } = start(cmd, args, cwd, { ...env, PORT: String(port) });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error(`${cmd} exited early`);
    await sleep(5);
  }
  const ms = performance.now() - started;
  await stop(child);
  return ms;
}

type Env = Record<string, string>;

async function main(): Promise<void> {
  const dir = freshCopy();
  console.log(
    `Fresh copy in ${dir} (node_modules linked); ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}.`,
  );
  const env = { HOST: '127.0.0.1', PORT: '0', NODE_ENV: 'development', LOG_LEVEL: 'info' };
  const first = await firstStart(dir, env);
  const loaded = await loadServing(first);
  first.watch.stop();
  await stop(first.run.child);
  const log = first.run.output();
  const timings = await timeStartups(dir, env);
  printReport(first, loaded, timings, log);
  fs.rmSync(dir, { recursive: true, force: true });
}

interface FirstStart {
  run: ReturnType<typeof start>;
  watch: TreeWatch;
  base: string;
  firstStartS: number;
  /** The serving process (node dist/server/main.cjs). */
  serving: Proc;
  /** Its RSS once idle after the start. */
  idleKb: number;
}

/** The first `npm start` of the fresh copy, watched: the time to serving, the serving process and its idle RSS. */
async function firstStart(dir: string, env: Env): Promise<FirstStart> {
  const run = start('npm', ['start'], dir, env);
  const watch = new TreeWatch(run.child.pid!);
  const t0 = performance.now();
  const port = await Promise.race([
    run.port,
    new Promise<never>((_, reject) =>
      run.child.once('exit', () => reject(new Error(`npm start exited:\n${run.output()}`))),
    ),
  ]);
  const firstStartS = (performance.now() - t0) / 1000;
  watch.poll();
  const serving = [...watch.procs.values()].find(
    (p) => p.cmd.includes('dist/server/main.cjs') && !p.cmd.startsWith('sh'),
  );
  if (!serving) throw new Error('no serving process found');
  const base = `http://127.0.0.1:${port}`;
  if ((await fetch(`${base}/readyz`)).status !== 200) throw new Error('/readyz is not 200');
  await sleep(IDLE_SETTLE_MS);
  watch.poll();
  return { run, watch, base, firstStartS, serving, idleKb: serving.lastKb };
}

interface Loaded {
  /** The listing and product endpoints' load (the issue's goal). */
  result: LoadResult;
  /** The server-rendered pages' load (reported, no goal). */
  pageLoad: LoadResult;
  pages: string[];
  afterLoadKb: number;
  afterPagesKb: number;
  servingPeakKb: number;
}

/** LOAD_SECONDS on the listing and product endpoints, then LOAD_SECONDS on the server-rendered pages. */
async function loadServing({ base, watch, serving }: FirstStart): Promise<Loaded> {
  const listed =
    (
      (await (await fetch(`${base}/api/Product/filters?mainCategoryID=1&page=1&pageSize=24`)).json()) as {
        products?: Array<{ productID: number }>;
      }
    ).products ?? [];
  const product = listed[0]?.productID ?? 1;
  // The server-rendered pages too (decision 194), as a crawler walks them: home, both listings, a page of products.
  const pages = [
    '/',
    '/products',
    '/glow-outlet',
    '/products?page=2',
    ...listed.map((p) => `/productDetails/${p.productID}`),
  ];
  const { default: autocannon } = await import('autocannon');
  // The issue's goal: load on the listing and product endpoints.
  const result = await autocannon({
    url: base,
    connections: 10,
    duration: LOAD_SECONDS,
    requests: [
      { method: 'GET', path: '/api/Product/filters?mainCategoryID=1&page=1&pageSize=24' },
      { method: 'GET', path: `/api/Product/${product}` },
      { method: 'GET', path: '/api/Product/filters?mainCategoryID=2&page=2&pageSize=24' },
    ],
  });
  watch.poll();
  const afterLoadKb = serving.lastKb;
  // Then the server-rendered pages (decision 194) as a crawler walks them, gzip accepted: reported, no goal.
  const pageLoad = await autocannon({
    url: base,
    connections: 10,
    duration: LOAD_SECONDS,
    headers: { 'accept-encoding': 'gzip' },
    requests: pages.map((path) => ({ method: 'GET' as const, path })),
  });
  watch.poll();
  return { result, pageLoad, pages, afterLoadKb, afterPagesKb: serving.lastKb, servingPeakKb: serving.peakKb };
}

type Timings = Array<{ what: string; ms: number[] }>;

/** Start-up to the first answer on the built, migrated database, three times each for node and for `npm start`. */
async function timeStartups(dir: string, env: Env): Promise<Timings> {
  const timings: Timings = [
    { what: 'node dist/server/main.cjs', ms: [] },
    { what: 'npm start (staleness check + node)', ms: [] },
  ];
  const runEnv = { ...env, MALLOC_ARENA_MAX: '2' };
  for (let i = 0; i < 3; i++) {
    timings[0]!.ms.push(
      await firstAnswerMs('node', ['dist/server/main.cjs'], dir, runEnv, 43000 + Math.floor(Math.random() * 900)),
    );
    timings[1]!.ms.push(await firstAnswerMs('npm', ['start'], dir, env, 43000 + Math.floor(Math.random() * 900)));
  }
  return timings;
}

function printReport(first: FirstStart, loaded: Loaded, timings: Timings, log: string): void {
  const { watch, serving } = first;
  const { result, pageLoad, pages } = loaded;
  console.log(`\nFirst start of the fresh copy: serving after ${first.firstStartS.toFixed(1)} s.`);
  console.log('\n| process (first start) | peak RSS |');
  console.log('|---|---|');
  for (const p of [...watch.procs.values()].sort((a, b) => b.peakKb - a.peakKb))
    console.log(`| \`${p.cmd.slice(0, 90)}\` | ${mb(p.peakKb)} |`);
  const peak = Math.max(...[...watch.procs.values()].map((p) => p.peakKb));
  const seeded = /Filled the empty database/.test(log);
  console.log(`\nPeak RSS of any single process: ${mb(peak)} (goal <= 450 MB). Demo seeded: ${seeded ? 'yes' : 'no'}.`);
  console.log(
    `Serving process (pid ${serving.pid}): idle ${mb(first.idleKb)} (goal <= 100 MB); after ${LOAD_SECONDS} s of load ${mb(loaded.afterLoadKb)} (goal <= 140 MB); peak ${mb(loaded.servingPeakKb)}.`,
  );
  console.log(
    `Then ${LOAD_SECONDS} s on ${pages.length} server-rendered pages: ${mb(loaded.afterPagesKb)} (no goal); ${Math.round(pageLoad.requests.average)} requests/s, ${pageLoad.non2xx} non-2xx.`,
  );
  console.log(
    `Load: ${result.requests.average.toFixed(0)} requests/s average, ${result.non2xx} non-2xx, ${result.errors} errors (autocannon, 10 connections, listing and product).`,
  );
  for (const t of timings) {
    const sorted = [...t.ms].sort((a, b) => a - b);
    console.log(
      `Start-up to first answer, built and migrated database, ${t.what}: ${sorted.map((m) => `${m.toFixed(0)} ms`).join(', ')} (median ${sorted[1]!.toFixed(0)} ms; goal <= 500 ms).`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
