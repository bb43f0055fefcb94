// `npm run db:copy`: a SQLite shop moved into an empty PostgreSQL database keeps every row (counts, orders
// checksum), its sequences continue after the copied ids, the copy is analysed, and the shop on the copy answers as
// the original did. Needs a PostgreSQL server: runs under `npm run test:pg`. The batched reads by key (decision 241)
// are checked on SQLite in both runs.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { ORDER_ROLLUP_TABLES } from '../modules/orders';
import type { AppDeps } from '../deps';
import { createAdmin } from '../testing/auth';
import { createTestDeps, freshPostgresUrl, TEST_ENGINE } from '../testing/db';
import { insertBulkOrders } from '../testing/bulk-orders';
import { createCountry, createProduct } from '../testing/factories';
import { openPostgres } from './client';
import { CopyRefused, copySqliteTo, ordersChecksum, sqliteRowsByKey } from './copy';
import { engineOf } from './dialect';

describe.runIf(TEST_ENGINE === 'postgres')('db:copy from SQLite to PostgreSQL', () => {
  let source: AppDeps;
  let token: string;

  beforeAll(async () => {
    source = await createTestDeps({}, 'sqlite');
    const app = createApp(source);
    token = (await createAdmin(source)).token;
    const countryID = await createCountry(source.db, { name: 'Shqipëri', shippingCents: 450 });
    const p = await createProduct(source.db, {
      name: 'Këmishë liri',
      priceCents: 2999,
      variants: [{ stock: 9 }, { stock: 4 }],
    });
    for (let i = 0; i < 3; i++) {
      const r = await app.request('/api/orders/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'Idempotency-Key': `copy-test-${i}` },
        body: JSON.stringify({
          customerDetails: {
            email: `a${i}@example.com`,
            firstName: 'Ëndrit',
            lastName: 'Çela',
            address: 'Rr. e Durrësit 5',
            city: 'Tiranë',
            zipCode: '1001',
            phoneNumber: '+355690000000',
            countryID,
            guestId: `guest_copy${i}`,
          },
          cartItems: [{ productVariantId: p.variantIds[i % 2]!, quantity: 1 + i }],
          promoCode: null,
        }),
      });
      expect(r.status).toBe(201);
    }
  });

  afterAll(() => source.db.destroy());

  it('copies every table, verifies counts and the orders checksum, and the copy serves the same answers', async () => {
    const target = openPostgres(await freshPostgresUrl(), { poolSize: 2 });
    try {
      const r = await copySqliteTo(source.config.databasePath, target);
      expect(engineOf(target)).toBe('postgres');
      const rows = Object.fromEntries(r.tables.map((t) => [t.table, t.rows]));
      expect(rows).toMatchObject({
        orders: 3,
        order_details: 3,
        products: 1,
        product_variants: 2,
        countries: 1,
        users: 1,
        roles: 3,
        main_categories: 2,
      });
      expect(r.ordersChecksum).toBe(await ordersChecksum(source.db));
      expect(await ordersChecksum(target)).toBe(r.ordersChecksum);
      // The copy was analysed (decision 241): PostgreSQL's row estimate is set (-1 means never analysed).
      const planned = await sql<{
        reltuples: number;
      }>`SELECT reltuples::float8 AS reltuples FROM pg_class WHERE relname = 'orders'`.execute(target);
      expect(Number(planned.rows[0]?.reltuples)).toBe(3);
      // The order rollups are not copied but rebuilt from the copied orders (decision 244): the same rows.
      expect(rows).not.toHaveProperty('order_hour_figures');
      for (const table of ORDER_ROLLUP_TABLES) {
        const read = async (db: typeof target) =>
          (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(db)).rows
            .map((row) =>
              JSON.stringify(
                Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v]),
              ),
            )
            .sort();
        const copied = await read(target);
        expect(copied.length, table).toBeGreaterThan(0);
        expect(copied, table).toEqual(await read(source.db));
      }

      // The sequences continue after the copied ids: a new order gets id 4, not 1.
      const targetDeps = { ...source, db: target };
      const copyApp = createApp(targetDeps);
      const sourceApp = createApp(source);
      // The FTS5 search tables stay behind (decision 243); the copy's own search indexes answer the same searches.
      expect(r.tables.map((t) => t.table).filter((t) => t.includes('_search'))).toEqual([]);
      for (const path of [
        '/api/Orders',
        '/api/Orders/2',
        '/api/Product',
        '/api/Countries',
        '/api/Overview',
        `/api/Orders?q=${encodeURIComponent('ndrit a1@')}&page=1&pageSize=10`,
        '/api/Product/table?q=kemisha&page=1&pageSize=10',
        '/api/Users?q=admin&page=1&pageSize=10',
      ]) {
        const get = (app: ReturnType<typeof createApp>) =>
          app.request(path, { headers: { authorization: `Bearer ${token}` } });
        const [a, b] = [await get(sourceApp), await get(copyApp)];
        expect(b.status).toBe(200);
        const [bodyA, bodyB] = [await a.json(), await b.json()];
        expect(bodyB).toEqual(bodyA);
        if (path.includes('q=')) expect(bodyA).toHaveLength(1);
      }
      const next = await target
        .insertInto('countries')
        .values({ country_name: 'Maqedoni e Veriut', shipping_price_cents: 500 })
        .returning('country_id')
        .executeTakeFirstOrThrow();
      expect(next.country_id).toBe(2);

      // A second copy into the now non-empty database is refused and changes nothing.
      await expect(copySqliteTo(source.config.databasePath, target)).rejects.toThrow(CopyRefused);
      await expect(copySqliteTo(source.config.databasePath, target)).rejects.toThrow(/not empty \(users: 1 rows\)/);
    } finally {
      await target.destroy();
    }
  });

  it('npm run db:copy prints what it copied, and refuses a bad target URL clearly', async () => {
    const url = await freshPostgresUrl();
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/db-copy.ts', '--from', source.config.databasePath, '--to', url],
      { encoding: 'utf8' },
    );
    expect(out).toMatch(/orders\s+3 rows/);
    expect(out).toMatch(/Copied .* row counts equal, orders checksum [0-9a-f]{16}… equal\./);
    expect(out).not.toContain(':butiku@'); // the password is redacted
    let failed: { status?: number; stderr?: string } = {};
    try {
      execFileSync(
        process.execPath,
        ['--import', 'tsx', 'scripts/db-copy.ts', '--from', source.config.databasePath, '--to', 'mysql://x@y/z'],
        { encoding: 'utf8', stdio: 'pipe' },
      );
    } catch (err) {
      failed = err as typeof failed;
    }
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('Copy refused:');
    expect(failed.stderr).toContain('DATABASE_URL: must be a PostgreSQL URL');
  }, 60_000);
});

describe('reading by key, not OFFSET (decision 241)', () => {
  let deps: AppDeps;
  beforeAll(async () => {
    deps = await createTestDeps({}, 'sqlite');
    await insertBulkOrders(deps.db, 1234);
    // Gaps in the keys, as deleted orders leave them.
    await deps.db.deleteFrom('orders').where('order_id', 'in', [1, 2, 500, 501, 502, 1000]).execute();
  });
  afterAll(() => deps.db.destroy());

  it('gives every row once, in key order, in batches of at most n, without the key column', async () => {
    const seen: number[] = [];
    const sizes: number[] = [];
    for await (const rows of sqliteRowsByKey(deps.db, 'orders', 100)) {
      sizes.push(rows.length);
      for (const row of rows) {
        expect(row).not.toHaveProperty('__copy_rowid');
        seen.push(Number(row.order_id));
      }
    }
    const all = (await deps.db.selectFrom('orders').select('order_id').orderBy('order_id').execute()).map(
      (r) => r.order_id,
    );
    expect(all).toHaveLength(1228);
    expect(seen).toEqual(all);
    expect(Math.max(...sizes)).toBe(100);
    expect(sizes).toHaveLength(13);
    const first = (await sqliteRowsByKey(deps.db, 'orders', 5).next()).value!;
    expect(first[0]).toEqual(
      await deps.db.selectFrom('orders').selectAll().where('order_id', '=', 3).executeTakeFirst(),
    );
  });

  it('the orders checksum read in batches equals the sum over the whole tables read at once', async () => {
    const hash = crypto.createHash('sha256');
    for (const [table, id] of [
      ['orders', 'order_id'],
      ['order_details', 'order_details_id'],
    ] as const) {
      const { rows } = await sql<
        Record<string, unknown>
      >`SELECT * FROM ${sql.table(table)} ORDER BY ${sql.ref(id)}`.execute(deps.db);
      for (const row of rows)
        hash.update(
          JSON.stringify(
            Object.keys(row)
              .sort()
              .map((k) => [k, row[k]]),
          ),
        );
    }
    expect(await ordersChecksum(deps.db)).toBe(hash.digest('hex'));
  });
});
