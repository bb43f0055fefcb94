// Who may call what (issue 22, decisions 208 and 211): every REST route and every tRPC procedure of the app, enumerated
// from the code, must be a declared operation (operations/registry.ts), whose declaration states the least role that
// may call it. A route or procedure without a declaration fails. Each row is its own test, played through the real app as anonymous, a
// customer, a staff member and an administrator: an administrator-only row refuses a staff token (403), a staff
// row refuses a customer (403), anything but a public row refuses an anonymous caller (401).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type LimitTable } from './http/limits';
import { createTestApp, type TestApp } from './testing/app';
import { TEST_JWT_SECRET } from './testing/db';
import { createAdmin, createCustomer, createStaff } from './testing/auth';
import { trpcCall } from './testing/trpc';
import { type Access } from './operations/define';
import { declaredOperations } from './operations/registry';
import { declaredRoutes } from './operations/rest-door';
import { appRouter } from './trpc/root';

/**
 * The least role of each REST route ("METHOD /path") and tRPC procedure, as the declarations state it (decision 211;
 * decision 208's table). The app's own routes and procedures are compared with the declarations below, so a route or
 * procedure that is not declared fails.
 */
const REST: Record<string, Access> = Object.fromEntries(
  declaredRoutes().map(({ operation, route }) => [`${route.method} /api${route.path}`, operation.op.access]),
);
/** Routes the app serves beside the declarations: the OpenAPI document generated from them (public). */
const UNDECLARED_REST: Record<string, Access> = { 'GET /api/openapi.json': 'public' };
const PROCEDURE_ACCESS = new Map(
  declaredOperations()
    .filter(({ op }) => op.trpc !== false)
    .map(({ path, op }) => [path, op.access]),
);

/** The least role for a tRPC procedure, by its declaration. */
const procedureAccess = (path: string): Access | undefined => PROCEDURE_ACCESS.get(path);

const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: 'query' | 'mutation' } }>,
).map(([path, p]) => ({ path, type: p._def.type }));

let t: TestApp;
const tokens: Record<'customer' | 'staff' | 'admin', string> = { customer: '', staff: '', admin: '' };
const userIds: Record<'customer' | 'staff' | 'admin', number> = { customer: 0, staff: 0, admin: 0 };
let restRoutes: string[] = [];

beforeAll(async () => {
  const roomy = Object.fromEntries(
    Object.keys(DEFAULT_LIMITS).map((n) => [n, { points: 1_000_000, windowSeconds: 60, key: 'address' }]),
  ) as unknown as LimitTable;
  t = await createTestApp({ rateLimits: roomy });
  for (const [who, make] of [
    ['customer', createCustomer],
    ['staff', createStaff],
    ['admin', createAdmin],
  ] as const) {
    const u = await make(t);
    tokens[who] = u.token;
    userIds[who] = u.userId;
  }
  restRoutes = t.app.routes
    .filter(
      (r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.startsWith('/api/trpc') && r.path !== '/api/*',
    )
    .map((r) => `${r.method} ${r.path}`)
    .filter((r, i, all) => all.indexOf(r) === i);
});
afterAll(() => t.db.destroy());

type Caller = 'anonymous' | keyof typeof tokens;
const CALLERS: Caller[] = ['anonymous', 'customer', 'staff', 'admin'];
const token = (who: Caller) => (who === 'anonymous' ? undefined : tokens[who]);

async function restStatus(route: string, who: Caller): Promise<number> {
  const [method, path] = route.split(' ') as [string, string];
  // A caller's own user id where the path names one (their own wishlist), so only the role decides.
  const own = who === 'anonymous' ? 999999 : userIds[who];
  const url = path
    .replace(/:userId/g, String(own))
    .replace(/:fileName/g, 'nothing.jpg')
    .replace(/:[A-Za-z]+/g, '999999')
    .replace('*', 'nothing.jpg');
  const res = await t.request(url, {
    method,
    token: token(who),
    ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }),
  });
  await res.arrayBuffer();
  return res.status;
}

async function procStatus(path: string, kind: 'query' | 'mutation', who: Caller): Promise<number> {
  return (await trpcCall((p, init) => Promise.resolve(t.request(p, init)), path, kind, {}, token(who))).status;
}

/** What each caller must (not) get for an access level: 401/403 exactly where the role is missing. */
function expectAccess(access: Access, statuses: Record<Caller, number>) {
  const allowed = {
    public: CALLERS,
    signedIn: ['customer', 'staff', 'admin'],
    staff: ['staff', 'admin'],
    admin: ['admin'],
  }[access] as Caller[];
  for (const who of CALLERS) {
    const s = statuses[who];
    if (allowed.includes(who))
      expect([401, 403].includes(s) && !(access === 'public' && s === 401), `${who} was refused (${s})`).toBe(false);
    else expect(s, `${who} must be refused`).toBe(who === 'anonymous' ? 401 : 403);
  }
}

describe('every route and procedure has a declared least role', () => {
  it('the REST table lists exactly the app routes', () => {
    expect(restRoutes.filter((r) => !(r in REST) && !(r in UNDECLARED_REST))).toEqual([]);
    expect(Object.keys(REST).filter((r) => !restRoutes.includes(r))).toEqual([]);
    expect(Object.keys(UNDECLARED_REST).filter((r) => !restRoutes.includes(r))).toEqual([]);
  });
  it('every tRPC procedure is declared, and every declaration with a tRPC door is a procedure', () => {
    expect(procedures.filter((p) => procedureAccess(p.path) === undefined).map((p) => p.path)).toEqual([]);
    expect([...PROCEDURE_ACCESS.keys()].filter((path) => !procedures.some((p) => p.path === path))).toEqual([]);
  });
});

describe('REST: each route refuses every caller below its role', () => {
  it.each(Object.entries({ ...REST, ...UNDECLARED_REST }))('%s is %s', async (route, access) => {
    const statuses = {} as Record<Caller, number>;
    for (const who of CALLERS) statuses[who] = await restStatus(route, who);
    expectAccess(access, statuses);
  });
});

describe('tRPC: each procedure refuses every caller below its role', () => {
  it.each(procedures.map((p) => [p.path, p.type] as const))('%s (%s)', async (path, kind) => {
    const statuses = {} as Record<Caller, number>;
    for (const who of CALLERS) statuses[who] = await procStatus(path, kind, who);
    expectAccess(procedureAccess(path)!, statuses);
  });
});

describe('no answer a staff member can read carries a secret', () => {
  it('every GET route and query a staff token may call leaves out the signing secret, refresh tokens, password hashes and reset tokens', async () => {
    const customer = await createCustomer(t);
    expect(
      (await t.request('/api/users/forgot-password', { method: 'POST', json: { email: customer.email } })).status,
    ).toBe(202);
    const resetHashes = (await t.db.selectFrom('password_reset_tokens').select('token_hash').execute()).map(
      (r) => r.token_hash,
    );
    const hashes = (await t.db.selectFrom('users').select('password_hash').execute()).flatMap((r) =>
      r.password_hash ? [r.password_hash] : [],
    );
    const refreshHashes = (await t.db.selectFrom('refresh_tokens').selectAll().execute()).map((r) => JSON.stringify(r));
    const keys = Object.values(t.config.keys).flatMap((k: Buffer) => [
      k.toString('base64'),
      k.toString('base64url'),
      k.toString('hex'),
    ]);
    const secrets = [TEST_JWT_SECRET, ...keys, customer.refreshToken, ...resetHashes, ...hashes];
    expect(resetHashes.length).toBeGreaterThan(0);

    const bodies: string[] = [];
    for (const [route, access] of Object.entries(REST)) {
      if (!route.startsWith('GET ') || access === 'admin') continue;
      const path = route
        .slice(4)
        .replace(/:userId/g, String(userIds.staff))
        .replace(/:[A-Za-z]+/g, '1')
        .replace('*', 'x.jpg');
      bodies.push(await (await t.request(path, { token: tokens.staff })).text());
    }
    for (const p of procedures) {
      if (p.type !== 'query' || procedureAccess(p.path) === 'admin') continue;
      for (const input of [{}, { id: 1 }])
        bodies.push(
          JSON.stringify(
            (await trpcCall((q, init) => Promise.resolve(t.request(q, init)), p.path, 'query', input, tokens.staff))
              .data ?? null,
          ),
        );
    }
    const seen = bodies.join('\n');
    for (const secret of secrets)
      expect(seen.includes(secret), `a staff answer holds ${secret.slice(0, 12)}…`).toBe(false);
    expect(refreshHashes.length).toBeGreaterThan(0);
    expect(seen).not.toMatch(/\$argon2|token_hash|password_hash|reset-password\?token=/);
  });
});
