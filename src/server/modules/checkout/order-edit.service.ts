// Staff's edit of a pending order before it ships (issue 27, decision 229): its lines, quantities and delivery address.
// The lines are summed per variant and held to the checkout's bounds first (at most 99 units of one variant, decisions
// 205 and 238: 400, nothing written). In one transaction the order is claimed (live, pending, not yet shipped: else
// 409), the stock moves by the difference per variant (more taken with the catalogue's guarded decrement, never below
// zero: 409 naming the line; fewer given back), and the totals are recomputed by the checkout's own pure pricing: lines
// already on the order keep the unit price the shopper was quoted, added ones are priced today; the code the order was
// placed with keeps its value (no new use is claimed, its dates and limits are not checked again); shipping is the
// delivery country's, free above its threshold. The edit goes into the order's history.
import { colourAndSize } from '#shared/colours';
import { fill } from '#shared/messages';
import { cartMessages } from '#shared/messages/cart';
import { staffMessages } from '#shared/messages-staff';
import { formatCents } from '#shared/money';
import { shopToday } from '#shared/dates';
import type { OrderDto } from '#shared/dto/orders';
import type { EditOrderInput } from '#shared/schemas/orders';
import { AppError } from '#server/errors';
import type { Actor } from '../accounts';
import { audited } from '../audit';
import {
  addStock,
  lookOffers,
  shippingCountry,
  takeStock,
  variantSnapshots,
  variantStock,
  type StockContext,
} from '../catalog';
import { promoCodeProducts } from '../discounts';
import { claimOrderForEdit, getOrder, orderAuditState, saveOrderEdit, type EditedTotals } from '../orders';
import { assertOrderBounds, type CheckoutDeps } from './checkout.service';
import { priceCart, sumByVariant, type PricingPromo } from './pricing';
import { checkoutMessages } from '#shared/messages/checkout';

type Trx = CheckoutDeps['db'];
type Claimed = Awaited<ReturnType<typeof claimOrderForEdit>>;
type StoredLine = Claimed['lines'][number];
interface PlannedLine {
  variantId: number;
  productId: number;
  productName: string;
  color: string;
  size: string;
  imageUrl: string;
  unitPriceCents: number;
  quantity: number;
}

const st = staffMessages.orderStages;

/** The edited lines: a variant the order had keeps its snapshot and price; a new one is today's (400 if withdrawn). */
async function planLines(trx: Trx, stored: StoredLine[], wanted: Map<number, number>, today: string) {
  const had = new Map<number, StoredLine>();
  for (const l of stored) if (l.variant_id !== null && !had.has(l.variant_id)) had.set(l.variant_id, l);
  const added = [...wanted.keys()].filter((v) => !had.has(v));
  const snaps = await variantSnapshots({ db: trx }, added, today);
  const planned: PlannedLine[] = [];
  let i = 0;
  for (const [variantId, quantity] of wanted) {
    const old = had.get(variantId);
    const snap = snaps.get(variantId);
    if (old) planned.push({ ...fromStored(old), quantity });
    else if (snap?.isActive) planned.push({ ...snap, variantId, quantity, unitPriceCents: snap.unitPriceCents });
    else
      throw new AppError('BAD_REQUEST', cartMessages.cart.unknownVariant, {
        [`lines.${i}.productVariantId`]: [cartMessages.cart.unknownVariant],
      });
    i++;
  }
  return planned;
}

const fromStored = (l: StoredLine) => ({
  variantId: l.variant_id!,
  productId: l.product_id ?? 0,
  productName: l.product_name,
  color: l.color,
  size: l.size,
  imageUrl: l.image_url,
  unitPriceCents: l.unit_price_cents,
});

/**
 * Stock moves by the difference per variant, in variant id order (no deadlock between two edits on PostgreSQL); the
 * ledger rows name the order and the staff member, reason 'exchange' (decision 231).
 */
async function moveStock(trx: Trx, stored: StoredLine[], planned: PlannedLine[], ctx: StockContext): Promise<boolean> {
  const delta = new Map<number, number>();
  for (const l of stored)
    if (l.variant_id !== null) delta.set(l.variant_id, (delta.get(l.variant_id) ?? 0) - l.quantity);
  for (const l of planned) delta.set(l.variantId, (delta.get(l.variantId) ?? 0) + l.quantity);
  let moved = false;
  for (const [variantId, d] of [...delta].sort((a, b) => a[0] - b[0])) {
    if (d > 0 && !(await takeStock(trx, variantId, d, ctx)))
      throw outOfStock(planned, variantId, await variantStock(trx, variantId));
    if (d < 0) await addStock(trx, variantId, -d, ctx);
    moved ||= d !== 0;
  }
  return moved;
}

function outOfStock(planned: PlannedLine[], variantId: number, available: number): AppError {
  const i = planned.findIndex((l) => l.variantId === variantId);
  const l = planned[i]!;
  return new AppError(
    'CONFLICT',
    fill(checkoutMessages.checkout.outOfStock, {
      name: l.productName,
      variant: colourAndSize(l.size, l.color, ', '),
      available,
    }),
    { [`lines.${i}.quantity`]: [fill(checkoutMessages.checkout.outOfStockShort, { available })] },
    { productVariantId: variantId, productName: l.productName, requested: l.quantity, available },
  );
}

/** The code the order was placed with, at the value frozen on it; its product limits as the code has them now. */
async function orderPromo(trx: Trx, order: Claimed['order']): Promise<PricingPromo | null> {
  if (order.promo_code === null) return null;
  return {
    percentage: order.promo_percentage ?? 0,
    amountCents: order.promo_amount_cents,
    productIds:
      order.promo_code_discount_id === null ? null : await promoCodeProducts(trx, order.promo_code_discount_id),
  };
}

/** The new totals and address (shipping by the delivery country; an order without one keeps its shipping). */
async function totalsFor(trx: Trx, claimed: Claimed, planned: PlannedLine[], input: EditOrderInput) {
  const { order, lines } = claimed;
  const countryId = input.address?.countryID ?? order.country_id;
  const country = countryId === null ? undefined : await shippingCountry(trx, countryId);
  if (input.address && !country)
    throw new AppError('BAD_REQUEST', checkoutMessages.checkout.unknownCountry, {
      'address.countryID': [checkoutMessages.checkout.unknownCountry],
    });
  const kept = lines.filter((l) => l.variant_id === null);
  const pricing = [
    ...planned.map((l) => ({
      productVariantId: l.variantId,
      productId: l.productId,
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
    })),
    ...kept.map((l) => ({
      productVariantId: 0,
      productId: l.product_id ?? 0,
      unitPriceCents: l.unit_price_cents,
      quantity: l.quantity,
    })),
  ];
  const priced = priceCart(
    pricing,
    await orderPromo(trx, order),
    country?.shippingPriceCents ?? order.shipping_cost_cents,
    country?.freeShippingFromCents ?? null,
    // The looks complete in the edited lines, at today's set discounts (decision 276), as the promo is re-applied.
    await lookOffers(
      trx,
      pricing.map((l) => l.productId).filter((id) => id > 0),
    ),
  );
  const totals: EditedTotals = {
    subtotal_cents: priced.subtotalCents,
    discount_cents: priced.discountCents,
    look_discount_cents: priced.lookDiscountCents,
    shipping_cost_cents: priced.shippingCents,
    total_cents: priced.totalCents,
    address: input.address?.address ?? order.address,
    city: input.address?.city ?? order.city,
    zip_code: input.address?.zipCode ?? order.zip_code,
    country_id: countryId,
    ...(country ? { country_name: country.name } : {}),
  };
  return totals;
}

function editDetail(planned: PlannedLine[], before: number, after: number, addressChanged: boolean): string {
  const lines = planned
    .map((l) => `${l.quantity}× ${l.productName} (${colourAndSize(l.size, l.color, ', ')})`)
    .join(', ');
  const text = fill(st.editDetail, { lines, from: formatCents(before), to: formatCents(after) });
  return (addressChanged ? `${text}; ${st.editAddressDetail}` : text).slice(0, 500);
}

export async function editOrder(
  deps: CheckoutDeps,
  input: EditOrderInput,
  actor: Actor | null,
  now: Date = new Date(),
): Promise<OrderDto> {
  // Summed per variant before the 99 cap and the stock check, as checkout does (decision 205, 238): 5 lines of 99 of
  // one variant are 495 units, a 400 on the first line; 2 lines of 3 are 6.
  assertOrderBounds(input.lines, 'lines');
  const wanted = sumByVariant(input.lines);
  await audited(deps.db, { entity: 'order', action: 'edit', entityId: input.id }, orderAuditState, async (trx) => {
    const claimed = await claimOrderForEdit(trx, input.id);
    const planned = await planLines(trx, claimed.lines, wanted, shopToday(now));
    const ctx = { reason: 'exchange', actorId: actor?.userId ?? null, orderId: input.id, now } as const;
    const stockMoved = await moveStock(trx, claimed.lines, planned, ctx);
    const totals = await totalsFor(trx, claimed, planned, input);
    const lines = planned.map((l) => ({
      variant_id: l.variantId,
      product_id: l.productId,
      product_name: l.productName,
      color: l.color,
      size: l.size,
      image_url: l.imageUrl,
      quantity: l.quantity,
      unit_price_cents: l.unitPriceCents,
      line_total_cents: l.unitPriceCents * l.quantity,
    }));
    const o = claimed.order;
    const moved =
      totals.address !== o.address ||
      totals.city !== o.city ||
      (totals.zip_code ?? '') !== (o.zip_code ?? '') ||
      (input.address?.countryID ?? o.country_id) !== o.country_id;
    const detail = editDetail(planned, o.total_cents, totals.total_cents, moved);
    await saveOrderEdit(trx, input.id, { lines, totals, detail }, actor, now.toISOString());
    return stockMoved;
  });
  return getOrder(deps, input.id);
}
