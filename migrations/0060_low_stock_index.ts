// Index for the dashboard overview's low-stock list (variants with stock <= 2), so it does not scan every variant.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('product_variants_stock_quantity')
    .on('product_variants')
    .column('stock_quantity')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('product_variants_stock_quantity').ifExists().execute();
}
