// Reviews from real buyers (issue 26, decision 234). One row per review: the product, the order it was bought in,
// who wrote it (`reviewer_key`: 'user:<id>' for an account's order, 'email:<address>' for a guest's), 1–5 stars, a
// title and a text kept as typed (escaped wherever shown), its state (pending until staff approve or hide it) and
// the shop's public reply. One review per product and reviewer (a unique index). The products carry the sum and
// count of their approved reviews' stars, kept by the catalogue when a review's state changes, so the listings show
// stars without a join.
import { sql, type Kysely } from 'kysely';
import { autoId, nowIso } from '#server/db/dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_reviews')
    .addColumn('review_id', 'integer', autoId(db))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.product_id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.order_id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('reviewer_key', 'text', (c) => c.notNull())
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reply', 'text')
    .addColumn('replied_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(db)))
    .addColumn('moderated_at', 'text')
    .addCheckConstraint('product_reviews_rating', sql`rating BETWEEN 1 AND 5`)
    .addCheckConstraint('product_reviews_status', sql`status IN ('pending', 'approved', 'hidden')`)
    .execute();
  await db.schema
    .createIndex('product_reviews_once')
    .unique()
    .on('product_reviews')
    .columns(['product_id', 'reviewer_key'])
    .execute();
  await db.schema
    .createIndex('product_reviews_shown')
    .on('product_reviews')
    .columns(['product_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('product_reviews_queue')
    .on('product_reviews')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('product_reviews_order').on('product_reviews').column('order_id').execute();
  await db.schema
    .alterTable('products')
    .addColumn('rating_total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_reviews').ifExists().execute();
  await db.schema.alterTable('products').dropColumn('rating_count').execute();
  await db.schema.alterTable('products').dropColumn('rating_total').execute();
}
