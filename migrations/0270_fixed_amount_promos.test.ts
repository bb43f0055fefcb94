// Migration 0270 on a shop that already has promo codes (SQLite file): the table is rebuilt for the new CHECK, and
// every code keeps its id, values, limits and product links, orders keep their code, a deleted code's id is not
// handed out again, and the new CHECK holds a code's kind and value together. Down and up again keep the codes.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client';
import { migrations } from './index';

const promo = (code_name: string, extra: Record<string, unknown> = {}) =>
  ({ code_name, discount_percentage: 10, start_date: '2026-01-01', end_date: '2026-12-31', ...extra }) as never;

describe('0270 fixed-amount promo codes', () => {
  it('rebuilds promo_codes keeping ids, links, orders and the id sequence; the CHECK pairs kind and value', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-0270-'));
    const db = openDatabase(path.join(dir, 'shop.db'));
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0230_customer_addresses')).error).toBeUndefined();
    const main = await db
      .insertInto('main_categories')
      .values({ main_category_name: 'Veshje' } as never)
      .returning('main_category_id')
      .executeTakeFirstOrThrow();
    const cat = await db
      .insertInto('categories')
      .values({ category_name: 'Fustane', main_category_id: main.main_category_id } as never)
      .returning('category_id')
      .executeTakeFirstOrThrow();
    const product = await db
      .insertInto('products')
      .values({ name: 'Fustan', category_id: cat.category_id, price_cents: 2000, date_added: '2026-01-01' } as never)
      .returning('product_id')
      .executeTakeFirstOrThrow();
    const vera = await db
      .insertInto('promo_codes')
      .values(promo('VERA', { max_uses: 5, min_subtotal_cents: 3000, uses: 1 }))
      .returning('promo_code_discount_id')
      .executeTakeFirstOrThrow();
    const gone = await db
      .insertInto('promo_codes')
      .values(promo('IKUR'))
      .returning('promo_code_discount_id')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('promo_codes').where('promo_code_discount_id', '=', gone.promo_code_discount_id).execute();
    await db
      .insertInto('promo_code_products')
      .values({ promo_code_discount_id: vera.promo_code_discount_id, product_id: product.product_id } as never)
      .execute();
    await db
      .insertInto('orders')
      .values({
        order_date: '2026-02-01T10:00:00.000Z',
        first_name: 'A',
        last_name: 'B',
        email: 'a@b.c',
        phone_number: '+38344123456',
        address: 'R',
        city: 'P',
        zip_code: '10000',
        subtotal_cents: 4000,
        discount_cents: 400,
        shipping_cost_cents: 200,
        total_cents: 3800,
        promo_code_discount_id: vera.promo_code_discount_id,
        promo_code: 'VERA',
        promo_percentage: 10,
      } as never)
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const kept = await db.selectFrom('promo_codes').selectAll().execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      promo_code_discount_id: vera.promo_code_discount_id,
      code_name: 'VERA',
      discount_percentage: 10,
      max_uses: 5,
      min_subtotal_cents: 3000,
      uses: 1,
      is_active: 1,
      discount_kind: 'percent',
      discount_amount_cents: null,
    });
    expect(await db.selectFrom('promo_code_products').selectAll().execute()).toHaveLength(1);
    const order = await db
      .selectFrom('orders')
      .select(['promo_code_discount_id', 'promo_amount_cents'])
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ promo_code_discount_id: vera.promo_code_discount_id, promo_amount_cents: null });

    // A new code does not take the deleted code's id; a fixed one stores its amount with percentage 0.
    const fixed = await db
      .insertInto('promo_codes')
      .values(promo('PESE', { discount_kind: 'fixed', discount_percentage: 0, discount_amount_cents: 500 }))
      .returning('promo_code_discount_id')
      .executeTakeFirstOrThrow();
    expect(fixed.promo_code_discount_id).toBeGreaterThan(gone.promo_code_discount_id);
    // The CHECK: a fixed code needs an amount and no percentage; a percentage code 1–100 and no amount.
    for (const bad of [
      promo('A1', { discount_kind: 'fixed', discount_percentage: 10, discount_amount_cents: 500 }),
      promo('A2', { discount_kind: 'fixed', discount_percentage: 0, discount_amount_cents: 0 }),
      promo('A3', { discount_percentage: 0 }),
      promo('A4', { discount_amount_cents: 500 }),
      promo('A5', { discount_kind: 'euro', discount_percentage: 0, discount_amount_cents: 500 }),
    ])
      await expect(db.insertInto('promo_codes').values(bad).execute()).rejects.toThrow(/CHECK/);
    // The code stays unique regardless of case.
    await expect(db.insertInto('promo_codes').values(promo('vera')).execute()).rejects.toThrow(/UNIQUE/);
    // Deleting a code still sets the orders' link null and removes its product links (foreign keys are back on).
    await db.deleteFrom('promo_codes').where('promo_code_discount_id', '=', vera.promo_code_discount_id).execute();
    expect(await db.selectFrom('promo_code_products').selectAll().execute()).toHaveLength(0);
    expect((await db.selectFrom('orders').select('promo_code').executeTakeFirstOrThrow()).promo_code).toBe('VERA');

    // Down drops the fixed codes and the columns; up again restores them.
    expect((await migrator.migrateTo('0230_customer_addresses')).error).toBeUndefined();
    expect(await db.selectFrom('promo_codes').selectAll().execute()).toHaveLength(0);
    await db.insertInto('promo_codes').values(promo('DIMER')).execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await db.selectFrom('promo_codes').select(['code_name', 'discount_kind']).execute()).toEqual([
      { code_name: 'DIMER', discount_kind: 'percent' },
    ]);
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
