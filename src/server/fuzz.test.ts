// Generated inputs against EVERY REST route and EVERY tRPC procedure (enumerated from the app and the router),
// as anonymous, customer and staff: malformed bodies, queries, path segments and headers. Asserts no 5xx, the
// error shape on errors, and that a refused request wrote nothing. Fixed seed; FUZZ_RUNS=N for a longer run.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, MAX_JSON_DEPTH, type LimitTable } from './http/limits';
import { createTestApp, type TestApp } from './testing/app';
import { createCustomer, createStaff } from './testing/auth';
import { createCountry, createProduct } from './testing/factories';
import { appRouter } from './trpc/root';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
// Generous per-test time limits: a timed-out property would keep sending requests in the background and
// disturb the next test's row counts.
const PROPERTY_TIMEOUT = 60_000 + RUNS * 200;

/** Tables whose row counts must not move when a request is refused. */
const TABLES = [
  'users',
  'refresh_tokens',
  'social_accounts',
  'products',
  'product_variants',
  'product_images',
  'categories',
  'colors',
  'sizes',
  'events',
  'countries',
  'wishlist_items',
  'cart_items',
  'product_discounts',
  'promo_codes',
  'orders',
  'order_details',
  'contact_messages',
] as const;

let t: TestApp;
const tokens: Record<'anonymous' | 'customer' | 'staff', string | undefined> = {
  anonymous: undefined,
  customer: undefined,
  staff: undefined,
};
let restRoutes: Array<{ method: string; path: string }> = [];
const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: 'query' | 'mutation' | 'subscription' } }>,
).map(([path, p]) => ({
  path,
  type: p._def.type,
}));
const stats = { requests: 0, byStatus: new Map<number, number>() };

beforeAll(async () => {
  // Generous limits so the generated calls reach the handlers instead of stopping at 429 (429 is allowed too).
  const roomy = Object.fromEntries(
    Object.keys(DEFAULT_LIMITS).map((n) => [n, { points: 1_000_000, windowSeconds: 60, key: 'address' }]),
  ) as unknown as LimitTable;
  t = await createTestApp({ rateLimits: roomy });
  await createCountry(t.db, { shippingCents: 300 });
  for (let i = 0; i < 3; i++)
    await createProduct(t.db, { priceCents: 1500 + i, variants: [{ stock: 5 }, { stock: 0 }] });
  tokens.customer = (await createCustomer(t)).token;
  tokens.staff = (await createStaff(t)).token;
  restRoutes = t.app.routes
    .filter(
      (r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.startsWith('/api/trpc') && r.path !== '/api/*',
    )
    .map((r) => ({ method: r.method, path: r.path }))
    .filter((r, i, all) => all.findIndex((o) => o.method === r.method && o.path === r.path) === i);
});
afterAll(async () => {
  console.log(
    `[fuzz] ${stats.requests} requests, statuses ${JSON.stringify(Object.fromEntries([...stats.byStatus].sort()))}, seed ${SEED}, runs ${RUNS}`,
  );
  await t.db.destroy();
});

/** Every table's row count in one statement (a round trip per table, twice a request, was most of a PostgreSQL run). */
async function counts(): Promise<Record<string, number>> {
  const columns = TABLES.map((table) => sql`(SELECT count(*) FROM ${sql.table(table)}) AS ${sql.id(table)}`);
  const { rows } = await sql<Record<string, number | string>>`SELECT ${sql.join(columns)}`.execute(t.db);
  const out = Object.fromEntries(TABLES.map((table) => [table, Number(rows[0]![table])]));
  expect(Object.values(out).every(Number.isInteger), JSON.stringify(out)).toBe(true);
  return out;
}

// ---- generators -------------------------------------------------------------------------------------------

/** Path segments as they appear in the raw URL (already "encoded", possibly malformed). */
const oddSegment = fc.oneof(
  fc.constantFrom(
    '1',
    '2',
    '3',
    '+1',
    '%201',
    '1%20',
    ' 1',
    '0x10',
    '1e3',
    '1.0',
    '-0',
    '-1',
    '0',
    '00',
    '01',
    '9999999999999999999',
    '2147483648',
    'NaN',
    'Infinity',
    'abc',
    '%ff',
    '%E0%A4%A',
    '%',
    '%%',
    '%00',
    '..%2f..%2fetc',
    '%2e%2e',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '%F0%9F%98%80',
    'ë',
    '１',
  ),
  fc.string({ maxLength: 12 }).map((s) => encodeURIComponent(s)),
  fc.integer({ min: -5, max: 100 }).map(String),
);

const oddScalar = fc.oneof(
  fc.constantFrom<unknown>(
    '',
    ' ',
    '+1',
    ' 1',
    '0x10',
    '1e3',
    '-0',
    '1.0',
    'true',
    '[]',
    null,
    true,
    false,
    0,
    -1,
    1.5,
    1e308,
    -0,
    2 ** 31,
    'ë'.repeat(300),
    '<script>',
  ),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 40 }),
);

const FIELD_NAMES = [
  'id',
  'email',
  'password',
  'firstName',
  'lastName',
  'phoneNumber',
  'name',
  'phone',
  'message',
  'code',
  'promoCode',
  'customerDetails',
  'cartItems',
  'items',
  'productVariantId',
  'quantity',
  'countryID',
  'shipping',
  'price',
  'stockQuantity',
  'roleID',
  'categoryID',
  'productID',
  'provider',
  'idToken',
  'orderId',
  'guestId',
  'page',
  'pageSize',
  'search',
  'status',
  'discountID',
  'percentage',
  'startDate',
  'endDate',
  'variants',
  'colors',
  'sizeID',
  'colorID',
  'hex',
  'userID',
  'aboutMe',
  'isFeatured',
  'productIds',
  'idempotencyKey',
  'cartItemId',
  'mainCategoryID',
  'description',
];

const oddBodyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    oddScalar,
    tie('object'),
    fc.array(tie('value'), { maxLength: 3 }),
  ),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 8 })), tie('value'), {
    maxKeys: 6,
  }),
})).value;

/** Raw request bodies: JSON of odd values, or text that is not JSON at all. */
const rawBody = fc.oneof(
  oddBodyValue.map((v) => JSON.stringify(v) ?? 'null'),
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    'null',
    '[]',
    '"x"',
    '1',
    'true',
    '\u0000',
    '{"customerDetails":5}',
    '{"customerDetails":null,"cartItems":"x"}',
    '%ff',
  ),
  fc.string({ maxLength: 60 }),
);

/** JSON nested past the depth bound (decision 206), up to 20 000 levels: brackets, objects, or both in turn. */
const deepJson = fc
  .record({
    depth: fc.integer({ min: MAX_JSON_DEPTH + 1, max: 20_000 }),
    shape: fc.constantFrom('arrays', 'objects', 'mixed'),
    key: fc.constantFrom(...FIELD_NAMES),
  })
  .map(({ depth, shape, key }) => {
    if (shape === 'arrays') return `${'['.repeat(depth)}${']'.repeat(depth)}`;
    if (shape === 'objects') return `${`{"${key}":`.repeat(depth)}1${'}'.repeat(depth)}`;
    const half = Math.ceil(depth / 2);
    return `${`{"${key}":[`.repeat(half)}null${']}'.repeat(half)}`;
  });

/** Where deep JSON sits in a tRPC input: superjson's meta (values, referential equalities) or the json itself. */
const deepTrpcInput = fc
  .tuple(deepJson, fc.constantFrom('values', 'referentialEqualities', 'json'), oddBodyValue)
  .map(([deep, place, json]) =>
    place === 'json' ? `{"json":${deep}}` : `{"json":${JSON.stringify(json) ?? 'null'},"meta":{"${place}":${deep}}}`,
  );

const oddQuery = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.constantFrom('%ff', '%', 'a[b]', '')),
      fc.oneof(oddSegment, fc.constantFrom('', '%ff', '%E0%A4%A')),
    ),
    {
      maxLength: 4,
    },
  )
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));

const role = fc.constantFrom<'anonymous' | 'customer' | 'staff'>('anonymous', 'customer', 'staff');

const oddHeaders = fc.record(
  {
    contentType: fc.constantFrom(
      'application/json',
      'text/plain',
      'multipart/form-data; boundary=x',
      'multipart/form-data',
      'application/x-www-form-urlencoded',
      '',
    ),
    authorization: fc.constantFrom<string | undefined>(
      undefined,
      undefined,
      'Bearer',
      'Bearer x.y.z',
      'Basic Zm9vOmJhcg==',
      'Bearer eyJhbGciOiJub25lIn0.e30.',
    ),
    cookie: fc.constantFrom<string | undefined>(
      undefined,
      'RefreshToken=',
      'RefreshToken=%ff',
      `RefreshToken=${'a'.repeat(300)}`,
    ),
    idempotencyKey: fc.constantFrom<string | undefined>(undefined, '', ' ', 'k'.repeat(500), 'bad key ë'),
    forwardedFor: fc.constantFrom<string | undefined>(undefined, 'garbage', '1.2.3.4, 5.6.7.8', '::1'),
  },
  { requiredKeys: [] },
);

function fillPath(pattern: string, segments: string[]): string {
  let i = 0;
  return pattern
    .split('/')
    .map((part) => (part.startsWith(':') || part === '*' ? (segments[i++ % segments.length] ?? '1') : part))
    .join('/');
}

type Headers = {
  contentType?: string;
  authorization?: string;
  cookie?: string;
  idempotencyKey?: string;
  forwardedFor?: string;
};

function buildHeaders(who: keyof typeof tokens, h: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  if (h.contentType) out['content-type'] = h.contentType;
  const token = tokens[who];
  if (token) out.authorization = `Bearer ${token}`;
  else if (h.authorization) out.authorization = h.authorization;
  if (h.cookie) out.cookie = h.cookie;
  if (h.idempotencyKey !== undefined) out['idempotency-key'] = h.idempotencyKey;
  if (h.forwardedFor) out['x-forwarded-for'] = h.forwardedFor;
  return out;
}

/** Sends one request and checks the invariants; returns the status, throws (for fast-check) on a violation. */
async function check(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  kind: 'rest' | 'trpc',
): Promise<number> {
  const before = await counts();
  const res = await t.app.request(url, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : body,
  });
  stats.requests += 1;
  stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
  const text = await res.text();
  const where = `${method} ${url.slice(0, 200)} body=${(body ?? '').slice(0, 200)} -> ${res.status} ${text.slice(0, 300)}`;
  expect(res.status, where).toBeLessThan(500);
  // A stack overflow must never be what answers (decision 206), whatever the status.
  expect(text, where).not.toMatch(/call stack/i);
  if (res.status >= 400) {
    if (kind === 'rest') expect(res.headers.get('content-type') ?? '', where).toContain('application/json');
    const parsed = JSON.parse(text) as Record<string, unknown>;
    if (kind === 'rest' || 'Message' in parsed) {
      expect(parsed, where).toMatchObject({ Message: expect.any(String), code: expect.any(String) });
    } else {
      // tRPC's envelope (superjson), single or batched, with our formatter's fields.
      const first = (
        Array.isArray(parsed) ? parsed.find((p) => p && typeof p === 'object' && 'error' in p) : parsed
      ) as { error?: { json?: Record<string, unknown> } };
      expect(first?.error?.json, where).toMatchObject({
        message: expect.any(String),
        code: expect.any(Number),
        data: { code: expect.any(String) },
      });
    }
    if (res.status === 429) expect(res.headers.get('retry-after'), where).toMatch(/^\d+$/);
    expect(await counts(), `nothing written: ${where}`).toEqual(before);
  }
  return res.status;
}

// ---- properties -------------------------------------------------------------------------------------------

describe('generated inputs (fast-check)', () => {
  it(
    'every REST route, as every role, with odd path segments, queries, bodies and headers: no 5xx, error shape, nothing written when refused',
    async () => {
      expect(restRoutes.length).toBeGreaterThan(40);
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: restRoutes.length - 1 }),
          role,
          fc.array(oddSegment, { minLength: 1, maxLength: 3 }),
          oddQuery,
          rawBody,
          oddHeaders,
          async (index, who, segments, query, body, h) => {
            const route = restRoutes[index]!;
            const url = `${fillPath(route.path, segments)}${query ? `?${query}` : ''}`;
            await check(route.method, url, buildHeaders(who, h), body, 'rest');
          },
        ),
        { numRuns: RUNS * 2, seed: SEED },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'every tRPC procedure, as every role, with odd inputs (query string or body, batched or not)',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: procedures.length - 1 }),
          role,
          fc.oneof(
            oddBodyValue.map((v) => JSON.stringify({ json: v }) ?? ''),
            rawBody,
          ),
          fc.boolean(),
          oddHeaders,
          async (index, who, input, batched, h) => {
            const proc = procedures[index]!;
            const method = proc.type === 'query' ? 'GET' : 'POST';
            const headers = buildHeaders(who, {
              ...h,
              contentType: method === 'POST' ? 'application/json' : h.contentType,
            });
            const base = `/api/trpc/${proc.path}`;
            if (method === 'GET') {
              const payload = batched ? `{"0":${input || 'null'}}` : input;
              const url = `${base}?${batched ? 'batch=1&' : ''}input=${encodeURIComponent(payload)}`;
              await check('GET', url, headers, undefined, 'trpc');
            } else {
              await check(
                'POST',
                `${base}${batched ? '?batch=1' : ''}`,
                headers,
                batched ? `{"0":${input || 'null'}}` : input,
                'trpc',
              );
            }
          },
        ),
        { numRuns: RUNS * 2, seed: SEED },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'deeply nested JSON on every tRPC procedure (superjson meta or json, GET or POST, batched or not) and every REST JSON route: no stack overflow, no 5xx',
    async () => {
      const jsonRoutes = restRoutes.filter((r) => r.method === 'POST' || r.method === 'PUT' || r.method === 'PATCH');
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: procedures.length - 1 }),
          fc.integer({ min: 0, max: jsonRoutes.length - 1 }),
          role,
          deepTrpcInput,
          deepJson,
          fc.boolean(),
          async (index, routeIndex, who, input, deep, batched) => {
            const proc = procedures[index]!;
            const headers = buildHeaders(who, { contentType: 'application/json' });
            const payload = batched ? `{"0":${input}}` : input;
            const base = `/api/trpc/${proc.path}${batched ? '?batch=1' : ''}`;
            const trpc =
              proc.type === 'query' ? `${base}${batched ? '&' : '?'}input=${encodeURIComponent(payload)}` : base;
            // Refused before the call runs, whoever asks (decision 206).
            expect(await check(proc.type === 'query' ? 'GET' : 'POST', trpc, headers, payload, 'trpc')).toBe(400);
            const route = jsonRoutes[routeIndex]!;
            await check(route.method, fillPath(route.path, ['1']), headers, `{"${proc.path}":${deep}}`, 'rest');
          },
        ),
        { numRuns: Math.ceil(RUNS / 3), seed: SEED },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it('sweeps every REST route and every tRPC procedure once per role with the odd ids and malformed escapes', async () => {
    const odd = ['+1', ' 1', '0x10', '1e3', '-0', '%ff', '%E0%A4%A', '%'];
    for (const who of ['anonymous', 'customer', 'staff'] as const) {
      for (const route of restRoutes) {
        for (const seg of route.path.includes(':') || route.path.includes('*') ? odd : ['']) {
          const url = fillPath(route.path, [seg === ' 1' ? '%201' : seg]);
          await check(
            route.method,
            url,
            buildHeaders(who, { contentType: 'application/json' }),
            JSON.stringify({ id: seg, customerDetails: 5, quantity: '0x10' }),
            'rest',
          );
        }
      }
      for (const proc of procedures) {
        const input = JSON.stringify({
          json: { id: '+1', orderId: '0x10', productVariantId: '1e3', quantity: -0, code: '%ff', page: '1.0' },
        });
        if (proc.type === 'query')
          await check(
            'GET',
            `/api/trpc/${proc.path}?input=${encodeURIComponent(input)}`,
            buildHeaders(who, {}),
            undefined,
            'trpc',
          );
        else
          await check(
            'POST',
            `/api/trpc/${proc.path}`,
            buildHeaders(who, { contentType: 'application/json' }),
            input,
            'trpc',
          );
      }
    }
  }, 120_000);

  it('malformed percent-encoding in non-API paths answers 400 or 404, never 500', async () => {
    for (const path of [
      '/assets/%ff',
      '/images/%E0%A4%A',
      '/api/Product/%ff',
      '/productDetails/%',
      '/%',
      '/assets/%2e%2e%2fpackage.json',
      '/favicon.svg%ff',
    ]) {
      const res = await t.app.request(path);
      expect([400, 404], `${path} -> ${res.status}`).toContain(res.status);
    }
  });
});
