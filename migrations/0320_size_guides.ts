// Size guides (issue 26): a table of measurements in cm per category, with an optional override per product.
// One row per guide; exactly one of category_id / product_id is set (a CHECK), each unique, so a category or a
// product has at most one guide. `columns_json` holds the measurement names (["Gjoksi", "Beli", "Vithet"]),
// `rows_json` the rows ([{ "sizeId": 3, "values": ["86–90", "70–74", "94–98"] }]): a guide is read and written
// whole, never queried by its cells, so JSON text keeps it one row on both engines. Removing a category or a
// product removes its guide.
import { sql, type Kysely } from 'kysely';
import { autoId, nowIso } from '#server/db/dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('size_guides')
    .addColumn('size_guide_id', 'integer', autoId(db))
    .addColumn('category_id', 'integer', (c) => c.references('categories.category_id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.references('products.product_id').onDelete('cascade'))
    .addColumn('columns_json', 'text', (c) => c.notNull())
    .addColumn('rows_json', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(nowIso(db)))
    .addCheckConstraint('size_guides_one_target', sql`(category_id IS NULL) <> (product_id IS NULL)`)
    .execute();
  await db.schema.createIndex('size_guides_category').unique().on('size_guides').column('category_id').execute();
  await db.schema.createIndex('size_guides_product').unique().on('size_guides').column('product_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('size_guides').ifExists().execute();
}
