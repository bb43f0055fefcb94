// Operator metrics (issue 27, decision 224): GET /metrics in Prometheus's text format, only when METRICS_TOKEN is set
// and only with that bearer token. Requests per route template, method and status (count and latency histogram),
// event-loop lag, heap and RSS (prom-client's process metrics), the outbox's e-mails by state, the catalogue cache's
// hit rate and, on PostgreSQL, the pool's use. It wraps node's listener in front of everything (the catalogue's fast
// lane too), so every answer is counted once; the app and the lane say which route answered (metrics-route.ts).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppDeps } from '../deps';
import { offsiteUploadCounts } from '../backup/offsite';
import { poolUse } from '../db/client';
import { readPoolUse } from '../workers/read-pool';
import { renderWorkerUse } from '../workers/render-pool';
import { catalogCacheLookups } from '../modules/catalog';
import { outboxCounts } from '../modules/outbox';
import { declaredOperations } from '../operations/registry';
import { markRoute, routeLabel } from './metrics-route';

export const METRICS_PATH = '/metrics';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Seconds: from a cached catalogue read (~1 ms) to a slow upload or export. */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header carries `token`; compared as SHA-256 digests in constant time (no length leak). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return timingSafeEqual(digest(m?.[1] ?? ''), digest(token)) && m !== null;
}

/** The shop's figures that are read when Prometheus scrapes (outbox, catalogue cache, database pool). */
function addShopGauges(registry: Registry, deps: AppDeps): void {
  new Gauge({
    name: 'butiku_outbox_emails',
    help: 'E-mails in the outbox by state (queued, sending, sent, failed).',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      // A database that does not answer leaves the last figures (the other metrics are still served).
      const counts = await outboxCounts(deps.db).catch(() => null);
      for (const [status, n] of Object.entries(counts ?? {})) this.set({ status }, n);
    },
  });
  const seen = { hits: 0, misses: 0 };
  new Counter({
    name: 'butiku_catalog_cache_lookups_total',
    help: 'Catalogue reads answered from the read cache (hit) or computed (miss) since start.',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      const now = catalogCacheLookups();
      this.inc({ result: 'hit' }, now.hits - seen.hits);
      this.inc({ result: 'miss' }, now.misses - seen.misses);
      Object.assign(seen, now);
    },
  });
  new Gauge({
    name: 'butiku_catalog_cache_hit_ratio',
    help: 'Share of catalogue reads answered from the read cache since start (0 before the first read).',
    registers: [registry],
    collect() {
      const { hits, misses } = catalogCacheLookups();
      this.set(hits + misses === 0 ? 0 : hits / (hits + misses));
    },
  });
  if (poolUse(deps.db)) addPoolGauge(registry, deps);
  addReadWorkersGauge(registry);
  addRenderWorkerGauge(registry);
  if (deps.config.backupStorage) addBackupUploadMetrics(registry);
}

/** Uploads of backups to BACKUP_STORAGE_URL (decision 266): attempts by result, and the last success. */
function addBackupUploadMetrics(registry: Registry): void {
  const seen = { ok: 0, failed: 0 };
  new Counter({
    name: 'butiku_backup_uploads_total',
    help: 'Attempts to upload backups to BACKUP_STORAGE_URL since start, by result (ok, failed).',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      const now = offsiteUploadCounts();
      this.inc({ result: 'ok' }, now.ok - seen.ok);
      this.inc({ result: 'failed' }, now.failed - seen.failed);
      Object.assign(seen, { ok: now.ok, failed: now.failed });
    },
  });
  new Gauge({
    name: 'butiku_backup_upload_last_success_seconds',
    help: 'Unix time of the last successful upload of backups to BACKUP_STORAGE_URL (0: none since start).',
    registers: [registry],
    collect() {
      this.set(Math.floor(offsiteUploadCounts().lastSuccessMs / 1000));
    },
  });
}

/** The worker threads for heavy reads (decision 261). */
function addReadWorkersGauge(registry: Registry): void {
  new Gauge({
    name: 'butiku_read_workers',
    help: 'Worker threads for heavy reads (exports): started, busy, jobs waiting for one, and the bound.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const use = readPoolUse();
      this.set({ state: 'started' }, use.workers);
      this.set({ state: 'busy' }, use.busy);
      this.set({ state: 'waiting' }, use.waiting);
      this.set({ state: 'max' }, use.max);
    },
  });
}

/** The storefront's render worker (decision 288). */
function addRenderWorkerGauge(registry: Registry): void {
  new Gauge({
    name: 'butiku_render_worker',
    help: 'The render worker thread for storefront pages: running (1 or 0) and pages waiting on it.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const use = renderWorkerUse();
      this.set({ state: 'running' }, use.running ? 1 : 0);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });
}

function addPoolGauge(registry: Registry, deps: AppDeps): void {
  new Gauge({
    name: 'butiku_db_pool_connections',
    help: 'PostgreSQL pool: connections busy and idle, callers waiting for one, and the bound (DATABASE_POOL_SIZE).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const use = poolUse(deps.db);
      if (!use) return;
      this.set({ state: 'busy' }, use.total - use.idle);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
      this.set({ state: 'max' }, use.max);
    },
  });
}

/** The registry of one server: process metrics, request figures and the shop's gauges. */
function shopRegistry(deps: AppDeps) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method, route template and status.',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  addShopGauges(registry, deps);
  return { registry, requests, latency };
}

/**
 * Wraps node's listener with /metrics and the request figures when METRICS_TOKEN is set; the listener unchanged
 * otherwise (then /metrics is an unknown page, 404).
 */
export function withMetrics(deps: AppDeps, next: RequestListener): RequestListener {
  const token = deps.config.metricsToken;
  if (!token) return next;
  const { registry, requests, latency } = shopRegistry(deps);
  const procedures = new Set(declaredOperations().map((d) => d.path));
  const observe = (req: IncomingMessage, res: ServerResponse, started: bigint) => {
    const method = METHODS.has(req.method ?? '') ? req.method! : 'OTHER';
    const labels = { method, route: routeLabel(req, procedures), status: String(res.statusCode) };
    requests.inc(labels);
    latency.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
  };
  return (req, res) => {
    const started = process.hrtime.bigint();
    res.once('close', () => observe(req, res, started));
    const q = req.url?.indexOf('?') ?? -1;
    if ((q === -1 ? req.url : req.url!.slice(0, q)) !== METRICS_PATH) return next(req, res);
    markRoute(req, METRICS_PATH);
    void answerScrape(req, res, registry, token);
  };
}

async function answerScrape(req: IncomingMessage, res: ServerResponse, registry: Registry, token: string) {
  if (!bearerMatches(req.headers.authorization, token)) {
    res.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Bearer realm="metrics"' });
    return void res.end('401 Unauthorized\n');
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
    return void res.end('405 Method Not Allowed\n');
  }
  try {
    const text = await registry.metrics();
    res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : text);
  } catch {
    res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('503 metrics unavailable\n');
  }
}
