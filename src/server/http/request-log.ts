// One JSON line per request (decision 151): time, method, path, query keys (values only when they are plain
// numbers or a few harmless words), status, duration, bytes sent and the request id. Never headers (tokens,
// cookies), bodies or free-text query values (search words, e-mails, tRPC inputs).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';
import type { Logger } from '../log';
import type { AppEnv } from './env';

/** An incoming X-Request-Id is kept when it is short and plain (a proxy's id); otherwise a new one is made. */
const SAFE_ID = /^[A-Za-z0-9._:-]{8,64}$/;
export const requestIdFrom = (header: string | undefined): string =>
  header && SAFE_ID.test(header) ? header : randomUUID();

/** Query values kept in the log: numbers and number lists (ids, pages, prices) and short sort/flag words. */
const SAFE_VALUE =
  /^(?:-?\d{1,12}(?:\.\d{1,4})?(?:,-?\d{1,12}(?:\.\d{1,4})?){0,49}|true|false|asc|desc|newest|price|name)$/i;

/** Recent answers of loggablePath: the hot reads repeat the same few URLs (bounded, cleared when full). */
const recentPaths = new Map<string, string>();

/** The request path, and its query with every value that is not plainly harmless replaced by `~`. */
export function loggablePath(url: string): string {
  let known = recentPaths.get(url);
  if (known === undefined) {
    if (recentPaths.size >= 500) recentPaths.clear();
    recentPaths.set(url, (known = redactQuery(url)));
  }
  return known;
}

function redactQuery(url: string): string {
  const q = url.indexOf('?', url.indexOf('//') + 2);
  const pathStart = url.indexOf('/', url.indexOf('//') + 2);
  if (q === -1) return url.slice(pathStart);
  const params = new URLSearchParams(url.slice(q + 1));
  const parts: string[] = [];
  for (const [key, value] of params)
    parts.push(`${encodeURIComponent(key.slice(0, 40))}=${SAFE_VALUE.test(value) ? value : '~'}`);
  return `${url.slice(pathStart, q)}?${parts.join('&')}`;
}

/** Health probes log at debug, so a load balancer checking every few seconds does not flood the log. */
const isProbe = (path: string) =>
  path === '/healthz' || path === '/readyz' || path.startsWith('/healthz?') || path.startsWith('/readyz?');

type NodeEnv = { incoming?: IncomingMessage; outgoing?: ServerResponse };

/** What one log line says about a request; `url` is absolute (scheme and host are dropped from the line). */
export interface AnswerFacts {
  reqId: string;
  method: string;
  url: string;
  status: number;
  started: number;
}

/**
 * Logs a request once its answer is on the wire (node server: the response's `close`, so a streamed body is
 * counted whole; bytes are what the socket sent, headers included), or right away with `bytes` when there is no
 * node response (in-process app.request()).
 */
export function logAnswer(log: Logger, facts: AnswerFacts, outgoing: ServerResponse | undefined, bytes?: number): void {
  const path = loggablePath(facts.url);
  const level = isProbe(path) ? 'debug' : 'info';
  if (!log.isLevelEnabled(level)) return;
  const socket = outgoing?.socket;
  const before = socket?.bytesWritten ?? 0;
  const write = (sent: number | undefined) =>
    log[level]({
      reqId: facts.reqId,
      method: facts.method,
      path,
      status: facts.status,
      ms: Math.round((performance.now() - facts.started) * 10) / 10,
      bytes: sent,
    });
  if (outgoing && socket && !outgoing.writableFinished) {
    outgoing.once('close', () => write(socket.bytesWritten - before));
    return;
  }
  write(bytes);
}

/** logAnswer for a request that went through Hono. */
export function logRequest(c: Context<AppEnv>, log: Logger, started: number): void {
  const outgoing = (c.env as NodeEnv | undefined)?.outgoing;
  const length = outgoing ? null : c.res.headers.get('content-length');
  logAnswer(
    log,
    { reqId: c.var.requestId, method: c.req.method, url: c.req.url, status: c.res.status, started },
    outgoing,
    length === null ? undefined : Number(length),
  );
}
