// The overview's aggregates against a database with known orders (shop time Europe/Belgrade, across a DST change).
import { beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createStaff } from '#server/testing/auth';
import { createTestApp, type TestApp } from '#server/testing/app';
import {
  createColor,
  createCountry,
  createProduct,
  createProductImage,
  createSize,
  insertOrder,
} from '#server/testing/factories';
import { shopDayStartIso } from '#shared/dates';
import { overviewSummary } from './overview.service';

let t: TestApp;
// 29 March 2026: clocks go forward in Europe (01:00 UTC), so the shop day is 23 hours long.
const NOW = new Date('2026-03-29T12:00:00Z');
let countryId: number;
let pA: Awaited<ReturnType<typeof createProduct>>;
let pB: Awaited<ReturnType<typeof createProduct>>;

async function order(
  date: string,
  totalCents: number,
  status: 'pending' | 'delivered',
  lines: Array<{ p: typeof pA; qty: number }> = [],
) {
  await insertOrder(t.db, {
    date,
    status,
    countryId,
    subtotalCents: totalCents,
    totalCents,
    lines: lines.map((l) => ({
      productId: l.p.productId,
      variantId: l.p.variantIds[0]!,
      name: `P${l.p.productId}`,
      qty: l.qty,
      unitCents: 100,
    })),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  countryId = await createCountry(t.db);
  const size = await createSize(t.db, { name: 'M' });
  const color = await createColor(t.db, { name: 'E zezë', hex: '#111111' });
  pA = await createProduct(t.db, { name: 'Fustan', variants: [{ sizeId: size, colorId: color, stock: 0 }] });
  pB = await createProduct(t.db, {
    name: 'Këmishë',
    variants: [{ sizeId: size, colorId: color, stock: 2 }, { stock: 3 }],
  });
  await order('2026-03-29T09:00:00.000Z', 1000, 'pending', [{ p: pA, qty: 1 }]); // today
  await order('2026-03-28T23:30:00.000Z', 2000, 'pending', [{ p: pB, qty: 4 }]); // 00:30 shop time on the 29th: today
  await order('2026-03-28T22:30:00.000Z', 4000, 'delivered', [{ p: pA, qty: 2 }]); // 23:30 on the 28th
  await order('2026-02-28T23:30:00.000Z', 8000, 'delivered', [{ p: pA, qty: 1 }]); // 00:30 on 1 March: this month, first chart day is 28 Feb
  await order('2026-02-28T22:30:00.000Z', 16000, 'delivered', [{ p: pB, qty: 1 }]); // 23:30 on 28 Feb: chart day 1, not this month
  await order('2026-01-10T10:00:00.000Z', 32000, 'pending', [{ p: pA, qty: 50 }]); // outside the 30 days
});

describe('shop-time day boundaries', () => {
  it('start at local midnight in UTC, winter and summer', () => {
    expect(shopDayStartIso('2026-03-29')).toBe('2026-03-28T23:00:00.000Z');
    expect(shopDayStartIso('2026-03-30')).toBe('2026-03-29T22:00:00.000Z');
    expect(shopDayStartIso('2026-10-25')).toBe('2026-10-24T22:00:00.000Z');
    expect(shopDayStartIso('2026-10-26')).toBe('2026-10-25T23:00:00.000Z');
  });
});

describe('overview summary', () => {
  it('counts today, this month, pending, the 30-day chart, best sellers and low stock', async () => {
    const o = await overviewSummary(t, NOW);
    expect(o.today).toBe('2026-03-29');
    expect(o.todayOrders).toBe(2);
    expect(o.todayRevenue).toBe(30);
    expect(o.monthOrders).toBe(4);
    expect(o.monthRevenue).toBe(150);
    expect(o.pendingOrders).toBe(3);

    expect(o.days).toHaveLength(30);
    expect(o.days[0]).toEqual({ date: '2026-02-28', orders: 1, revenue: 160 });
    expect(o.days[1]).toEqual({ date: '2026-03-01', orders: 1, revenue: 80 });
    expect(o.days[28]).toEqual({ date: '2026-03-28', orders: 1, revenue: 40 });
    expect(o.days[29]).toEqual({ date: '2026-03-29', orders: 2, revenue: 30 });
    expect(o.days.slice(2, 28).every((d) => d.orders === 0 && d.revenue === 0)).toBe(true);

    // Last 30 days only: pB 4+1 = 5 units, pA 1+2+1 = 4 (the 50 units in January do not count).
    expect(o.bestSellers.map((b) => [b.productID, b.quantity])).toEqual([
      [pB.productId, 5],
      [pA.productId, 4],
    ]);

    expect(o.lowStock.map((v) => [v.productName, v.stockQuantity, v.sizeName, v.colorName])).toEqual([
      ['Fustan', 0, 'M', 'E zezë'],
      ['Këmishë', 2, 'M', 'E zezë'],
    ]);
  });

  it("shows each best seller's first picture, asked of the catalogue for the whole list (decision 223)", async () => {
    const colorId = await createColor(t.db, { name: 'E kuqe', hex: '#aa0000' });
    await createProductImage(t.db, pB.productId, { colorId, fileName: 'second.webp', sortOrder: 2 });
    await createProductImage(t.db, pB.productId, { colorId, fileName: 'first.webp', sortOrder: 1 });
    const o = await overviewSummary(t, NOW);
    expect(o.bestSellers.map((b) => [b.productID, b.imageURL])).toEqual([
      [pB.productId, expect.stringMatching(/first\.webp$/)],
      [pA.productId, null],
    ]);
  });

  it('is served to staff only (tRPC and REST)', async () => {
    const staff = await createStaff(t);
    const customer = await createCustomer(t);
    expect((await t.request('/api/trpc/overview.summary', { token: staff.token })).status).toBe(200);
    expect((await t.request('/api/trpc/overview.summary', { token: customer.token })).status).toBe(403);
    expect((await t.request('/api/trpc/overview.summary')).status).toBe(401);
    const r = await t.request('/api/Overview', { token: staff.token });
    expect(r.status).toBe(200);
    expect(((await r.json()) as any).days).toHaveLength(30);
  });
});
