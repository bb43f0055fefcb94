// Ids, money and stock accept only their canonical forms (docs/decisions/130): generated odd forms are refused on
// every REST route that takes an id in its path, on the id queries and bodies, and on money/stock bodies, with nothing written.
import { beforeAll, describe, expect, it } from 'vitest';
import { countSchema, idSchema, moneySchema, parseCount, parseEuros, parseId } from '#shared/schemas/numbers';
import { createAdmin, createCustomer } from '../testing/auth';
import { createTestApp, type TestApp } from '../testing/app';
import { DEFAULT_LIMITS, type LimitTable } from './limits';
import { createCountry, createProduct } from '../testing/factories';

/** Odd spellings of a valid id `n`: every one must be refused. */
function oddIdForms(n: number): string[] {
  const s = String(n);
  return [
    `+${s}`,
    ` ${s}`,
    `${s} `,
    `\t${s}`,
    `${s}\n`,
    `0${s}`,
    `00${s}`,
    `${s}.0`,
    `${s}.`,
    `${s}e0`,
    `${s}E0`,
    `0x${n.toString(16)}`,
    `0o${n.toString(8)}`,
    `0b${n.toString(2)}`,
    `${s}_0`.slice(0, s.length + 2),
    `-${s}`,
    `${s},0`,
    `１`.repeat(s.length),
    `${s}n`,
    `${s}abc`,
    `${s}/`.slice(0, -1) + '%',
    'Infinity',
    'NaN',
    'null',
    'true',
    '',
  ];
}
const ALWAYS_BAD_IDS = ['0', '-0', '00', '0.0', '1e3', '1.0', '0x10', '2147483648', '99999999999', '-1', ' ', '+0'];
const NON_STRING_BAD = [
  true,
  false,
  [],
  [1],
  {},
  null,
  1.5,
  -1,
  0,
  -0,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  2 ** 31,
  2 ** 53,
];

describe('the shared schemas', () => {
  it('accept canonical ids as numbers and as decimal text', () => {
    for (const n of [1, 7, 10, 42, 999, 123456, 2 ** 31 - 1]) {
      expect(parseId(n)).toBe(n);
      expect(parseId(String(n))).toBe(n);
      expect(idSchema().parse(String(n))).toBe(n);
    }
  });

  it('refuse every odd id form, generated from many ids', () => {
    for (const n of [1, 2, 9, 10, 16, 255, 1000, 65535, 2 ** 31 - 1]) {
      for (const form of oddIdForms(n)) expect(parseId(form), JSON.stringify(form)).toBeNull();
    }
    for (const v of [...ALWAYS_BAD_IDS, ...NON_STRING_BAD]) {
      expect(parseId(v), String(v)).toBeNull();
      expect(idSchema().safeParse(v).success).toBe(false);
    }
  });

  it('money: numbers and plain decimal text, never hex, booleans, arrays or blanks', () => {
    expect(parseEuros(16)).toBe(16);
    expect(parseEuros(0)).toBe(0);
    expect(parseEuros(2.5)).toBe(2.5);
    expect(parseEuros('2.50')).toBe(2.5);
    expect(parseEuros('2,5')).toBe(2.5);
    expect(parseEuros('16')).toBe(16);
    for (const bad of [
      '0x10',
      '1e3',
      '+5',
      '-5',
      '5.001',
      '05',
      '.5',
      '5.',
      ' ',
      '',
      'Infinity',
      '1_000',
      true,
      false,
      [],
      [5],
      {},
      null,
      -1,
      2.345,
      Number.NaN,
      1_000_001,
      -0,
    ])
      expect(parseEuros(bad), JSON.stringify(bad)).toBeNull();
    expect(moneySchema('req', 'bad').safeParse(' ').error?.issues[0]?.message).toBe('req');
    expect(moneySchema('req', 'bad').safeParse('0x10').error?.issues[0]?.message).toBe('bad');
  });

  it('counts (stock): whole non-negative numbers or their decimal text', () => {
    expect(parseCount(0)).toBe(0);
    expect(parseCount('0')).toBe(0);
    expect(parseCount('12')).toBe(12);
    for (const bad of ['0x10', '1e3', '+5', '-5', '1.0', '05', ' 5', '', true, [], null, -1, 1.5, -0, 1_000_001])
      expect(parseCount(bad), JSON.stringify(bad)).toBeNull();
    expect(countSchema('bad').safeParse('0x10').success).toBe(false);
  });
});

describe('over REST', () => {
  let t: TestApp;
  let admin: { userId: number; token: string };
  let customer: { userId: number; token: string };
  const counts = async () => {
    const tables = [
      'users',
      'products',
      'product_variants',
      'orders',
      'countries',
      'categories',
      'sizes',
      'events',
      'colors',
      'contact_messages',
      'product_discounts',
      'promo_codes',
      'cart_items',
      'wishlist_items',
    ] as const;
    const out: Record<string, number> = {};
    for (const table of tables) {
      const row = await t.db
        .selectFrom(table as any)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      out[table] = Number(row.n);
    }
    return out;
  };

  beforeAll(async () => {
    // This test is about parsing, not abuse limits: every per-address limit is raised out of the way.
    const unlimited = Object.fromEntries(
      Object.entries(DEFAULT_LIMITS).map(([k, v]) => [k, { ...v, points: 1_000_000 }]),
    ) as LimitTable;
    t = await createTestApp({ rateLimits: unlimited });
    admin = await createAdmin(t);
    customer = await createCustomer(t);
    await createProduct(t.db, { priceCents: 1000 });
  });

  it('every route with an id in its path answers 400 to every odd form, and changes nothing', async () => {
    const routes = [
      ...new Set(
        t.app.routes
          .filter((r) => r.method !== 'ALL' && /:(\w*[iI][dD])\b/.test(r.path))
          .map((r) => `${r.method} ${r.path}`),
      ),
    ];
    expect(routes.length).toBeGreaterThan(30);
    const before = await counts();
    let checked = 0;
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!).filter((p) => /id$/i.test(p));
      for (const param of params) {
        for (const form of [...oddIdForms(1), ...ALWAYS_BAD_IDS]) {
          const url = path.replace(/:(\w+)/g, (_, name: string) =>
            name === param ? encodeURIComponent(form) : name === 'fileName' ? 'x.webp' : '1',
          );
          const token =
            path.startsWith('/api/cartitems') || path.startsWith('/api/wishlist') ? customer.token : admin.token;
          const r = await t.request(url, {
            method,
            token,
            json: method === 'GET' || method === 'DELETE' ? undefined : {},
          });
          // An empty segment ('' / trailing spaces trimmed by URL rules) may fall to another route: 404/405 also refuse.
          if (form === '') expect([400, 404, 405], `${method} ${url}`).toContain(r.status);
          else expect(r.status, `${method} ${url}`).toBe(400);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(await counts()).toEqual(before);
    // Every route with an id (over 100 since issues 27 and 28) times every odd form: a minute on a loaded runner.
  }, 120_000);

  it('DELETE /api/Users/+1 no longer deletes user 1', async () => {
    const r = await t.request(`/api/Users/${encodeURIComponent('+' + admin.userId)}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(r.status).toBe(400);
    expect((await r.json()) as any).toMatchObject({ code: 'BAD_REQUEST' });
    expect(
      await t.db.selectFrom('users').select('user_id').where('user_id', '=', admin.userId).executeTakeFirst(),
    ).toBeDefined();
  });

  it('id queries of the catalogue refuse odd forms', async () => {
    for (const form of [...oddIdForms(1).filter((f) => f !== ''), ...ALWAYS_BAD_IDS.filter((f) => f.trim() !== '')]) {
      const q = encodeURIComponent(form);
      for (const url of [
        `/api/Product/filters?mainCategoryID=1&categoryID=${q}`,
        `/api/Product/filters?mainCategoryID=${q}`,
        `/api/Product/filters?mainCategoryID=1&colorID=${q}`,
        `/api/Product/related?categoryId=${q}`,
        `/api/Product/related?sizeIds=2,${q}`,
      ]) {
        const r = await t.request(url);
        expect(r.status, url).toBe(400);
      }
    }
    expect((await t.request('/api/Product/filters?mainCategoryID=1&categoryID=1')).status).toBe(200);
  });

  it('id bodies (cart line, checkout variant/country, category edit, user role) refuse odd forms', async () => {
    const country = await createCountry(t.db, { shippingCents: 300 });
    const before = await counts();
    for (const form of [...oddIdForms(1), ...ALWAYS_BAD_IDS, ...NON_STRING_BAD]) {
      const bodies: Array<[string, string, unknown, string?]> = [
        ['POST', '/api/cartitems', { productVariantId: form, quantity: 1 }, customer.token],
        [
          'POST',
          '/api/orders/checkout',
          {
            customerDetails: {
              email: 'a@example.com',
              firstName: 'A',
              lastName: 'B',
              phoneNumber: '044111222',
              countryID: form,
              city: 'P',
              address: 'R',
              zipCode: '10000',
            },
            cartItems: [{ productVariantId: 1, quantity: 1 }],
          },
        ],
        [
          'POST',
          '/api/orders/checkout',
          {
            customerDetails: {
              email: 'a@example.com',
              firstName: 'A',
              lastName: 'B',
              phoneNumber: '044111222',
              countryID: country,
              city: 'P',
              address: 'R',
              zipCode: '10000',
            },
            cartItems: [{ productVariantId: form, quantity: 1 }],
          },
        ],
        [
          'PUT',
          '/api/Category',
          { categoryID: form, categoryName: 'X', description: 'Y', mainCategoryID: 1 },
          admin.token,
        ],
        [
          'POST',
          '/api/Users/register',
          {
            firstName: 'Ana',
            lastName: 'Berisha',
            email: `x${Math.random()}@example.com`.replace('0.', ''),
            phoneNumber: '044111222',
            password: 'Fjalekalim#1',
            roleID: form,
          },
          admin.token,
        ],
      ];
      for (const [method, url, json, token] of bodies) {
        const r = await t.request(url, { method, json, token });
        expect(r.status, `${method} ${url} ${JSON.stringify(form)}`).toBe(400);
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('money and stock bodies refuse hex, booleans, arrays and blanks (JSON and multipart)', async () => {
    const before = await counts();
    const bad: unknown[] = ['0x10', '1e1', true, [], [16], ' ', '', null, {}, -1, '16 EUR', '1.600', '+16', Number.NaN];
    for (const v of bad) {
      const r = await t.request('/api/Countries', {
        method: 'POST',
        token: admin.token,
        json: { countryName: `Vendi ${String(v)}`, shippingPrice: v },
      });
      expect(r.status, `shippingPrice ${JSON.stringify(v)}`).toBe(400);
      const p = await t.request('/api/Product', {
        method: 'POST',
        token: admin.token,
        json: { name: 'Fustan', categoryID: 1, price: v },
      });
      expect(p.status, `price ${JSON.stringify(v)}`).toBe(400);
      const product = await t.db.selectFrom('products').select('product_id').executeTakeFirstOrThrow();
      const s = await t.request(`/api/Product/${product.product_id}/Variants`, {
        method: 'POST',
        token: admin.token,
        json: [{ sizeID: 1, colorID: 1, stockQuantity: v }],
      });
      expect(s.status, `stockQuantity ${JSON.stringify(v)}`).toBe(400);
    }
    for (const v of ['0x10', '1e1', ' ', 'true', '+16', '16,001']) {
      const form = new FormData();
      form.set('name', 'Fustan');
      form.set('categoryID', '1');
      form.set('price', v);
      const r = await t.app.request('/api/Product', {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(r.status, `multipart price ${JSON.stringify(v)}`).toBe(400);
    }
    expect(await counts()).toEqual(before);
    // The canonical forms still work: a JSON number, and plain decimal text in a form.
    const ok = await t.request('/api/Countries', {
      method: 'POST',
      token: admin.token,
      json: { countryName: 'Shqipëri', shippingPrice: 16 },
    });
    expect(ok.status).toBeLessThan(300);
    expect(JSON.stringify(await ok.json())).toContain('16');
  });
});
