// SQL of back-in-stock requests (decision 233): catalog owns `back_in_stock_requests` beside the variants it watches.
// A request is 'open' until the restock closes it ('notified', RETURNING the rows closed, so two processes restocking
// at once each notify only the rows they closed) or its shopper unsubscribes ('unsubscribed').
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { chunked } from '../stock-ledger.queries';

type Q = Kysely<Database> | Transaction<Database>;

/** The variant a shopper asks about, with its stock and whether its product is on sale. */
export const variantForRequest = (db: Q, variantId: number) =>
  db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.product_id', 'v.product_id')
    .select(['v.variant_id', 'v.stock_quantity', 'p.is_active'])
    .where('v.variant_id', '=', variantId)
    .executeTakeFirst();

/** Opens a request unless one is already open for (variant, e-mail); the open request either way. */
export async function openRequest(db: Q, variantId: number, email: string, now: string) {
  await db
    .insertInto('back_in_stock_requests')
    .values({ variant_id: variantId, email, status: 'open', created_at: now })
    // The conflict target names the partial index's predicate as a literal (a bound value does not match it on SQLite).
    .onConflict((oc) => oc.columns(['variant_id', 'email']).where('status', '=', sql.lit('open')).doNothing())
    .execute();
  return db
    .selectFrom('back_in_stock_requests')
    .select(['request_id', 'created_at'])
    .where('variant_id', '=', variantId)
    .where('email', '=', email)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
}

/** Closes every open request of these variants as notified; the rows this call closed. */
export async function closeForRestock(db: Q, variantIds: number[], now: string) {
  const closed: Array<{ request_id: number; variant_id: number; email: string }> = [];
  for (const part of chunked(variantIds))
    closed.push(
      ...(await db
        .updateTable('back_in_stock_requests')
        .set({ status: 'notified', closed_at: now })
        .where('variant_id', 'in', part)
        .where('status', '=', 'open')
        .returning(['request_id', 'variant_id', 'email'])
        .execute()),
    );
  return closed;
}

/** What the notice names: product, size and colour of each variant. */
export const variantFacts = (db: Q, variantIds: number[]) =>
  db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.product_id', 'v.product_id')
    .innerJoin('sizes as s', 's.size_id', 'v.size_id')
    .innerJoin('colors as c', 'c.color_id', 'v.color_id')
    .select(['v.variant_id', 'p.product_id', 'p.name', 's.size_name', 'c.color_name', 'c.hex_code'])
    .where('v.variant_id', 'in', variantIds)
    .execute();

export const requestEmail = async (db: Q, requestId: number) =>
  (await db.selectFrom('back_in_stock_requests').select('email').where('request_id', '=', requestId).executeTakeFirst())
    ?.email;

/** Closes every open request of a variant as dismissed by staff (no notice will go); how many. */
export async function dismissVariant(db: Q, variantId: number, now: string): Promise<number> {
  const r = await db
    .updateTable('back_in_stock_requests')
    .set({ status: 'dismissed', closed_at: now })
    .where('variant_id', '=', variantId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Closes every open request of an address as unsubscribed; how many. */
export async function unsubscribeEmail(db: Q, email: string, now: string): Promise<number> {
  const r = await db
    .updateTable('back_in_stock_requests')
    .set({ status: 'unsubscribed', closed_at: now })
    .where('email', '=', email)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Open requests per variant of one product. */
export const productDemand = (db: Q, productId: number) =>
  db
    .selectFrom('back_in_stock_requests as r')
    .innerJoin('product_variants as v', 'v.variant_id', 'r.variant_id')
    .select((eb) => ['r.variant_id', eb.fn.countAll<number | string>().as('waiting')])
    .where('v.product_id', '=', productId)
    .where('r.status', '=', 'open')
    .groupBy('r.variant_id')
    .execute();

/** Variants with open requests, most wanted first (then the longest waiting), at most `limit`. */
export const demandList = (db: Q, limit: number) =>
  db
    .selectFrom('back_in_stock_requests as r')
    .innerJoin('product_variants as v', 'v.variant_id', 'r.variant_id')
    .innerJoin('products as p', 'p.product_id', 'v.product_id')
    .innerJoin('sizes as s', 's.size_id', 'v.size_id')
    .innerJoin('colors as c', 'c.color_id', 'v.color_id')
    .select((eb) => [
      'v.variant_id',
      'p.product_id',
      'p.name',
      's.size_name',
      'c.color_name',
      'c.hex_code',
      'v.stock_quantity',
      eb.fn.countAll<number | string>().as('waiting'),
      eb.fn.min('r.created_at').as('oldest'),
    ])
    .where('r.status', '=', 'open')
    .groupBy([
      'v.variant_id',
      'p.product_id',
      'p.name',
      's.size_name',
      'c.color_name',
      'c.hex_code',
      'v.stock_quantity',
    ])
    .orderBy('waiting', 'desc')
    .orderBy('oldest', 'asc')
    .orderBy('v.variant_id', 'asc')
    .limit(limit)
    .execute();
