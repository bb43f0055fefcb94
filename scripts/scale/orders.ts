// The scale shop's two years of orders (issue 38), written a block at a time (one transaction each): orders, their
// lines and history, sent e-mails, reviews and return requests; then each product's stars and the promo code's uses.
import type { DB } from '#server/db/client';
import { addDays } from '#shared/dates';
import {
  countRows,
  discountedProducts,
  insertReturningIds,
  insertRows,
  recountRatings,
  setPromoUses,
  type Row,
} from './build.queries';
import type { Catalogue } from './catalogue';
import type { Drawer } from './names';
import { mailsOf, returnOf, reviewOf } from './order-extras';
import { COURIERS, planOrder, PROMO, type OrderWorld, type PlannedOrder } from './order-plan';
import type { People } from './people';

const BLOCK = 5_000;
const YEARS_MS = 730 * 86_400_000;

/** Another size of the same product and colour, for an exchange. */
function exchangeLookup(catalogue: Catalogue): (variantId: number) => number | null {
  const byKey = new Map<string, number[]>();
  const keyOf = new Map<number, string>();
  for (const v of catalogue.variants) {
    const key = `${v.productId}|${v.color}`;
    keyOf.set(v.variantId, key);
    byKey.set(key, [...(byKey.get(key) ?? []), v.variantId]);
  }
  return (variantId) => byKey.get(keyOf.get(variantId) ?? '')?.find((id) => id !== variantId) ?? null;
}

/** The live percentage off each discounted product (the lines' snapshot prices). */
async function percentOffOf(db: DB): Promise<Map<number, number>> {
  const rows = await discountedProducts(db);
  const map = new Map<number, number>();
  for (const r of rows) map.set(r.product_id, Math.max(map.get(r.product_id) ?? 0, r.discount_percentage));
  return map;
}

interface BlockContext {
  db: DB;
  d: Drawer;
  nowMs: number;
  bodyDays: number;
  seenReviewers: Set<string>;
  exchangeFor: (variantId: number) => number | null;
}

async function writeBlock(c: BlockContext, plans: PlannedOrder[]): Promise<void> {
  const orderIds = await insertReturningIds(
    c.db,
    'orders',
    'order_id',
    plans.map((p) => p.row),
  );
  const lineRows = plans.flatMap((p, k) => p.lines.map((l) => ({ ...l, order_id: orderIds[k]! })));
  const lineIds = await insertReturningIds(c.db, 'order_details', 'order_details_id', lineRows);
  const events: Array<Row<'order_events'>> = [];
  const mails: Array<Row<'mail_outbox'>> = [];
  const reviews: Array<Row<'product_reviews'>> = [];
  const returns: Array<NonNullable<ReturnType<typeof returnOf>>> = [];
  let next = 0;
  for (const [k, p] of plans.entries()) {
    const orderId = orderIds[k]!;
    const ids = lineIds.slice(next, next + p.lines.length);
    next += p.lines.length;
    for (const e of p.events) events.push({ ...e, order_id: orderId });
    mails.push(...mailsOf(p, orderId, ids, c.bodyDays, c.nowMs));
    const review = reviewOf(c.d, p, orderId, c.seenReviewers, c.nowMs);
    if (review) reviews.push(review);
    const ret = returnOf(c.d, p, orderId, ids, c.exchangeFor, c.nowMs);
    if (ret) {
      returns.push(ret);
      for (const e of ret.events) events.push({ ...e, order_id: orderId });
    }
  }
  await insertRows(c.db, 'order_events', events);
  await insertRows(c.db, 'mail_outbox', mails);
  await insertRows(c.db, 'product_reviews', reviews);
  const requestIds = await insertReturningIds(
    c.db,
    'return_requests',
    'return_request_id',
    returns.map((r) => r.request),
  );
  await insertRows(
    c.db,
    'return_request_lines',
    returns.map((r, k) => ({ ...r.line, return_request_id: requestIds[k]! })),
  );
}

export interface OrdersOptions {
  count: number;
  nowMs: number;
  today: string;
  /** Orders placed longer ago keep their e-mails without a body. */
  bodyDays: number;
  onProgress?: (done: number) => void;
}

/** `count` orders over the last two years, oldest first, in transactions of BLOCK orders. */
export async function buildOrders(
  db: DB,
  d: Drawer,
  catalogue: Catalogue,
  people: People,
  o: OrdersOptions,
): Promise<void> {
  await insertRows(db, 'couriers', COURIERS);
  const [promoId] = await insertReturningIds(db, 'promo_codes', 'promo_code_discount_id', [
    {
      code_name: PROMO.code,
      discount_percentage: PROMO.percent,
      start_date: addDays(o.today, -740),
      end_date: addDays(o.today, 365),
    },
  ]);
  await insertRows(
    db,
    'promo_code_products',
    catalogue.productIds.map((product_id) => ({ promo_code_discount_id: promoId!, product_id })),
  );
  const world: OrderWorld = {
    d,
    catalogue,
    people,
    percentOff: await percentOffOf(db),
    promoId: promoId!,
    nowMs: o.nowMs,
  };
  const context: BlockContext = {
    db,
    d,
    nowMs: o.nowMs,
    bodyDays: o.bodyDays,
    seenReviewers: new Set(),
    exchangeFor: exchangeLookup(catalogue),
  };
  const startMs = o.nowMs - YEARS_MS;
  let promoUses = 0;
  for (let from = 0; from < o.count; from += BLOCK) {
    const plans = Array.from({ length: Math.min(BLOCK, o.count - from) }, (_, k) =>
      planOrder(world, from + k, o.count, startMs),
    );
    promoUses += plans.filter((p) => p.row.promo_code).length;
    await db.transaction().execute((trx) => writeBlock({ ...context, db: trx }, plans));
    o.onProgress?.(from + plans.length);
  }
  await recountRatings(db);
  await setPromoUses(db, promoId!, promoUses);
  if ((await countRows(db, 'orders')) < o.count) throw new Error('fewer orders written than planned');
}
