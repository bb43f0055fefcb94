// SQL of back-in-stock requests (decisions 233, 239): catalog owns `back_in_stock_requests` beside the variants it
// watches, and `back_in_stock_addresses`, one row per address that asked (confirmed or not, its mail pace). A request
// is 'pending' until its address confirms ('expired' if it never does in time), then 'open' until the restock closes
// it ('notified', RETURNING the rows closed, so two processes restocking at once each notify only the rows they
// closed), its shopper unsubscribes ('unsubscribed') or staff close the variant's list ('dismissed').
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import { chunked } from '../stock-ledger.queries';

type Q = Kysely<Database> | Transaction<Database>;

/** Statuses of a request still alive (one per variant and e-mail: the partial unique index of migration 0400). */
const LIVE = ['pending', 'open'] as const;

/** The variant a shopper asks about, with its stock and whether its product is on sale. */
export const variantForRequest = (db: Q, variantId: number) =>
  db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.product_id', 'v.product_id')
    .select(['v.variant_id', 'v.stock_quantity', 'p.is_active'])
    .where('v.variant_id', '=', variantId)
    .executeTakeFirst();

/** The address's row, made on its first request; whether it is confirmed and when it was last mailed. */
export async function addressOf(db: Q, email: string, now: string) {
  await db
    .insertInto('back_in_stock_addresses')
    .values({ email, created_at: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  return db
    .selectFrom('back_in_stock_addresses')
    .select(['address_id', 'confirmed_at', 'mailed_at'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
}

export const addressById = (db: Q, addressId: number) =>
  db
    .selectFrom('back_in_stock_addresses')
    .select(['address_id', 'email', 'confirmed_at'])
    .where('address_id', '=', addressId)
    .executeTakeFirst();

/**
 * Claims the address's next confirmation e-mail: true (and `mailed_at` set) when none was queued since `paceFrom`.
 * A guarded update, so two requests at once queue one e-mail.
 */
export async function claimConfirmationMail(db: Q, addressId: number, now: string, paceFrom: string) {
  const r = await db
    .updateTable('back_in_stock_addresses')
    .set({ mailed_at: now })
    .where('address_id', '=', addressId)
    .where((eb) => eb.or([eb('mailed_at', 'is', null), eb('mailed_at', '<=', paceFrom)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Opens a request as `status` unless one is already live for (variant, e-mail); the live request either way. */
export async function liveRequest(db: Q, variantId: number, email: string, status: 'pending' | 'open', now: string) {
  await db
    .insertInto('back_in_stock_requests')
    .values({ variant_id: variantId, email, status, created_at: now })
    // The conflict target repeats the partial index's predicate as literal SQL (a bound value does not match it on
    // SQLite; PostgreSQL infers the index from the same predicate).
    .onConflict((oc) =>
      oc
        .columns(['variant_id', 'email'])
        .where(sql<boolean>`status in ('pending', 'open')`)
        .doNothing(),
    )
    .execute();
  return db
    .selectFrom('back_in_stock_requests')
    .select(['request_id', 'status', 'created_at'])
    .where('variant_id', '=', variantId)
    .where('email', '=', email)
    .where('status', 'in', LIVE)
    .executeTakeFirstOrThrow();
}

/** Expires pending requests made before `cutoff` (of one address, or all); how many. */
export async function expirePending(db: Q, cutoff: string, now: string, email?: string): Promise<number> {
  let expire = db
    .updateTable('back_in_stock_requests')
    .set({ status: 'expired', closed_at: now })
    .where('status', '=', 'pending')
    .where('created_at', '<', cutoff);
  if (email !== undefined) expire = expire.where('email', '=', email);
  return Number((await expire.executeTakeFirst()).numUpdatedRows);
}

/** Forgets unconfirmed addresses neither mailed nor made since `cutoff` (nothing of theirs can still be confirmed). */
export async function forgetUnconfirmed(db: Q, cutoff: string): Promise<void> {
  await db
    .deleteFrom('back_in_stock_addresses')
    .where('confirmed_at', 'is', null)
    .where('created_at', '<', cutoff)
    .where((eb) => eb.or([eb('mailed_at', 'is', null), eb('mailed_at', '<', cutoff)]))
    .execute();
}

/** Confirms the address and opens its pending requests; how many were opened. */
export async function confirmAddress(db: Q, addressId: number, email: string, now: string): Promise<number> {
  await db
    .updateTable('back_in_stock_addresses')
    .set({ confirmed_at: now })
    .where('address_id', '=', addressId)
    .where('confirmed_at', 'is', null)
    .execute();
  const r = await db
    .updateTable('back_in_stock_requests')
    .set({ status: 'open' })
    .where('email', '=', email)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
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

/**
 * Closes every live request of a variant (pending or open) as dismissed by staff (no notice will go); how many of
 * them were open (the confirmed shoppers staff were shown).
 */
export async function dismissVariant(db: Q, variantId: number, now: string): Promise<number> {
  const close = (status: 'open' | 'pending') =>
    db
      .updateTable('back_in_stock_requests')
      .set({ status: 'dismissed', closed_at: now })
      .where('variant_id', '=', variantId)
      .where('status', '=', status)
      .executeTakeFirst();
  const open = await close('open');
  await close('pending');
  return Number(open.numUpdatedRows);
}

/**
 * Closes every live request of an address as unsubscribed and takes back its confirmation (a stranger cannot then
 * sign it up again without a new confirmation); how many were closed.
 */
export async function unsubscribeEmail(db: Q, email: string, now: string): Promise<number> {
  // Its next request gets a fresh confirmation e-mail at once (only the owner holds this link).
  await db
    .updateTable('back_in_stock_addresses')
    .set({ confirmed_at: null, mailed_at: null })
    .where('email', '=', email)
    .execute();
  const r = await db
    .updateTable('back_in_stock_requests')
    .set({ status: 'unsubscribed', closed_at: now })
    .where('email', '=', email)
    .where('status', 'in', LIVE)
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
