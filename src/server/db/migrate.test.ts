import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../deps';
import { createTestDeps, TEST_ENGINE } from '../testing/db';
import { migrateToLatest } from './migrate';

let deps: AppDeps;
beforeAll(async () => {
  deps = await createTestDeps();
});
afterAll(() => deps.db.destroy());

const EXPECTED_TABLES = [
  'roles',
  'users',
  'social_accounts',
  'refresh_tokens',
  'main_categories',
  'categories',
  'colors',
  'sizes',
  'events',
  'products',
  'product_variants',
  'product_images',
  'product_events',
  'countries',
  'wishlist_items',
  'cart_items',
  'product_discounts',
  'product_discount_products',
  'promo_codes',
  'promo_code_products',
  'orders',
  'order_details',
  'contact_messages',
  'app_settings',
  'order_notes',
  'couriers',
];

describe('migrations', () => {
  it('creates every entity of both specs', async () => {
    const names = (await deps.db.introspection.getTables()).map((t) => t.name);
    for (const t of EXPECTED_TABLES) expect(names).toContain(t);
  });

  it('is idempotent', async () => {
    expect(await migrateToLatest(deps.db)).toEqual([]);
  });

  it('seeds the roles and both main categories', async () => {
    const roles = await deps.db.selectFrom('roles').selectAll().orderBy('role_id').execute();
    expect(roles.map((r) => r.role_id)).toEqual([1, 2, 3]);
    const mains = await deps.db.selectFrom('main_categories').selectAll().orderBy('main_category_id').execute();
    expect(mains.map((m) => m.main_category_name)).toEqual(['Produktet', 'Glow Outlet']);
  });

  it('indexes every foreign-key column (joins never scan a table)', async () => {
    const missing =
      TEST_ENGINE === 'postgres' ? await unindexedForeignKeysPostgres() : await unindexedForeignKeysSqlite();
    expect(missing).toEqual([]);
  });

  it('enforces the domain constraints', async () => {
    const db = deps.db;
    await db
      .insertInto('users')
      .values({ first_name: 'A', last_name: 'B', email: 'Case@Example.com', password_hash: null })
      .execute();
    await expect(
      db
        .insertInto('users')
        .values({ first_name: 'C', last_name: 'D', email: 'case@example.COM', password_hash: null })
        .execute(),
    ).rejects.toThrow(/unique/i);
    const cat = await db
      .insertInto('categories')
      .values({ category_name: 'Fustane', main_category_id: 1 })
      .returning('category_id')
      .executeTakeFirstOrThrow();
    const p = await db
      .insertInto('products')
      .values({ name: 'Fustan', category_id: cat.category_id, price_cents: 1000, date_added: '2026-01-01' })
      .returning('product_id')
      .executeTakeFirstOrThrow();
    const size = await db.insertInto('sizes').values({ size_name: 'M' }).returning('size_id').executeTakeFirstOrThrow();
    const color = await db
      .insertInto('colors')
      .values({ color_name: 'E zezë', hex_code: '#000000' })
      .returning('color_id')
      .executeTakeFirstOrThrow();
    const variant = { product_id: p.product_id, size_id: size.size_id, color_id: color.color_id, stock_quantity: 1 };
    await db.insertInto('product_variants').values(variant).execute();
    await expect(db.insertInto('product_variants').values(variant).execute()).rejects.toThrow(/unique/i);
    await expect(db.updateTable('product_variants').set({ stock_quantity: -1 }).execute()).rejects.toThrow(/check/i);
    await expect(
      db
        .insertInto('products')
        .values({ name: 'X', category_id: 9999, price_cents: 1, date_added: '2026-01-01' })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    await db
      .insertInto('promo_codes')
      .values({ code_name: 'VERA10', discount_percentage: 10, start_date: '2026-01-01', end_date: '2026-12-31' })
      .execute();
    await expect(
      db
        .insertInto('promo_codes')
        .values({ code_name: 'vera10', discount_percentage: 5, start_date: '2026-01-01', end_date: '2026-12-31' })
        .execute(),
    ).rejects.toThrow(/unique/i);
  });

  it.runIf(TEST_ENGINE === 'postgres')('runs on PostgreSQL 14 or newer', async () => {
    const v = await sql<{ server_version_num: string }>`SHOW server_version_num`.execute(deps.db);
    expect(Number(v.rows[0]!.server_version_num)).toBeGreaterThanOrEqual(140000);
  });

  it.skipIf(TEST_ENGINE === 'postgres')('runs with WAL, foreign keys and a busy timeout', async () => {
    const mode = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(deps.db);
    expect(mode.rows[0]!.journal_mode).toBe('wal');
    const fk = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(deps.db);
    expect(fk.rows[0]!.foreign_keys).toBe(1);
    const bt = await sql<{ timeout: number }>`PRAGMA busy_timeout`.execute(deps.db);
    expect(bt.rows[0]!.timeout).toBe(5000);
  });
});

/** `table.column` of every foreign key whose column leads no index (SQLite: pragma functions). */
async function unindexedForeignKeysSqlite(): Promise<string[]> {
  const tables = (
    await sql<{
      name: string;
    }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'`.execute(
      deps.db,
    )
  ).rows;
  const missing: string[] = [];
  for (const { name } of tables) {
    const fks = (await sql<{ from: string }>`SELECT "from" FROM pragma_foreign_key_list(${name})`.execute(deps.db))
      .rows;
    const indexes = (await sql<{ name: string }>`SELECT name FROM pragma_index_list(${name})`.execute(deps.db)).rows;
    const leading = new Set<string>();
    for (const idx of indexes) {
      const cols = (
        await sql<{ name: string }>`SELECT name FROM pragma_index_info(${idx.name}) ORDER BY seqno`.execute(deps.db)
      ).rows;
      if (cols[0]) leading.add(cols[0].name);
    }
    const pk = (
      await sql<{ name: string; pk: number }>`SELECT name, pk FROM pragma_table_info(${name}) WHERE pk = 1`.execute(
        deps.db,
      )
    ).rows;
    for (const p of pk) leading.add(p.name);
    for (const fk of fks) if (!leading.has(fk.from)) missing.push(`${name}.${fk.from}`);
  }
  return missing;
}

/** The same check on PostgreSQL (pg_constraint / pg_index; a primary key is an index there). */
async function unindexedForeignKeysPostgres(): Promise<string[]> {
  const { rows } = await sql<{ fk: string }>`
    SELECT c.conrelid::regclass::text || '.' || a.attname AS fk
    FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace
      AND NOT EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1])
    ORDER BY 1`.execute(deps.db);
  return rows.map((r) => r.fk);
}
