// SQL of the reviews module (owner of product_reviews, decision 234).
import type { DB } from '#server/db/client';
import type { ReviewStatus } from '#server/db/schema';
import type { ReviewSort } from '#shared/reviews';

const PUBLIC_COLUMNS = [
  'review_id',
  'rating',
  'title',
  'body',
  'author_name',
  'created_at',
  'reply',
  'replied_at',
] as const;

export interface NewReview {
  product_id: number;
  order_id: number;
  user_id: number | null;
  reviewer_key: string;
  author_name: string;
  rating: number;
  title: string;
  body: string;
  created_at: string;
}

export async function insertReview(db: DB, row: NewReview): Promise<number> {
  const r = await db.insertInto('product_reviews').values(row).returning('review_id').executeTakeFirstOrThrow();
  return r.review_id;
}

/** A reviewer's reviews of the given products (what the review page shows as already done). */
export function reviewsBy(db: DB, reviewerKey: string, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('product_reviews')
    .select(['product_id', 'rating', 'title', 'status'])
    .where('reviewer_key', '=', reviewerKey)
    .where('product_id', 'in', productIds)
    .execute();
}

/** A product's approved reviews, newest or highest first (ties: newest, then id). */
export function approvedPage(db: DB, productId: number, sort: ReviewSort, limit: number, offset: number) {
  let q = db
    .selectFrom('product_reviews')
    .select(PUBLIC_COLUMNS)
    .where('product_id', '=', productId)
    .where('status', '=', 'approved');
  if (sort === 'highest') q = q.orderBy('rating', 'desc');
  return q.orderBy('created_at', 'desc').orderBy('review_id', 'desc').limit(limit).offset(offset).execute();
}

/** The sum and count of a product's approved reviews' stars. */
export async function approvedStats(db: DB, productId: number): Promise<{ total: number; count: number }> {
  const r = await db
    .selectFrom('product_reviews')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('rating'), eb.lit(0)).as('total'),
      eb.fn.countAll<number>().as('n'),
    ])
    .where('product_id', '=', productId)
    .where('status', '=', 'approved')
    .executeTakeFirstOrThrow();
  return { total: Number(r.total), count: Number(r.n) };
}

/** One page of the staff list (a state, or all), oldest waiting first for pending, newest first otherwise. */
export function staffPage(db: DB, status: ReviewStatus | undefined, limit: number, offset: number) {
  let q = db.selectFrom('product_reviews').select([...PUBLIC_COLUMNS, 'product_id', 'order_id', 'status']);
  if (status) q = q.where('status', '=', status);
  const dir = status === 'pending' ? 'asc' : 'desc';
  return q.orderBy('created_at', dir).orderBy('review_id', dir).limit(limit).offset(offset).execute();
}

export function statusCounts(db: DB) {
  return db
    .selectFrom('product_reviews')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
}

export function reviewById(db: DB, id: number) {
  return db.selectFrom('product_reviews').selectAll().where('review_id', '=', id).executeTakeFirst();
}

/** Moves a review to `to` only from one of `from` (a guarded update): the number of rows changed (0 or 1). */
export async function moveReview(db: DB, id: number, from: ReviewStatus[], to: ReviewStatus, at: string) {
  const r = await db
    .updateTable('product_reviews')
    .set({ status: to, moderated_at: at })
    .where('review_id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function setReply(db: DB, id: number, reply: string, at: string) {
  const r = await db
    .updateTable('product_reviews')
    .set({ reply, replied_at: at })
    .where('review_id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** What the audit trail records of a review (decision 228). */
export function auditRow(db: DB, id: number) {
  return db
    .selectFrom('product_reviews')
    .select(['product_id', 'rating', 'title', 'body', 'status', 'reply'])
    .where('review_id', '=', id)
    .executeTakeFirst();
}
