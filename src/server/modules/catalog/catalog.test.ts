// Catalogue service: filters, pagination, discount windows, stock, related products and the read cache.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductFilterInput } from '#shared/schemas/catalog';
import type { AppDeps } from '#server/deps';
import { createTestDeps } from '#server/testing/db';
import {
  createCategory,
  createColor,
  createCountry,
  createEvent,
  createProduct,
  createProductDiscount,
  createSize,
  updateProduct,
} from '#server/testing/factories';
import { activeDiscountPercentages } from './discount-pricing';
import { filterProducts } from './listing.service';
import { allProducts, homepageProducts, productById, relatedProducts, variantStockById } from './products.service';
import { bumpCatalogVersion, cachedRead } from './read-cache';
import { colorsWithCount, countries, sizes } from './reference-lists.service';

let deps: AppDeps;
const ids: Record<string, number> = {};

const filter = (input: Record<string, unknown>) =>
  filterProducts(deps.db, ProductFilterInput.parse(input)).then((r) => r.value);

beforeAll(async () => {
  deps = await createTestDeps();
  const { db } = deps;
  ids.dresses = await createCategory(db, { name: 'Fustane', mainCategoryID: 1 });
  ids.shoes = await createCategory(db, { name: 'Këpucë', mainCategoryID: 1 });
  ids.beauty = await createCategory(db, { name: 'Grim', mainCategoryID: 2 });
  ids.red = await createColor(db, { name: 'E kuqe', hex: '#b3262e' });
  ids.black = await createColor(db, { name: 'E zezë', hex: '#111111' });
  ids.pink = await createColor(db, { name: 'Rozë', hex: '#e7a3b6' });
  ids.S = await createSize(db, { name: 'S' });
  ids.M = await createSize(db, { name: 'M' });
  ids.XL = await createSize(db, { name: 'XL' });
  ids.XS = await createSize(db, { name: 'XS' });
  ids.summer = await createEvent(db, { name: 'Koleksioni i Verës' });
  ids.bf = await createEvent(db, { name: 'Black Friday' });
  // 30 dresses, newest last-created first by date; product i has a red S variant, every 3rd a black M, every 5th in summer.
  for (let i = 0; i < 30; i++) {
    const variants = [{ sizeId: ids.S, colorId: ids.red, stock: i === 0 ? 0 : 3 }];
    if (i % 3 === 0) variants.push({ sizeId: ids.M, colorId: ids.black, stock: i === 0 ? 0 : 2 });
    const p = await createProduct(db, {
      name: `Fustan ${i}`,
      categoryId: ids.dresses,
      dateAdded: `2026-01-${String(1 + (i % 28)).padStart(2, '0')}`,
      variants,
      eventIds: i % 5 === 0 ? [ids.summer] : [],
      isFeatured: i < 4,
      brand: i % 2 ? 'Mango' : 'Zara',
    });
    ids[`dress${i}`] = p.productId;
  }
  ids.shoe = (
    await createProduct(db, {
      name: 'Atlete',
      categoryId: ids.shoes,
      variants: [{ sizeId: ids.XL, colorId: ids.black, stock: 5 }],
      eventIds: [ids.bf],
      brand: 'Nike',
    })
  ).productId;
  ids.lipstick = (
    await createProduct(db, {
      name: 'Buzëkuq',
      categoryId: ids.beauty,
      priceCents: 1990,
      variants: [{ sizeId: ids.XS, colorId: ids.pink, stock: 4 }],
      brand: 'MAC',
    })
  ).productId;
});

afterAll(async () => {
  await deps.db.destroy();
});

describe('filterProducts', () => {
  it('pages a main category 24 at a time with the total count, newest first and stable', async () => {
    const page1 = await filter({ mainCategoryID: 1 });
    const page2 = await filter({ mainCategoryID: 1, page: 2 });
    expect(page1.totalCount).toBe(31);
    expect(page1.products).toHaveLength(24);
    expect(page2.products).toHaveLength(7);
    const all = [...page1.products, ...page2.products].map((p) => p.productID);
    expect(new Set(all).size).toBe(31);
    const dates = await deps.db.selectFrom('products').select(['product_id', 'date_added']).execute();
    const dateOf = new Map(dates.map((d) => [d.product_id, d.date_added]));
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [dateOf.get(all[i - 1]!)!, dateOf.get(all[i]!)!];
      expect(a > b || (a === b && all[i - 1]! > all[i]!)).toBe(true);
    }
    expect((await filter({ mainCategoryID: 1, page: 9 })).products).toEqual([]);
  });

  it('narrows by category, size, colour and event, alone and combined', async () => {
    expect((await filter({ mainCategoryID: 2 })).products.map((p) => p.productID)).toEqual([ids.lipstick]);
    expect((await filter({ mainCategoryID: 1, categoryID: ids.shoes })).totalCount).toBe(1);
    expect((await filter({ mainCategoryID: 1, size: [ids.M] })).totalCount).toBe(10);
    expect((await filter({ mainCategoryID: 1, colorID: [ids.black] })).totalCount).toBe(11); // 10 dresses + shoe
    expect((await filter({ mainCategoryID: 1, size: [ids.S, ids.XL] })).totalCount).toBe(31);
    expect((await filter({ mainCategoryID: 1, eventID: [ids.summer] })).totalCount).toBe(6);
    expect((await filter({ mainCategoryID: 1, eventID: [ids.summer, ids.bf] })).totalCount).toBe(7);
    // size and colour must meet in one variant: no dress has a red M.
    expect((await filter({ mainCategoryID: 1, size: [ids.M], colorID: [ids.red] })).totalCount).toBe(0);
    expect(
      (await filter({ mainCategoryID: 1, categoryID: ids.dresses, colorID: [ids.black], eventID: [ids.summer] }))
        .totalCount,
    ).toBe(2); // 0, 15
    expect((await filter({ mainCategoryID: 2, categoryID: ids.dresses })).totalCount).toBe(0);
  });

  it('answers the same for the same query written differently (normalised key)', async () => {
    await filter({ mainCategoryID: 1, size: [ids.M, ids.S] }); // a first ask is answered, kept from the second (decision 201)
    const a = await filter({ mainCategoryID: 1, size: [ids.M, ids.S] });
    const b = await filter({ mainCategoryID: 1, size: [ids.S, ids.M, ids.S, 999_999] });
    expect(b).toBe(a);
  });
});

describe('products', () => {
  it('sums stock over variants and reports sold-out products with 0', async () => {
    const cards = (await allProducts(deps.db)).value;
    expect(cards.find((c) => c.productID === ids.dress0)!.stockQuantity).toBe(0);
    expect(cards.find((c) => c.productID === ids.dress3)!.stockQuantity).toBe(5);
    const detail = (await productById(deps.db, ids.dress3!)).value;
    expect(detail.productVariants.map((v) => v.sizeName)).toEqual(['S', 'M']);
    expect(detail.stockQuantity).toBe(5);
    expect(detail.colors.map((c) => c.colorName)).toEqual(['E kuqe', 'E zezë']);
  });

  it('gives a product with events, eventIDs and category name; unknown id is 404 "Produkti nuk u gjet."', async () => {
    const p = (await productById(deps.db, ids.dress5!)).value;
    expect(p.events).toEqual([{ eventID: ids.summer, eventName: 'Koleksioni i Verës' }]);
    expect(p.eventIDs).toEqual([ids.summer]);
    expect(p.categoryName).toBe('Fustane');
    expect(p.mainCategoryID).toBe(1);
    await expect(productById(deps.db, 999999)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Produkti nuk u gjet.',
    });
  });

  it('lists only featured active products on the homepage and skips inactive ones everywhere public', async () => {
    const home = (await homepageProducts(deps.db)).value.map((p) => p.productID).sort((a, b) => a - b);
    expect(home).toEqual([ids.dress0, ids.dress1, ids.dress2, ids.dress3].sort((a, b) => a! - b!));
    await updateProduct(deps.db, ids.dress1!, { isActive: false });
    expect((await homepageProducts(deps.db)).value.map((p) => p.productID)).not.toContain(ids.dress1);
    expect((await allProducts(deps.db)).value.map((p) => p.productID)).not.toContain(ids.dress1);
    expect((await allProducts(deps.db, { includeInactive: true })).value.map((p) => p.productID)).toContain(ids.dress1);
    expect((await filter({ mainCategoryID: 1 })).totalCount).toBe(30);
    await updateProduct(deps.db, ids.dress1!, { isActive: true });
  });

  it('reads a variant stock; unknown variant is 404', async () => {
    const v = await deps.db
      .selectFrom('product_variants')
      .select(['variant_id', 'stock_quantity'])
      .where('product_id', '=', ids.dress4!)
      .executeTakeFirstOrThrow();
    expect((await variantStockById(deps.db, v.variant_id)).value).toEqual({
      variantID: v.variant_id,
      productID: ids.dress4,
      stockQuantity: 3,
    });
    await expect(variantStockById(deps.db, 999999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('relates products: same category first, then brand/size/colour, never the current one, at most 12', async () => {
    const related = (
      await relatedProducts(deps.db, {
        categoryId: ids.shoes,
        brand: 'Mango',
        currentProductId: ids.shoe,
        sizeIds: [],
        colorIds: [],
      })
    ).value;
    expect(related.length).toBe(12);
    expect(related.map((p) => p.productID)).not.toContain(ids.shoe);
    expect(related.every((p) => p.brand === 'Mango')).toBe(true);
    const sameCategory = (
      await relatedProducts(deps.db, {
        categoryId: ids.dresses,
        currentProductId: ids.dress2,
        sizeIds: [],
        colorIds: [ids.black!],
      })
    ).value;
    expect(sameCategory[0]!.categoryID).toBe(ids.dresses);
    expect(sameCategory.map((p) => p.productID)).not.toContain(ids.dress2);
    const byColour = (await relatedProducts(deps.db, { colorIds: [ids.pink!], sizeIds: [] })).value;
    expect(byColour.map((p) => p.productID)).toEqual([ids.lipstick]);
  });

  it('sorts sizes XS, S, M, L, XL, XXL first and lists countries with euro shipping', async () => {
    expect((await sizes(deps.db)).value.map((s) => s.sizeName)).toEqual(['XS', 'S', 'M', 'XL']);
    await createCountry(deps.db, { name: 'Kosovë', shippingCents: 200 });
    expect((await countries(deps.db)).value).toEqual([
      expect.objectContaining({ countryName: 'Kosovë', name: 'Kosovë', shippingPrice: 2 }),
    ]);
  });

  it('counts products per colour and applies the minimum', async () => {
    const counts = (await colorsWithCount(deps.db, 1)).value;
    expect(counts.find((c) => c.colorName === 'E kuqe')!.productCount).toBe(30);
    expect(counts.find((c) => c.colorName === 'Rozë')!.productCount).toBe(1);
    expect((await colorsWithCount(deps.db, 4)).value.map((c) => c.colorName).sort()).toEqual(['E kuqe', 'E zezë']);
  });
});

describe('product discounts', () => {
  it('applies the best discount whose window contains today, both ends inclusive', async () => {
    const p = ids.dress7!;
    const add = (percentage: number, start: string, end: string) =>
      createProductDiscount(deps.db, { productIds: [p], percentage, start, end });
    await add(10, '2026-03-01', '2026-03-10');
    await add(25, '2026-03-10', '2026-03-12');
    await add(50, '2026-02-01', '2026-02-28');
    expect((await activeDiscountPercentages(deps.db, [p], '2026-02-28')).get(p)).toBe(50);
    expect((await activeDiscountPercentages(deps.db, [p], '2026-03-01')).get(p)).toBe(10);
    expect((await activeDiscountPercentages(deps.db, [p], '2026-03-10')).get(p)).toBe(25);
    expect((await activeDiscountPercentages(deps.db, [p], '2026-03-12')).get(p)).toBe(25);
    expect((await activeDiscountPercentages(deps.db, [p], '2026-03-13')).has(p)).toBe(false);
    expect(await activeDiscountPercentages(deps.db, [p, ids.dress8!], '2026-03-11')).toEqual(new Map([[p, 25]]));
  });

  it('shows discountedPrice in euros only while a discount is live', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Belgrade' }).format(new Date());
    await createProductDiscount(deps.db, { productIds: [ids.lipstick!], percentage: 20, start: today, end: today });
    const p = (await productById(deps.db, ids.lipstick!)).value;
    expect(p.price).toBe(19.9);
    expect(p.discountedPrice).toBe(15.92);
    expect(p.discountPercentage).toBe(20);
    const other = (await productById(deps.db, ids.shoe!)).value;
    expect(other.discountedPrice).toBeNull();
  });
});

describe('read cache', () => {
  it('serves repeated reads from the cache (same frozen object)', async () => {
    await filterProducts(deps.db, ProductFilterInput.parse({ mainCategoryID: 2 })); // kept from the second ask on
    const a = await filterProducts(deps.db, ProductFilterInput.parse({ mainCategoryID: 2 }));
    const b = await filterProducts(deps.db, ProductFilterInput.parse({ mainCategoryID: 2 }));
    expect(b).toBe(a);
    expect(Object.isFrozen(a.value.products[0])).toBe(true);
    expect(JSON.parse(a.json())).toEqual(a.value);
  });

  it('makes any catalogue write visible on the next read, through triggers or bumpCatalogVersion()', async () => {
    const before = (await productById(deps.db, ids.shoe!)).value;
    await deps.db
      .updateTable('products')
      .set({ name: 'Atlete të bardha' })
      .where('product_id', '=', ids.shoe!)
      .execute();
    expect((await productById(deps.db, ids.shoe!)).value.name).toBe('Atlete të bardha');
    await deps.db
      .updateTable('product_variants')
      .set({ stock_quantity: 1 })
      .where('product_id', '=', ids.shoe!)
      .execute();
    expect((await productById(deps.db, ids.shoe!)).value.stockQuantity).toBe(1);
    expect(before.name).toBe('Atlete');

    // A cache entry computed with a key only the cache knows about is dropped by bumpCatalogVersion(). A key is
    // kept from its second ask on (decision 201), and stays known across versions.
    let computed = 0;
    const read = () => cachedRead(deps.db, 'test:counter', async () => ++computed);
    expect((await read()).value).toBe(1);
    expect((await read()).value).toBe(2);
    expect((await read()).value).toBe(2);
    bumpCatalogVersion();
    expect((await read()).value).toBe(3);
    expect((await read()).value).toBe(3);
    // A write to a watched table bumps the stored version, whoever makes it.
    await sql`UPDATE colors SET hex_code = '#000001' WHERE color_id = ${ids.black}`.execute(deps.db);
    expect((await read()).value).toBe(4);
    // Writes to tables catalogue reads do not use leave the cache alone.
    await deps.db
      .insertInto('contact_messages')
      .values({ name: 'A', phone: '1', email: 'a@b.c', message: 'x' })
      .execute();
    expect((await read()).value).toBe(4);
  });

  it('does not cache failures', async () => {
    let calls = 0;
    const failing = () =>
      cachedRead(deps.db, 'test:failing', async () => {
        calls += 1;
        if (calls === 1) throw new Error('boom');
        return 'ok';
      });
    await expect(failing()).rejects.toThrow('boom');
    expect((await failing()).value).toBe('ok');
  });
});
