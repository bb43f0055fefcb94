// Measures a built scale shop (issue 38): starts the real server as `npm start` runs it (node with the start script's
// flags on dist/server/main.cjs, a child process, NODE_ENV=production), a /healthz prober in another process, then
// each read of reads.ts CALLS times in a row (median, p95, max, worst /healthz meanwhile, answer size, RSS after),
// and the distinct-page mix at CONNECTIONS connections. The start time is from spawn to the "serving on" line.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { procKb, startFlags, startMeasuredServer, stopMeasuredServer } from '../measured-server';
import { runMix, pct, type MixResult } from './mix';
import { epochMs, settle, startProbe, type Probe } from './probe';
import { reads, timedRequest, trpcPath, type Group, type Read, type ShopFacts } from './reads';
import type { ScaleTarget } from './build';

export const ADMIN = { email: 'scale-admin@butiku.test', password: 'Scale#Bench2026' };

export interface ReadResult {
  name: string;
  group: Group;
  calls: number;
  statuses: number[];
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  worstHealthMs: number;
  healthFailures: number;
  bytes: number;
  rssMb: number;
  /** The first request that got no answer, or the first non-2xx answer's start. */
  error?: string;
}

export interface EngineReport {
  engine: string;
  startMs: number;
  reads: ReadResult[];
  /** The mix, with the /healthz probes started during it: worst, median, p99, and how far into the mix the worst began. */
  mix: MixResult & { worstHealthMs: number; healthMedianMs: number; healthP99Ms: number; worstHealthAfterS: number };
  rssAfterMb: number;
  /** RSS once the run's worker threads have stopped (`settleSeconds` after the import); null when not waited for. */
  rssSettledMb: number | null;
  peakRssMb: number;
}

export interface MeasureOptions {
  calls: number;
  connections: number;
  mixSeconds: number;
  /** Rows of the products CSV import (5 000; fewer in CI: PostgreSQL writes them one statement at a time). */
  importRows: number;
  /**
   * Seconds to wait after the last read before reading RSS again: the render worker stops after a minute with nothing
   * to render, the read workers after 5 s (0: not waited for).
   */
  settleSeconds: number;
  /** Only the reads whose name holds one of these (SCALE_READS=feeds,staff); all when absent. */
  only?: string[];
  log?: (line: string) => void;
}

type Json = { result: { data: { json: unknown } } };
const trpcData = <T>(text: string) => (JSON.parse(text) as Json).result.data.json as T;

/** The administrator's bearer header (ADMIN_EMAIL/ADMIN_PASSWORD of the served shop). */
async function signIn(port: number): Promise<Record<string, string>> {
  const json = { 'content-type': 'application/json' };
  const body = { body: Buffer.from(JSON.stringify(ADMIN)), type: 'application/json' };
  const login = await timedRequest(port, '/api/users/login', json, body, true);
  return { authorization: `Bearer ${(JSON.parse(login.text) as { token: string }).token}` };
}

async function shopFacts(port: number, auth: Record<string, string>): Promise<ShopFacts> {
  const products = await timedRequest(port, '/api/Product', {}, undefined, true);
  const categories = await timedRequest(port, trpcPath('catalog.categories'), {}, undefined, true);
  const orders = await timedRequest(port, trpcPath('orders.page', { page: 3, pageSize: 25 }), auth, undefined, true);
  const order = trpcData<{ items: Array<{ lastName: string; phoneNumber: string }> }>(orders.text).items[0];
  return {
    productIds: (JSON.parse(products.text) as Array<{ productID: number }>).map((p) => p.productID),
    categoryIds: trpcData<Array<{ categoryID: number }>>(categories.text).map((c) => c.categoryID),
    lastName: order?.lastName ?? 'Gashi',
    phoneDigits: order?.phoneNumber.slice(-7) ?? '44',
  };
}

async function timeRead(
  port: number,
  pid: number,
  probe: Probe,
  read: Read,
  auth: Record<string, string>,
  calls: number,
): Promise<ReadResult> {
  const n = Math.min(calls, read.maxCalls ?? calls);
  const times: number[] = [];
  const statuses: number[] = [];
  let bytes = 0;
  let error: string | undefined;
  const from = epochMs();
  for (let i = 0; i < n; i++) {
    const r = await timedRequest(port, read.path(i), read.staff ? auth : {}, read.post?.(), true).catch((e: Error) => {
      error ??= e.message;
      return null;
    });
    if (r && (r.status < 200 || r.status >= 300)) error ??= `${r.status} ${r.text.slice(0, 200)}`;
    statuses.push(r?.status ?? 0);
    times.push(r?.ms ?? Infinity);
    bytes = r?.bytes ?? 0;
  }
  const to = epochMs();
  await settle();
  const health = probe.worstBetween(from, to);
  times.sort((a, b) => a - b);
  return {
    name: read.name,
    group: read.group,
    calls: n,
    statuses: [...new Set(statuses)],
    medianMs: pct(times, 50),
    p95Ms: pct(times, 95),
    maxMs: times.at(-1)!,
    worstHealthMs: health.worstMs,
    healthFailures: health.failed,
    bytes,
    rssMb: procKb(pid, 'VmRSS') / 1024,
    ...(error ? { error } : {}),
  };
}

/** Starts the server on `target`, measures it and stops it. The client and server must be built (scripts/start.mjs). */
export async function measureShop(engine: string, target: ScaleTarget, o: MeasureOptions): Promise<EngineReport> {
  const log = o.log ?? (() => {});
  const started = performance.now();
  // SCALE_CPU_PROFILE=<folder>: the serving process writes a V8 CPU profile there when it stops (open it in Chrome's
  // DevTools), to find what held the event loop in a run.
  const profile = process.env.SCALE_CPU_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SCALE_CPU_PROFILE}`]
    : [];
  const { child, port } = await startMeasuredServer([...startFlags(), ...profile, 'dist/server/main.cjs'], {
    dir: path.dirname(target.databasePath),
    admin: ADMIN,
    env: {
      NODE_ENV: 'production',
      // Production refuses to start without the root secret (decision 236); the bench shop is thrown away.
      JWT_SECRET: 'bench-scale-secret-bench-scale-secret-0123',
      PUBLIC_URL: 'https://butiku.shop',
      DATABASE_PATH: target.databasePath,
      UPLOADS_DIR: target.uploadsDir,
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    },
  });
  const startMs = performance.now() - started;
  const pid = child.pid!;
  const probe = await startProbe(port);
  try {
    const facts = await shopFacts(port, await signIn(port));
    log(`${engine}: serving in ${startMs.toFixed(0)} ms; ${facts.productIds.length} products listed`);
    const results: ReadResult[] = [];
    const chosen = reads(facts, o.importRows).filter((r) => !o.only || o.only.some((w) => r.name.includes(w)));
    const timed = async (read: Read) => {
      // A fresh sign-in for every staff read: a slow read before it may outlast the access token.
      const auth = read.staff ? await signIn(port) : {};
      results.push(await timeRead(port, pid, probe, read, auth, o.calls));
      log(`${engine}: ${read.name} ${results.at(-1)!.medianMs.toFixed(0)} ms`);
    };
    for (const read of chosen.filter((r) => r.group !== 'import')) await timed(read);
    const from = epochMs();
    const mix = await runMix(port, facts, o.connections, o.mixSeconds);
    const to = epochMs();
    await settle();
    const mixHealth = probe.worstBetween(from, to);
    const rssAfterMb = procKb(pid, 'VmRSS') / 1024;
    // The import writes a product a row: after everything else, and outside the "after the run" RSS.
    for (const read of chosen.filter((r) => r.group === 'import')) await timed(read);
    let rssSettledMb: number | null = null;
    if (o.settleSeconds > 0) {
      log(`${engine}: waiting ${o.settleSeconds} s for the worker threads to stop`);
      await new Promise((resolve) => setTimeout(resolve, o.settleSeconds * 1000));
      rssSettledMb = procKb(pid, 'VmRSS') / 1024;
    }
    return {
      engine,
      startMs,
      reads: results,
      mix: {
        ...mix,
        worstHealthMs: mixHealth.worstMs,
        healthMedianMs: mixHealth.medianMs,
        healthP99Ms: mixHealth.p99Ms,
        worstHealthAfterS: Math.max(0, (mixHealth.worstStart - from) / 1000),
      },
      rssAfterMb,
      rssSettledMb,
      peakRssMb: procKb(pid, 'VmHWM') / 1024,
    };
  } finally {
    probe.stop();
    await stopMeasuredServer(child);
  }
}
