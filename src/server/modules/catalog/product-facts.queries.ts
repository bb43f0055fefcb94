// SQL of the product facts other modules show beside their own rows (the catalogue owns products, variants, sizes,
// colours and pictures; the wishlist, the overview, the sitemap/feeds and the discounts screens ask for these instead of joining the
// tables themselves).
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '#server/db/schema';
import type { DB } from '#server/db/client';

/** The product's first picture (lowest position, then oldest), as the column `file_name` of a select on `p`. */
const firstPicture = (eb: ExpressionBuilder<Database & { p: Database['products'] }, 'p'>) =>
  eb
    .selectFrom('product_images as pi')
    .select('pi.file_name')
    .whereRef('pi.product_id', '=', 'p.product_id')
    .orderBy('pi.sort_order')
    .orderBy('pi.image_id')
    .limit(1)
    .as('file_name');

/** Active products among `ids`, each with its first picture (lowest position) and total stock, in one query. */
export function activeProductSummaries(db: DB, ids: number[]) {
  return db
    .selectFrom('products as p')
    .select([
      'p.product_id',
      'p.name',
      'p.brand',
      'p.price_cents',
      sql<
        string | null
      >`(SELECT i.file_name FROM product_images i WHERE i.product_id = p.product_id ORDER BY i.sort_order, i.image_id LIMIT 1)`.as(
        'first_image',
      ),
      sql<number>`COALESCE((SELECT SUM(v.stock_quantity) FROM product_variants v WHERE v.product_id = p.product_id), 0)`.as(
        'stock',
      ),
    ])
    .where('p.product_id', 'in', ids)
    .where('p.is_active', '=', 1)
    .execute();
}

/** Variants at or below `threshold` in stock, the lowest first, with their product's name, size and colour. */
export function lowStockVariants(db: DB, threshold: number, limit: number) {
  return db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.product_id', 'v.product_id')
    .innerJoin('sizes as s', 's.size_id', 'v.size_id')
    .innerJoin('colors as c', 'c.color_id', 'v.color_id')
    .select(['v.variant_id', 'v.product_id', 'p.name', 's.size_name', 'c.color_name', 'c.hex_code', 'v.stock_quantity'])
    .where('v.stock_quantity', '<=', threshold)
    .orderBy('v.stock_quantity')
    .orderBy('p.name')
    .orderBy('v.variant_id')
    .limit(limit)
    .execute();
}

/** When each active product last changed (updated_at, or date_added when that is later): the sitemap's dates. */
export function activeProductDates(db: DB) {
  return db
    .selectFrom('products')
    .select(['product_id', 'updated_at', 'date_added'])
    .where('is_active', '=', 1)
    .execute();
}

/** Product discounts whose window contains `today` (both ends inclusive), with the window: the feeds' sale dates. */
export function activeDiscountWindows(db: DB, today: string) {
  return db
    .selectFrom('product_discount_products as dp')
    .innerJoin('product_discounts as d', 'd.product_discount_id', 'dp.product_discount_id')
    .innerJoin('products as p', 'p.product_id', 'dp.product_id')
    .select(['dp.product_id', 'd.discount_percentage', 'd.start_date', 'd.end_date'])
    .where('p.is_active', '=', 1)
    .where('d.start_date', '<=', today)
    .where('d.end_date', '>=', today)
    .execute();
}

/** Brief product rows (with their first picture) in one query: the given ids, or every product by name (the
 * discounts screens' product picker and lists). */
export async function productBriefs(db: DB, productIds?: number[]) {
  if (productIds?.length === 0) return [];
  let query = db
    .selectFrom('products as p')
    .select(['p.product_id', 'p.name', 'p.barcode', 'p.price_cents', firstPicture]);
  if (productIds) query = query.where('p.product_id', 'in', productIds);
  return query.orderBy('p.name').execute();
}

export async function existingProductIds(db: DB, productIds: number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db.selectFrom('products').select('product_id').where('product_id', 'in', productIds).execute();
  return new Set(rows.map((r) => r.product_id));
}

/** Which of the given products are gift cards sold as products (migration 0540, decision 274). */
export async function giftCardProductIds(db: DB, productIds: number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('products')
    .select('product_id')
    .where('product_id', 'in', productIds)
    .where('is_gift_card', '=', 1)
    .execute();
  return new Set(rows.map((r) => r.product_id));
}

/** The first picture (lowest position) of each of the given products that has one, in one query. */
export function firstPictures(db: DB, productIds: number[]) {
  return db
    .selectFrom('products as p')
    .select(['p.product_id', firstPicture])
    .where('p.product_id', 'in', productIds)
    .execute();
}

/** The names of the given countries, in one query (the addresses' and the orders' lists show them). */
export function countryNames(db: DB, countryIds: number[]) {
  return db
    .selectFrom('countries')
    .select(['country_id', 'country_name'])
    .where('country_id', 'in', countryIds)
    .execute();
}

/** The category (id and name) of each of the given products, in one query (the reports' sales per category). */
export async function productCategories(db: DB, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.category_id', 'p.category_id')
    .select(['p.product_id', 'c.category_id', 'c.category_name'])
    .where('p.product_id', 'in', productIds)
    .execute();
}

/** Keeps a product's approved reviews' star sum and count (decision 234): the listings read them without a join. */
export function setProductRating(db: DB, productId: number, total: number, count: number) {
  return db
    .updateTable('products')
    .set({ rating_total: total, rating_count: count })
    .where('product_id', '=', productId)
    .executeTakeFirst();
}
