// A catalogue version counter kept by triggers: any write to a table a catalogue read depends on bumps it,
// so the catalogue read cache (docs/decisions/010) can never serve an answer older than the last write,
// whichever module or process made it.
// The triggers are engine-specific (SQLite row triggers, PostgreSQL PL/pgSQL): see src/server/db/dialect.ts.
import { type Kysely, sql } from 'kysely';
import { createCatalogVersionTriggers, dropCatalogVersionTriggers } from '#server/db/dialect';

const WATCHED = [
  'products',
  'product_variants',
  'product_images',
  'product_events',
  'categories',
  'main_categories',
  'colors',
  'sizes',
  'events',
  'countries',
  'product_discounts',
  'product_discount_products',
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE catalog_state (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)`.execute(db);
  await sql`INSERT INTO catalog_state (id, version) VALUES (1, 1)`.execute(db);
  await createCatalogVersionTriggers(db, WATCHED);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropCatalogVersionTriggers(db, WATCHED);
  await sql`DROP TABLE IF EXISTS catalog_state`.execute(db);
}
