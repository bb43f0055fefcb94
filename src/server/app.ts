// createApp({ db, config }): the Hono app with tRPC at /api/trpc, REST adapters under /api, images and the SPA.
import { serverErrorMessages } from '#shared/messages/server-errors';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { routePath } from 'hono/route';
import { compress } from 'hono/compress';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import type { HttpBindings } from '@hono/node-server';
import { messages } from '#shared/messages';
import type { AppDeps } from './deps';
import { AppError } from './errors';
import { actorForHeader } from './http/auth';
import { clientAddressResolver } from './http/client-address';
import type { AppEnv } from './http/env';
import { errorBody, handleError } from './http/errors';
import { nestsDeeperThan } from './http/json-depth';
import { nestingTooDeep } from './http/request';
import { DEFAULT_BODY_LIMITS, TRPC_MAX_BATCH } from './http/limits';
import { describeError } from './http/log-safe';
import { securityHeaderList } from './http/security';
import { declaredBodyLength, mayLeaveBodyUnread } from './http/connection';
import { hasMalformedPath } from './http/path';
import { mountHealth } from './http/health';
import { METRICS_PATH } from './http/metrics';
import { markRoute } from './http/metrics-route';
import { logRequest, requestIdFrom } from './http/request-log';
import { mountSpa } from './http/spa';
import { cacheBudget } from './lib/cache-budget';
import { setRenderedPageBudget } from './http/server-render';
import { createLogger, type Logger } from './log';
import { setCatalogCacheBudget } from './modules/catalog';
import { openApiDocument } from './operations/openapi';
import { mountDeclaredRoutes } from './operations/rest-door';
import { appRouter } from './trpc/root';

/** A malformed percent escape in the path: 400 for every route (API in the error shape), before any handler. */
const badPath = (c: Context, isApi: boolean) =>
  isApi
    ? c.json(
        errorBody(new AppError('BAD_REQUEST', messages.common.invalidInput, { path: [messages.common.invalidInput] })),
        400,
      )
    : c.text(messages.common.invalidInput, 400);

const tooLarge = (c: Context) =>
  c.json(errorBody(new AppError('PAYLOAD_TOO_LARGE', serverErrorMessages.payloadTooLarge)), 413);

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  setAnswerCacheBudgets(deps);
  setFallbackHandlers(app);
  const log = deps.logger ?? createLogger(deps.config.logLevel ?? 'warn');
  addRequestBasics(app, deps, log);
  addBodyLimits(app, deps);
  addCompression(app);
  mountTrpc(app, deps, log);
  mountHealth(app);
  // Without METRICS_TOKEN there is no /metrics (decision 224): the same 404 as a path that names no page.
  if (!deps.config.metricsToken) app.all(METRICS_PATH, (c) => c.text(messages.common.pageNotFound, 404));
  mountRestApi(app);
  mountSpa(app, deps.config.clientDistDir);
  return app;
}

/** The answer caches' byte bounds (decision 201; the fast lane sets its own in withCatalogFastLane). */
function setAnswerCacheBudgets(deps: AppDeps): void {
  const budget = cacheBudget(deps.config.cacheBudget);
  setCatalogCacheBudget(deps.db, { bytes: budget.catalogBytes, idleMs: budget.idleMs });
  setRenderedPageBudget({ bytes: budget.pageBytes, idleMs: budget.idleMs });
}

/** Errors in the shared shape; an unknown path is a JSON 404 under /api/ and a plain-text 404 elsewhere. */
function setFallbackHandlers(app: Hono<AppEnv>): void {
  app.onError(handleError);
  app.notFound((c) =>
    c.req.path.startsWith('/api/')
      ? c.json(errorBody(new AppError('NOT_FOUND', messages.common.notFound)), 404)
      : c.text(messages.common.pageNotFound, 404),
  );
}

/**
 * One middleware for the per-request basics (each extra middleware layer costs measurable throughput on
 * the hot catalogue reads; see docs/decisions/010 and `npm run bench`): dependencies, client address,
 * the caller (API only), security headers on every response, and no caching of API answers unless a
 * route says otherwise.
 */
function addRequestBasics(app: Hono<AppEnv>, deps: AppDeps, log: Logger): void {
  const headerList = securityHeaderList(deps.config);
  // The client address: the TCP peer, or X-Forwarded-For walked through the proxies TRUST_PROXY names (decision 204).
  const resolveClient = clientAddressResolver(deps.config.trustProxy);
  const metricsOn = Boolean(deps.config.metricsToken);
  let warnedUnreadProxyHeader = false;
  app.use('*', async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFrom(c.req.header('x-request-id'));
    c.set('requestId', requestId);
    c.set('log', log);
    c.set('deps', deps);
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    const client = resolveClient(incoming);
    c.set('clientIp', client.address);
    if (client.unreadLocalProxy && !warnedUnreadProxyHeader) {
      // A local proxy forwards but is not trusted: every client would share its address in the rate limits.
      warnedUnreadProxyHeader = true;
      log.warn(
        `X-Forwarded-For from ${client.address} was not read: if that is your proxy, name it in TRUST_PROXY (e.g. loopback; decision 204)`,
      );
    }
    const isApi = c.req.path.startsWith('/api/');
    if (hasMalformedPath(c.req.url)) {
      c.res = badPath(c, isApi);
    } else {
      if (isApi) c.set('actor', await actorForHeader(deps, c.req.header('authorization')));
      await next();
    }
    if (metricsOn) markRoute(incoming, routePath(c)); // the template that answered, for /metrics' labels
    const headers = c.res.headers;
    if (mayLeaveBodyUnread(c.req.raw, c.res.status)) headers.set('Connection', 'close');
    for (const [name, value] of headerList) headers.set(name, value);
    if (isApi && !headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
    headers.set('X-Request-Id', requestId);
    logRequest(c, log, started);
  });
}

/** The body limits on API writes: uploads (multipart) get the larger bound, everything else the JSON one. */
function addBodyLimits(app: Hono<AppEnv>, deps: AppDeps): void {
  const { jsonBytes, uploadBytes } = deps.config.bodyLimits ?? DEFAULT_BODY_LIMITS;
  const limitJson = bodyLimit({ maxSize: jsonBytes, onError: tooLarge });
  const limitUpload = bodyLimit({ maxSize: uploadBytes, onError: tooLarge });
  app.use('/api/*', async (c, next) => {
    // Reads carry no body; skipping them keeps node-server's fast path (no full Request is built).
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
    const multipart = c.req.header('content-type')?.startsWith('multipart/form-data') ?? false;
    // A declared length is checked from the header alone: touching c.req.raw.body here would bind the socket to a
    // web stream and stop node-server from draining an unread body after a refusal (decision 131).
    const declared = declaredBodyLength(c.req.raw.headers);
    if (declared !== null) return declared > (multipart ? uploadBytes : jsonBytes) ? tooLarge(c) : next();
    return (multipart ? limitUpload : limitJson)(c, next);
  });
}

/** Compression for every answer but the product images. */
function addCompression(app: Hono<AppEnv>): void {
  const compressor = compress();
  app.use('*', async (c, next) => {
    // Images are already compressed; everything else (JSON, HTML, JS) is worth compressing.
    if (c.req.path.startsWith('/api/Product/images/')) return next();
    return compressor(c, next);
  });
}

/** tRPC at /api/trpc: oversized batches and too deeply nested input are refused before any call runs. */
function mountTrpc(app: Hono<AppEnv>, deps: AppDeps, log: Logger): void {
  app.all('/api/trpc/*', async (c) => {
    // A batch is refused as a whole before its body is read or any call runs (decision 120).
    if (c.req.query('batch') === '1' && c.req.path.slice('/api/trpc/'.length).split(',').length > TRPC_MAX_BATCH) {
      return c.json(
        errorBody(
          new AppError('BAD_REQUEST', serverErrorMessages.batchTooLarge, { _: [serverErrorMessages.batchTooLarge] }),
        ),
        400,
      );
    }
    // Input nested too deeply is refused before superjson or zod walk it (decision 206).
    const req = await boundedTrpcRequest(c.req.raw, c.req.query('input'));
    if (!req) return c.json(errorBody(nestingTooDeep()), 400);
    return fetchRequestHandler({
      endpoint: '/api/trpc',
      req,
      router: appRouter,
      maxBatchSize: TRPC_MAX_BATCH,
      createContext: ({ req, resHeaders }) => ({
        ...deps,
        actor: c.var.actor,
        req,
        resHeaders,
        clientIp: c.var.clientIp,
      }),
      onError: ({ error }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          log.error({ reqId: c.var.requestId, err: describeError(error.cause ?? error) }, 'tRPC call failed');
      },
    });
  });
}

/**
 * The tRPC request with its input checked for nesting depth (the ?input= of a GET, the body of a POST), or null when
 * it nests deeper than MAX_JSON_DEPTH. A POST's body is read here, so tRPC gets a copy made from the same text.
 */
async function boundedTrpcRequest(raw: Request, queryInput: string | undefined): Promise<Request | null> {
  if (queryInput !== undefined && nestsDeeperThan(queryInput)) return null;
  if (raw.method !== 'POST' || raw.body === null) return raw;
  const text = await raw.text();
  if (nestsDeeperThan(text)) return null;
  return new Request(raw.url, { method: raw.method, headers: raw.headers, body: text, signal: raw.signal });
}

/** The spec's REST paths under /api, one mount per domain; anything else under /api is a JSON 404. */
function mountRestApi(app: Hono<AppEnv>): void {
  const api = new Hono<AppEnv>();
  api.onError(handleError);
  // Every declared operation's REST route (decision 211), static paths before parameterised ones.
  mountDeclaredRoutes(api);
  api.get('/openapi.json', (c) => c.json(openApiDocument()));
  app.route('/api', api);
  app.all('/api/*', (c) => c.json(errorBody(new AppError('NOT_FOUND', messages.common.notFound)), 404));
}
