// The distinct-page mix of the scale bench (issue 38): CONNECTIONS shoppers at once for a while, each opening one page
// after another: 40 % product pages across all products, 30 % category listings, 30 % listing pages 2–60, so
// nearly every page is one the server has not rendered lately. Pages/s, median, p99, timeouts and failures.
import http from 'node:http';
import type { ShopFacts } from './reads';

export interface MixResult {
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

export async function runMix(port: number, f: ShopFacts, connections: number, seconds: number): Promise<MixResult> {
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
