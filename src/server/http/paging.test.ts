// Paging of staff lists (decision 134), with generated inputs: the paging fields' bounds on both doors, pages that
// add up to the whole filtered list, the REST cap without paging parameters, and the server search against a model.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app';
import { createAdmin, createCustomer, createStaff } from '../testing/auth';
import { insertBulkOrders } from '../testing/bulk-orders';
import { createContactMessage } from '../testing/factories';
import { LIST_CAP, PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '#shared/schemas/paging';
import { ORDER_STATES } from '#shared/schemas/orders';
import { orderMessages } from '#shared/messages/orders';
import { foldText } from '#shared/text';
import type { OrderSummaryDto } from '#shared/dto/orders';

const SEED = 20261123;
const RUNS = Math.max(1, Math.round(Number(process.env.FUZZ_RUNS ?? 150) / 6));
const ORDERS = LIST_CAP + 120;

let t: TestApp;
let staff: string;
let admin: string;
let customer: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = (await createStaff(t)).token;
  admin = (await createAdmin(t)).token;
  customer = (await createCustomer(t)).token;
  await insertBulkOrders(t.db, ORDERS);
  for (let i = 0; i < 30; i++) {
    await createContactMessage(t.db, {
      name: `Vizitor ${i}`,
      phone: '+38344111222',
      email: `v${i}@example.com`,
      message: i % 3 ? 'Pyetje për madhësinë' : 'Kthim 50% i porosisë',
    });
  }
}, 120_000);
afterAll(() => t.db.destroy());

const trpcGet = async <T>(path: string, input: unknown, token: string): Promise<{ status: number; data: T }> => {
  const res = await t.request(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, {
    token,
  });
  const body = (await res.json()) as { result?: { data: { json: T } } };
  return { status: res.status, data: body.result?.data.json as T };
};

interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Every order through the pages of orders.page (pageSize 100). */
async function allOrders(filter: Record<string, unknown> = {}): Promise<OrderSummaryDto[]> {
  const out: OrderSummaryDto[] = [];
  for (let page = 1; ; page++) {
    const { data } = await trpcGet<PageOf<OrderSummaryDto>>(
      'orders.page',
      { ...filter, page, pageSize: PAGE_SIZE_MAX },
      staff,
    );
    out.push(...data.items);
    if (out.length >= data.total) return out;
  }
}

describe('paging fields: canonical whole numbers within bounds, on both doors', () => {
  const odd = fc.oneof(
    fc.constantFrom(
      '',
      ' ',
      '+1',
      ' 1',
      '1 ',
      '0x10',
      '1e3',
      '1.0',
      '-0',
      '-1',
      '0',
      '01',
      'NaN',
      'true',
      '[]',
      '%ff',
      String(PAGE_MAX + 1),
      String(PAGE_SIZE_MAX + 1),
      '99999999999',
    ),
    fc.integer({ min: -3, max: PAGE_MAX + 3 }).map(String),
    fc.string({ maxLength: 6 }),
  );
  const valid = (field: 'page' | 'pageSize', v: string) =>
    /^[1-9]\d*$/.test(v) && Number(v) <= (field === 'page' ? PAGE_MAX : PAGE_SIZE_MAX);

  it('REST: 200 for valid values, else 400 with the field named; never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/Orders', '/api/Users', '/api/Contact'),
        fc.constantFrom('page' as const, 'pageSize' as const),
        odd,
        async (path, field, v) => {
          const res = await t.request(`${path}?${field}=${encodeURIComponent(v)}`, { token: admin });
          if (valid(field, v)) {
            expect(res.status).toBe(200);
            expect(Array.isArray(await res.json())).toBe(true);
          } else {
            expect(res.status).toBe(400);
            const body = (await res.json()) as { Message: string; code: string; errors: Record<string, string[]> };
            expect(body).toMatchObject({ Message: expect.any(String), code: 'BAD_REQUEST' });
            expect(Object.keys(body.errors)).toContain(field);
          }
        },
      ),
      { seed: SEED, numRuns: RUNS * 3 },
    );
  });

  it('tRPC: the same rule for JSON numbers and text; search text bounded', async () => {
    const value = fc.oneof(
      odd,
      fc.integer({ min: -3, max: PAGE_MAX + 3 }),
      fc.constantFrom<unknown>(1.5, -0, null, true, [], {}, 1e308),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('orders.page', 'users.page', 'contact.page'),
        fc.constantFrom('page' as const, 'pageSize' as const),
        value,
        async (proc, field, v) => {
          const { status } = await trpcGet(proc, { [field]: v }, admin);
          const ok =
            (typeof v === 'number' && !Object.is(v, -0) && Number.isInteger(v) && v >= 1) ||
            (typeof v === 'string' && /^[1-9]\d*$/.test(v));
          const n = Number(v);
          expect(status).toBe(ok && n <= (field === 'page' ? PAGE_MAX : PAGE_SIZE_MAX) ? 200 : 400);
        },
      ),
      { seed: SEED, numRuns: RUNS * 3 },
    );
    expect((await trpcGet('orders.page', { q: 'x'.repeat(101) }, staff)).status).toBe(400);
    expect((await trpcGet('orders.page', { q: 'x'.repeat(100) }, staff)).status).toBe(200);
  });

  it('keeps the roles: staff lists refuse guests and customers; users only for administrators', async () => {
    for (const proc of ['orders.page', 'contact.page', 'users.page']) {
      expect((await trpcGet(proc, {}, '')).status).toBe(401);
      expect((await trpcGet(proc, {}, customer)).status).toBe(403);
    }
    expect((await trpcGet('users.page', {}, staff)).status).toBe(403);
    expect((await trpcGet('orders.page', {}, staff)).status).toBe(200);
  });
});

describe('orders: pages add up to the whole list', () => {
  it(`REST without paging parameters keeps the array shape, capped at ${LIST_CAP} newest, with X-Total-Count`, async () => {
    const res = await t.request('/api/Orders', { token: staff });
    const rows = (await res.json()) as OrderSummaryDto[];
    expect(rows).toHaveLength(LIST_CAP);
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(ORDERS);
    expect(res.headers.get('x-page')).toBe('1');
    expect(res.headers.get('x-page-size')).toBe(String(LIST_CAP));
    const all = await allOrders();
    expect(rows.map((o) => o.orderId)).toEqual(all.slice(0, LIST_CAP).map((o) => o.orderId));
    // Newest first, ties by id.
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1]!, all[i]!];
      expect(a.orderDate > b.orderDate || (a.orderDate === b.orderDate && a.orderId > b.orderId)).toBe(true);
    }
    const trpcList = await trpcGet<OrderSummaryDto[]>('orders.list', {}, staff);
    expect(trpcList.data).toHaveLength(LIST_CAP);
  });

  it('any page size and state filter: pages are disjoint, in order, and cover exactly `total` orders', async () => {
    const everything = await allOrders();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 7, max: PAGE_SIZE_MAX }),
        fc.constantFrom(undefined, ...ORDER_STATES),
        async (pageSize, status) => {
          const expected = everything.filter((o) => !status || o.status === status).map((o) => o.orderId);
          const seen: number[] = [];
          const pages = Math.ceil(expected.length / pageSize);
          for (let page = 1; page <= pages + 1; page++) {
            const { status: code, data } = await trpcGet<PageOf<OrderSummaryDto>>(
              'orders.page',
              { ...(status ? { status } : {}), page, pageSize },
              staff,
            );
            expect(code).toBe(200);
            expect(data).toMatchObject({ total: expected.length, page, pageSize });
            expect(data.items.length).toBe(Math.max(0, Math.min(pageSize, expected.length - (page - 1) * pageSize)));
            seen.push(...data.items.map((o) => o.orderId));
          }
          expect(seen).toEqual(expected);
          // REST answers the same page with the same headers.
          const rest = await t.request(`/api/Orders?page=2&pageSize=${pageSize}${status ? `&status=${status}` : ''}`, {
            token: staff,
          });
          expect(((await rest.json()) as OrderSummaryDto[]).map((o) => o.orderId)).toEqual(
            expected.slice(pageSize, 2 * pageSize),
          );
          expect(rest.headers.get('x-total-count')).toBe(String(expected.length));
        },
      ),
      { seed: SEED, numRuns: Math.min(RUNS, 12) },
    );
  });

  it('a page past the end is empty, with the total', async () => {
    const { data } = await trpcGet<PageOf<OrderSummaryDto>>(
      'orders.page',
      { page: PAGE_MAX, pageSize: PAGE_SIZE_MAX },
      staff,
    );
    expect(data.items).toEqual([]);
    expect(data.total).toBeGreaterThanOrEqual(ORDERS);
    const dflt = await trpcGet<PageOf<OrderSummaryDto>>('orders.page', {}, staff);
    expect(dflt.data.items).toHaveLength(PAGE_SIZE_DEFAULT);
  });
});

describe('server search matches a model of the rule (every word in some field, case ignored)', () => {
  const fields = (o: OrderSummaryDto) =>
    [o.firstName, o.lastName, o.email, o.phoneNumber.replace(/\s/g, ''), o.city, o.countryName, o.promoCode ?? ''].map(
      (f) => f.toLowerCase(),
    );
  const matches = (o: OrderSummaryDto, q: string) =>
    q
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean)
      .every(
        (w) =>
          fields(o).some((f) => f.includes(w)) ||
          String(o.orderId) === w ||
          foldText(orderMessages.orderStatus[o.status]).includes(foldText(w)),
      );

  it('orders: total and rows equal the model for generated queries, with and without a state filter', async () => {
    const everything = await allOrders();
    const sample = everything[17]!;
    const word = fc.oneof(
      fc.constantFrom(
        'arta',
        'GASHI',
        'prishtinë',
        'Prizren',
        'bleresi1',
        'example',
        'pritje',
        'anuluar',
        'kthyer',
        String(sample.orderId),
        '%',
        '_',
        '\\',
        'zzz',
        'ë',
        'drita hoxha',
      ),
      fc.constantFrom(...everything.slice(0, 40).map((o) => o.email.slice(0, 9))),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(word, { minLength: 1, maxLength: 2 }),
        fc.constantFrom(undefined, 'pending' as const, 'cancelled' as const),
        async (words, status) => {
          const q = words.join(' ');
          const expected = everything
            .filter((o) => (!status || o.status === status) && matches(o, q))
            .map((o) => o.orderId);
          const { data } = await trpcGet<PageOf<OrderSummaryDto>>(
            'orders.page',
            { q, ...(status ? { status } : {}), pageSize: PAGE_SIZE_MAX },
            staff,
          );
          expect(data.total).toBe(expected.length);
          expect(data.items.map((o) => o.orderId)).toEqual(expected.slice(0, PAGE_SIZE_MAX));
        },
      ),
      { seed: SEED, numRuns: Math.min(RUNS, 25) },
    );
  });

  it('users and contact messages: paged, counted and searched on the server', async () => {
    const users = await trpcGet<PageOf<{ email: string; roleName: string }>>('users.page', { pageSize: 2 }, admin);
    expect(users.data.items).toHaveLength(2);
    expect(users.data.total).toBeGreaterThanOrEqual(3);
    const byEmail = await trpcGet<PageOf<{ email: string }>>(
      'users.page',
      { q: users.data.items[1]!.email.toUpperCase() },
      admin,
    );
    expect(byEmail.data.items.map((u) => u.email)).toEqual([users.data.items[1]!.email]);
    const rest = await t.request('/api/Users?pageSize=1&page=2', { token: admin });
    expect((await rest.json()) as unknown[]).toHaveLength(1);
    expect(rest.headers.get('x-total-count')).toBe(String(users.data.total));

    const msgs = await trpcGet<PageOf<{ name: string; message: string }>>(
      'contact.page',
      { q: '50%', pageSize: 4 },
      staff,
    );
    expect(msgs.data.total).toBe(10);
    expect(msgs.data.items).toHaveLength(4);
    expect(msgs.data.items.every((r) => r.message.includes('50%'))).toBe(true);
    expect(msgs.data.items.map((r) => r.name)).toEqual(['Vizitor 27', 'Vizitor 24', 'Vizitor 21', 'Vizitor 18']);
    const page3 = await t.request(`/api/Contact?q=VIZITOR&page=3&pageSize=4`, { token: staff });
    expect(page3.headers.get('x-total-count')).toBe('30');
    expect(((await page3.json()) as Array<{ name: string }>).map((r) => r.name)).toEqual([
      'Vizitor 21',
      'Vizitor 20',
      'Vizitor 19',
      'Vizitor 18',
    ]);
    // Words each match some field: "kthim" in the message, "v3@" in the e-mail.
    const both = await trpcGet<PageOf<{ name: string }>>('contact.page', { q: 'kthim v3@' }, staff);
    expect(both.data.items.map((r) => r.name)).toEqual(['Vizitor 3']);
  });
});
