// Indexes for the listing's brand and price filters (issue 25, decision 217): a brand filter is `brand IN (…)` (the
// catalogue's spellings of the chosen brands), and a lower price bound is also one on the list price (the shown
// price is never above it), so both narrow through an index instead of reading every product of the category.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('products_brand').on('products').column('brand').execute();
  await db.schema.createIndex('products_price_cents').on('products').column('price_cents').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('products_price_cents').ifExists().execute();
  await db.schema.dropIndex('products_brand').ifExists().execute();
}
