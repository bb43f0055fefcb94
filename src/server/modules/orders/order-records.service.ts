// Order records (the orders module owns the orders and order_details tables): what checkout writes in its
// transaction, the one order read the confirmation, tracking and the dashboard share, a shopper's orders, and the
// status an order shows (closed_as, once cancelled or returned, wins over the delivery status: decision 180).
import { callingCodeOf, formatPhone } from '#shared/phone';
import { checkoutMessages } from '#shared/messages/checkout';
import { centsToEuros } from '#shared/money';
import { orderNumberOf } from '#shared/order-number';
import type { OrderConfirmationDto } from '#shared/dto/checkout';
import type { DeliveryAddressDto, MyOrderLineDto } from '#shared/dto/my-orders';
import type { OrderStage, OrderStatus, ShipmentDto } from '#shared/dto/orders';
import type { OrderConfirmationInput } from '#shared/schemas/checkout';
import type { AppDeps } from '#server/deps';
import type { DB } from '#server/db/client';
import { AppError } from '#server/errors';
import { actsAsStaff, type Actor } from '../accounts';
import * as q from './order-records.queries';

export type { MyOrderRow } from './order-records.queries';

type Db = Parameters<typeof q.insertOrder>[0];

/** The status an order shows: how it was closed (cancelled, returned), else where delivery stands. */
export const shownStatus = (o: { status: string; closed_as: string | null }): OrderStatus =>
  (o.closed_as ?? o.status) as OrderStatus;

/** The stage a live pending order is at ('new' before the call), null once delivered or closed (decision 229). */
export const stageOf = (o: { status: string; closed_as: string | null; stage: string | null }): OrderStage | null =>
  o.status === 'pending' && o.closed_as === null ? ((o.stage as OrderStage | null) ?? 'new') : null;

/** The shipment facts a shopper and staff both see: stage, courier, tracking number and link. */
export const shipmentOf = (o: {
  status: string;
  closed_as: string | null;
  stage: string | null;
  courier_name: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
}): ShipmentDto => ({
  stage: stageOf(o),
  courierName: o.courier_name,
  trackingNumber: o.tracking_number,
  trackingUrl: o.tracking_url,
});

/** Writes an order row in the caller's transaction; returns its id. */
export const recordOrder = (trx: Db, row: q.NewOrderRow): Promise<number> => q.insertOrder(trx, row);

/** Writes an order's snapshot lines in the caller's transaction. */
export const recordOrderLines = (trx: Db, orderId: number, lines: readonly q.NewOrderLineRow[]): Promise<void> =>
  q.insertOrderLines(trx, orderId, lines);

/** The order already placed under an idempotency key, if any. */
export const orderIdForKey = (db: Db, key: string) => q.orderIdByIdempotencyKey(db, key);

/**
 * Orders already placed with a promo code by one customer: the same e-mail address (case-insensitive) or the same
 * stored phone, so a shopper who leaves the e-mail out (decision 252) or changes it is still counted.
 */
export const promoUsesByContact = (
  trx: Db,
  promoId: number,
  customer: { email: string; phoneNumber: string },
): Promise<number> => q.promoUsesByContact(trx, promoId, customer.email, customer.phoneNumber);

/** A shopper's order count, one page of their orders, one order, and the lines of some orders. */
export const countUserOrders = (db: DB, userId: number) => q.countUserOrders(db, userId);
export const userOrders = (db: DB, userId: number, limit: number, offset: number) =>
  q.userOrders(db, userId, limit, offset);
export const shopperOrderById = (db: DB, orderId: number) => q.shopperOrderById(db, orderId);
export const linesOf = (db: DB, orderIds: number[]) => q.linesOf(db, orderIds);
/**
 * Whose an order is (its account, null for a guest's) and where it goes, as the order page shows it (decision 255):
 * the phone grouped by the order's country (decision 246), no e-mail. Undefined for a missing order.
 */
export async function orderDelivery(
  db: DB,
  orderId: number,
): Promise<{ userId: number | null; address: DeliveryAddressDto } | undefined> {
  const r = await q.orderDelivery(db, orderId);
  if (!r) return undefined;
  return {
    userId: r.user_id,
    address: {
      firstName: r.first_name,
      lastName: r.last_name,
      address: r.address,
      city: r.city,
      zipCode: r.zip_code,
      countryName: r.country_name,
      phoneNumber: formatPhone(r.phone_number, callingCodeOf(r.country_name)),
    },
  };
}
/** An order's buyer (account or e-mail, name) and state: what its products' reviews need (decision 234). */
export const orderBuyer = (db: DB, orderId: number) => q.orderBuyer(db, orderId);
export type OrderBuyer = NonNullable<Awaited<ReturnType<typeof q.orderBuyer>>>;

/** How staff lists name each order's customer: full name, else e-mail, else phone (one question for all). */
export async function buyerNames(db: DB, orderIds: number[]): Promise<Map<number, string>> {
  const rows = await q.orderBuyers(db, [...new Set(orderIds)]);
  return new Map(
    rows.map((r) => [r.order_id, [r.first_name, r.last_name].filter(Boolean).join(' ') || r.email || r.phone_number]),
  );
}

/** Which of the given orders were placed by a signed-in account (not a guest): one question for all. */
export async function ordersWithAccount(db: DB, orderIds: number[]): Promise<Set<number>> {
  const rows = await q.orderBuyers(db, [...new Set(orderIds)]);
  return new Set(rows.filter((r) => r.user_id !== null).map((r) => r.order_id));
}

/** Order lines per product (absent: none), e.g. in the staff catalogue's transaction before it deletes products. */
export async function orderLineCounts(db: DB, productIds: number[]): Promise<Map<number, number>> {
  const rows = await q.lineCountsByProduct(db, productIds);
  return new Map(rows.map((r) => [r.product_id!, Number(r.n)]));
}

/** A stored order line; product_id is null once its product was deleted. */
export type PaidLineRow = Omit<q.NewOrderLineRow, 'variant_id' | 'product_id'> & { product_id: number | null };

export const paidLineDto = (l: PaidLineRow): MyOrderLineDto => ({
  productId: l.product_id,
  productName: l.product_name,
  color: l.color,
  size: l.size,
  imageUrl: l.image_url,
  quantity: l.quantity,
  unitPrice: centsToEuros(l.unit_price_cents),
  lineTotal: centsToEuros(l.line_total_cents),
});

/** The snapshot lines of an order (the dashboard's order page reads them through here). */
export const orderLineRows = (deps: Pick<AppDeps, 'db'>, orderId: number) => q.orderLines(deps.db, orderId);

export async function loadConfirmation(deps: Pick<AppDeps, 'db'>, orderId: number): Promise<OrderConfirmationDto> {
  const order = await q.orderById(deps.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', checkoutMessages.checkout.orderNotFound);
  const lines = await q.orderLines(deps.db, orderId);
  return {
    orderId: order.order_id,
    orderNumber: orderNumberOf(order.order_id),
    orderDate: order.order_date,
    status: shownStatus(order),
    userId: order.user_id,
    guestId: order.guest_id,
    customerDetails: {
      email: order.email,
      firstName: order.first_name,
      lastName: order.last_name,
      phoneNumber: formatPhone(order.phone_number, callingCodeOf(order.country_name)),
      address: order.address,
      city: order.city,
      zipCode: order.zip_code,
      countryID: order.country_id,
      countryName: order.country_name,
    },
    lines: lines.map((l) => ({
      orderDetailsId: l.order_details_id,
      productVariantId: l.variant_id,
      ...paidLineDto(l),
    })),
    subtotal: centsToEuros(order.subtotal_cents),
    discount: centsToEuros(order.discount_cents),
    shipping: centsToEuros(order.shipping_cost_cents),
    total: centsToEuros(order.total_cents),
    promoCode: order.promo_code,
    promoPercentage: order.promo_percentage,
    promoAmount: order.promo_amount_cents === null ? null : centsToEuros(order.promo_amount_cents),
    storeCreditAmount: centsToEuros(order.store_credit_cents),
    giftCardAmount: centsToEuros(order.gift_card_cents),
    lookDiscount: centsToEuros(order.look_discount_cents),
    paymentMethod: 'cash_on_delivery',
    held: order.held_at !== null,
    replayed: false,
    shipment: shipmentOf(order),
  };
}

/** The confirmation page's read: the order's owner, the guest who placed it (same guest id), or staff. */
export async function getOrderConfirmation(
  deps: Pick<AppDeps, 'db'>,
  input: OrderConfirmationInput,
  actor: Actor | null,
): Promise<OrderConfirmationDto> {
  const order = await q.orderById(deps.db, input.orderId);
  const allowed =
    !!order &&
    (actsAsStaff(actor) ||
      (actor && order.user_id !== null && order.user_id === actor.userId) ||
      (order.guest_id !== null && !!input.guestId && order.guest_id === input.guestId));
  if (!allowed) throw new AppError('NOT_FOUND', checkoutMessages.checkout.orderNotFound);
  return loadConfirmation(deps, input.orderId);
}
