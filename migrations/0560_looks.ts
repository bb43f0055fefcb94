// Complete the look (issue 37, decision 276): staff group products into a look ("Plotëso stilin") with a name, an
// optional photo (a stored image name, the media module's storage) and an optional discount for the whole set
// (whole percent 1–30, null = none). `look_products` holds the pieces in their order; a product in a look is removed
// from it with the product, and a look's pieces go with the look. Both tables bump the catalogue version (0010's
// triggers), so an edit from any process empties the read cache. `orders.look_discount_cents`: what the look
// discounts took off the order (0 without), beside the promo code's `discount_cents`. Portable DDL (decision 140).
import { sql, type Kysely } from 'kysely';
import { autoId, createCatalogVersionTriggers, isPostgres, nowIso } from '#server/db/dialect';

const WATCHED = ['looks', 'look_products'];

/** 0010's triggers on the two tables; on PostgreSQL its bump function exists already, so only the triggers. */
async function watch(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return createCatalogVersionTriggers(db, WATCHED);
  for (const table of WATCHED)
    await sql
      .raw(
        `CREATE CONSTRAINT TRIGGER catalog_version_${table} AFTER INSERT OR UPDATE OR DELETE ON ${table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_version_bump()`,
      )
      .execute(db);
}

async function unwatch(db: Kysely<any>): Promise<void> {
  for (const table of WATCHED) {
    if (isPostgres(db)) await sql.raw(`DROP TRIGGER IF EXISTS catalog_version_${table} ON ${table}`).execute(db);
    else
      for (const op of ['insert', 'update', 'delete'])
        await sql.raw(`DROP TRIGGER IF EXISTS catalog_version_${table}_${op}`).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('looks')
    .addColumn('look_id', 'integer', autoId(db))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('photo_file', 'text')
    .addColumn('discount_percent', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(nowIso(db)))
    .addCheckConstraint(
      'looks_discount_bounds',
      sql`discount_percent IS NULL OR (discount_percent >= 1 AND discount_percent <= 30)`,
    )
    .execute();
  await db.schema
    .createTable('look_products')
    .addColumn('look_id', 'integer', (c) => c.notNull().references('looks.look_id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.product_id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('look_products_pk', ['look_id', 'product_id'])
    .execute();
  // A product's looks are found by the product (its page, the checkout's pricing).
  await db.schema.createIndex('look_products_product').on('look_products').columns(['product_id', 'look_id']).execute();
  await db.schema
    .alterTable('orders')
    .addColumn('look_discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await watch(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await unwatch(db);
  await db.schema.alterTable('orders').dropColumn('look_discount_cents').execute();
  await db.schema.dropTable('look_products').ifExists().execute();
  await db.schema.dropTable('looks').ifExists().execute();
}
