// The REST door, derived from the declarations (decision 211): one Hono route per declared REST route, checking in
// one place and in one order what the declaration states: access (401/403), step-up (403 STEP_UP_REQUIRED, decision
// 237; a `when` rule after the input), rate limit (429 + Retry-After), input (400 with field messages), then the
// service call and the reply (status, or the route's REST-only shaping).
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { consumeLimit } from '../http/rate-limit';
import { withRequestContext } from '../modules/audit';
import { parseInput, pathIdOf, readJson } from '../http/request';
import {
  authorize,
  limitOf,
  restRoutes,
  stepUpBeforeInput,
  stepUpOnInput,
  type AnyOperation,
  type Caller,
  type RestRequest,
  type RestRoute,
} from './define';
import { declaredOperations, type DeclaredOperation } from './registry';

/** The caller of a REST request (the app's middleware resolved its actor and address). */
function restCaller(c: Context<AppEnv>): Caller {
  return {
    ...c.var.deps,
    actor: c.var.actor,
    clientIp: c.var.clientIp,
    header: (name) => c.req.header(name),
    appendHeader: (name, value) => c.header(name, value, { append: true }),
  };
}

/** Who calls and from where, for the audit rows the operation's writes record (decision 228). */
const contextOf = (caller: Caller) => ({ actorId: caller.actor?.userId ?? null, ip: caller.clientIp });

function restRequest(c: Context<AppEnv>): RestRequest {
  return {
    param: (name) => c.req.param(name),
    id: (name) => pathIdOf(c.req.param(name), name),
    query: () => c.req.query(),
    json: () => readJson(c),
    header: (name) => c.req.header(name),
    c,
  };
}

/** The raw input of a route without an input hook: the query of a GET or DELETE, the JSON body otherwise. */
const defaultInput = (route: RestRoute, req: RestRequest) =>
  route.method === 'GET' || route.method === 'DELETE' ? req.query() : req.json();

/** Access, step-up, limit and input of one call, in the order both doors use; the parsed input. */
async function admit(
  op: AnyOperation,
  caller: Caller,
  raw: () => unknown,
  parse?: (raw: unknown) => unknown,
): Promise<unknown> {
  authorize(op.access, caller.actor);
  await stepUpBeforeInput(op, caller);
  const limit = limitOf(op);
  if (limit && !limit.when) await consumeLimit(caller, limit.name, caller.clientIp);
  const input = parse ? parse(await raw()) : op.input ? parseInput(op.input, await raw()) : undefined;
  if (limit?.when?.(input)) await consumeLimit(caller, limit.name, caller.clientIp);
  await stepUpOnInput(op, caller, input);
  return input;
}

function handler(op: AnyOperation, route: RestRoute) {
  return async (c: Context<AppEnv>) => {
    const caller = restCaller(c);
    const req = restRequest(c);
    const input = await admit(
      op,
      caller,
      () => (route.input ? route.input(req) : defaultInput(route, req)),
      route.parse,
    );
    const out: unknown = await withRequestContext(contextOf(caller), () => op.run(caller, input));
    if (route.reply) return route.reply(c, out, input);
    const status = typeof route.status === 'function' ? route.status(out) : (route.status ?? 200);
    return status === 204 ? c.body(null, 204) : c.json(out as object, status as 200);
  };
}

/** Where a path segment sorts: static paths before parameters before wildcards, so /Product/export.csv wins over /Product/:id. */
const segmentRank = (segment: string) => (segment === '*' ? '2' : segment.startsWith(':') ? '1' : '0');
const specificity = (path: string) => path.split('/').slice(1).map(segmentRank).join('');

export interface DeclaredRoute {
  operation: DeclaredOperation;
  route: RestRoute;
}

/** Every declared REST route, most specific first (the order Hono must see them in). */
export function declaredRoutes(operations = declaredOperations()): DeclaredRoute[] {
  const routes = operations.flatMap((operation) => restRoutes(operation.op).map((route) => ({ operation, route })));
  return routes
    .map((r, i) => ({ r, key: specificity(r.route.path), i }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.i - b.i))
    .map(({ r }) => r);
}

/** Registers every declared REST route on `api` (mounted at /api). */
export function mountDeclaredRoutes(api: Hono<AppEnv>): void {
  for (const { operation, route } of declaredRoutes()) {
    api.on(route.method, route.path, handler(operation.op, route));
  }
}
