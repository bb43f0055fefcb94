// The query planner's statistics (issue 38, decision 241) on a real database: SQLite is given statistics by
// keepStatistics (PRAGMA optimize within an analysis limit), after which the overview's per-day query walks the
// order_date index instead of closed_as; a products CSV import leaves statistics behind; PostgreSQL is left to
// autovacuum, and analysed after a bulk load. BUTIKU_MEASURE_OPTIMIZE=200000 also times PRAGMA optimize on that
// many bulk orders (a measurement, not run by default).
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, shopDayStartIso } from '#shared/dates';
import { createStaff } from '../testing/auth';
import { createTestApp, type TestApp } from '../testing/app';
import { insertBulkOrders } from '../testing/bulk-orders';
import { createTestDeps, TEST_ENGINE } from '../testing/db';
import { createCategory, createColor, createSize } from '../testing/factories';
import type { DB } from './client';
import { keepStatistics, statisticsAfterBulkLoad } from './dialect';

/** Which tables sqlite_stat1 has rows for (none before the first ANALYZE, when the table does not exist). */
async function analysedTables(db: DB): Promise<string[]> {
  const exists = await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_master WHERE name = 'sqlite_stat1'`.execute(
    db,
  );
  if (!Number(exists.rows[0]?.n)) return [];
  const { rows } = await sql<{ tbl: string }>`SELECT DISTINCT tbl FROM sqlite_stat1 ORDER BY tbl`.execute(db);
  return rows.map((r) => r.tbl);
}

/**
 * The plan SQLite picks for a per-day count over the orders table: the query the overview sent before it read the
 * rollups (decision 244), kept here as the example of a plan that statistics change.
 */
function perDayPlan(file: string): string[] {
  const raw = new SQLite(file, { readonly: true });
  try {
    const today = '2026-11-27';
    const days = Array.from({ length: 30 }, (_, i) => {
      const day = addDays(today, i - 29);
      return [day, shopDayStartIso(day), shopDayStartIso(addDays(day, 1))];
    });
    const query = `WITH days(day, start_at, end_at) AS (VALUES ${days.map(() => '(?, ?, ?)').join(', ')})
      SELECT days.day AS day, COUNT(o.order_id) AS orders, COALESCE(SUM(o.total_cents), 0) AS revenue_cents
      FROM days LEFT JOIN orders o ON o.order_date >= days.start_at AND o.order_date < days.end_at AND o.closed_as IS NULL
      GROUP BY days.day ORDER BY days.day`;
    const plan = raw.prepare(`EXPLAIN QUERY PLAN ${query}`).all(...days.flat()) as Array<{ detail: string }>;
    return plan.map((r) => r.detail);
  } finally {
    raw.close();
  }
}

describe.runIf(TEST_ENGINE === 'sqlite')('SQLite statistics', () => {
  let deps: Awaited<ReturnType<typeof createTestDeps>>;
  beforeAll(async () => {
    deps = await createTestDeps({}, 'sqlite');
    // 4 000 orders, one every 15 minutes up to the overview's last day: about 96 a day.
    await insertBulkOrders(deps.db, 4000, Date.parse('2026-11-27T00:00:00Z') - 4000 * 15 * 60_000, 15 * 60_000);
  });
  afterAll(() => deps.db.destroy());

  it('keepStatistics fills sqlite_stat1 for the orders; the per-day overview query then walks orders_order_date', async () => {
    expect(await analysedTables(deps.db)).not.toContain('orders');
    const before = perDayPlan(deps.config.databasePath);
    expect(before.join('\n')).toContain('orders_closed_as'); // the plan the issue found: 451 ms at 200 000 orders

    await keepStatistics(deps.db);
    expect(await analysedTables(deps.db)).toContain('orders');
    const stat = await sql<{
      stat: string;
    }>`SELECT stat FROM sqlite_stat1 WHERE idx = 'orders_order_date'`.execute(deps.db);
    expect(stat.rows[0]?.stat).toMatch(/^4000 /);
    const after = perDayPlan(deps.config.databasePath);
    expect(after.join('\n')).toMatch(
      /SEARCH o USING (COVERING )?INDEX orders_order_date \(order_date>\? AND order_date<\?\)/,
    );
    expect(after.join('\n')).not.toContain('orders_closed_as');

    // Idempotent and bounded: a second run on unchanged tables changes nothing.
    const rows = await sql`SELECT * FROM sqlite_stat1 ORDER BY tbl, idx`.execute(deps.db);
    await keepStatistics(deps.db);
    expect((await sql`SELECT * FROM sqlite_stat1 ORDER BY tbl, idx`.execute(deps.db)).rows).toEqual(rows.rows);
  });
});

describe.runIf(TEST_ENGINE === 'sqlite')('the search indexes (FTS5) and the statistics', () => {
  let deps: Awaited<ReturnType<typeof createTestDeps>>;
  beforeAll(async () => {
    deps = await createTestDeps({}, 'sqlite');
  });
  afterAll(() => deps.db.destroy());

  it("keeps SQLite's default row count for their shadow tables, however empty they were when analysed", async () => {
    // The buyers' index is empty until the first orders: analysed then, its 2 rows made each FTS5 merge step of the
    // first rebuild take 7-16 s instead of 40 ms at 200 000 orders (decision 270).
    await keepStatistics(deps.db);
    const shadow = async () =>
      (
        await sql<{ tbl: string; stat: string }>`
          SELECT tbl, stat FROM sqlite_stat1 WHERE tbl GLOB '*_search_data' OR tbl GLOB '*_search_docsize'
          ORDER BY tbl`.execute(deps.db)
      ).rows;
    const rows = await shadow();
    expect(rows.map((r) => r.tbl)).toEqual(expect.arrayContaining(['buyers_search_data', 'orders_search_data']));
    for (const r of rows) expect(r).toEqual({ tbl: r.tbl, stat: '1048576' });

    // A figure PRAGMA optimize wrote (or an older version left) is set back at the next round.
    await sql`UPDATE sqlite_stat1 SET stat = '2' WHERE tbl = 'buyers_search_data'`.execute(deps.db);
    await keepStatistics(deps.db);
    expect(await shadow()).toEqual(rows);
  });
});

describe.runIf(TEST_ENGINE === 'sqlite')('after a products CSV import', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, 'sqlite');
  });
  afterAll(() => t.db.destroy());

  it('the products and their variants have statistics', async () => {
    const staff = (await createStaff(t)).token;
    await createCategory(t.db, { name: 'Fustane' });
    await createColor(t.db, { name: 'E kuqe' });
    for (const s of ['S', 'M']) await createSize(t.db, { name: s });
    await keepStatistics(t.db); // as at start: an empty catalogue has nothing to analyse
    expect(await analysedTables(t.db)).not.toContain('products');
    const rows = Array.from({ length: 300 }, (_, p) =>
      ['S', 'M'].map((size) => ({
        barcode: `STAT-${p}`,
        name: `Produkt ${p}`,
        brand: 'Butiku',
        description: 'Përshkrim',
        category: 'Fustane',
        price: '19.90',
        size,
        colour: 'E kuqe',
        stock: '3',
      })),
    ).flat();
    const form = new FormData();
    form.append('file', new Blob([stringify(rows, { header: true, bom: true })], { type: 'text/csv' }), 'p.csv');
    const r = await t.request('/api/Product/import', { method: 'POST', body: form, token: staff });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ created: 300, errors: [] });
    expect(await analysedTables(t.db)).toEqual(expect.arrayContaining(['products', 'product_variants']));
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('PostgreSQL statistics', () => {
  it('keepStatistics leaves PostgreSQL to autovacuum; statisticsAfterBulkLoad analyses every table', async () => {
    const deps = await createTestDeps();
    try {
      await insertBulkOrders(deps.db, 300);
      const estimate = async () =>
        Number(
          (
            await sql<{
              n: number;
            }>`SELECT reltuples::float8 AS n FROM pg_class WHERE relname = 'orders'`.execute(deps.db)
          ).rows[0]?.n,
        );
      await keepStatistics(deps.db);
      expect(await estimate()).toBe(-1); // never analysed
      await statisticsAfterBulkLoad(deps.db);
      expect(await estimate()).toBe(300);
    } finally {
      await deps.db.destroy();
    }
  });
});

const MEASURE = Number(process.env.BUTIKU_MEASURE_OPTIMIZE ?? 0);

describe.runIf(MEASURE > 0 && TEST_ENGINE === 'sqlite')(`PRAGMA optimize on ${MEASURE} orders (measurement)`, () => {
  it('reports how long the first and a repeated PRAGMA optimize hold the connection', async () => {
    const deps = await createTestDeps({}, 'sqlite');
    try {
      await insertBulkOrders(deps.db, MEASURE, Date.UTC(2024, 0, 1), 5 * 60_000);
      const time = async () => {
        const started = performance.now();
        await keepStatistics(deps.db);
        return Math.round(performance.now() - started);
      };
      const first = await time();
      const again = await time();
      await sql`DELETE FROM sqlite_stat1`.execute(deps.db);
      await sql`ANALYZE sqlite_schema`.execute(deps.db); // reloads the (now empty) statistics
      const forced = await time();
      await sql`PRAGMA analysis_limit = 0`.execute(deps.db);
      const started = performance.now();
      await sql`ANALYZE`.execute(deps.db);
      const full = Math.round(performance.now() - started);
      console.log(
        `PRAGMA optimize (analysis_limit 1000) on ${MEASURE} orders: never analysed ${first} ms, again ${again} ms, statistics wiped ${forced} ms; a full ANALYZE without a limit ${full} ms`,
      );
      expect(first).toBeLessThan(1000);
    } finally {
      await deps.db.destroy();
    }
  }, 1_200_000);
});
