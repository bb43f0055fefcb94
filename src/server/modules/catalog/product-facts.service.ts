// Product facts other modules show beside their own rows: the wishlist's saved products, the overview's low
// stock and best sellers' pictures, the sitemap's dates, the feeds' sale windows, and the country names of the
// addresses' and orders' lists. One query each, whatever the number of rows (no query per row; decision 223).
import type { AppDeps } from '#server/deps';
import * as q from './product-facts.queries';

export interface ProductSummary {
  productId: number;
  name: string;
  brand: string | null;
  priceCents: number;
  firstImage: string | null;
  stock: number;
}

/** The active products among `ids` (inactive or missing ones are absent), by id. */
export async function activeProductSummaries(
  deps: Pick<AppDeps, 'db'>,
  ids: number[],
): Promise<Map<number, ProductSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await q.activeProductSummaries(deps.db, [...new Set(ids)]);
  return new Map(
    rows.map((r) => [
      r.product_id,
      {
        productId: r.product_id,
        name: r.name,
        brand: r.brand,
        priceCents: r.price_cents,
        firstImage: r.first_image,
        stock: Number(r.stock),
      },
    ]),
  );
}

/** Whether a product exists and is shown in the shop. */
export async function isActiveProduct(deps: Pick<AppDeps, 'db'>, id: number): Promise<boolean> {
  return (await activeProductSummaries(deps, [id])).has(id);
}

export const lowStockVariants = (deps: Pick<AppDeps, 'db'>, threshold: number, limit: number) =>
  q.lowStockVariants(deps.db, threshold, limit);

export const activeProductDates = (deps: Pick<AppDeps, 'db'>) => q.activeProductDates(deps.db);

export const activeDiscountWindows = (deps: Pick<AppDeps, 'db'>, today: string) =>
  q.activeDiscountWindows(deps.db, today);

/** Brief product rows with their first picture: the given ids, or every product by name (the discounts screens). */
export const productBriefs = (deps: Pick<AppDeps, 'db'>, ids?: number[]) => q.productBriefs(deps.db, ids);

/**
 * Sets a product's approved reviews' star sum and count (decision 234), in the caller's transaction: the reviews
 * module calls it whenever a review's approval changes. The write bumps the catalogue version (the products trigger).
 */
export async function setProductRating(db: AppDeps['db'], productId: number, total: number, count: number) {
  await q.setProductRating(db, productId, total, count);
}

/** Which of the given product ids exist (active or not). */
export const existingProductIds = (deps: Pick<AppDeps, 'db'>, ids: number[]) => q.existingProductIds(deps.db, ids);

/** Which of the given products are gift cards (a delivered order issues their cards: decision 274). */
export const giftCardProductIds = (deps: Pick<AppDeps, 'db'>, ids: number[]) => q.giftCardProductIds(deps.db, ids);

/** The first picture's file name of each of the given products that has one, by product id. */
export async function firstPictures(deps: Pick<AppDeps, 'db'>, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await q.firstPictures(deps.db, [...new Set(ids)]);
  return new Map(rows.flatMap((r) => (r.file_name ? [[r.product_id, r.file_name] as const] : [])));
}

/** The current name of each of the given countries (a missing one is absent), by country id. */
export async function countryNames(deps: Pick<AppDeps, 'db'>, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await q.countryNames(deps.db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.country_id, r.country_name]));
}

/** Each existing product's category among `ids` (deleted products are absent), by product id. */
export async function productCategories(
  deps: Pick<AppDeps, 'db'>,
  ids: number[],
): Promise<Map<number, { categoryId: number; categoryName: string }>> {
  const rows = await q.productCategories(deps.db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.product_id, { categoryId: r.category_id, categoryName: r.category_name }]));
}
