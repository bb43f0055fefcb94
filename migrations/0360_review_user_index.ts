// Indexes product_reviews.user_id (issue 26, decision 234): a user's deletion sets it to null (ON DELETE SET NULL),
// which without an index scans every review; every foreign-key column has its index (src/server/db/migrate.test.ts).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('product_reviews_user').on('product_reviews').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('product_reviews_user').ifExists().execute();
}
