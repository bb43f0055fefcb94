// The demo's returns and exchanges (decision 235): a delivered order of the demo customer two days ago (she can ask
// for a return or an exchange at once from "Porositë e mia"), and three guests' requests the staff screen "Kthimet"
// shows in different states: an exchange waiting (its wanted size reserved through the stock ledger), a return
// approved, and a return refunded yesterday (the overview's revenue is net of it). The demo customer also has a return
// refunded as store credit last week, so her profile shows "Kredia në dyqan" with a balance (decision 271).
import type { DB } from '../db/client';
import { LETTER_SIZES } from './demo-data';
import { changeStock } from '../modules/catalog';
import { addCreditEntry } from '../modules/store-credit';
import * as q from './demo.queries';
import { insertDemoReturn } from './demo-returns.queries';

interface Variant {
  variantId: number;
  planIndex: number;
  color: number;
  size: string;
  stock: number;
}

export interface ReturnsWorld {
  plans: ReadonlyArray<{ name: string; priceCents: number; colourless: boolean }>;
  productIds: number[];
  orderable: Variant[];
  firstImage: Map<string, string>;
  colourName: (color: number) => string;
  country: { country_id: number; country_name: string; shipping_price_cents: number };
  customer: { userId: number; firstName: string; lastName: string; email: string };
  staffId: number;
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Pairs of in-stock letter sizes of one product and colour: the bought size and the one an exchange asks for. */
function sizePairs(w: ReturnsWorld): Array<[Variant, Variant]> {
  const groups = new Map<string, Variant[]>();
  for (const v of w.orderable) {
    if (!(LETTER_SIZES as readonly string[]).includes(v.size) || v.stock < 2) continue;
    const key = `${v.planIndex}|${v.color}`;
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  return [...groups.values()].filter((g) => g.length >= 2).map((g) => [g[0]!, g[1]!]);
}

/** One delivered order of one line (2 units when `qty` says so), delivered `daysAgo` days ago. */
async function deliveredOrder(trx: DB, w: ReturnsWorld, v: Variant, who: 'customer' | number, daysAgo: number) {
  const plan = w.plans[v.planIndex]!;
  const qty = 2;
  const deliveredMs = Date.now() - daysAgo * DAY;
  const guest = who === 'customer' ? null : { firstName: 'Besa', lastName: `Kelmendi ${who}` };
  const names = guest ?? w.customer;
  const order = {
    user_id: guest ? null : w.customer.userId,
    guest_id: guest ? `guest_kthim${who}` : null,
    order_date: iso(deliveredMs - 2 * DAY),
    order_ship_date: iso(deliveredMs),
    status: 'delivered' as const,
    first_name: names.firstName,
    last_name: names.lastName,
    email: guest ? `besa.kelmendi${who}@example.com` : w.customer.email,
    phone_number: `+383445${who === 'customer' ? 0 : who}0100`, // E.164 (decision 246)
    address: 'Rruga Agim Ramadani 12',
    city: 'Prishtinë',
    zip_code: '10000',
    country_id: w.country.country_id,
    country_name: w.country.country_name,
    subtotal_cents: plan.priceCents * qty,
    discount_cents: 0,
    shipping_cost_cents: w.country.shipping_price_cents,
    total_cents: plan.priceCents * qty + w.country.shipping_price_cents,
  };
  const line = {
    variant_id: v.variantId,
    product_id: w.productIds[v.planIndex]!,
    product_name: plan.name,
    color: plan.colourless ? '' : w.colourName(v.color),
    size: v.size,
    image_url: w.firstImage.get(`${v.planIndex}|${v.color}`) ?? '',
    quantity: qty,
    unit_price_cents: plan.priceCents,
    line_total_cents: plan.priceCents * qty,
  };
  const orderId = await q.insertOrder(trx, order, [line]);
  await q.insertOrderHistory(
    trx,
    [{ order_id: orderId, state: 'delivered', at: iso(deliveredMs), user_id: w.staffId }],
    [],
  );
  return { orderId, deliveredMs, line: (await q.orderLineIds(trx, orderId))[0]!, price: plan.priceCents };
}

type Pair = [Variant, Variant];
const hoursAgo = (h: number) => iso(Date.now() - h * 3_600_000);

/** An exchange asked yesterday: the next size, one unit held for it through the stock ledger. */
async function waitingExchange(trx: DB, w: ReturnsWorld, [bought, wanted]: Pair): Promise<void> {
  const o = await deliveredOrder(trx, w, bought, 1, 4);
  const at = hoursAgo(24);
  const request = { order_id: o.orderId, kind: 'exchange', reason: 'too_small', state: 'requested' } as const;
  const id = await insertDemoReturn(trx, { ...request, created_at: at, updated_at: at }, [
    { order_details_id: o.line, quantity: 1, paid_cents: o.price, exchange_variant_id: wanted.variantId, reserved: 1 },
  ]);
  const note = `#${id}`;
  await changeStock(trx, { variantId: wanted.variantId, delta: -1, reason: 'exchange', orderId: o.orderId, note });
  await q.insertOrderHistory(
    trx,
    [{ order_id: o.orderId, state: 'return_requested', at, user_id: null, detail: note }],
    [],
  );
}

/** A return approved an hour ago (its address e-mailed). */
async function approvedReturn(trx: DB, w: ReturnsWorld, [bought]: Pair): Promise<void> {
  const o = await deliveredOrder(trx, w, bought, 2, 6);
  const [asked, approved] = [hoursAgo(48), hoursAgo(1)];
  const request = { order_id: o.orderId, kind: 'return', reason: 'not_as_pictured', state: 'approved' } as const;
  const id = await insertDemoReturn(trx, { ...request, created_at: asked, updated_at: approved }, [
    { order_details_id: o.line, quantity: 2, paid_cents: o.price * 2 },
  ]);
  await q.insertOrderHistory(
    trx,
    [
      { order_id: o.orderId, state: 'return_requested', at: asked, user_id: null, detail: `#${id}` },
      { order_id: o.orderId, state: 'return_approved', at: approved, user_id: w.staffId, detail: `#${id}` },
    ],
    [],
  );
}

/** A return received and refunded in cash yesterday (the overview's revenue is net of it). */
async function refundedReturn(trx: DB, w: ReturnsWorld, [bought]: Pair): Promise<void> {
  const o = await deliveredOrder(trx, w, bought, 3, 9);
  const [asked, received, refunded] = [hoursAgo(120), hoursAgo(48), hoursAgo(24)];
  const request = { order_id: o.orderId, kind: 'return', reason: 'too_large', state: 'refunded' } as const;
  const refund = { refund_method: 'cash', refund_cents: o.price } as const;
  const id = await insertDemoReturn(trx, { ...request, ...refund, created_at: asked, updated_at: refunded }, [
    { order_details_id: o.line, quantity: 1, paid_cents: o.price },
  ]);
  const event = (state: 'return_requested' | 'return_received' | 'refund_recorded', at: string, user: number | null) =>
    ({ order_id: o.orderId, state, at, user_id: user, detail: `#${id}` }) as const;
  await q.insertOrderHistory(
    trx,
    [
      event('return_requested', asked, null),
      event('return_received', received, w.staffId),
      event('refund_recorded', refunded, w.staffId),
    ],
    [],
  );
}

/** The demo customer's return of both units, received and refunded as store credit a week ago: her balance. */
async function creditRefundedReturn(trx: DB, w: ReturnsWorld, [, other]: Pair): Promise<void> {
  const o = await deliveredOrder(trx, w, other, 'customer', 12);
  const [asked, received, refunded] = [hoursAgo(24 * 10), hoursAgo(24 * 8), hoursAgo(24 * 7)];
  const request = { order_id: o.orderId, kind: 'return', reason: 'too_large', state: 'refunded' } as const;
  const cents = o.price * 2;
  const refund = { refund_method: 'store_credit', refund_cents: cents } as const;
  const id = await insertDemoReturn(trx, { ...request, ...refund, created_at: asked, updated_at: refunded }, [
    { order_details_id: o.line, quantity: 2, paid_cents: cents },
  ]);
  const event = (state: 'return_requested' | 'return_received' | 'refund_recorded', at: string, user: number | null) =>
    ({ order_id: o.orderId, state, at, user_id: user, detail: `#${id}` }) as const;
  await q.insertOrderHistory(
    trx,
    [
      event('return_requested', asked, null),
      event('return_received', received, w.staffId),
      event('refund_recorded', refunded, w.staffId),
    ],
    [],
  );
  const entry = { userId: w.customer.userId, amountCents: cents, orderId: o.orderId, returnRequestId: id };
  await addCreditEntry(
    trx,
    { ...entry, reason: 'return_refund', staffUserId: w.staffId, note: `#${id}` },
    new Date(refunded),
  );
}

export async function seedDemoReturns(trx: DB, w: ReturnsWorld): Promise<void> {
  const pairs = sizePairs(w);
  if (pairs.length < 4) return;
  await deliveredOrder(trx, w, pairs[0]![0], 'customer', 2);
  await waitingExchange(trx, w, pairs[1]!);
  await approvedReturn(trx, w, pairs[2]!);
  await refundedReturn(trx, w, pairs[3]!);
  await creditRefundedReturn(trx, w, pairs[0]!);
}
