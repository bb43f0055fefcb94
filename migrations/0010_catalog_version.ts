// A catalogue version counter kept by triggers: any write to a table a catalogue read depends on bumps it,
// so the catalogue read cache (docs/decisions/010) can never serve an answer older than the last write,
// whichever module or process made it.
import { type Kysely, sql } from 'kysely';

const WATCHED = [
  'products', 'product_variants', 'product_images', 'product_events', 'categories', 'main_categories',
  'colors', 'sizes', 'events', 'countries', 'product_discounts', 'product_discount_products',
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE catalog_state (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)`.execute(db);
  await sql`INSERT INTO catalog_state (id, version) VALUES (1, 1)`.execute(db);
  for (const table of WATCHED) {
    for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
      await sql
        .raw(`CREATE TRIGGER catalog_version_${table}_${op.toLowerCase()} AFTER ${op} ON ${table} BEGIN UPDATE catalog_state SET version = version + 1 WHERE id = 1; END`)
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of WATCHED) {
    for (const op of ['insert', 'update', 'delete']) await sql.raw(`DROP TRIGGER IF EXISTS catalog_version_${table}_${op}`).execute(db);
  }
  await sql`DROP TABLE IF EXISTS catalog_state`.execute(db);
}
