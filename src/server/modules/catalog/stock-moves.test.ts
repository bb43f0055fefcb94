// A change of stock drops only the cached answers that show the product it moved (migration 0490, decision 260):
// a sale keeps every other product's page, listing and reference list; what shows the product (its page, the
// listing page and home carousel with its card, its variant's stock) shows the new stock on the next read, whether
// this process or another one wrote it. A change of any other variant column still empties the cache.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductFilterInput } from '#shared/schemas/catalog';
import type { DB } from '#server/db/client';
import type { AppDeps } from '#server/deps';
import { createTestDeps, openSameDatabase } from '#server/testing/db';
import { createCategory, createColor, createProduct, createSize } from '#server/testing/factories';
import { filterProducts } from './listing.service';
import { homepageProducts, productById, variantStockById } from './products.service';
import { productIdsIn } from './read-cache';
import { sizes } from './reference-lists.service';
import { changeStock } from './stock';

let deps: AppDeps;
let other: DB;
let categoryId: number;
let size: number;
const products: Array<{ productId: number; variantIds: number[] }> = [];

const listing = () =>
  filterProducts(deps.db, ProductFilterInput.parse({ mainCategoryID: 1, categoryID: categoryId, pageSize: 2 }));
const listingPage2 = () =>
  filterProducts(
    deps.db,
    ProductFilterInput.parse({ mainCategoryID: 1, categoryID: categoryId, pageSize: 2, page: 2 }),
  );

/** Each read twice (a key is kept from its second ask, decision 201): the kept entries' ids. */
async function kept() {
  const reads = {
    a: () => productById(deps.db, products[0]!.productId),
    b: () => productById(deps.db, products[2]!.productId),
    page1: listing,
    page2: listingPage2,
    home: () => homepageProducts(deps.db),
    variantA: () => variantStockById(deps.db, products[0]!.variantIds[0]!),
    sizes: () => sizes(deps.db),
  };
  const ids: Record<string, number> = {};
  for (const [name, read] of Object.entries(reads)) {
    await read();
    ids[name] = (await read()).id;
    expect(ids[name], name).toBeGreaterThan(0);
  }
  return ids as Record<keyof typeof reads, number>;
}

const sell = (db: DB, variantId: number, units: number) =>
  db.transaction().execute((trx) => changeStock(trx, { variantId, delta: -units, reason: 'sale' }));

const versions = async (db: DB) => {
  const { rows } = await sql<{
    version: number;
    stock_seq: number;
  }>`SELECT version, stock_seq FROM catalog_state WHERE id = 1`.execute(db);
  return { version: Number(rows[0]!.version), stockSeq: Number(rows[0]!.stock_seq) };
};

beforeAll(async () => {
  deps = await createTestDeps();
  other = openSameDatabase(deps.config);
  categoryId = await createCategory(deps.db, { name: 'Fustane', mainCategoryID: 1 });
  size = await createSize(deps.db, { name: 'M' });
  const color = await createColor(deps.db, { name: 'E zezë', hex: '#111111' });
  // Newest first: products 0 and 1 on the listing's first page, 2 and 3 on its second.
  for (let i = 0; i < 4; i++)
    products.push(
      await createProduct(deps.db, {
        categoryId,
        isFeatured: i === 0,
        dateAdded: `2026-01-1${9 - i}`,
        variants: [{ sizeId: size, colorId: color, stock: 5 }],
      }),
    );
});

afterAll(async () => {
  await other.destroy();
  await deps.db.destroy();
});

describe('stock moves and the catalogue cache', () => {
  it('a sale keeps the answers that do not show the product and refreshes those that do', async () => {
    const before = await kept();
    const { version } = await versions(deps.db);
    await sell(deps.db, products[0]!.variantIds[0]!, 2);
    expect((await versions(deps.db)).version).toBe(version); // the catalogue version did not move

    const a = await productById(deps.db, products[0]!.productId);
    expect(a.value.stockQuantity).toBe(3);
    expect(a.value.productVariants[0]!.stockQuantity).toBe(3);
    expect(a.id).not.toBe(before.a);
    const page1 = await listing();
    expect(page1.value.products.find((p) => p.productID === products[0]!.productId)!.stockQuantity).toBe(3);
    expect(page1.id).not.toBe(before.page1);
    expect((await homepageProducts(deps.db)).value[0]!.stockQuantity).toBe(3);
    expect((await variantStockById(deps.db, products[0]!.variantIds[0]!)).value.stockQuantity).toBe(3);
    // Untouched: another product's page, the listing page without it, the sizes.
    expect((await productById(deps.db, products[2]!.productId)).id).toBe(before.b);
    expect((await listingPage2()).id).toBe(before.page2);
    expect((await sizes(deps.db)).id).toBe(before.sizes);
  });

  it("another process's sale that sells a variant out shows as sold out on the next read", async () => {
    const before = await kept();
    const variantId = products[0]!.variantIds[0]!;
    const left = (await variantStockById(deps.db, variantId)).value.stockQuantity;
    await sell(other, variantId, left);

    const a = (await productById(deps.db, products[0]!.productId)).value;
    expect(a.stockQuantity).toBe(0);
    expect(a.productVariants.every((v) => v.stockQuantity === 0)).toBe(true);
    expect((await listing()).value.products.find((p) => p.productID === products[0]!.productId)!.stockQuantity).toBe(0);
    expect((await variantStockById(deps.db, variantId)).value.stockQuantity).toBe(0);
    expect((await productById(deps.db, products[2]!.productId)).id).toBe(before.b);
    expect((await listingPage2()).id).toBe(before.page2);

    // Back in stock (a return, from the other process): shown at once too.
    await other.transaction().execute((trx) => changeStock(trx, { variantId, delta: 1, reason: 'return' }));
    expect((await productById(deps.db, products[0]!.productId)).value.stockQuantity).toBe(1);
    expect((await productById(deps.db, products[2]!.productId)).id).toBe(before.b);
  });

  it('a stock change on the second page leaves the first page and the other products alone', async () => {
    const before = await kept();
    await sell(other, products[3]!.variantIds[0]!, 1);
    const page2 = await listingPage2();
    expect(page2.value.products.find((p) => p.productID === products[3]!.productId)!.stockQuantity).toBe(4);
    expect(page2.id).not.toBe(before.page2);
    expect((await listing()).id).toBe(before.page1);
    expect((await productById(deps.db, products[0]!.productId)).id).toBe(before.a);
  });

  it('a change of any other variant column still empties the cache', async () => {
    const before = await kept();
    await sql`UPDATE product_variants SET size_id = size_id WHERE variant_id = ${products[3]!.variantIds[0]!}`.execute(
      other,
    );
    expect((await productById(deps.db, products[2]!.productId)).id).not.toBe(before.b);
    expect((await sizes(deps.db)).id).not.toBe(before.sizes);
  });

  it('the triggers: every variant column but stock bumps the version; stock only counts a move of its product', async () => {
    const columns =
      deps.config.databaseUrl !== undefined
        ? (
            await sql<{
              name: string;
            }>`SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'product_variants'`.execute(
              deps.db,
            )
          ).rows
        : (await sql<{ name: string }>`SELECT name FROM pragma_table_info('product_variants')`.execute(deps.db)).rows;
    const variantId = products[1]!.variantIds[0]!;
    expect(columns.map((c) => c.name)).toContain('stock_quantity');
    for (const { name } of columns.filter((c) => c.name !== 'stock_quantity')) {
      const was = await versions(deps.db);
      await sql`UPDATE product_variants SET ${sql.ref(name)} = ${sql.ref(name)} WHERE variant_id = ${variantId}`.execute(
        deps.db,
      );
      expect((await versions(deps.db)).version, name).toBeGreaterThan(was.version);
    }
    const was = await versions(deps.db);
    await sql`UPDATE product_variants SET stock_quantity = stock_quantity + 1 WHERE variant_id = ${variantId}`.execute(
      deps.db,
    );
    const now = await versions(deps.db);
    expect(now.version).toBe(was.version);
    expect(now.stockSeq).toBe(was.stockSeq + 1);
    const { rows } = await sql<{
      seq: number;
    }>`SELECT seq FROM catalog_stock_moves WHERE product_id = ${products[1]!.productId}`.execute(deps.db);
    expect(Number(rows[0]!.seq)).toBe(now.stockSeq);
    // The same value again is no move.
    await sql`UPDATE product_variants SET stock_quantity = stock_quantity WHERE variant_id = ${variantId}`.execute(
      deps.db,
    );
    expect(await versions(deps.db)).toEqual(now);
  });

  it('finds every product an answer shows, at any depth', () => {
    const head = {
      head: '<title>',
      render: { queries: [{ data: { json: { productID: 7, related: [{ productID: 9 }] } } }] },
    };
    expect(productIdsIn(head).sort()).toEqual([7, 9]);
    expect(productIdsIn([{ sizeID: 1 }])).toEqual([]);
  });
});
