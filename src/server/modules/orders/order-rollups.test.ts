// The order rollups (decision 244) against the aggregates the reports and the overview computed directly before
// (their SQL is kept below as the oracle): after orders written by the factories, by checkout and by raw SQL that no
// service sees, after status and closed_as changes, date moves, line edits and deletions (an order's cascade, a
// product's SET NULL), every figure read from the rollups equals the direct one, and the rollup tables equal a
// rebuild from scratch. Also: every shop day starts a day part; a stale rollup is found and rebuilt; the migration
// backfills what was there before it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '#migrations/index';
import { addDays, shopDayStartIso } from '#shared/dates';
import { openDatabase, type DB } from '#server/db/client';
import type { AppDeps } from '#server/deps';
import { createTestDeps } from '#server/testing/db';
import { inRequestContext } from '#server/testing/request-context';
import { createCountry, createProduct, insertOrder, placeCheckoutOrder } from '#server/testing/factories';
import { insertBulkOrders } from '#server/testing/bulk-orders';
import { bestSellers, ordersBetween, ordersPerDay, pendingOrderCount } from './order-figures.service';
import { figuresPerDayPart, lineSales, rangeSlices, outcomesBetween, outcomesByPlace } from './order-reports.service';
import {
  checkOrderRollups,
  checkOrderRollupsInSlices,
  ORDER_ROLLUP_TABLES,
  rebuildOrderRollups,
  SLICE_ORDERS,
} from './order-rollups.service';
import { dayPartKey, hourKey } from './order-rollup-keys';
import * as services from './orders.service';
import { unitsSoldSince } from './return-facts.service';

const num = (rows: Array<Record<string, unknown>>) =>
  rows
    .map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v]),
      ),
    )
    .map((r) => JSON.stringify(r))
    .sort();

// ---- The direct aggregates of before the rollups (order-figures / order-reports queries, decision 230) ----------

/** The reports' per-hour sums (decision 230) added up per day part, the slices the rollup hands to the buckets. */
async function directParts(db: DB, startAt: string, endAt: string) {
  const part = sql`CASE WHEN substr(o.order_date, 12, 2) >= '22' THEN substr(o.order_date, 1, 13)
    ELSE substr(o.order_date, 1, 10) || 'T00' END`;
  const { rows } = await sql<Record<string, unknown>>`
    SELECT ${part} AS part,
           SUM(CASE WHEN o.closed_as IS NULL THEN 1 ELSE 0 END) AS orders,
           SUM(CASE WHEN o.closed_as IS NULL THEN o.total_cents ELSE 0 END) AS "revenueCents",
           SUM(CASE WHEN o.closed_as IS NULL AND o.status = 'pending' THEN o.total_cents ELSE 0 END) AS "codCents"
    FROM orders o WHERE o.order_date >= ${startAt} AND o.order_date < ${endAt}
    GROUP BY ${part}`.execute(db);
  return num(rows);
}

/** Live lines per product (deleted ones by name), size and colour, as the reports summed them. */
async function directSales(db: DB, startAt: string, endAt: string) {
  const revenue = sql`CASE WHEN o.subtotal_cents > 0
    THEN CAST(d.line_total_cents AS BIGINT) * (o.subtotal_cents - o.discount_cents) / o.subtotal_cents ELSE 0 END`;
  const from = sql`FROM orders o JOIN order_details d ON d.order_id = o.order_id
    WHERE o.order_date >= ${startAt} AND o.order_date < ${endAt} AND o.closed_as IS NULL`;
  const products = await sql<Record<string, unknown>>`
    SELECT d.product_id AS "productId", MAX(d.product_name) AS "productName", SUM(d.quantity) AS units,
           SUM(${revenue}) AS "revenueCents"
    ${from} GROUP BY d.product_id, CASE WHEN d.product_id IS NULL THEN d.product_name END`.execute(db);
  const by = async (column: 'size' | 'color') =>
    num(
      (
        await sql<Record<string, unknown>>`
          SELECT d.${sql.ref(column)} AS name, SUM(d.quantity) AS units, SUM(${revenue}) AS "revenueCents"
          ${from} GROUP BY d.${sql.ref(column)}`.execute(db)
      ).rows,
    );
  return { products: num(products.rows), sizes: await by('size'), colors: await by('color') };
}

async function directPlaces(db: DB, startAt: string, endAt: string) {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT o.country_name AS country, o.city AS city, COUNT(*) AS placed,
           SUM(CASE WHEN o.closed_as = 'cancelled' THEN 1 ELSE 0 END) AS cancelled,
           SUM(CASE WHEN o.status = 'delivered' THEN 1 ELSE 0 END) AS shipped,
           SUM(CASE WHEN o.closed_as = 'returned' THEN 1 ELSE 0 END) AS returned
    FROM orders o WHERE o.order_date >= ${startAt} AND o.order_date < ${endAt}
    GROUP BY o.country_name, o.city`.execute(db);
  return num(rows);
}

async function directOverview(db: DB, startAt: string, endAt: string) {
  const one = async (q: ReturnType<typeof sql<Record<string, unknown>>>) => num((await q.execute(db)).rows)[0];
  return {
    between: await one(sql`SELECT COUNT(*) AS orders, COALESCE(SUM(total_cents), 0) AS "revenueCents" FROM orders
      WHERE order_date >= ${startAt} AND order_date < ${endAt} AND closed_as IS NULL`),
    pending: await one(sql`SELECT COUNT(*) AS n FROM orders WHERE status = 'pending' AND closed_as IS NULL`),
    outcomes: await one(
      sql`SELECT COUNT(*) AS placed, COALESCE(SUM(CASE WHEN closed_as = 'cancelled' THEN 1 ELSE 0 END), 0) AS cancelled,
                 COALESCE(SUM(CASE WHEN status = 'delivered' THEN 1 ELSE 0 END), 0) AS shipped,
                 COALESCE(SUM(CASE WHEN closed_as = 'returned' THEN 1 ELSE 0 END), 0) AS returned
          FROM orders WHERE order_date >= ${startAt} AND order_date < ${endAt}`,
    ),
    units: await one(sql`SELECT COALESCE(SUM(d.quantity), 0) AS units FROM order_details d
      JOIN orders o ON o.order_id = d.order_id WHERE o.order_date >= ${startAt} AND o.closed_as IS NULL`),
    best: num(
      (
        await sql<Record<string, unknown>>`
          SELECT d.product_id AS product_id, MAX(d.product_name) AS product_name, SUM(d.quantity) AS quantity,
                 SUM(d.line_total_cents) AS revenue_cents
          FROM order_details d JOIN orders o ON o.order_id = d.order_id
          WHERE o.order_date >= ${startAt} AND o.closed_as IS NULL
          GROUP BY d.product_id, CASE WHEN d.product_id IS NULL THEN d.product_name END`.execute(db)
      ).rows,
    ),
  };
}

// ---- The same figures read through the orders module (from the rollups) ------------------------------------------

async function fromRollups(db: DB, startAt: string, endAt: string) {
  const sales = await lineSales(db, startAt, endAt);
  const between = await ordersBetween(db, startAt, endAt);
  const outcomes = await outcomesBetween(db, startAt, endAt);
  return {
    parts: num((await figuresPerDayPart(db, startAt, endAt)) as never),
    sales: {
      products: num(sales.products as never),
      sizes: num(sales.sizes as never),
      colors: num(sales.colors as never),
    },
    places: num((await outcomesByPlace(db, startAt, endAt)) as never),
    overview: {
      between: num([between as never])[0],
      pending: num([{ n: await pendingOrderCount(db) }])[0],
      outcomes: num([outcomes as never])[0],
      units: num([{ units: await unitsSoldSince(db, startAt) }])[0],
      best: num((await bestSellers(db, startAt, 1000)) as never),
    },
  };
}

const PERIODS: Array<[string, string]> = [
  ['2026-10-20', '2026-11-10'],
  ['2026-10-25', '2026-10-25'], // the 25-hour day summer time ends
  ['2026-11-02', '2026-11-02'],
  ['2026-11-03', '2026-11-08'],
  ['2025-01-01', '2027-12-31'],
];

async function expectRollupsMatch(db: DB): Promise<void> {
  for (const [from, to] of PERIODS) {
    const startAt = shopDayStartIso(from);
    const endAt = shopDayStartIso(addDays(to, 1));
    const got = await fromRollups(db, startAt, endAt);
    const want = {
      parts: await directParts(db, startAt, endAt),
      sales: await directSales(db, startAt, endAt),
      places: await directPlaces(db, startAt, endAt),
      overview: await directOverview(db, startAt, endAt),
    };
    expect(got, `${from} – ${to}`).toEqual(want);
  }
  // The chart: orders and revenue per shop day.
  const days = Array.from({ length: 25 }, (_, i) => addDays('2026-10-20', i)).map((day) => ({
    day,
    startAt: shopDayStartIso(day),
    endAt: shopDayStartIso(addDays(day, 1)),
  }));
  const perDay = num(await ordersPerDay(db, days));
  const direct = [];
  for (const d of days) {
    const r = await sql<
      Record<string, unknown>
    >`SELECT COUNT(*) AS orders, COALESCE(SUM(total_cents), 0) AS revenue_cents
      FROM orders WHERE order_date >= ${d.startAt} AND order_date < ${d.endAt} AND closed_as IS NULL`.execute(db);
    direct.push({ day: d.day, ...r.rows[0] });
  }
  expect(perDay).toEqual(num(direct));
  // And the tables hold exactly what a rebuild from scratch gives (zero rows aside).
  const snapshot = async () => {
    const out: Record<string, string[]> = {};
    for (const table of ORDER_ROLLUP_TABLES) {
      const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(db);
      out[table] = num(rows.filter((r) => Number(r.placed ?? r.units) !== 0));
    }
    return out;
  };
  const kept = await snapshot();
  await rebuildOrderRollups(db);
  expect(kept).toEqual(await snapshot());
}

describe('order rollups', () => {
  let deps: AppDeps;
  let a: Awaited<ReturnType<typeof createProduct>>;
  let b: Awaited<ReturnType<typeof createProduct>>;
  let countryId: number;

  beforeAll(async () => {
    deps = await createTestDeps();
    a = await createProduct(deps.db, { name: 'Fustan', variants: [{ stock: 50 }] });
    b = await createProduct(deps.db, { name: 'Xhaketë', variants: [{ stock: 50 }] });
    countryId = await createCountry(deps.db, { name: 'Kosova', shippingCents: 250 });
  });
  afterAll(() => deps.db.destroy());

  it('cut every shop day from 2000 to 2100 into whole day parts', () => {
    for (let day = '2000-01-01'; day <= '2100-12-31'; day = addDays(day, 1)) dayPartKey(shopDayStartIso(day));
    expect(() => dayPartKey('2026-11-02T21:00:00.000Z')).toThrow();
    expect(() => hourKey('2026-11-02T21:30:00.000Z')).toThrow();
  });

  it('read long ranges in slices that cover every day part once (decision 287)', () => {
    const year = rangeSlices('2025-11-08T23', '2026-11-08T23', 12);
    expect(year).toHaveLength(13);
    expect(year[0]).toBe('2025-11-08T23');
    expect(year.at(-1)).toBe('2026-11-08T23');
    expect(year.slice(1, -1).every((cut) => cut.endsWith('T00'))).toBe(true);
    // In order, so each key falls in exactly one slice [bounds[i], bounds[i + 1]).
    expect([...year].sort()).toEqual(year);
    expect(new Set(year).size).toBe(13);
    // A day's three parts stay in one slice: a cut is a day's start, before its "T00", "T22" and "T23" keys.
    expect(year[1]).toBe('2025-12-08T00'); // 2025-11-08 + 30 days (365 / 12 = 30.4)
    // A week has fewer days than slices: some slices are empty, none runs backwards.
    const week = rangeSlices('2026-11-01T23', '2026-11-08T23', 12);
    expect(week).toHaveLength(13);
    expect([...week].sort()).toEqual(week);
    expect(
      rangeSlices('2026-11-02T22', '2026-11-02T23', 12).every((b) => b >= '2026-11-02T22' && b <= '2026-11-02T23'),
    ).toBe(true);
  });

  it('equal the direct aggregates through writes by services, factories and raw SQL', async () => {
    const db = deps.db;
    const line = (p: typeof a | null, qty: number, unitCents: number, size: string, color: string, name?: string) => ({
      productId: p?.productId ?? null,
      variantId: p?.variantIds[0] ?? null,
      name: name ?? (p === b ? 'Xhaketë' : 'Fustan'),
      qty,
      unitCents,
      size,
      color,
    });
    // Orders on both sides of the 22:00 and 23:00 UTC cuts, on the day summer time ends, with a discount, closed ones.
    const o1 = await insertOrder(db, {
      date: '2026-11-02T09:00:00.000Z',
      status: 'delivered',
      lines: [line(a, 2, 1500, 'M', 'E kuqe'), line(b, 1, 4000, 'L', 'E zezë')],
    });
    const o2 = await insertOrder(db, {
      date: '2026-11-02T22:30:00.000Z',
      discountCents: 1100,
      city: 'Prizren',
      lines: [line(a, 1, 1500, 'S', 'E kuqe'), line(b, 1, 4000, 'M', 'E zezë')],
    });
    const o3 = await insertOrder(db, {
      date: '2026-10-24T22:30:00.000Z',
      status: 'delivered',
      closedAs: 'returned',
      countryName: 'Shqipëri',
      city: 'Tiranë',
      lines: [line(b, 1, 4000, 'L', 'E zezë')],
    });
    const o4 = await insertOrder(db, {
      date: '2026-11-03T23:30:00.000Z',
      lines: [line(null, 1, 999, 'Një madhësi', 'Blu', 'Shall')],
    });
    await expectRollupsMatch(db);

    // Raw SQL no service sees: an order and its lines.
    await sql`INSERT INTO orders (order_date, status, first_name, last_name, email, phone_number, address, city,
                zip_code, country_name, subtotal_cents, discount_cents, shipping_cost_cents, total_cents)
              VALUES ('2026-11-05T23:10:00.000Z', 'pending', 'Gent', 'Gashi', 'g@example.com', '+38344000000', 'Rr 1',
                      'Pejë', '30000', 'Kosova', 7000, 700, 200, 6500)`.execute(db);
    const raw = Number((await sql<{ id: number }>`SELECT MAX(order_id) AS id FROM orders`.execute(db)).rows[0]!.id);
    await sql`INSERT INTO order_details (order_id, product_id, variant_id, product_name, color, size, quantity,
                unit_price_cents, line_total_cents)
              VALUES (${raw}, ${a.productId}, ${a.variantIds[0]!}, 'Fustan', 'Blu', 'M', 2, 1500, 3000),
                     (${raw}, ${b.productId}, ${b.variantIds[0]!}, 'Xhaketë', 'Blu', 'XL', 1, 4000, 4000)`.execute(db);
    await expectRollupsMatch(db);

    // Status and closed_as changes, a date moved across a cut, totals and the place edited, an order reopened.
    await sql`UPDATE orders SET status = 'delivered' WHERE order_id IN (${o2}, ${raw})`.execute(db);
    await sql`UPDATE orders SET closed_as = 'cancelled' WHERE order_id = ${o4}`.execute(db);
    await sql`UPDATE orders SET closed_as = NULL WHERE order_id = ${o3}`.execute(db);
    await sql`UPDATE orders SET order_date = '2026-11-02T21:59:00.000Z', city = 'Gjakovë' WHERE order_id = ${o2}`.execute(
      db,
    );
    await sql`UPDATE orders SET subtotal_cents = 8000, discount_cents = 1234, total_cents = 6766 WHERE order_id = ${raw}`.execute(
      db,
    );
    await expectRollupsMatch(db);

    // Line edits: quantity and total, size and colour, the recorded name, a line moved to another order.
    const lineOf = async (orderId: number) =>
      Number(
        (
          await sql<{
            id: number;
          }>`SELECT MIN(order_details_id) AS id FROM order_details WHERE order_id = ${orderId}`.execute(db)
        ).rows[0]!.id,
      );
    await sql`UPDATE order_details SET quantity = 3, line_total_cents = 4500 WHERE order_details_id = ${await lineOf(o1)}`.execute(
      db,
    );
    await sql`UPDATE order_details SET size = 'XS', color = 'Bezhë', product_name = 'Fustan i ri' WHERE order_details_id = ${await lineOf(raw)}`.execute(
      db,
    );
    await sql`UPDATE order_details SET order_id = ${o1} WHERE order_details_id = ${await lineOf(o2)}`.execute(db);
    await expectRollupsMatch(db);

    // Deletions: a line, a whole order (its lines cascade), a product (its lines keep their name, product_id null).
    await sql`DELETE FROM order_details WHERE order_details_id = ${await lineOf(o1)}`.execute(db);
    await sql`DELETE FROM orders WHERE order_id = ${o3}`.execute(db);
    await sql`DELETE FROM products WHERE product_id = ${b.productId}`.execute(db);
    await expectRollupsMatch(db);

    // Through the services: a checkout order (today) and its cancellation by staff.
    const placed = await placeCheckoutOrder(deps, { countryId, items: [{ variantId: a.variantIds[0]!, quantity: 2 }] });
    await expectRollupsMatch(db);
    await inRequestContext(services).cancelOrder(deps, placed.orderId, null);
    await expectRollupsMatch(db);
  });

  it('find stale rollups at start by their totals and rebuild them', async () => {
    const db = deps.db;
    expect(await checkOrderRollups(db)).toEqual([]);
    await sql`UPDATE order_hour_figures SET revenue_cents = revenue_cents + 100`.execute(db);
    await sql`DELETE FROM order_line_figures WHERE dim = 'size'`.execute(db);
    expect(await checkOrderRollups(db)).toEqual(['revenue', 'sizeUnits']);
    expect(await checkOrderRollups(db)).toEqual([]);
    await expectRollupsMatch(db);
  });

  it('after a start, find stale days a few at a time and rebuild only those (decision 263)', async () => {
    const db = deps.db;
    expect((await checkOrderRollupsInSlices(db)).rebuilt).toEqual([]);
    const { rows } = await sql<{ hour: string }>`SELECT hour FROM order_hour_figures ORDER BY hour LIMIT 1`.execute(db);
    const day = rows[0]!.hour.slice(0, 10);
    await sql`UPDATE order_hour_figures SET revenue_cents = revenue_cents + 100 WHERE hour = ${rows[0]!.hour}`.execute(
      db,
    );
    await sql`INSERT INTO order_hour_figures (hour, placed, closed, orders, revenue_cents, cod_cents, pending)
              VALUES ('1999-01-01T10', 1, 0, 1, 5, 0, 0)`.execute(db); // a row no order explains
    const found = await checkOrderRollupsInSlices(db);
    expect(found.slices).toBeGreaterThan(1);
    expect(found.rebuilt.map((r) => r.differ)).toEqual([['placed', 'orders', 'revenue'], ['revenue']]);
    expect(found.rebuilt[1]!.from <= day && day < found.rebuilt[1]!.to).toBe(true);
    await expectRollupsMatch(db);
    expect((await checkOrderRollupsInSlices(db)).rebuilt).toEqual([]);
  });

  it('after quiet months, a slice of busy days holds at most SLICE_ORDERS orders (issue 38)', async () => {
    const db = deps.db;
    // 5 000 orders over ten days, months after the others: the days per slice have doubled by then.
    await insertBulkOrders(db, 5000, Date.UTC(2031, 5, 1), 3 * 60_000);
    const found = await checkOrderRollupsInSlices(db);
    expect(found.rebuilt).toEqual([]);
    const counts = await Promise.all(
      found.checked.map(async (r) => {
        const { rows } = await sql<{ n: number | string }>`
          SELECT COUNT(*) AS n FROM orders WHERE order_date >= ${r.from} AND order_date < ${r.to}`.execute(db);
        return { days: (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000, orders: Number(rows[0]!.n) };
      }),
    );
    expect(counts.reduce((n, c) => n + c.orders, 0)).toBeGreaterThanOrEqual(5000);
    expect(counts.filter((c) => c.orders > SLICE_ORDERS && c.days > 1)).toEqual([]);
    expect(counts.filter((c) => c.orders > 0).length).toBeGreaterThanOrEqual(3);
  });
});

describe('migration 0440', () => {
  it('backfills the orders already there', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-0440-'));
    const db = openDatabase(path.join(dir, 'shop.db'));
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0370_refund_dates_index')).error).toBeUndefined();
    const line = { name: 'Fustan', size: 'M', color: 'Blu', qty: 2, unitCents: 1500 };
    await insertOrder(db, { date: '2026-11-02T22:10:00.000Z', lines: [line] });
    await insertOrder(db, {
      date: '2026-11-03T10:00:00.000Z',
      status: 'delivered',
      discountCents: 300,
      lines: [line, line],
    });
    await insertOrder(db, { date: '2026-11-03T11:00:00.000Z', closedAs: 'cancelled', lines: [line] });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await expectRollupsMatch(db);
    expect(await checkOrderRollups(db)).toEqual([]);
    await db.destroy();
  });
});
