// The reports against a handful of orders whose figures are worked out by hand below (shop time Europe/Belgrade,
// UTC+1 in November): per day and per week against the previous period, top lists net of the order's discount,
// cancellation and refusal rates by city and country; the CSV and who may read it.
import { beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createStaff } from '#server/testing/auth';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCategory, createProduct, insertOrder } from '#server/testing/factories';
import { countQueries } from '#server/testing/count-queries';
import { salesReport } from './reports.service';

let t: TestApp;
let fustan: Awaited<ReturnType<typeof createProduct>>;
let xhakete: Awaited<ReturnType<typeof createProduct>>;

type Line = { p: typeof fustan | null; qty: number; unit: number; size: string; color: string; name?: string };
const line = (l: Line) => ({
  productId: l.p?.productId ?? null,
  variantId: l.p?.variantIds[0] ?? null,
  name: l.name ?? (l.p === fustan ? 'Fustan' : 'Xhaketë'),
  qty: l.qty,
  unitCents: l.unit,
  size: l.size,
  color: l.color,
});

beforeAll(async () => {
  t = await createTestApp();
  fustan = await createProduct(t.db, { name: 'Fustan', categoryId: await createCategory(t.db, { name: 'Fustane' }) });
  xhakete = await createProduct(t.db, { name: 'Xhaketë', categoryId: await createCategory(t.db, { name: 'Xhaketa' }) });
  const ks = { countryName: 'Kosova' };
  const al = { countryName: 'Shqipëri', city: 'Tiranë' };
  // 1. 2 Nov 10:00, delivered, Prishtinë: 2 × 15,00 + 2,00 shipping = 32,00.
  await insertOrder(t.db, {
    ...ks,
    date: '2026-11-02T09:00:00.000Z',
    status: 'delivered',
    city: 'Prishtinë',
    shippingCents: 200,
    lines: [line({ p: fustan, qty: 2, unit: 1500, size: 'M', color: 'E kuqe' })],
  });
  // 2. 2 Nov 23:30, pending, Prizren: 40,00 − 10,00 promo = 30,00 (the line earns 40 × 30/40 = 30,00).
  await insertOrder(t.db, {
    ...ks,
    date: '2026-11-02T22:30:00.000Z',
    status: 'pending',
    city: 'Prizren',
    discountCents: 1000,
    lines: [line({ p: xhakete, qty: 1, unit: 4000, size: 'L', color: 'E zezë' })],
  });
  // 3. 4 Nov 00:30 (3 Nov 23:30 UTC), delivered, Prishtinë: 55,00 − 11,00 + 2,00 = 46,00; lines earn 12,00 and 32,00.
  await insertOrder(t.db, {
    ...ks,
    date: '2026-11-03T23:30:00.000Z',
    status: 'delivered',
    city: 'Prishtinë',
    discountCents: 1100,
    shippingCents: 200,
    lines: [
      line({ p: fustan, qty: 1, unit: 1500, size: 'S', color: 'E kuqe' }),
      line({ p: xhakete, qty: 1, unit: 4000, size: 'M', color: 'E zezë' }),
    ],
  });
  // 4. 5 Nov, cancelled before shipping, Prishtinë: no revenue.
  await insertOrder(t.db, {
    ...ks,
    date: '2026-11-05T10:00:00.000Z',
    status: 'pending',
    closedAs: 'cancelled',
    city: 'Prishtinë',
    lines: [line({ p: fustan, qty: 3, unit: 1500, size: 'M', color: 'E kuqe' })],
  });
  // 5. 6 Nov, shipped and refused at the door, Tiranë: no revenue.
  await insertOrder(t.db, {
    ...al,
    date: '2026-11-06T10:00:00.000Z',
    status: 'delivered',
    closedAs: 'returned',
    lines: [line({ p: xhakete, qty: 1, unit: 4000, size: 'L', color: 'E zezë' })],
  });
  // 6. 8 Nov 23:59, pending, Tiranë, a product deleted since: 9,99 + 5,00 = 14,99.
  await insertOrder(t.db, {
    ...al,
    date: '2026-11-08T22:59:00.000Z',
    status: 'pending',
    shippingCents: 500,
    lines: [line({ p: null, name: 'Shall i vjetër', qty: 1, unit: 999, size: 'Një madhësi', color: 'Blu' })],
  });
  // 7. 9 Nov 00:00: after the period, delivered, 8,00.
  await insertOrder(t.db, { ...ks, date: '2026-11-08T23:00:00.000Z', status: 'delivered', subtotalCents: 800 });
  // 8.–10. The previous period (26 Oct – 1 Nov): 17,00 delivered on 26 Oct, 20,00 pending on 1 Nov 23:30;
  // 25 Oct 23:59 is outside.
  await insertOrder(t.db, {
    ...ks,
    date: '2026-10-26T12:00:00.000Z',
    status: 'delivered',
    subtotalCents: 1500,
    shippingCents: 200,
  });
  await insertOrder(t.db, { ...ks, date: '2026-11-01T22:30:00.000Z', status: 'pending', subtotalCents: 2000 });
  await insertOrder(t.db, { ...ks, date: '2026-10-25T22:59:00.000Z', status: 'delivered', subtotalCents: 9900 });
  // 11. 25 Oct 00:30 summer time (24 Oct 22:30 UTC): the 25-hour day on which summer time ends holds 10 and 11.
  await insertOrder(t.db, { ...ks, date: '2026-10-24T22:30:00.000Z', status: 'delivered', subtotalCents: 100 });
});

const f = (revenue: number, orders: number, averageOrder: number, codToCollect: number) => ({
  revenue,
  orders,
  averageOrder,
  codToCollect,
});
const zero = f(0, 0, 0, 0);

describe('sales report, 2–8 November per day', () => {
  it('sums live orders per shop day against the 7 days before', async () => {
    const r = await salesReport(t, { from: '2026-11-02', to: '2026-11-08', granularity: 'day' });
    expect([r.previousFrom, r.previousTo]).toEqual(['2026-10-26', '2026-11-01']);
    // 32 + 30 + 46 + 14,99 = 122,99 over 4 orders (30,7475 → 30,75); pending 30 + 14,99 still to collect.
    expect(r.current).toEqual(f(122.99, 4, 30.75, 44.99));
    expect(r.previous).toEqual(f(37, 2, 18.5, 20));
    expect(r.buckets.map((b) => [b.start, b.current, b.previousStart, b.previous])).toEqual([
      ['2026-11-02', f(62, 2, 31, 30), '2026-10-26', f(17, 1, 17, 0)],
      ['2026-11-03', zero, '2026-10-27', zero],
      ['2026-11-04', f(46, 1, 46, 0), '2026-10-28', zero],
      ['2026-11-05', zero, '2026-10-29', zero],
      ['2026-11-06', zero, '2026-10-30', zero],
      ['2026-11-07', zero, '2026-10-31', zero],
      ['2026-11-08', f(14.99, 1, 14.99, 14.99), '2026-11-01', f(20, 1, 20, 20)],
    ]);
  });

  it('ranks products, sizes, colours and categories by revenue after discounts and by units', async () => {
    const { top } = await salesReport(t, { from: '2026-11-02', to: '2026-11-08', granularity: 'day' });
    const rows = (l: { name: string; units: number; revenue: number }[]) => l.map((x) => [x.name, x.units, x.revenue]);
    expect(rows(top.products.byRevenue)).toEqual([
      ['Xhaketë', 2, 62],
      ['Fustan', 3, 42],
      ['Shall i vjetër', 1, 9.99],
    ]);
    expect(rows(top.products.byUnits).map((x) => x[0])).toEqual(['Fustan', 'Xhaketë', 'Shall i vjetër']);
    expect(rows(top.sizes.byRevenue)).toEqual([
      ['M', 3, 62],
      ['L', 1, 30],
      ['S', 1, 12],
      ['Një madhësi', 1, 9.99],
    ]);
    expect(rows(top.colors.byRevenue)).toEqual([
      ['E zezë', 2, 62],
      ['E kuqe', 3, 42],
      ['Blu', 1, 9.99],
    ]);
    expect(rows(top.colors.byUnits).map((x) => x[0])).toEqual(['E kuqe', 'E zezë', 'Blu']);
    expect(rows(top.categories.byRevenue)).toEqual([
      ['Xhaketa', 2, 62],
      ['Fustane', 3, 42],
      ['Pa kategori (produkt i fshirë)', 1, 9.99],
    ]);
  });

  it('gives cancellation (of placed) and refusal (of shipped) rates by city and country', async () => {
    const { places } = await salesReport(t, { from: '2026-11-02', to: '2026-11-08', granularity: 'day' });
    const row = (country: string, city: string | null, n: number[], rates: number[]) => ({
      country,
      city,
      placed: n[0],
      cancelled: n[1],
      shipped: n[2],
      returned: n[3],
      cancelRate: rates[0],
      refusalRate: rates[1],
    });
    expect(places.cities).toEqual([
      row('Kosova', 'Prishtinë', [3, 1, 2, 0], [33.3, 0]),
      row('Shqipëri', 'Tiranë', [2, 0, 1, 1], [0, 100]),
      row('Kosova', 'Prizren', [1, 0, 0, 0], [0, 0]),
    ]);
    expect(places.countries).toEqual([
      row('Kosova', null, [4, 1, 2, 0], [25, 0]),
      row('Shqipëri', null, [2, 0, 1, 1], [0, 100]),
    ]);
  });
});

describe('sales report on the day summer time ends', () => {
  it('counts the whole 25-hour shop day', async () => {
    const r = await salesReport(t, { from: '2026-10-25', to: '2026-10-25', granularity: 'day' });
    expect(r.current).toEqual(f(100, 2, 50, 0));
    expect([r.previousFrom, r.previous]).toEqual(['2026-10-24', zero]);
  });
});

describe('sales report per week', () => {
  it('clips the Monday weeks to the period and shifts them back by its length', async () => {
    const r = await salesReport(t, { from: '2026-11-04', to: '2026-11-10', granularity: 'week' });
    expect(r.buckets.map((b) => [b.start, b.end, b.current, b.previousStart, b.previousEnd, b.previous])).toEqual([
      ['2026-11-04', '2026-11-08', f(60.99, 2, 30.5, 14.99), '2026-10-28', '2026-11-01', f(20, 1, 20, 20)],
      ['2026-11-09', '2026-11-10', f(8, 1, 8, 0), '2026-11-02', '2026-11-03', f(62, 2, 31, 30)],
    ]);
  });
});

describe('sales report per month', () => {
  it('sums whole calendar months of shop days against the same number of days before', async () => {
    const r = await salesReport(t, { from: '2026-10-01', to: '2026-11-30', granularity: 'month' });
    // October: 17,00 (26 Oct) + 99,00 (25 Oct 23:59) + 1,00 (25 Oct 00:30 summer time) = 117,00 over 3, all delivered.
    // November: 32 + 30 + 46 + 14,99 + 8 + 20 (1 Nov 23:30 shop time, 22:30 UTC) = 150,99 over 6 (25,165 → 25,17);
    // still to collect 30 + 14,99 + 20 = 64,99. The cancelled and the refused orders count nothing.
    expect(r.buckets.map((b) => [b.start, b.end, b.current, b.previousStart, b.previousEnd, b.previous])).toEqual([
      ['2026-10-01', '2026-10-31', f(117, 3, 39, 0), '2026-08-01', '2026-08-31', zero],
      ['2026-11-01', '2026-11-30', f(150.99, 6, 25.17, 64.99), '2026-09-01', '2026-09-30', zero],
    ]);
    expect(r.current).toEqual(f(267.99, 9, 29.78, 64.99));
    expect([r.previousFrom, r.previousTo, r.previous]).toEqual(['2026-08-01', '2026-09-30', zero]);
  });

  it('clips the first and last month to the period', async () => {
    const r = await salesReport(t, { from: '2026-10-20', to: '2026-11-05', granularity: 'month' });
    // 20–31 Oct: 117,00 over 3. 1–5 Nov: 20 + 32 + 30 + 46 = 128,00 over 4, 30 + 20 = 50,00 to collect.
    expect(r.buckets.map((b) => [b.start, b.end, b.current, b.previousStart, b.previousEnd])).toEqual([
      ['2026-10-20', '2026-10-31', f(117, 3, 39, 0), '2026-10-03', '2026-10-14'],
      ['2026-11-01', '2026-11-05', f(128, 4, 32, 50), '2026-10-15', '2026-10-19'],
    ]);
  });
});

describe('the cost of a report', () => {
  it('runs the same queries for a week by day as for a year by day (no query per bucket)', async () => {
    const week = await countQueries(t.db, (db) =>
      salesReport({ db }, { from: '2026-11-02', to: '2026-11-08', granularity: 'day' }),
    );
    const year = await countQueries(t.db, (db) =>
      salesReport({ db }, { from: '2025-11-09', to: '2026-11-08', granularity: 'day' }),
    );
    expect(year.result.buckets).toHaveLength(365);
    expect(year.queries).toBe(week.queries);
  });
});

describe('GET /api/Reports/export.csv and access', () => {
  it('writes the series with Albanian headers, plain decimals and shop days', async () => {
    const staff = await createStaff(t);
    const res = await t.request('/api/Reports/export.csv?from=2026-11-02&to=2026-11-08&granularity=day&kind=series', {
      token: staff.token,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="raporti-series-2026-11-02_2026-11-08.csv"',
    );
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Nga,Deri,Të ardhurat (€),Porositë,Vlera mesatare (€),Për t’u arkëtuar (€),Nga (periudha e mëparshme),Deri (periudha e mëparshme),Të ardhurat e mëparshme (€),Porositë e mëparshme,Vlera mesatare e mëparshme (€),Për t’u arkëtuar më parë (€)',
    );
    expect(lines[1]).toBe('2026-11-02,2026-11-02,62.00,2,31.00,30.00,2026-10-26,2026-10-26,17.00,1,17.00,0.00');
    expect(lines).toHaveLength(8);
  });

  it('writes every city with its rates, and a top list in full', async () => {
    const staff = await createStaff(t);
    const get = async (kind: string) =>
      (
        await (
          await t.request(`/api/Reports/export.csv?from=2026-11-02&to=2026-11-08&kind=${kind}`, { token: staff.token })
        ).text()
      )
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
    expect(await get('cities')).toEqual([
      'Shteti,Qyteti,Porosi,Anuluar,Dërguar,Refuzuar ose kthyer,Anulime (%),Refuzime (%)',
      'Kosova,Prishtinë,3,1,2,0,33.3,0.0',
      'Shqipëri,Tiranë,2,0,1,1,0.0,100.0',
      'Kosova,Prizren,1,0,0,0,0.0,0.0',
    ]);
    expect(await get('sizes')).toEqual([
      'Nr.,Emri,Copë,Të ardhurat (€)',
      '1,M,3,62.00',
      '2,L,1,30.00',
      '3,S,1,12.00',
      '4,Një madhësi,1,9.99',
    ]);
  });

  it('is for staff: 401 without a token, 403 for a shopper, 400 for a backwards range', async () => {
    const customer = await createCustomer(t);
    const staff = await createStaff(t);
    const csv = '/api/Reports/export.csv?from=2026-11-02&to=2026-11-08&kind=series';
    expect((await t.request(csv)).status).toBe(401);
    expect((await t.request(csv, { token: customer.token })).status).toBe(403);
    expect((await t.request('/api/Reports?from=2026-11-02&to=2026-11-08')).status).toBe(401);
    expect((await t.request('/api/Reports?from=2026-11-02&to=2026-11-08', { token: customer.token })).status).toBe(403);
    const ok = await t.request('/api/Reports?from=2026-11-02&to=2026-11-08', { token: staff.token });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { current: { orders: number } }).current.orders).toBe(4);
    const bad = await t.request('/api/Reports?from=2026-11-08&to=2026-11-02', { token: staff.token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('Data e fundit nuk mund të jetë para datës së fillimit.');
    const long = await t.request('/api/Reports/export.csv?from=2025-01-01&to=2026-11-08&kind=series', {
      token: staff.token,
    });
    expect(long.status).toBe(400);
  });
});
