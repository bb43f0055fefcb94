// Checkout rules: server-side quotes, promo validation, placing orders (stock, order and lines in one
// transaction, idempotent) for shoppers and for staff's manual orders.
//
// Exported API (stable; the staff manual-order builder calls it too):
//   quote(deps, { items: [{ productVariantId, quantity }], countryID?, promoCode? }) -> QuoteDto
//   validatePromo(deps, code) -> PromoValidationDto                     (400 "Promo code does not exist or is expired.")
//   placeOrder(deps, input: PlaceOrderInput, opts?: PlaceOrderOptions) -> OrderConfirmationDto
//       opts.actor: the signed-in user placing it (null for a guest); opts.createdByStaff: the actor is staff
//       entering the order for a customer (orders.created_by_user_id = actor, user_id = opts.customerUserId ?? null,
//       no server cart is touched); opts.idempotencyKey: overrides input.idempotencyKey (e.g. from a header).
//       Errors: 400 with field messages (customerDetails.*, cartItems.N.*, promoCode), 409 CONFLICT with
//       details { productVariantId, productName, size, color, requested, available } when stock is short,
//       422 when an idempotency key is reused for a different request. Nothing is written on any error.
//   placeLegacyOrder(deps, input: LegacyPlaceOrderInput, opts?) -> OrderConfirmationDto   (old /checkout payload,
//       priced by the country like every order: decision 215)
//   placeManualOrder(deps, actor, input: PlaceOrderInput) -> OrderConfirmationDto   (staff's manual order, decision
//       062; its e-mail may be empty: no confirmation is queued then, decision 221)
// The order's records (write, confirmation read) are the orders module's; variant snapshots the catalogue's.
import { serverErrorMessages } from '#shared/messages/server-errors';
import { createHash } from 'node:crypto';
import { colourAndSize } from '#shared/colours';
import { fill, messages } from '#shared/messages';
import { cartMessages } from '#shared/messages/cart';
import { checkoutMessages } from '#shared/messages/checkout';
import { centsToEuros, formatCents } from '#shared/money';
import { shopToday } from '#shared/dates';
import type { OrderConfirmationDto, PromoValidationDto, QuoteDto, QuoteLineDto } from '#shared/dto/checkout';
import { MAX_ORDER_LINES, overQuantityLines } from '#shared/schemas/checkout';
import type { LegacyPlaceOrderInput, PlaceOrderInput, QuoteInput, ValidatePromoInput } from '#shared/schemas/checkout';
import type { AppDeps } from '#server/deps';
import { AppError } from '#server/errors';
import { isUniqueViolationOn } from '#server/db/errors';
import { actsAsStaff, contactDetails, type Actor } from '../accounts';
import { cartOrdered, clearOrderedLines } from '../cart';
import {
  changeStock,
  linkStockChangesToOrder,
  shippingCountry,
  variantSnapshots,
  variantStock,
  type ShippingCountry,
  type VariantSnapshot,
  lookOffers,
} from '../catalog';
import {
  loadConfirmation,
  orderAuditState,
  orderIdForKey,
  promoUsesByContact,
  recordOrder,
  recordOrderEvent,
  recordOrderLines,
} from '../orders';
import { isPhoneBlocked } from '../cod-risk';
import { addCreditEntry, lockedCreditBalance } from '../store-credit';
import { giftCardToUse, spendGiftCard } from '../gift-cards';
import { recordAudit } from '../audit';
import { callingCodeOf, storedPhone } from '#shared/phone';

const createdOrder = (entityId: number) => ({ entity: 'order' as const, entityId, action: 'create' });
import { queueOrderPlacedMail, notifyMailQueued } from '../outbox';
import { activePromoCode, claimPromoUse, type ActivePromoCode } from '../discounts';
import { priceCart, sumByVariant } from './pricing';

/** config (optional for callers that only price) gives the e-mails their settings and links (decision 170). */
export type CheckoutDeps = Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'config'>>;

export interface PlaceOrderOptions {
  actor?: Actor | null;
  createdByStaff?: boolean;
  /** For staff-entered orders: the customer account the order belongs to, if any. */
  customerUserId?: number | null;
  idempotencyKey?: string | null;
  /** Clock override for tests. */
  today?: string;
  /** An exchange's order (decision 235): nothing to pay, no shipping charge; its steps run in the order's transaction. */
  exchange?: ExchangeSteps;
}

/** What the returns module does inside an exchange order's transaction: before its stock is taken, after it is written. */
export interface ExchangeSteps {
  beforeLines: (trx: CheckoutDeps['db']) => Promise<void>;
  afterOrder: (trx: CheckoutDeps['db'], orderId: number) => Promise<void>;
}

/** An exchange is settled by the returned units: its lines keep their prices, the total and shipping are 0. */
const settledByExchange = <P extends ReturnType<typeof priceCart>>(priced: P): P => ({
  ...priced,
  shippingCents: 0,
  discountCents: priced.subtotalCents,
  lookDiscountCents: 0,
  looks: [],
  totalCents: 0,
});

type ActivePromo = ActivePromoCode;

/** The promo code that applies today, or null (the discounts module decides; decision 181). */
const findActivePromo = (deps: CheckoutDeps, code: string, today: string): Promise<ActivePromo | null> =>
  activePromoCode(deps.db, code, today);

/** The code's kind and fixed amount in euros, as the validation and the quote answer them (decision 222). */
function promoValueDto(promo: ActivePromo): { discountKind: 'percent' | 'fixed'; discountAmount: number | null } {
  return {
    discountKind: promo.kind,
    discountAmount: promo.amountCents == null ? null : centsToEuros(promo.amountCents),
  };
}

/** The applied code as the quote answers it (none: no code, percentage 0). */
function quotedPromo(promo: ActivePromo | null) {
  return {
    promoCode: promo?.code ?? null,
    promoPercentage: promo?.percentage ?? 0,
    promoKind: promo?.kind ?? null,
    promoAmount: promo ? promoValueDto(promo).discountAmount : null,
  };
}

const promoRefused = (message: string = checkoutMessages.promo.expired) =>
  new AppError('BAD_REQUEST', message, { promoCode: [message] });

/**
 * Inside the order's transaction: the minimum subtotal, one use claimed with a guarded update (the code may have
 * run out since it was checked), then the per-customer limit, counted after that update's lock (orders with the
 * same e-mail or the same phone: leaving the e-mail out does not start a new count). Any refusal rolls the whole order back with the spec's promo error, so the
 * shopper can order again without the code.
 */
async function claimPromo(
  trx: CheckoutDeps['db'],
  promo: ActivePromo,
  customer: { email: string; phoneNumber: string },
  subtotalCents: number,
): Promise<void> {
  if (promo.minSubtotalCents !== null && subtotalCents < promo.minSubtotalCents) {
    throw promoRefused(fill(checkoutMessages.promo.minSubtotal, { amount: formatCents(promo.minSubtotalCents) }));
  }
  if (!(await claimPromoUse(trx, promo.promoId))) throw promoRefused();
  if (
    promo.maxUsesPerCustomer !== null &&
    (await promoUsesByContact(trx, promo.promoId, customer)) >= promo.maxUsesPerCustomer
  )
    throw promoRefused();
}

export async function validatePromo(
  deps: CheckoutDeps,
  input: ValidatePromoInput,
  today = shopToday(),
): Promise<PromoValidationDto> {
  const promo = await findActivePromo(deps, input.code, today);
  if (!promo)
    throw new AppError('BAD_REQUEST', checkoutMessages.promo.expired, { code: [checkoutMessages.promo.expired] });
  return {
    code: promo.code,
    discountPercentage: promo.percentage,
    applicableProductIds: [...(promo.productIds ?? [])],
    ...promoValueDto(promo),
  };
}

/** The look discounts of a priced cart, as the quote answers them (decision 276). */
const quotedLooks = (priced: ReturnType<typeof priceCart>) => ({
  lookDiscount: centsToEuros(priced.lookDiscountCents),
  looks: priced.looks.map((l) => ({
    lookID: l.lookId,
    name: l.name,
    percentage: l.percentage,
    sets: l.sets,
    discount: centsToEuros(l.discountCents),
  })),
});

/** The totals the checkout overlay shows, computed from the database only. */
export async function quote(deps: CheckoutDeps, input: QuoteInput, today = shopToday()): Promise<QuoteDto> {
  const summed = sumByVariant(input.items);
  const snaps = await variantSnapshots(deps, [...summed.keys()], today);
  const unavailable: number[] = [];
  const soldOut: number[] = [];
  const lines: Array<{ snap: VariantSnapshot; quantity: number }> = [];
  for (const [variantId, quantity] of summed) {
    const snap = snaps.get(variantId);
    if (!snap || !snap.isActive) unavailable.push(variantId);
    else if (snap.stockQuantity <= 0) soldOut.push(variantId);
    else lines.push({ snap, quantity });
  }
  const code = input.promoCode?.trim() || null;
  let promo = code ? await findActivePromo(deps, code, today) : null;
  let shippingCents: number | null = null;
  let freeFrom: number | null = null;
  if (input.countryID != null) {
    const country = await shippingCountry(deps.db, input.countryID);
    if (!country)
      throw new AppError('BAD_REQUEST', checkoutMessages.checkout.unknownCountry, {
        countryID: [checkoutMessages.checkout.unknownCountry],
      });
    shippingCents = country.shippingPriceCents;
    freeFrom = country.freeShippingFromCents;
  }
  const pricingLines = lines.map(({ snap, quantity }) => ({
    productVariantId: snap.productVariantId,
    productId: snap.productId,
    unitPriceCents: snap.unitPriceCents,
    quantity,
    promoExcluded: snap.isGiftCard,
  }));
  const offers = await lookOffers(
    deps.db,
    pricingLines.map((l) => l.productId),
  );
  let priced = priceCart(pricingLines, promo, shippingCents ?? 0, freeFrom, offers);
  // A code whose minimum subtotal is not reached does not apply (the order would refuse it).
  if (promo?.minSubtotalCents != null && priced.subtotalCents < promo.minSubtotalCents) {
    promo = null;
    priced = priceCart(pricingLines, null, shippingCents ?? 0, freeFrom, offers);
  }
  const goodsCents = priced.subtotalCents - priced.lookDiscountCents - priced.discountCents;
  const quoteLines: QuoteLineDto[] = priced.lines.map((l, i) => {
    const snap = lines[i]!.snap;
    return {
      productVariantId: snap.productVariantId,
      productId: snap.productId,
      productName: snap.productName,
      size: snap.size,
      color: snap.color,
      imageUrl: snap.imageUrl,
      price: centsToEuros(snap.listPriceCents),
      unitPrice: centsToEuros(l.unitPriceCents),
      quantity: l.quantity,
      lineTotal: centsToEuros(l.lineTotalCents),
      stockQuantity: snap.stockQuantity,
      promoApplies: l.promoApplies,
    };
  });
  return {
    lines: quoteLines,
    unavailableVariantIds: unavailable,
    soldOutVariantIds: soldOut,
    subtotal: centsToEuros(priced.subtotalCents),
    ...quotedPromo(promo),
    promoInvalid: code !== null && promo === null,
    discount: centsToEuros(priced.discountCents),
    ...quotedLooks(priced),
    shipping: shippingCents === null ? null : centsToEuros(priced.shippingCents),
    total: centsToEuros(priced.totalCents),
    countryID: input.countryID ?? null,
    freeShippingFrom: freeFrom === null ? null : centsToEuros(freeFrom),
    amountToFreeShipping: freeFrom === null ? null : centsToEuros(Math.max(0, freeFrom - goodsCents)),
  };
}

interface OrderPlan {
  customer: {
    email: string;
    firstName: string;
    lastName: string;
    phoneNumber: string;
    address: string;
    city: string;
    zipCode: string;
    countryID: number;
    guestId: string | null;
  };
  items: Array<{ productVariantId: number; quantity: number }>;
  promoCode: string | null;
  idempotencyKey: string | null;
  /** Pay what the shopper's store credit covers (decision 273). */
  useStoreCredit?: boolean;
  /** A gift card's code, normalised (decision 274). */
  giftCardCode?: string | null;
}

function fingerprint(plan: OrderPlan, actor: Actor | null): string {
  const items = [...sumByVariant(plan.items)].sort((a, b) => a[0] - b[0]);
  const body = JSON.stringify([
    actor?.userId ?? null,
    plan.customer,
    items,
    plan.promoCode?.toUpperCase() ?? null,
    'country', // shipping: every order is priced by its country since decision 215 (kept so fingerprints hold)
    ...(plan.useStoreCredit ? ['store-credit'] : []), // only when asked, so earlier fingerprints hold
    ...(plan.giftCardCode ? ['gift-card', plan.giftCardCode] : []), // hashed with the rest: never stored as typed
  ]);
  return createHash('sha256').update(body).digest('hex');
}

function isIdempotencyConflict(err: unknown): boolean {
  return isUniqueViolationOn(err, 'orders_idempotency_key', 'orders.idempotency_key');
}

async function replay(deps: CheckoutDeps, key: string, print: string): Promise<OrderConfirmationDto | null> {
  const existing = await orderIdForKey(deps.db, key);
  if (!existing) return null;
  if (existing.request_fingerprint && existing.request_fingerprint !== print) {
    throw new AppError('UNPROCESSABLE_CONTENT', checkoutMessages.checkout.idempotencyMismatch, {
      idempotencyKey: [checkoutMessages.checkout.idempotencyMismatch],
    });
  }
  return { ...(await loadConfirmation(deps, existing.order_id)), replayed: true };
}

type Line = { snap: VariantSnapshot; quantity: number };

/**
 * Inside the order's transaction: today's snapshots of the summed variants (prices and names come from the
 * database, never from the client; unknown or withdrawn ones are a 400 naming the cart line) and the stock,
 * taken with a guarded update per variant (a 409 naming the line when it runs out).
 */
async function takeLines(
  trx: CheckoutDeps['db'],
  summed: Map<number, number>,
  firstIndex: Map<number, number>,
  today: string,
  who: { actorId: number | null; changeIds: number[] },
): Promise<Line[]> {
  const snaps = await variantSnapshots({ db: trx }, [...summed.keys()], today);
  const missing: Record<string, string[]> = {};
  for (const variantId of summed.keys()) {
    const snap = snaps.get(variantId);
    if (!snap || !snap.isActive)
      missing[`cartItems.${firstIndex.get(variantId)}.productVariantId`] = [cartMessages.cart.unknownVariant];
  }
  if (Object.keys(missing).length) throw new AppError('BAD_REQUEST', cartMessages.cart.unknownVariant, missing);

  const lines = [...summed].map(([variantId, quantity]) => ({ snap: snaps.get(variantId)!, quantity }));
  // Variants are locked in id order, so two concurrent checkouts over the same variants cannot deadlock
  // (PostgreSQL locks rows until commit; decision 141).
  for (const { snap, quantity } of [...lines].sort((a, b) => a.snap.productVariantId - b.snap.productVariantId)) {
    const took = await changeStock(trx, {
      variantId: snap.productVariantId,
      delta: -quantity,
      reason: 'sale',
      actorId: who.actorId,
    });
    if (took?.changeId) who.changeIds.push(took.changeId);
    if (!took) {
      const available = await variantStock(trx, snap.productVariantId);
      throw new AppError(
        'CONFLICT',
        fill(checkoutMessages.checkout.outOfStock, {
          name: snap.productName,
          variant: colourAndSize(snap.size, snap.color, ', '), // "M, E kuqe"; "50 ml" without a colour
          available,
        }),
        {
          [`cartItems.${firstIndex.get(snap.productVariantId)}.quantity`]: [
            fill(checkoutMessages.checkout.outOfStockShort, { available }),
          ],
        },
        {
          productVariantId: snap.productVariantId,
          productName: snap.productName,
          size: snap.size,
          color: snap.color,
          requested: quantity,
          available,
        },
      );
    }
  }
  return lines;
}

interface OrderParties {
  userId: number | null;
  byStaff: boolean;
  actor: Actor | null;
  key: string | null;
  print: string;
  /** Cents of the total paid with store credit (decision 273). */
  credit: number;
  /** Cents of the total paid with a gift card (decision 274). */
  giftCard: number;
}

/** The orders row: the customer's details, the priced totals, the promo snapshot and who placed it. */
function orderRow(
  plan: OrderPlan,
  country: ShippingCountry,
  priced: ReturnType<typeof priceCart>,
  promo: ActivePromo | null,
  who: OrderParties,
) {
  const { userId, byStaff, actor, key, print } = who;
  return {
    user_id: userId,
    guest_id: userId === null && !byStaff ? plan.customer.guestId || null : null,
    order_date: new Date().toISOString(),
    first_name: plan.customer.firstName,
    last_name: plan.customer.lastName,
    email: plan.customer.email,
    phone_number: plan.customer.phoneNumber,
    address: plan.customer.address,
    city: plan.customer.city,
    zip_code: plan.customer.zipCode,
    country_id: country.id,
    country_name: country.name,
    subtotal_cents: priced.subtotalCents,
    discount_cents: priced.discountCents,
    shipping_cost_cents: priced.shippingCents,
    total_cents: priced.totalCents,
    promo_code_discount_id: promo?.promoId ?? null,
    promo_code: promo?.code ?? null,
    promo_percentage: promo && promo.kind === 'percent' ? promo.percentage : null,
    promo_amount_cents: promo?.amountCents ?? null,
    idempotency_key: key,
    request_fingerprint: key ? print : null,
    created_by_user_id: byStaff ? actor!.userId : null,
    store_credit_cents: who.credit,
    gift_card_cents: who.giftCard,
    look_discount_cents: priced.lookDiscountCents,
  };
}

/**
 * The order's bounds (decision 205), held here too for any caller that did not parse with the shared schema: at most
 * MAX_ORDER_LINES lines, and at most MAX_LINE_QUANTITY units of one variant over all its lines. 400, nothing written.
 * `field` names the lines in the field messages: cartItems for an order placed, lines for staff's edit (decision 238).
 */
export function assertOrderBounds(
  items: ReadonlyArray<{ productVariantId: number; quantity: number }>,
  field: 'cartItems' | 'lines' = 'cartItems',
): void {
  const m = checkoutMessages.checkout;
  if (items.length > MAX_ORDER_LINES) throw new AppError('BAD_REQUEST', m.tooManyLines, { [field]: [m.tooManyLines] });
  const over = overQuantityLines(items);
  if (over.length)
    throw new AppError(
      'BAD_REQUEST',
      m.variantTotalTooMany,
      Object.fromEntries(over.map((i) => [`${field}.${i}.quantity`, [m.variantTotalTooMany]])),
    );
}

/** The order's country (a 400 when unknown); the postal code may stay empty only where it has none in daily use. */
async function deliveryCountry(deps: CheckoutDeps, customer: OrderPlan['customer']): Promise<ShippingCountry> {
  const country = await shippingCountry(deps.db, customer.countryID);
  if (!country)
    throw new AppError('BAD_REQUEST', checkoutMessages.checkout.unknownCountry, {
      'customerDetails.countryID': [checkoutMessages.checkout.unknownCountry],
    });
  if (!customer.zipCode && !country.postalCodeOptional)
    throw new AppError('BAD_REQUEST', messages.common.required, {
      'customerDetails.zipCode': [messages.common.required],
    });
  return country;
}

/** The order's lines as stored: the priced line with its variant's snapshot (name, colour, size, picture). */
function lineRows(
  priced: ReturnType<typeof priceCart>['lines'],
  taken: Array<{ snap: { productName: string; color: string; size: string; imageUrl: string } }>,
) {
  return priced.map((l, i) => ({
    variant_id: l.productVariantId,
    product_id: l.productId,
    product_name: taken[i]!.snap.productName,
    color: taken[i]!.snap.color,
    size: taken[i]!.snap.size,
    image_url: taken[i]!.snap.imageUrl,
    quantity: l.quantity,
    unit_price_cents: l.unitPriceCents,
    line_total_cents: l.lineTotalCents,
  }));
}

/** A guest has no credit, and staff's manual order is not the shopper's own checkout: 422 on the field (decision 273). */
function assertMayUseCredit(plan: OrderPlan, actor: Actor | null, byStaff: boolean): void {
  if (!plan.useStoreCredit || (actor && !byStaff)) return;
  const message = checkoutMessages.checkout.storeCreditSignedInOnly;
  throw new AppError('UNPROCESSABLE_CONTENT', message, { useStoreCredit: [message] });
}

/**
 * Inside the order's transaction, after promo code and shipping: the cents the shopper's credit pays, min(balance,
 * total incl. shipping), read under her credit's lock so a concurrent spend cannot use the same balance (decision 273).
 */
async function creditToUse(trx: CheckoutDeps['db'], plan: OrderPlan, userId: number | null, totalCents: number) {
  if (!plan.useStoreCredit || userId === null || totalCents <= 0) return 0;
  return Math.min(await lockedCreditBalance(trx, userId), totalCents);
}

/**
 * What pays part of the order before the courier (decision 274): the gift card first, min(its balance, the total
 * incl. shipping) under the card's lock (a card may expire, credit does not), then store credit on what is left.
 */
async function paymentsOf(
  trx: CheckoutDeps['db'],
  deps: CheckoutDeps,
  plan: OrderPlan,
  userId: number | null,
  totalCents: number,
  today: string,
) {
  // Without the configuration there are no keys, so no code can name a card: the same 422 as a wrong code.
  const keys = deps.config?.keys ?? null;
  const card = plan.giftCardCode ? await giftCardToUse(trx, keys, plan.giftCardCode, totalCents, today) : null;
  const credit = await creditToUse(trx, plan, userId, totalCents - (card?.cents ?? 0));
  return { card, credit };
}

/** The order's 'order_spend' rows (negative, its id), under the same locks: the card's and the credit's. */
async function spendPayments(
  trx: CheckoutDeps['db'],
  userId: number | null,
  paid: Awaited<ReturnType<typeof paymentsOf>>,
  orderId: number,
) {
  if (paid.card) await spendGiftCard(trx, paid.card.cardId, paid.card.cents, orderId);
  if (paid.credit > 0 && userId !== null)
    await addCreditEntry(trx, { userId, amountCents: -paid.credit, reason: 'order_spend', orderId });
}

/** A shopper's order: her forgotten-cart reminders stop, and it counts as recovered after one (decision 275). */
function remindersStop(
  trx: CheckoutDeps['db'],
  deps: CheckoutDeps,
  orderId: number,
  row: { user_id: number | null; email: string; order_date: string },
  totalCents: number,
  skip: boolean, // staff's manual order and an exchange are not the shopper coming back
) {
  if (skip) return;
  const order = { orderId, userId: row.user_id, email: row.email || null, totalCents };
  return cartOrdered(trx, deps.config, { ...order, at: new Date(row.order_date) });
}

/**
 * The order's lines priced in its transaction: the look discounts read there, from the lines as taken (decision
 * 276; never the client's prices), then the promo code and shipping. An exchange is settled by its returned units.
 */
async function priceOrder(
  trx: CheckoutDeps['db'],
  lines: Line[],
  promo: ActivePromo | null,
  country: ShippingCountry,
  exchange: boolean,
) {
  const offers = exchange
    ? []
    : await lookOffers(
        trx,
        lines.map((l) => l.snap.productId),
      );
  const cart = priceCart(
    lines.map(({ snap, quantity }) => ({
      productVariantId: snap.productVariantId,
      productId: snap.productId,
      unitPriceCents: snap.unitPriceCents,
      quantity,
      promoExcluded: snap.isGiftCard,
    })),
    promo,
    country.shippingPriceCents,
    country.freeShippingFromCents,
    offers,
  );
  return exchange ? settledByExchange(cart) : cart;
}

async function execute(deps: CheckoutDeps, plan: OrderPlan, opts: PlaceOrderOptions): Promise<OrderConfirmationDto> {
  assertOrderBounds(plan.items);
  const today = opts.today ?? shopToday();
  const actor = opts.actor ?? null;
  const byStaff = !!opts.createdByStaff;
  if (byStaff && !actsAsStaff(actor)) throw new AppError('FORBIDDEN', serverErrorMessages.forbidden);
  assertMayUseCredit(plan, actor, byStaff);
  const key = plan.idempotencyKey;
  const print = fingerprint(plan, actor);
  if (key) {
    const earlier = await replay(deps, key, print);
    if (earlier) return earlier;
  }

  const country = await deliveryCountry(deps, plan.customer);
  // The phone in its one stored form, placed by the order's country (decision 246): the promo's per-customer count
  // and guest tracking compare it as stored. The fingerprint above keeps the phone as the request sent it.
  const customer = {
    ...plan.customer,
    phoneNumber: storedPhone(plan.customer.phoneNumber, callingCodeOf(country.name)),
  };
  let promo: ActivePromo | null = null;
  if (plan.promoCode) {
    promo = await findActivePromo(deps, plan.promoCode, today);
    if (!promo)
      throw new AppError('BAD_REQUEST', checkoutMessages.promo.expired, {
        promoCode: [checkoutMessages.promo.expired],
      });
  }
  const summed = sumByVariant(plan.items);
  const firstIndex = new Map<number, number>();
  plan.items.forEach((item, i) => {
    if (!firstIndex.has(item.productVariantId)) firstIndex.set(item.productVariantId, i);
  });

  let orderId: number;
  try {
    orderId = await deps.db.transaction().execute(async (trx) => {
      if (key && (await orderIdForKey(trx, key))) return -1; // a concurrent twin won; answered below
      const stock = { actorId: actor?.userId ?? null, changeIds: [] as number[] };
      await opts.exchange?.beforeLines(trx);
      const lines = await takeLines(trx, summed, firstIndex, today, stock);
      const priced = await priceOrder(trx, lines, promo, country, !!opts.exchange);
      if (promo) await claimPromo(trx, promo, customer, priced.subtotalCents);
      const userId = byStaff ? (opts.customerUserId ?? null) : (actor?.userId ?? null);
      const paid = await paymentsOf(trx, deps, plan, userId, priced.totalCents, today); // an exchange's total is 0
      const who = { userId, byStaff, actor, key, print, credit: paid.credit, giftCard: paid.card?.cents ?? 0 };
      const row = orderRow({ ...plan, customer }, country, priced, promo, who);
      // A shopper's order from a phone staff blocked is taken and held for them, never refused (decision 272).
      const held = !byStaff && !opts.exchange && (await isPhoneBlocked(trx, customer.phoneNumber));
      const id = await recordOrder(trx, held ? { ...row, held_at: row.order_date } : row);
      if (held) await recordOrderEvent(trx, id, 'held', row.order_date, null);
      await spendPayments(trx, userId, paid, id);
      await linkStockChangesToOrder(trx, stock.changeIds, id); // the ledger's rows name their order (decision 231)
      await recordOrderLines(trx, id, lineRows(priced.lines, lines));
      if (!byStaff && actor) await clearOrderedLines(trx, actor.userId, [...summed.keys()]);
      await remindersStop(trx, deps, id, row, priced.totalCents, byStaff || !!opts.exchange);
      // Staff's manual order is a staff write: its audit row, in the order's transaction (decision 228).
      if (byStaff) await recordAudit(trx, { ...createdOrder(id), before: null, after: await orderAuditState(trx, id) });
      // Same transaction as the order: an acknowledged order always has its two e-mails queued (decision 170).
      await queueOrderPlacedMail(trx, deps.config, await loadConfirmation({ db: trx }, id));
      await opts.exchange?.afterOrder(trx, id);
      return id;
    });
  } catch (err) {
    if (key && isIdempotencyConflict(err)) orderId = -1;
    else throw err;
  }
  if (orderId === -1) {
    const earlier = await replay(deps, key!, print);
    if (earlier) return earlier;
    throw new AppError('CONFLICT', checkoutMessages.checkout.failure);
  }
  notifyMailQueued();
  return loadConfirmation(deps, orderId);
}

/** The three order forms a checkout request can take (the door tells them apart by the payload's shape). */
export type CheckoutRequest =
  | { form: 'legacy'; input: LegacyPlaceOrderInput }
  | { form: 'storefront'; input: PlaceOrderInput }
  | { form: 'manual'; input: PlaceOrderInput };

/**
 * One rule for both doors (decision 062): an order in the dashboard's manual form is staff's manual order only when
 * the caller is staff; anyone else's is a shopper order. The old screen's form is the legacy order.
 */
export function placeCheckout(
  deps: CheckoutDeps,
  request: CheckoutRequest,
  opts: Omit<PlaceOrderOptions, 'createdByStaff'> = {},
): Promise<OrderConfirmationDto> {
  if (request.form === 'legacy') return placeLegacyOrder(deps, request.input, opts);
  const createdByStaff = request.form === 'manual' && actsAsStaff(opts.actor);
  return placeOrder(deps, request.input, { ...opts, createdByStaff });
}

/** Places an order from the checkout overlay's payload (or the staff order builder's, whose e-mail may be empty). */
export async function placeOrder(
  deps: CheckoutDeps,
  input: PlaceOrderInput,
  opts: PlaceOrderOptions = {},
): Promise<OrderConfirmationDto> {
  const c = input.customerDetails;
  return execute(
    deps,
    {
      customer: {
        email: c.email,
        firstName: c.firstName,
        lastName: c.lastName,
        phoneNumber: c.phoneNumber,
        address: c.address,
        city: c.city,
        zipCode: c.zipCode,
        countryID: c.countryID,
        guestId: c.guestId ?? null,
      },
      items: input.cartItems.map((i) => ({ productVariantId: i.productVariantId, quantity: i.quantity })),
      promoCode: input.promoCode?.trim() || null,
      idempotencyKey: opts.idempotencyKey ?? input.idempotencyKey ?? null,
      useStoreCredit: input.useStoreCredit === true,
      giftCardCode: input.giftCardCode || null,
    },
    opts,
  );
}

/**
 * The old /checkout screen's payload: no names in it (taken from the signed-in user's profile, empty for a guest),
 * no promo code (discountID null), shipping by the country like every order (decision 215; the spec's flat 5,00 € is
 * gone with the screen). userID in the payload is ignored: the token decides.
 */
export async function placeLegacyOrder(
  deps: CheckoutDeps,
  input: LegacyPlaceOrderInput,
  opts: PlaceOrderOptions = {},
): Promise<OrderConfirmationDto> {
  const c = input.customerDetails;
  const actor = opts.actor ?? null;
  const profile = actor ? await contactDetails(deps, actor.userId) : undefined;
  return execute(
    deps,
    {
      customer: {
        email: c.email,
        firstName: profile?.first_name ?? '',
        lastName: profile?.last_name ?? '',
        phoneNumber: c.phoneNumber || profile?.phone_number || '',
        address: c.address,
        city: c.city,
        zipCode: c.zipCode,
        countryID: c.countryID,
        guestId: c.guestId ?? null,
      },
      items: input.cartItems.map((i) => ({ productVariantId: i.productVariantId, quantity: i.quantity })),
      promoCode: null,
      idempotencyKey: opts.idempotencyKey ?? input.idempotencyKey ?? null,
    },
    opts,
  );
}

/**
 * A manual order for a guest, entered by staff (dashboard add-orders). It goes through the storefront's own
 * checkout, so stock is taken with the same guarded update and prices and shipping are the server's.
 */
export function placeManualOrder(
  deps: CheckoutDeps,
  actor: Actor,
  input: PlaceOrderInput,
): Promise<OrderConfirmationDto> {
  return placeCheckout(deps, { form: 'manual', input }, { actor });
}
