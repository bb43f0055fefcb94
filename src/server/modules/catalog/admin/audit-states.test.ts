// The audit trail records every field of a product by construction (issue 34, decision 278): a column added to the
// products table (here by the test itself, as a migration would) is in the recorded state without a line of code.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audited, withRequestContext } from '#server/modules/audit';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createProduct } from '#server/testing/factories';
import { productState, productStates } from './audit-states.queries';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.schema.alterTable('products').addColumn('fixture_note', 'varchar(60)').execute();
});
afterAll(() => t.db.destroy());

describe("a product's audited state", () => {
  it('holds a column added to products, in the one and the many readings', async () => {
    const { productId } = await createProduct(t.db);
    await sql`UPDATE products SET fixture_note = 'e re' WHERE product_id = ${productId}`.execute(t.db);
    expect(await productState(t.db, productId)).toMatchObject({ fixture_note: 'e re' });
    expect((await productStates(t.db, [productId])).get(productId)).toEqual(await productState(t.db, productId));
  });

  it('records a change of that column', async () => {
    const { productId } = await createProduct(t.db);
    await withRequestContext({ actorId: null, ip: '127.0.0.1' }, () =>
      audited(t.db, { entity: 'product', entityId: productId, action: 'update' }, productState, (tx) =>
        sql`UPDATE products SET fixture_note = 'ndryshuar' WHERE product_id = ${productId}`.execute(tx),
      ),
    );
    const row = await t.db
      .selectFrom('audit_log')
      .select('changes')
      .where('entity', '=', 'product')
      .where('entity_id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.changes)).toEqual({ fixture_note: [null, 'ndryshuar'] });
  });

  it('leaves out the id, the bookkeeping dates and the reviews sums', async () => {
    const { productId } = await createProduct(t.db);
    const state = (await productState(t.db, productId))!;
    for (const c of ['product_id', 'date_added', 'created_at', 'updated_at', 'rating_total', 'rating_count'])
      expect(state).not.toHaveProperty(c);
  });
});
