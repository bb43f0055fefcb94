// Listing orders (issue 15): newest (default, unchanged), by the price shown after today's discount, and by
// biggest discount; over the service and GET /api/Product/filters?sort=…
import { describe, expect, it } from 'vitest';
import { addDays, shopToday } from '#shared/dates';
import { ProductFilterInput } from '#shared/schemas/catalog';
import { createTestApp } from '#server/testing/app';
import { createCategory, createProduct, createProductDiscount } from '#server/testing/factories';
import { filterProducts } from './listing.service';

const today = shopToday();

async function shop() {
  const t = await createTestApp();
  const categoryID = await createCategory(t.db, { mainCategoryID: 2 });
  const cheap = (await createProduct(t.db, { categoryId: categoryID, priceCents: 1000, dateAdded: '2026-01-03' }))
    .productId;
  const halved = (await createProduct(t.db, { categoryId: categoryID, priceCents: 3000, dateAdded: '2026-01-01' }))
    .productId;
  const middle = (await createProduct(t.db, { categoryId: categoryID, priceCents: 2000, dateAdded: '2026-01-02' }))
    .productId;
  const expired = (await createProduct(t.db, { categoryId: categoryID, priceCents: 2500, dateAdded: '2026-01-04' }))
    .productId;
  const discount = (productId: number, percentage: number, start: string, end: string) =>
    createProductDiscount(t.db, { productIds: [productId], percentage, start, end });
  await discount(halved, 50, addDays(today, -1), addDays(today, 1)); // shown at 15,00 €
  await discount(middle, 10, today, today); // shown at 18,00 €
  await discount(expired, 90, addDays(today, -9), addDays(today, -1)); // over: shown at 25,00 €
  return { t, categoryID, cheap, halved, middle, expired };
}

describe('listing sort', () => {
  it('orders by newest by default, by the shown price both ways, and by the biggest active discount', async () => {
    const { t, categoryID, cheap, halved, middle, expired } = await shop();
    const order = async (sort?: string) =>
      (
        await filterProducts(t.db, ProductFilterInput.parse({ mainCategoryID: 2, categoryID, sort }))
      ).value.products.map((p) => p.productID);
    expect(await order()).toEqual([expired, cheap, middle, halved]);
    expect(await order('newest')).toEqual([expired, cheap, middle, halved]);
    expect(await order('price-asc')).toEqual([cheap, halved, middle, expired]);
    expect(await order('price-desc')).toEqual([expired, middle, halved, cheap]);
    // Equal discounts (none) keep newest first.
    expect(await order('discount')).toEqual([halved, middle, expired, cheap]);
  });

  it('REST takes the same optional sort, keeps its default answer, and refuses an unknown order with 400', async () => {
    const { t, categoryID, cheap, halved } = await shop();
    const plain = await (await t.request(`/api/Product/filters?mainCategoryID=2&categoryID=${categoryID}`)).json();
    const newest = await (
      await t.request(`/api/Product/filters?mainCategoryID=2&categoryID=${categoryID}&sort=newest`)
    ).json();
    expect(plain).toEqual(newest);
    const cheapest = await (
      await t.request(`/api/Product/filters?mainCategoryID=2&categoryID=${categoryID}&sort=price-asc`)
    ).json();
    expect(cheapest.products.slice(0, 2).map((p: { productID: number }) => p.productID)).toEqual([cheap, halved]);
    const bad = await t.request(`/api/Product/filters?mainCategoryID=2&sort=cheapest`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.sort).toBeDefined();
  });
});
