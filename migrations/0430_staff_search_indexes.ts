// Indexes for the staff searches of orders, customers and products (issue 38, decision 243): on SQLite an FTS5
// trigram table per list kept by triggers on insert, update and delete; on PostgreSQL a GIN trigram index (pg_trgm)
// on the lower-cased searched text (and, for products, the diacritic-folded text of the typo-tolerant search).
// Existing rows are indexed here. The engine-specific DDL is in src/server/db/search-index.ts.
import type { Kysely } from 'kysely';
import { createSearchIndex, dropSearchIndex, type SearchIndexDef } from '#server/db/search-index';

const INDEXES: SearchIndexDef[] = [
  {
    index: 'orders_search',
    table: 'orders',
    id: 'order_id',
    columns: ['first_name', 'last_name', 'email', 'phone_number', 'city', 'country_name', 'promo_code'],
  },
  {
    index: 'users_search',
    table: 'users',
    id: 'user_id',
    columns: ['first_name', 'last_name', 'email', 'phone_number'],
  },
  { index: 'products_search', table: 'products', id: 'product_id', columns: ['name', 'barcode'], folded: true },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const def of INDEXES) await createSearchIndex(db, def);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const def of [...INDEXES].reverse()) await dropSearchIndex(db, def);
}
