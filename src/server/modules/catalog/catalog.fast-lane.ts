// The catalogue's fast lane (decision 156): the hot anonymous catalogue reads, answered from the catalogue read
// cache straight onto node's response, before @hono/node-server builds a Request, Hono routes it and the app's
// middleware copies headers one by one:
// - REST: the declared routes marked `fastLane` (the listing GET /api/Product/filters?… and a product
//   GET /api/Product/{id});
// - tRPC: batched GETs of the catalog's `fastLane` declarations (catalog.operations.ts, decision 211) (/api/trpc/catalog.filter,catalog.categories?batch=1&input=…),
//   what the storefront itself calls, with each entry's superjson text made once per cache entry.
// Same status, headers and body as the Hono routes (a test compares them), the same request id and log line.
// Anything else, and anything unusual about these (a token, a body, a malformed path, an encoding only Hono's
// compressor offers, input the route would refuse, a missing row, an error), goes the normal way and is answered
// exactly as before.
// Only anonymous requests come here, so every read is the anonymous one (an inactive product is a missing row,
// decision 202). Batch answers are kept by the cache entries they are made of, never by URL (a parameter the
// reads ignore, `&n=1`, `&n=2` …, names the same answer), in a cache bounded in bytes (decision 201).
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { getQueryParam } from 'hono/utils/url';
import superjson from 'superjson';
import type { AppDeps } from '#server/deps';
import { parseInput } from '#server/errors';
import { ByteCache } from '#server/lib/byte-cache';
import { cacheBudget } from '#server/lib/cache-budget';
import { TRPC_MAX_BATCH } from '#server/http/limits';
import { nestsDeeperThan } from '#server/http/json-depth';
import { hasMalformedPath } from '#server/http/path';
import { pathIdOf } from '#server/http/request';
import { markRoute } from '#server/http/metrics-route';
import { logAnswer, requestIdFrom } from '#server/http/request-log';
import { securityHeaderList } from '#server/http/security';
import type { Logger } from '#server/log';
import { restRoutes, type AnyOperation, type Caller, type RestRequest } from '#server/operations/define';
import { acceptsGzip, CATALOG_CACHE_HEADERS, encodedRead, JSON_TYPE } from './catalog.body';
import { catalogOperations } from './catalog.operations';
import type * as catalog from '.';

type Body = { bytes: Uint8Array; gzip: boolean };
type Read = Promise<catalog.CachedRead<unknown>>;

const TRPC_PREFIX = '/api/trpc/catalog.';

let answered = 0;
/** How many requests this process answered in the fast lane (for tests and diagnostics). */
export const fastLaneAnswers = (): number => answered;

// ---------------------------------------------------------------------------------------------------------
// The lane's table, derived from the catalog's declarations: public, unlimited, cached reads only.

const laneable = (op: AnyOperation) => op.fastLane === true && op.access === 'public' && op.limit === undefined;

/** tRPC: procedure name (after `catalog.`) -> its declaration. */
const TRPC_READS = new Map<string, AnyOperation>(
  Object.entries(catalogOperations as Record<string, AnyOperation>).filter(
    ([, op]) => laneable(op) && op.trpc !== false,
  ),
);

interface RestEntry {
  op: AnyOperation;
  /** The route's template under /api ('/api/Product/:id'), for /metrics' labels. */
  route: string;
  input: (req: RestRequest) => unknown;
  /** The path's one trailing parameter (/api/Product/:id), or null for a static path. */
  param: string | null;
}
/** REST: static path -> entry; and paths ending in one parameter, by the prefix before it. */
const REST_STATIC = new Map<string, RestEntry>();
const REST_PARAM = new Map<string, RestEntry>();
for (const op of Object.values(catalogOperations as Record<string, AnyOperation>)) {
  if (!laneable(op)) continue;
  for (const route of restRoutes(op)) {
    if (!route.fastLane || route.method !== 'GET') continue;
    const input = route.input ?? ((req: RestRequest) => req.query());
    const m = /^(.*\/):([A-Za-z]+)$/.exec(route.path);
    const template = `/api${route.path}`;
    if (m) REST_PARAM.set(`/api${m[1]}`, { op, input, param: m[2]!, route: template });
    else if (!route.path.includes(':') && !route.path.includes('*'))
      REST_STATIC.set(template, { op, input, param: null, route: template });
  }
}

/** The longest prefix every REST lane path shares (/api/Product/ today), a cheap first test for every request. */
const REST_LANE_PREFIX = commonPrefix([...REST_STATIC.keys(), ...REST_PARAM.keys()]);
function commonPrefix(paths: string[]): string {
  if (paths.length === 0) return '\0'; // no REST route in the lane: nothing starts with it
  let prefix = paths[0]!;
  for (const p of paths) while (!p.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix.slice(0, prefix.lastIndexOf('/') + 1);
}

/** The anonymous caller every lane read runs as (only anonymous requests come here). */
const anonymous = (deps: AppDeps): Caller => ({
  ...deps,
  actor: null,
  clientIp: '',
  header: () => undefined,
  appendHeader: () => undefined,
});

/** The route's input hook over a plain URL; anything it would need the full request for leaves the lane. */
function laneRequest(url: string, param: string | null, value: string): RestRequest {
  return {
    param: (name) => (name === param ? value : undefined),
    id: (name) => pathIdOf(name === param ? value : undefined, name),
    query: () => getQueryParam(`http://l${url}`) as Record<string, string>,
    json: () => Promise.reject(new Error('no body in the fast lane')),
    header: () => undefined,
    get c(): never {
      throw new Error('no Hono context in the fast lane');
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// REST

/** The cached read a REST lane path names, with its route template; null when the path is not the lane's. */
function restRead(caller: Caller, url: string, q: number): { read: Read; route: string } | null {
  const path = q === -1 ? url : url.slice(0, q);
  let entry = REST_STATIC.get(path);
  let value = '';
  if (!entry) {
    // A path parameter only on a plain path (no query), the same as before the declarations.
    const slash = path.lastIndexOf('/') + 1;
    entry = q === -1 ? REST_PARAM.get(path.slice(0, slash)) : undefined;
    value = path.slice(slash);
    if (!entry) return null;
  }
  try {
    const raw = entry.input(laneRequest(url, entry.param, value));
    if (raw instanceof Promise) return null;
    const input = entry.op.input ? parseInput(entry.op.input, raw) : undefined;
    return { read: entry.op.run(caller, input) as Read, route: entry.route };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// tRPC

/** The cached reads of a batched tRPC GET, or null when any part of it is not plain. */
function trpcReads(caller: Caller, url: string, q: number): Read[] | null {
  if (q === -1) return null;
  const names = url.slice('/api/trpc/'.length, q).split(',');
  if (names.length > TRPC_MAX_BATCH) return null;
  const params = new URLSearchParams(url.slice(q + 1));
  if (params.get('batch') !== '1') return null;
  let inputs: Record<string, unknown> = {};
  try {
    const raw = params.get('input');
    if (raw !== null && nestsDeeperThan(raw)) return null; // the app refuses it (decision 206); superjson never walks it
    if (raw !== null) inputs = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs)) return null;
  const reads: Read[] = [];
  for (let i = 0; i < names.length; i++) {
    const op = names[i]!.startsWith('catalog.') ? TRPC_READS.get(names[i]!.slice('catalog.'.length)) : undefined;
    if (!op) return null;
    let input: unknown;
    try {
      const sent = inputs[String(i)];
      input =
        sent === undefined ? undefined : superjson.deserialize(sent as Parameters<typeof superjson.deserialize>[0]);
    } catch {
      return null;
    }
    if (op.input) {
      const parsed = (op.input as AnyOperation['input'] & object).safeParse(input);
      if (!parsed.success) return null;
      input = parsed.data;
    } else input = undefined;
    reads.push(op.run(caller, input) as Read);
  }
  return reads;
}

/** Each cached read as tRPC's result text, made once per cache entry. */
const resultTexts = new WeakMap<object, string>();
function resultText(read: catalog.CachedRead<unknown>): string {
  let text = resultTexts.get(read);
  if (text === undefined)
    resultTexts.set(read, (text = `{"result":{"data":${JSON.stringify(superjson.serialize(read.value))}}}`));
  return text;
}

/**
 * Batch answers by the cache entries they are made of (their ids, in call order), least recently used first out
 * when their bytes pass the budget. A batch with an answer made for one request (id 0) is not kept.
 */
interface BatchBody {
  plain: Uint8Array;
  gz?: Uint8Array;
}
type BatchBodies = ByteCache<BatchBody>;
const newBatchBodies = (maxBytes: number, idleMs: number): BatchBodies =>
  new ByteCache<BatchBody>({
    maxBytes,
    idleMs,
    bytes: (body, key) => 64 + key.length + body.plain.byteLength + (body.gz?.byteLength ?? 0),
  });

function batchBody(bodies: BatchBodies, reads: Array<catalog.CachedRead<unknown>>, gzip: boolean): Body {
  const key = reads.every((r) => r.id > 0) ? reads.map((r) => r.id).join(',') : null;
  let known = key === null ? undefined : bodies.get(key);
  if (!known) {
    known = { plain: Buffer.from(`[${reads.map(resultText).join(',')}]`) };
    if (key !== null) bodies.set(key, known);
  }
  if (!gzip) return { bytes: known.plain, gzip: false };
  if (!known.gz) {
    known.gz = gzipSync(known.plain, { level: 6 });
    if (key !== null) bodies.set(key, known); // weighed again with its gzip
  }
  return { bytes: known.gz, gzip: true };
}

/** Entries and bytes held by the batch cache of the lane serving `deps` (tests, diagnostics). */
const laneBodies = new WeakMap<AppDeps, BatchBodies>();
export function fastLaneCacheStats(deps: AppDeps): { entries: number; bytes: number; maxBytes: number } {
  return laneBodies.get(deps)?.stats() ?? { entries: 0, bytes: 0, maxBytes: 0 };
}

// ---------------------------------------------------------------------------------------------------------
// The lane

/** A plain anonymous GET with nothing the Hono route would treat differently. */
function plainGet(req: IncomingMessage): req is IncomingMessage & { url: string } {
  const h = req.headers;
  if (req.method !== 'GET' || req.url === undefined || h.authorization !== undefined || h['trpc-accept'] !== undefined)
    return false;
  if (h['transfer-encoding'] !== undefined || (h['content-length'] !== undefined && h['content-length'] !== '0'))
    return false;
  // Hono's compressor would deflate for a client that takes deflate but not gzip.
  const enc = h['accept-encoding'];
  if (enc !== undefined && !acceptsGzip(enc) && /\bdeflate\b/.test(enc)) return false;
  return true;
}

/** Wraps the app's node listener with the fast lane. */
export function withCatalogFastLane(deps: AppDeps, log: Logger, next: RequestListener): RequestListener {
  const security: string[] = [];
  for (const [name, value] of securityHeaderList(deps.config)) security.push(name, value);
  const restHeaders = ['Content-Type', JSON_TYPE, ...Object.entries(CATALOG_CACHE_HEADERS).flat(), ...security];
  const trpcHeaders = [
    'Content-Type',
    'application/json',
    'Vary',
    'trpc-accept, accept, Accept-Encoding',
    'Cache-Control',
    'no-store',
    ...security,
  ];
  const budget = cacheBudget(deps.config.cacheBudget);
  const bodies = newBatchBodies(budget.fastLaneBytes, budget.idleMs);
  const caller = anonymous(deps);

  const send = (
    req: IncomingMessage & { url: string },
    res: ServerResponse,
    fixed: string[],
    body: Body,
    started: number,
    route: string,
  ) => {
    markRoute(req, route); // for /metrics' labels (decision 224)
    const reqId = requestIdFrom(req.headers['x-request-id'] as string | undefined);
    const headers = [...fixed, 'Content-Length', String(body.bytes.byteLength), 'X-Request-Id', reqId];
    if (body.gzip) headers.push('Content-Encoding', 'gzip');
    logAnswer(log, { reqId, method: 'GET', url: `http://l${req.url}`, status: 200, started }, res);
    res.writeHead(200, headers);
    res.end(body.bytes);
    answered += 1;
  };

  laneBodies.set(deps, bodies);
  return (req, res) => {
    if (!plainGet(req)) return next(req, res);
    const url = req.url;
    const rest = url.startsWith(REST_LANE_PREFIX);
    if ((!rest && !url.startsWith(TRPC_PREFIX)) || hasMalformedPath(`http://l${url}`)) return next(req, res);
    const started = performance.now();
    const gzip = acceptsGzip(req.headers['accept-encoding']);
    const q = url.indexOf('?');
    if (rest) {
      const pending = restRead(caller, url, q);
      if (!pending) return next(req, res);
      pending.read.then(
        (read) => send(req, res, restHeaders, encodedRead(read, gzip), started, pending.route),
        () => next(req, res),
      );
      return;
    }
    const pending = trpcReads(caller, url, q);
    if (!pending) return next(req, res);
    Promise.all(pending).then(
      (reads) => send(req, res, trpcHeaders, batchBody(bodies, reads, gzip), started, '/api/trpc/*'),
      () => next(req, res),
    );
  };
}
