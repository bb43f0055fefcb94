// `npm run db:copy`: a SQLite shop moved into an empty PostgreSQL database keeps every row (counts, orders
// checksum), its sequences continue after the copied ids, and the shop on the copy answers as the original did.
// Needs a PostgreSQL server: runs under `npm run test:pg`.
import { execFileSync } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { ORDER_ROLLUP_TABLES } from '../modules/orders';
import type { AppDeps } from '../deps';
import { createAdmin } from '../testing/auth';
import { createTestDeps, freshPostgresUrl, TEST_ENGINE } from '../testing/db';
import { createCountry, createProduct } from '../testing/factories';
import { openPostgres } from './client';
import { CopyRefused, copySqliteTo, ordersChecksum } from './copy';
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
      for (const path of ['/api/Orders', '/api/Orders/2', '/api/Product', '/api/Countries', '/api/Overview']) {
        const get = (app: ReturnType<typeof createApp>) =>
          app.request(path, { headers: { authorization: `Bearer ${token}` } });
        const [a, b] = [await get(sourceApp), await get(copyApp)];
        expect(b.status).toBe(200);
        expect(await b.json()).toEqual(await a.json());
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
