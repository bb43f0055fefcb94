// The distinct-page mix of the scale bench (issue 38): CONNECTIONS shoppers at once for a while, each opening one page
// after another: 40 % product pages across all products, 30 % category listings, 30 % listing pages 2–60, so
// nearly every page is one the server has not rendered lately. Pages/s, median, p99, timeouts and failures.
// With Debian's `wrk` on the PATH (as the issue measured; decision 287) the shoppers are wrk's connections, reading
// the same kind of paths from a list drawn here; otherwise (or SCALE_MIX_TOOL=node) this process's HTTP client, which
// takes a good part of a core on a 2-core machine and so measures the client as much as the shop.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ShopFacts } from './reads';

export interface MixResult {
  /** Who played the shoppers. */
  tool: 'wrk' | 'node';
  seconds: number;
  pages: number;
  pagesPerSecond: number;
  medianMs: number;
  p99Ms: number;
  maxMs: number;
  timeouts: number;
  failures: number;
  /** The five slowest pages (a timeout counts as its 5 s), slowest first. */
  slowest: Array<{ path: string; ms: number }>;
}

/** A page's answer later than this counts as a timeout (the shopper gave up). */
const TIMEOUT_MS = 5_000;

export const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

function mixPath(f: ShopFacts, r: number, s: number): string {
  const pick = <T>(list: T[]) => list[Math.floor(s * list.length)]!;
  if (r < 0.4) return `/productDetails/${pick(f.productIds)}`;
  if (r < 0.7) return `/products/${pick(f.categoryIds)}`;
  return `/products/${pick(f.categoryIds)}?page=${2 + Math.floor(((s * 1000) % 1) * 59)}`;
}

function get(agent: http.Agent, port: number, path: string): Promise<'ok' | 'failed' | 'timeout'> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? 'ok' : 'failed'));
    });
    req.setTimeout(TIMEOUT_MS, () => {
      req.destroy();
      resolve('timeout');
    });
    req.on('error', () => resolve('failed'));
  });
}

/** The tool that plays the shoppers: wrk when installed, unless SCALE_MIX_TOOL=node. */
export const mixTool = (): 'wrk' | 'node' =>
  process.env.SCALE_MIX_TOOL !== 'node' && spawnSync('sh', ['-c', 'command -v wrk']).status === 0 ? 'wrk' : 'node';

export async function runMix(port: number, f: ShopFacts, connections: number, seconds: number): Promise<MixResult> {
  // SCALE_SECONDS=0 skips the mix: the in-process client's loop ends at once (wrk refuses a 0 s run).
  return mixTool() === 'wrk' && seconds > 0
    ? runWrkMix(port, f, connections, seconds)
    : runNodeMix(port, f, connections, seconds);
}

/**
 * wrk with one thread and `connections` connections, each request's path drawn at random from 20 000 paths of the
 * mix. Its Lua `done` hook prints the counts and percentiles as one JSON line; an answer outside 2xx and 3xx (wrk's
 * count; the mix's pages answer 200 or 404) or a broken connection is a failure, a request past the timeout a timeout.
 * wrk names no path, so the slowest pages are left out.
 */
async function runWrkMix(port: number, f: ShopFacts, connections: number, seconds: number): Promise<MixResult> {
  const paths = Array.from({ length: 20_000 }, () => mixPath(f, Math.random(), Math.random()));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-mix-'));
  const script = path.join(dir, 'mix.lua');
  fs.writeFileSync(
    script,
    `local paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }
local n = #paths
math.randomseed(os.time())
request = function() return wrk.format("GET", paths[math.random(n)]) end
done = function(summary, latency, requests)
  io.write(string.format('MIX {"pages":%d,"micros":%d,"timeouts":%d,"status":%d,"socket":%d,"median":%d,"p99":%d,"max":%d}\\n',
    summary.requests, summary.duration, summary.errors.timeout, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write,
    latency:percentile(50), latency:percentile(99), latency.max))
end
`,
  );
  try {
    const { stdout: out, stderr: err } = await promisify(execFile)(
      'wrk',
      [
        '-t1',
        `-c${connections}`,
        `-d${seconds}s`,
        `--timeout`,
        `${TIMEOUT_MS / 1000}s`,
        '-s',
        script,
        `http://127.0.0.1:${port}/`,
      ],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    const line = out.split('\n').find((l) => l.startsWith('MIX '));
    if (!line) throw new Error(`wrk printed no result:\n${out}\n${err}`);
    const r = JSON.parse(line.slice(4)) as Record<string, number>;
    const took = r.micros! / 1e6;
    const failures = r.status! + r.socket!;
    // wrk counts a failed answer among its requests; a timed-out one is not among them.
    const pages = r.pages! - r.status!;
    return {
      tool: 'wrk',
      seconds: took,
      pages,
      pagesPerSecond: pages / took,
      medianMs: r.median! / 1000,
      p99Ms: r.p99! / 1000,
      maxMs: r.max! / 1000,
      timeouts: r.timeouts!,
      failures,
      slowest: [],
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function runNodeMix(port: number, f: ShopFacts, connections: number, seconds: number): Promise<MixResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const times: number[] = [];
  let timeouts = 0;
  let failures = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const slowest: MixResult['slowest'] = [];
  const shopper = async () => {
    while (performance.now() < until) {
      const t = performance.now();
      const path = mixPath(f, Math.random(), Math.random());
      const outcome = await get(agent, port, path);
      const took = performance.now() - t;
      if (outcome === 'timeout') timeouts++;
      else if (outcome === 'failed') failures++;
      else times.push(took);
      slowest.push({ path, ms: took });
      slowest.sort((a, b) => b.ms - a.ms).splice(5);
    }
  };
  await Promise.all(Array.from({ length: connections }, shopper));
  const took = (performance.now() - started) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  return {
    tool: 'node',
    seconds: took,
    pages: times.length,
    pagesPerSecond: times.length / took,
    medianMs: pct(times, 50),
    p99Ms: pct(times, 99),
    maxMs: times.at(-1) ?? 0,
    timeouts,
    failures,
    slowest,
  };
}
