// "My orders", one order's page and guest order tracking (decisions 175 and 255).
//   listMyOrders(deps, actor, { page?, pageSize? }, fallbackSize?) -> Page<MyOrderDto>   the caller's own orders only, newest first
//   myOrder(deps, actor, { orderId }) -> OrderPageDto                    404 unless the order is the caller's
//   trackOrder(deps, { orderId, email | phone }) -> OrderPageDto         404 unless number and e-mail/phone both match
import { checkoutMessages } from '#shared/messages/checkout';
import { orderMessages } from '#shared/messages/orders';
import { centsToEuros } from '#shared/money';
import { orderNumberOf } from '#shared/order-number';
import type { MyOrderDto, OrderPageDto } from '#shared/dto/my-orders';
import { pageWindow, type Page } from '#shared/schemas/paging';
import {
  MY_ORDERS_PAGE_SIZE,
  type MyOrderInput,
  type MyOrdersInput,
  type TrackOrderQuery,
} from '#shared/schemas/my-orders';
import { callingCodeOf, samePhone } from '#shared/phone';
import type { AppDeps } from '#server/deps';
import { AppError } from '#server/errors';
import type { Actor } from '../accounts';
import {
  countUserOrders,
  linesOf,
  orderDelivery,
  paidLineDto,
  shopperOrderById,
  shipmentOf,
  shownStatus,
  userOrders,
  type MyOrderRow,
} from '../orders';

type Deps = Pick<AppDeps, 'db'>;

async function toDtos(deps: Deps, rows: MyOrderRow[]): Promise<MyOrderDto[]> {
  const lines = await linesOf(
    deps.db,
    rows.map((r) => r.order_id),
  );
  return rows.map((r) => {
    const own = lines.filter((l) => l.order_id === r.order_id);
    return {
      orderId: r.order_id,
      orderNumber: orderNumberOf(r.order_id),
      orderDate: r.order_date,
      orderShipDate: r.order_ship_date,
      status: shownStatus(r),
      itemCount: own.reduce((n, l) => n + l.quantity, 0),
      subtotal: centsToEuros(r.subtotal_cents),
      discount: centsToEuros(r.discount_cents),
      shipping: centsToEuros(r.shipping_cost_cents),
      total: centsToEuros(r.total_cents),
      storeCreditAmount: centsToEuros(r.store_credit_cents),
      giftCardAmount: centsToEuros(r.gift_card_cents),
      lookDiscount: centsToEuros(r.look_discount_cents),
      lines: own.map(paidLineDto),
      shipment: shipmentOf(r),
    };
  });
}

/**
 * The signed-in caller's orders (orders.user_id = caller), newest first, with their lines. The user id comes from
 * the verified token only, so no input can name another customer. Staff get their own orders here too.
 */
export async function listMyOrders(
  deps: Deps,
  actor: Actor,
  input: MyOrdersInput = {},
  fallbackSize = MY_ORDERS_PAGE_SIZE,
): Promise<Page<MyOrderDto>> {
  const { page, pageSize, limit, offset } = pageWindow(input, fallbackSize);
  const total = await countUserOrders(deps.db, actor.userId);
  const rows = offset < total ? await userOrders(deps.db, actor.userId, limit, offset) : [];
  return { items: await toDtos(deps, rows), total, page, pageSize };
}

/** The list's row of one order with where it goes: what its page shows (decision 255). */
async function orderPage(deps: Deps, row: MyOrderRow, delivery: OrderPageDto['delivery']): Promise<OrderPageDto> {
  const [dto] = await toDtos(deps, [row]);
  return { ...dto!, delivery };
}

/**
 * One of the signed-in caller's own orders for its page (/porosite/{id}): 404, the order page's message, for a
 * missing order and for anyone else's alike (staff too: they read orders on the dashboard).
 */
export async function myOrder(deps: Deps, actor: Actor, input: MyOrderInput): Promise<OrderPageDto> {
  const [row, delivery] = await Promise.all([
    shopperOrderById(deps.db, input.orderId),
    orderDelivery(deps.db, input.orderId),
  ]);
  if (!row || !delivery || delivery.userId === null || delivery.userId !== actor.userId)
    throw new AppError('NOT_FOUND', checkoutMessages.checkout.orderNotFound);
  return orderPage(deps, row, delivery.address);
}

const notFound = () => new AppError('NOT_FOUND', orderMessages.orderTracking.notFound);

/**
 * A guest's order by number and the e-mail (case-insensitive) or phone it was placed with. A missing order, a wrong
 * e-mail and a wrong phone all answer the same 404 with the same message, so the answer never tells which part
 * was wrong (nor whether the number exists). The door rate-limits calls per address ('track', http/limits.ts).
 * The answer carries the delivery address and phone, never the e-mail.
 */
export async function trackOrder(deps: Deps, input: TrackOrderQuery): Promise<OrderPageDto> {
  const row = await shopperOrderById(deps.db, input.orderId);
  const matches =
    !!row &&
    (input.email !== null
      ? row.email.trim().toLowerCase() === input.email
      : // One phone however it was typed at checkout or here, placed by the order's country (decision 246).
        input.phone !== null && samePhone(row.phone_number, input.phone, callingCodeOf(row.country_name)));
  if (!row || !matches) throw notFound();
  // Who proved number and contact sees where the order goes (decision 255; decision 175 showed no address).
  const delivery = await orderDelivery(deps.db, row.order_id);
  if (!delivery) throw notFound();
  return orderPage(deps, row, delivery.address);
}
