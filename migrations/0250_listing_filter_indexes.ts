// Index for the listing's brand filter (issue 25, decision 217): a brand filter is `brand IN (…)` (the catalogue's
// spellings of the chosen brands), so it narrows through an index instead of reading every product of the category.
// The price bounds (a lower bound is also one on the list price: the shown price is never above it) use
// products_price (price_cents, product_id), created by 0255 for the staff list's price sort.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('products_brand').on('products').column('brand').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('products_brand').ifExists().execute();
}
