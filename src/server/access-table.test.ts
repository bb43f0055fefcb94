// Who may call what (issue 22, decision 208): every REST route and every tRPC procedure of the app, enumerated from
// the code, is listed below with the least role that may call it. A route or procedure missing from the table
// fails, so a new one must be classified. Each row is its own test, played through the real app as anonymous, a
// customer, a staff member and an administrator: an administrator-only row refuses a staff token (403), a staff
// row refuses a customer (403), anything but a public row refuses an anonymous caller (401).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type LimitTable } from './http/limits';
import { createTestApp, type TestApp } from './testing/app';
import { createAdmin, createCustomer, createStaff } from './testing/auth';
import { trpcCall } from './testing/trpc';
import { appRouter } from './trpc/root';

type Access = 'public' | 'signedIn' | 'staff' | 'admin';

/** The least role for each REST route ("METHOD /path"), as decision 208's table states it. */
const REST: Record<string, Access> = {
  'GET /api/Product': 'public',
  'GET /api/Product/homepage': 'public',
  'GET /api/Product/related': 'public',
  'GET /api/Product/filters': 'public',
  'GET /api/Product/variants/:variantId': 'public',
  'GET /api/Product/color/filtered': 'public',
  'GET /api/Product/:id': 'public',
  'GET /api/Category': 'public',
  'GET /api/Category/filter': 'public',
  'GET /api/Category/:id': 'public',
  'GET /api/MainCategories': 'public',
  'GET /api/Size': 'public',
  'GET /api/Event': 'public',
  'GET /api/Color': 'public',
  'GET /api/Color/color/with-count': 'public',
  'GET /api/countries': 'public',
  'POST /api/Contact': 'public',
  'POST /api/users/register': 'public',
  'POST /api/users/forgot-password': 'public',
  'POST /api/users/reset-password': 'public',
  'POST /api/users/login': 'public',
  'POST /api/users/social-login': 'public',
  'POST /api/users/refresh-token': 'public',
  'POST /api/users/logout': 'public',
  'GET /api/users/providers': 'public',
  'GET /api/Promo/validate': 'public',
  'POST /api/orders/checkout': 'public',
  'GET /api/orders/checkout/:id': 'public',
  'POST /api/orders/track': 'public',
  'GET /api/Product/images/*': 'public',

  'GET /api/users/profile': 'signedIn',
  'PUT /api/users/profile': 'signedIn',
  'GET /api/wishlist/user/:userId': 'signedIn',
  'POST /api/wishlist/add': 'signedIn',
  'DELETE /api/wishlist/remove/:userId/:productId': 'signedIn',
  'GET /api/cartitems': 'signedIn',
  'POST /api/cartitems': 'signedIn',
  'DELETE /api/cartitems/:id': 'signedIn',
  'GET /api/users/orders': 'signedIn',

  'GET /api/Product/export.csv': 'staff',
  'POST /api/Product/import': 'staff',
  'POST /api/Product': 'staff',
  'PUT /api/Product/:id/Details': 'staff',
  'POST /api/Product/:id/Variants': 'staff',
  'PUT /api/Product/:id/Variants': 'staff',
  'PUT /api/Product/:id/Feature': 'staff',
  'DELETE /api/Product/:id': 'staff',
  'POST /api/Product/:id/Images': 'staff',
  'DELETE /api/Product/:id/Images/:fileName': 'staff',
  'POST /api/Category': 'staff',
  'PUT /api/Category/:id': 'staff',
  'PUT /api/Category': 'staff',
  'DELETE /api/Category/:id': 'staff',
  'POST /api/Color/detect-colors': 'staff',
  'POST /api/Color': 'staff',
  'DELETE /api/Color/:id': 'staff',
  'GET /api/Size/:id': 'staff',
  'POST /api/Size': 'staff',
  'PUT /api/Size/:id': 'staff',
  'DELETE /api/Size/:id': 'staff',
  'GET /api/Event/:id': 'staff',
  'POST /api/Event': 'staff',
  'PUT /api/Event/:id': 'staff',
  'DELETE /api/Event/:id': 'staff',
  'GET /api/Countries': 'staff',
  'GET /api/Countries/:id': 'staff',
  'POST /api/Countries': 'staff',
  'PUT /api/Countries/:id': 'staff',
  'DELETE /api/Countries/:id': 'staff',
  'GET /api/Contact': 'staff',
  'PUT /api/Contact/mark-replied/:id': 'staff',
  'DELETE /api/Contact/:id': 'staff',
  'GET /api/Emails': 'staff',
  'GET /api/Emails/:id': 'staff',
  'POST /api/Emails/:id/resend': 'staff',
  'GET /api/Roles/roles': 'staff',
  'GET /api/ProductDiscount': 'staff',
  'POST /api/ProductDiscount': 'staff',
  'GET /api/ProductDiscount/:id': 'staff',
  'PUT /api/ProductDiscount/:id': 'staff',
  'DELETE /api/ProductDiscount/:id': 'staff',
  'GET /api/Promo': 'staff',
  'POST /api/Promo': 'staff',
  'GET /api/Promo/:id': 'staff',
  'DELETE /api/Promo/:id': 'staff',
  'PUT /api/PromoCodeDiscount/:id': 'staff',
  'GET /api/Orders': 'staff',
  'GET /api/Orders/export.csv': 'staff',
  'PUT /api/Orders/UpdateStatus/:id': 'staff',
  'PUT /api/Orders/:id/Cancel': 'staff',
  'PUT /api/Orders/:id/Return': 'staff',
  'GET /api/Orders/:id': 'staff',
  'DELETE /api/Orders/:id': 'staff',
  'GET /api/Overview': 'staff',

  'GET /api/Users': 'admin',
  'POST /api/Users/register': 'admin',
  'GET /api/Users/:id': 'admin',
  'PUT /api/Users/:id': 'admin',
  'DELETE /api/Users/:id': 'admin',
};

const publicGroups = ['catalog.'];
const PUBLIC_PROCS = [
  'contact.send',
  'accounts.providers',
  'accounts.register',
  'accounts.login',
  'accounts.socialLogin',
  'accounts.refreshToken',
  'accounts.logout',
  'accounts.forgotPassword',
  'accounts.resetPassword',
  'checkout.quote',
  'checkout.validatePromo',
  'checkout.placeOrder',
  'checkout.order',
  'myOrders.track',
];
const SIGNED_IN_PROCS = ['accounts.profile', 'accounts.updateProfile', 'myOrders.page'];
const signedInGroups = ['wishlist.', 'cart.'];
const staffGroups = ['catalogAdmin.', 'discounts.', 'orders.', 'overview.', 'mail.'];
const STAFF_PROCS = ['contact.list', 'contact.page', 'contact.markReplied', 'contact.remove', 'accounts.roles'];
const adminGroups = ['users.'];

/** The least role for a tRPC procedure, by its group or its name (decision 208). */
function procedureAccess(path: string): Access | undefined {
  const inGroup = (groups: string[]) => groups.some((g) => path.startsWith(g));
  if (inGroup(adminGroups)) return 'admin';
  if (inGroup(staffGroups) || STAFF_PROCS.includes(path)) return 'staff';
  if (inGroup(signedInGroups) || SIGNED_IN_PROCS.includes(path)) return 'signedIn';
  if (inGroup(publicGroups) || PUBLIC_PROCS.includes(path)) return 'public';
  return undefined;
}

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
    expect(restRoutes.filter((r) => !(r in REST))).toEqual([]);
    expect(Object.keys(REST).filter((r) => !restRoutes.includes(r))).toEqual([]);
  });
  it('every tRPC procedure is classified', () => {
    expect(procedures.filter((p) => procedureAccess(p.path) === undefined).map((p) => p.path)).toEqual([]);
  });
});

describe('REST: each route refuses every caller below its role', () => {
  it.each(Object.entries(REST))('%s is %s', async (route, access) => {
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
    const secrets = [t.config.jwtSecret, customer.refreshToken, ...resetHashes, ...hashes];
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
