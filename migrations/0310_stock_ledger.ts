// The stock ledger (issue 27, decision 231): every change of a variant's stock writes one row in the same
// transaction (reason, who, when, before and after, the order it belongs to). Existing databases get one opening
// row per variant ('initial', before 0, after today's stock), so the sum of a variant's deltas equals its stock
// from the start. A variant may carry its own low-stock threshold (null: the shop-wide default in app_settings).
// Portable DDL (decision 140).
import { sql, type Kysely } from 'kysely';
import { autoId } from '#server/db/dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stock_changes')
    .addColumn('change_id', 'integer', autoId(db))
    .addColumn('variant_id', 'integer', (c) =>
      c.notNull().references('product_variants.variant_id').onDelete('cascade'),
    )
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('stock_before', 'integer', (c) => c.notNull())
    .addColumn('stock_after', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    // No foreign key: a deleted order's restock keeps naming the order it came from.
    .addColumn('order_id', 'integer')
    .addColumn('note', 'varchar(200)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stock_changes_variant')
    .on('stock_changes')
    .columns(['variant_id', 'change_id'])
    .execute();
  await db.schema.createIndex('stock_changes_actor').on('stock_changes').column('actor_id').execute();
  await db.schema.alterTable('product_variants').addColumn('low_stock_threshold', 'integer').execute();
  const now = new Date().toISOString();
  await sql`INSERT INTO stock_changes (variant_id, delta, stock_before, stock_after, reason, created_at)
    SELECT variant_id, stock_quantity, 0, stock_quantity, 'initial', ${now} FROM product_variants
    ORDER BY variant_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stock_changes').ifExists().execute();
  await db.schema.alterTable('product_variants').dropColumn('low_stock_threshold').execute();
}
