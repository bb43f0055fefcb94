// Indexes for the staff product list's sorts and filters (issue 25, decision 220). Each ends in product_id, the
// list's tie-break, so a page is read in index order without sorting: name (case-folded, as the list sorts it),
// price, and the state filter with the default newest-first order. Date added (products_date_added) and category
// (products_category_id) already have theirs; low stock uses product_variants_stock_quantity (0060). The stock sort
// orders by a sum over variants, which no index holds: it is one grouped pass over product_variants.
// Portable DDL (decision 140): an expression index is the same statement on SQLite and PostgreSQL.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX products_name_lower ON products (lower(name), product_id)`.execute(db);
  await db.schema.createIndex('products_price').on('products').columns(['price_cents', 'product_id']).execute();
  await db.schema
    .createIndex('products_active_date')
    .on('products')
    .columns(['is_active', 'date_added', 'product_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('products_active_date').ifExists().execute();
  await db.schema.dropIndex('products_price').ifExists().execute();
  await db.schema.dropIndex('products_name_lower').ifExists().execute();
}
