// Both doors of every declared operation behave alike (decision 211). Walking the declarations: each operation with
// both doors parses the same input into the same answer (a 400 with the same field messages, or the same failure
// status), and each rate-limited operation is counted once across both doors (429 + Retry-After on REST,
// TOO_MANY_REQUESTS + Retry-After on tRPC). Who may call what is access-table.test.ts, derived from the same table.
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type LimitTable } from '../http/limits';
import { createTestApp, type TestApp } from '../testing/app';
import { createAdmin } from '../testing/auth';
import { limitOf, restRoutes, type AnyOperation, type RestRequest, type RestRoute } from './define';
import { declaredOperations } from './registry';

const ID = '999999';
const roomy = Object.fromEntries(
  Object.keys(DEFAULT_LIMITS).map((n) => [n, { points: 1_000_000, windowSeconds: 60, key: 'address' }]),
) as unknown as LimitTable;

interface Answer {
  status: number;
  fieldErrors: unknown;
  retryAfter: string | null;
  code?: string;
}

const urlOf = (route: RestRoute) => `/api${route.path.replace(/:[A-Za-z]+/g, ID).replace('*', 'nothing.jpg')}`;

async function rest(t: TestApp, route: RestRoute, token: string): Promise<Answer> {
  const body = route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} };
  const res = await t.request(urlOf(route), { method: route.method, token, ...body });
  const text = await res.text();
  const json =
    res.headers.get('content-type')?.includes('json') && text ? (JSON.parse(text) as { errors?: unknown }) : {};
  return { status: res.status, fieldErrors: json.errors, retryAfter: res.headers.get('retry-after') };
}

async function trpc(t: TestApp, path: string, op: AnyOperation, input: unknown, token: string): Promise<Answer> {
  const encoded = JSON.stringify(superjson.serialize(input));
  const res =
    op.kind === 'query'
      ? await t.request(`/api/trpc/${path}?input=${encodeURIComponent(encoded)}`, { token })
      : await t.request(`/api/trpc/${path}`, {
          method: 'POST',
          token,
          headers: { 'content-type': 'application/json' },
          body: encoded,
        });
  const json = (await res.json()) as { error?: { json: { data: { code: string; fieldErrors?: unknown } } } };
  return {
    status: res.status,
    fieldErrors: json.error?.json.data.fieldErrors,
    code: json.error?.json.data.code,
    retryAfter: res.headers.get('retry-after'),
  };
}

/** The raw input the REST door parses for an empty request, or null when the route reads more than JSON and the URL. */
async function restRaw(route: RestRoute): Promise<unknown> {
  const req: RestRequest = {
    param: () => ID,
    id: () => Number(ID),
    query: () => ({}),
    json: () => Promise.resolve({}),
    header: () => undefined,
    get c(): never {
      throw new Error('multipart');
    },
  };
  try {
    if (route.input) return await route.input(req);
    return {};
  } catch {
    return null;
  }
}

const both = declaredOperations().flatMap(({ path, op }) =>
  op.trpc === false ? [] : restRoutes(op).map((route) => ({ path, op, route })),
);
const limited = declaredOperations().filter(({ op }) => limitOf(op) && !limitOf(op)!.when);

describe('both doors parse and fail alike', () => {
  let t: TestApp;
  let admin = '';
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: roomy });
    admin = (await createAdmin(t)).token;
  });
  afterAll(() => t.db.destroy());

  it('every declaration with a tRPC door has a procedure name, every REST route a method and a path', () => {
    for (const { path, op } of declaredOperations()) {
      expect(path).toMatch(/^[a-zA-Z]+\.[a-zA-Z]+$/);
      for (const route of restRoutes(op)) expect(route.path.startsWith('/')).toBe(true);
    }
    expect(both.length).toBeGreaterThan(60);
  });

  it.each(both.map((b) => [`${b.route.method} ${b.route.path}`, b.path, b] as const))(
    '%s and %s: same status and field messages for the same empty input',
    async (_r, _p, { path, op, route }) => {
      const raw = await restRaw(route);
      if (raw === null || route.parse) return; // multipart or a REST-only payload shape: the REST tests cover it
      const [viaRest, viaTrpc] = [await rest(t, route, admin), await trpc(t, path, op, raw, admin)];
      const ok = (s: number) => s >= 200 && s < 400;
      if (ok(viaRest.status)) expect(ok(viaTrpc.status), `tRPC answered ${viaTrpc.code}`).toBe(true);
      else expect(viaTrpc.status).toBe(viaRest.status);
      if (viaRest.status === 400) expect(viaTrpc.fieldErrors).toEqual(viaRest.fieldErrors);
    },
  );
});

describe('both doors count one limit', () => {
  it.each(limited.map((l) => [l.path, limitOf(l.op)!.name, l] as const))(
    '%s (%s): counted across both doors, then refused with Retry-After',
    async (_p, name, { path, op }) => {
      const t = await createTestApp({
        rateLimits: { ...roomy, [name]: { points: 2, windowSeconds: 60, key: 'address' } },
      });
      try {
        const token = (await createAdmin(t)).token;
        const route = restRoutes(op)[0];
        const viaRest = () => rest(t, route!, token);
        const viaTrpc = () => trpc(t, path, op, {}, token);
        const calls = [route ? viaRest : viaTrpc, op.trpc === false ? viaRest : viaTrpc];
        for (const call of calls) expect((await call()).status).not.toBe(429);
        if (route) {
          const refused = await viaRest();
          expect(refused.status).toBe(429);
          expect(Number(refused.retryAfter)).toBeGreaterThan(0);
        }
        if (op.trpc !== false) {
          const refused = await viaTrpc();
          expect(refused.code).toBe('TOO_MANY_REQUESTS');
          expect(Number(refused.retryAfter)).toBeGreaterThan(0);
        }
      } finally {
        await t.db.destroy();
      }
    },
  );
});
