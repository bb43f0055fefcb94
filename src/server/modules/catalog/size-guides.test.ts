// Size guides (issue 26, decision 232) through the real app, on SQLite and (npm run test:pg) PostgreSQL: staff keep a
// guide per category and override it per product; the product page's read answers the product's own, else its
// category's, else null; cells are parsed as staff type them; shoppers cannot write; a hidden product has none.
import { beforeAll, describe, expect, it } from 'vitest';
import { staffMessages } from '#shared/messages-staff';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createCustomer, createStaff } from '#server/testing/auth';
import { createCategory, createProduct, createSize } from '#server/testing/factories';
import { trpcCall } from '#server/testing/trpc';

const m = staffMessages.sizeGuides;
let t: TestApp;
let staff: string;
let shopper: string;
let cat: number;
let other: number;
let dress: number;
let hidden: number;
let shirt: number;
const sizes: Record<string, number> = {};

const call = (path: string, kind: 'query' | 'mutation', input: unknown, token?: string) =>
  trpcCall((p, init) => t.request(p, init), path, kind, input, token);
const save = (input: unknown, token = staff) => call('catalogAdmin.saveSizeGuide', 'mutation', input, token);
const rest = async (id: number) => {
  const r = await t.request(`/api/Product/${id}/SizeGuide`);
  return { status: r.status, body: (await r.json()) as unknown };
};

beforeAll(async () => {
  t = await createTestApp();
  staff = (await createStaff(t)).token;
  shopper = (await createCustomer(t)).token;
  cat = await createCategory(t.db);
  other = await createCategory(t.db);
  for (const name of ['S', 'M', 'L']) sizes[name] = await createSize(t.db, { name });
  dress = (await createProduct(t.db, { categoryId: cat, variants: [{ sizeId: sizes.M!, stock: 2 }] })).productId;
  shirt = (await createProduct(t.db, { categoryId: cat, variants: [{ sizeId: sizes.S!, stock: 2 }] })).productId;
  hidden = (await createProduct(t.db, { categoryId: cat, isActive: false, variants: [{ sizeId: sizes.S!, stock: 1 }] }))
    .productId;
});

const categoryGuide = () => ({
  scope: 'category',
  targetID: cat,
  columns: [' Gjoksi ', 'Beli'],
  rows: [
    { sizeID: sizes.L, values: ['96-100', '80'] },
    { sizeID: sizes.S, values: ['84 – 88', '66,5'] },
  ],
  note: 'Matni mbi të brendshme.',
});

describe('size guides', () => {
  it('a product without any guide answers null on both doors', async () => {
    expect(await rest(dress)).toEqual({ status: 200, body: null });
    expect((await call('catalog.sizeGuide', 'query', { productID: dress })).data).toBeNull();
  });

  it('staff save a category guide: cells as typed become ranges with an en dash, rows in the shop’s size order', async () => {
    const saved = await save(categoryGuide());
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ scope: 'category', targetID: cat, columns: ['Gjoksi', 'Beli'] });
    const shown = await rest(dress);
    expect(shown.body).toEqual({
      columns: ['Gjoksi', 'Beli'],
      rows: [
        { sizeID: sizes.S, sizeName: 'S', values: ['84–88', '66,5'] },
        { sizeID: sizes.L, sizeName: 'L', values: ['96–100', '80'] },
      ],
      note: 'Matni mbi të brendshme.',
    });
  });

  it('a product’s own guide replaces its category’s for it alone; removing it brings the category’s back', async () => {
    const own = { ...categoryGuide(), scope: 'product', targetID: dress, columns: ['Gjatësia'] };
    own.rows = [{ sizeID: sizes.M, values: ['110'] }];
    expect((await save(own)).status).toBe(200);
    expect((await rest(dress)).body).toMatchObject({ columns: ['Gjatësia'], rows: [{ sizeID: sizes.M }] });
    expect((await rest(shirt)).body).toMatchObject({ columns: ['Gjoksi', 'Beli'] });
    const list = await call('catalogAdmin.sizeGuides', 'query', undefined, staff);
    expect((list.data as Array<{ scope: string; targetID: number }>).map((g) => [g.scope, g.targetID])).toEqual([
      ['category', cat],
      ['product', dress],
    ]);
    const removed = await call(
      'catalogAdmin.deleteSizeGuide',
      'mutation',
      { scope: 'product', targetID: dress },
      staff,
    );
    expect(removed.status).toBe(200);
    expect((await rest(dress)).body).toMatchObject({ columns: ['Gjoksi', 'Beli'] });
    const again = await call('catalogAdmin.deleteSizeGuide', 'mutation', { scope: 'product', targetID: dress }, staff);
    expect(again.status).toBe(404);
  });

  it('saving again replaces the guide (one per category)', async () => {
    const next = { ...categoryGuide(), note: 'Shënim i ri.' };
    expect((await save(next)).status).toBe(200);
    const rows = await t.db.selectFrom('size_guides').selectAll().where('category_id', '=', cat).execute();
    expect(rows).toHaveLength(1);
    expect((await rest(shirt)).body).toMatchObject({ note: 'Shënim i ri.' });
  });

  it('refuses what a table cannot hold, with the field’s message, writing nothing', async () => {
    const before = await t.db.selectFrom('size_guides').selectAll().orderBy('size_guide_id').execute();
    const cases: Array<[unknown, string, string]> = [
      [{ ...categoryGuide(), columns: [] }, 'columns', m.columnsRequired],
      [{ ...categoryGuide(), rows: [{ sizeID: sizes.S, values: ['abc', '1'] }] }, 'rows.0.values.0', m.valueInvalid],
      [
        { ...categoryGuide(), rows: [{ sizeID: sizes.S, values: ['<b>1</b>', '1'] }] },
        'rows.0.values.0',
        m.valueInvalid,
      ],
      [{ ...categoryGuide(), rows: [{ sizeID: sizes.S, values: ['1'] }] }, 'rows.0.values', m.valuesCount],
      [
        {
          ...categoryGuide(),
          rows: [
            { sizeID: sizes.S, values: ['1', '2'] },
            { sizeID: sizes.S, values: ['1', '2'] },
          ],
        },
        'rows.1.sizeID',
        m.sizeTwice,
      ],
      [{ ...categoryGuide(), rows: [{ sizeID: 999999, values: ['1', '2'] }] }, 'rows.0.sizeID', m.unknownSize],
    ];
    for (const [input, path, message] of cases) {
      const r = await t.request('/api/trpc/catalogAdmin.saveSizeGuide', {
        method: 'POST',
        token: staff,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json: input }),
      });
      expect(r.status, path).toBe(400);
      const body = (await r.json()) as { error: { json: { data: { fieldErrors: Record<string, string[]> } } } };
      expect(body.error.json.data.fieldErrors[path], path).toEqual([message]);
    }
    expect((await save({ ...categoryGuide(), targetID: 999999 })).status).toBe(404);
    expect((await save({ ...categoryGuide(), scope: 'product', targetID: 999999 })).status).toBe(404);
    expect(await t.db.selectFrom('size_guides').selectAll().orderBy('size_guide_id').execute()).toEqual(before);
  });

  it('shoppers and strangers cannot read or write the staff side', async () => {
    expect((await save(categoryGuide(), shopper)).status).toBe(403);
    expect((await call('catalogAdmin.saveSizeGuide', 'mutation', categoryGuide())).status).toBe(401);
    expect((await call('catalogAdmin.sizeGuides', 'query', undefined, shopper)).status).toBe(403);
  });

  it('a hidden or missing product has no guide to show (404, like its page)', async () => {
    expect((await rest(hidden)).status).toBe(404);
    expect((await rest(999999)).status).toBe(404);
  });

  it('a category without a guide leaves its products without one', async () => {
    const lone = (await createProduct(t.db, { categoryId: other, variants: [{ sizeId: sizes.S!, stock: 1 }] }))
      .productId;
    expect((await rest(lone)).body).toBeNull();
  });
});
