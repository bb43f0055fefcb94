// The scale shop's builder (issue 38) on a small size, on the suite's engine (SQLite; PostgreSQL under test:pg):
// the counts asked for, stock never below zero and equal to its ledger, every order with lines whose sums make its
// totals, every order in a state the stage model allows (decision 229), reviews and returns where they may be, and a
// shop `npm start` serves as it is (not seeded again).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '#server/db/client';
import type { AppDeps } from '#server/deps';
import { needsDemoSeed } from '#server/seed/prepare';
import { createTestDeps, openSameDatabase } from '#server/testing/db';
import { buildScaleShop, type BuildSummary } from './build';

const SIZE = { products: 50, orders: 300, customers: 100 };
let deps: AppDeps;
let db: DB;
let summary: BuildSummary;

beforeAll(async () => {
  deps = await createTestDeps();
  await deps.db.destroy(); // the builder opens its own connection, as `--build-only` does
  const { databaseUrl, databasePath, uploadsDir } = deps.config;
  summary = await buildScaleShop({ databaseUrl, databasePath, uploadsDir }, SIZE, { seed: 7, bodyDays: 10 });
  db = openSameDatabase(deps.config);
}, 120_000);

afterAll(async () => {
  await db?.destroy();
});

const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows;

describe('the scale shop builder', () => {
  it('writes the size asked for, with the rest of a shop around it', () => {
    expect(summary.counts).toMatchObject({ products: 50, orders: 300, users: 103 });
    expect(summary.counts.order_details).toBeGreaterThanOrEqual(300);
    expect(summary.counts.mail_outbox).toBeGreaterThanOrEqual(300);
    expect(summary.counts.order_events).toBeGreaterThan(300);
    expect(summary.counts.product_variants).toBeGreaterThanOrEqual(50);
    expect(summary.counts.stock_changes).toBe(summary.counts.product_variants);
    expect(summary.pictures.drawn).toBeLessThanOrEqual(11);
  });

  it('keeps stock at or above zero and equal to the sum of its ledger', async () => {
    const bad = await rows(sql<{ variant_id: number }>`
      SELECT v.variant_id FROM product_variants v
      WHERE v.stock_quantity < 0
         OR v.stock_quantity <> (SELECT COALESCE(SUM(c.delta), 0) FROM stock_changes c WHERE c.variant_id = v.variant_id)`);
    expect(bad).toEqual([]);
  });

  it('gives every order lines whose sums make its totals', async () => {
    const bad = await rows(sql<{ order_id: number }>`
      SELECT o.order_id FROM orders o
      LEFT JOIN (SELECT order_id, COUNT(*) AS n, SUM(line_total_cents) AS goods,
                        SUM(CASE WHEN line_total_cents = quantity * unit_price_cents THEN 0 ELSE 1 END) AS wrong
                 FROM order_details GROUP BY order_id) l ON l.order_id = o.order_id
      WHERE l.n IS NULL OR l.wrong > 0 OR l.goods <> o.subtotal_cents
         OR o.total_cents <> o.subtotal_cents - o.discount_cents + o.shipping_cost_cents`);
    expect(bad).toEqual([]);
  });

  it('leaves every order in a state the stage model allows, with its history', async () => {
    const orders = await rows(sql<{
      order_id: number;
      status: string;
      closed_as: string | null;
      stage: string | null;
      shipped_at: string | null;
      order_date: string;
      events: number;
    }>`SELECT o.order_id, o.status, o.closed_as, o.stage, o.shipped_at, o.order_date,
         (SELECT COUNT(*) FROM order_events e WHERE e.order_id = o.order_id) AS events
       FROM orders o ORDER BY o.order_id`);
    const states = new Set(orders.map((o) => `${o.status}|${o.closed_as}|${o.stage}`));
    const allowed = [
      'pending|null|null',
      'pending|null|confirmed',
      'pending|null|packed',
      'pending|null|shipped',
      'delivered|null|shipped',
      'pending|cancelled|null',
      'pending|cancelled|confirmed',
      'pending|cancelled|packed',
      'delivered|returned|shipped',
    ];
    expect([...states].filter((s) => !allowed.includes(s))).toEqual([]);
    expect(states.has('delivered|null|shipped') && states.has('pending|cancelled|null')).toBe(true);
    for (const o of orders) {
      if (o.stage === 'shipped') expect(o.shipped_at).not.toBeNull();
      if (o.status === 'delivered' || o.closed_as) expect(Number(o.events)).toBeGreaterThan(0);
    }
    const dates = orders.map((o) => o.order_date);
    expect(dates).toEqual([...dates].sort()); // numbered in the order they were placed
    expect(dates.at(-1)! < new Date().toISOString()).toBe(true);
  });

  it('puts reviews and returns only on delivered orders, and counts the approved stars on the products', async () => {
    const misplaced = await rows(sql<{ id: number }>`
      SELECT r.review_id AS id FROM product_reviews r JOIN orders o ON o.order_id = r.order_id
      WHERE o.status <> 'delivered' OR o.closed_as IS NOT NULL
      UNION ALL
      SELECT q.return_request_id FROM return_requests q JOIN orders o ON o.order_id = q.order_id
      WHERE o.status <> 'delivered' OR o.closed_as IS NOT NULL`);
    expect(misplaced).toEqual([]);
    const wrongStars = await rows(sql<{ product_id: number }>`
      SELECT p.product_id FROM products p
      WHERE p.rating_count <> (SELECT COUNT(*) FROM product_reviews r
                               WHERE r.product_id = p.product_id AND r.status = 'approved')`);
    expect(wrongStars).toEqual([]);
  });

  it('gives every order its confirmation e-mail, sent', async () => {
    const missing = await rows(sql<{ order_id: number }>`
      SELECT o.order_id FROM orders o WHERE NOT EXISTS (
        SELECT 1 FROM mail_outbox m WHERE m.order_id = o.order_id AND m.kind = 'order_confirmation' AND m.status = 'sent')`);
    expect(missing).toEqual([]);
  });

  it('is served as it is: not empty, so `npm start` does not seed the demo into it', async () => {
    expect(await needsDemoSeed({ db, config: { ...deps.config, seedDemo: true } })).toBe(false);
  });

  it('refuses a database that already holds a shop', async () => {
    const { databaseUrl, databasePath, uploadsDir } = deps.config;
    await expect(buildScaleShop({ databaseUrl, databasePath, uploadsDir }, SIZE)).rejects.toThrow(/already holds/);
  });
});
