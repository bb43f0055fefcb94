// The catalogue's fast lane (decision 156): the two hottest reads of the REST door, the listing
// (GET /api/Product/filters?…) and a product (GET /api/Product/{id}), answered from the catalogue read cache
// straight onto node's response, before @hono/node-server builds a Request, Hono routes it and the app's
// middleware copies headers one by one. Same status, body and headers as the Hono route (a test compares
// them byte for byte), the same request id and log line. Anything else, and anything unusual about these (a
// token, a body, a malformed path, an encoding only Hono's compressor offers, input the route would refuse, a
// missing product, an error), goes the normal way and is answered exactly as before.
import type { IncomingMessage, RequestListener } from 'node:http';
import { getQueryParam } from 'hono/utils/url';
import { idSchema } from '../../../shared/schemas/numbers';
import type { AppDeps } from '../../deps';
import { hasMalformedPath } from '../../http/path';
import { logAnswer, requestIdFrom } from '../../http/request-log';
import { securityHeaderList } from '../../http/security';
import type { Logger } from '../../log';
import { acceptsGzip, CATALOG_CACHE_HEADERS, encodedRead, JSON_TYPE } from './catalog.body';
import { listingInput } from './catalog.rest';
import * as catalog from './catalog.service';

const PREFIX = '/api/Product/';
const LISTING = '/api/Product/filters';
const productId = idSchema();

let answered = 0;
/** How many requests this process answered in the fast lane (for tests and diagnostics). */
export const fastLaneAnswers = (): number => answered;

/** The cached read a URL asks for, or null when the Hono route must answer it. */
function readFor(db: AppDeps['db'], url: string): Promise<catalog.CachedRead<unknown>> | null {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (path === LISTING) {
    let input;
    try {
      input = listingInput(getQueryParam(`http://l${url}`) as Record<string, string>);
    } catch {
      return null;
    }
    return catalog.filterProducts(db, input);
  }
  if (q !== -1) return null;
  const id = productId.safeParse(path.slice(PREFIX.length));
  return id.success ? catalog.productById(db, id.data) : null;
}

/** A plain anonymous GET under /api/Product/ with nothing the Hono route would treat differently. */
function eligible(req: IncomingMessage): req is IncomingMessage & { url: string } {
  const h = req.headers;
  if (req.method !== 'GET' || !req.url?.startsWith(PREFIX) || h.authorization !== undefined) return false;
  if (h['transfer-encoding'] !== undefined || (h['content-length'] !== undefined && h['content-length'] !== '0')) return false;
  // Hono's compressor would deflate for a client that takes deflate but not gzip.
  const enc = h['accept-encoding'];
  if (enc !== undefined && !acceptsGzip(enc) && /\bdeflate\b/.test(enc)) return false;
  return !hasMalformedPath(`http://l${req.url}`);
}

/** Wraps the app's node listener with the fast lane. */
export function withCatalogFastLane(deps: AppDeps, log: Logger, next: RequestListener): RequestListener {
  const fixed: string[] = ['Content-Type', JSON_TYPE];
  for (const [name, value] of Object.entries(CATALOG_CACHE_HEADERS)) fixed.push(name, value);
  for (const [name, value] of securityHeaderList(deps.config)) fixed.push(name, value);

  return (req, res) => {
    if (!eligible(req)) return next(req, res);
    const started = performance.now();
    const pending = readFor(deps.db, req.url);
    if (!pending) return next(req, res);
    pending.then(
      (read) => {
        const { bytes, gzip } = encodedRead(read, acceptsGzip(req.headers['accept-encoding']));
        const reqId = requestIdFrom(req.headers['x-request-id'] as string | undefined);
        const headers = [...fixed, 'Content-Length', String(bytes.byteLength), 'X-Request-Id', reqId];
        if (gzip) headers.push('Content-Encoding', 'gzip');
        logAnswer(log, { reqId, method: 'GET', url: `http://l${req.url}`, status: 200, started }, res);
        res.writeHead(200, headers);
        res.end(bytes);
        answered += 1;
      },
      () => next(req, res),
    );
  };
}
