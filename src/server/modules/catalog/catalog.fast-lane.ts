// The catalogue's fast lane (decision 156): the hot anonymous catalogue reads, answered from the catalogue read
// cache straight onto node's response, before @hono/node-server builds a Request, Hono routes it and the app's
// middleware copies headers one by one:
// - REST: the listing (GET /api/Product/filters?…) and a product (GET /api/Product/{id});
// - tRPC: batched GETs of `catalogReads` procedures (/api/trpc/catalog.filter,catalog.categories?batch=1&input=…),
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
import { idSchema } from '../../../shared/schemas/numbers';
import type { AppDeps } from '../../deps';
import { ByteCache } from '../../http/byte-cache';
import { cacheBudget } from '../../http/cache-budget';
import { TRPC_MAX_BATCH } from '../../http/limits';
import { nestsDeeperThan } from '../../http/json-depth';
import { hasMalformedPath } from '../../http/path';
import { logAnswer, requestIdFrom } from '../../http/request-log';
import { securityHeaderList } from '../../http/security';
import type { Logger } from '../../log';
import { acceptsGzip, CATALOG_CACHE_HEADERS, encodedRead, JSON_TYPE } from './catalog.body';
import { listingInput } from './catalog.rest';
import type * as catalog from './catalog.service';
import { productById, filterProducts } from './catalog.service';
import { catalogReads } from './catalog.trpc';

type DB = AppDeps['db'];
type Body = { bytes: Uint8Array; gzip: boolean };

const REST_PREFIX = '/api/Product/';
const LISTING = '/api/Product/filters';
const TRPC_PREFIX = '/api/trpc/catalog.';
const productId = idSchema();

let answered = 0;
/** How many requests this process answered in the fast lane (for tests and diagnostics). */
export const fastLaneAnswers = (): number => answered;

// ---------------------------------------------------------------------------------------------------------
// REST

function restRead(db: DB, url: string, q: number): Promise<catalog.CachedRead<unknown>> | null {
  const path = q === -1 ? url : url.slice(0, q);
  if (path === LISTING) {
    try {
      return filterProducts(db, listingInput(getQueryParam(`http://l${url}`) as Record<string, string>));
    } catch {
      return null;
    }
  }
  if (q !== -1) return null;
  const id = productId.safeParse(path.slice(REST_PREFIX.length));
  return id.success ? productById(db, id.data) : null;
}

// ---------------------------------------------------------------------------------------------------------
// tRPC

type ReadName = keyof typeof catalogReads;
type AnonymousRead = (db: DB, input: unknown, viewer: null) => Promise<catalog.CachedRead<unknown>>;
const isReadName = (name: string): name is ReadName => Object.hasOwn(catalogReads, name);

/** The cached reads of a batched tRPC GET, or null when any part of it is not plain. */
function trpcReads(db: DB, url: string, q: number): Array<Promise<catalog.CachedRead<unknown>>> | null {
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
  const reads: Array<Promise<catalog.CachedRead<unknown>>> = [];
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!.startsWith('catalog.') ? names[i]!.slice('catalog.'.length) : '';
    if (!isReadName(name)) return null;
    const entry = catalogReads[name];
    let input: unknown;
    try {
      const sent = inputs[String(i)];
      input =
        sent === undefined ? undefined : superjson.deserialize(sent as Parameters<typeof superjson.deserialize>[0]);
    } catch {
      return null;
    }
    if (entry.input === null) {
      reads.push((entry.read as AnonymousRead)(db, undefined, null));
      continue;
    }
    const parsed = entry.input.safeParse(input);
    if (!parsed.success) return null;
    reads.push((entry.read as AnonymousRead)(db, parsed.data, null));
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

  const send = (
    req: IncomingMessage & { url: string },
    res: ServerResponse,
    fixed: string[],
    body: Body,
    started: number,
  ) => {
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
    const rest = url.startsWith(REST_PREFIX);
    if ((!rest && !url.startsWith(TRPC_PREFIX)) || hasMalformedPath(`http://l${url}`)) return next(req, res);
    const started = performance.now();
    const gzip = acceptsGzip(req.headers['accept-encoding']);
    const q = url.indexOf('?');
    if (rest) {
      const pending = restRead(deps.db, url, q);
      if (!pending) return next(req, res);
      pending.then(
        (read) => send(req, res, restHeaders, encodedRead(read, gzip), started),
        () => next(req, res),
      );
      return;
    }
    const pending = trpcReads(deps.db, url, q);
    if (!pending) return next(req, res);
    Promise.all(pending).then(
      (reads) => send(req, res, trpcHeaders, batchBody(bodies, reads, gzip), started),
      () => next(req, res),
    );
  };
}
