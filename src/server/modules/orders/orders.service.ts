// Dashboard order rules: lists, details, the pending <-> delivered toggle, and deletion that returns a pending order's stock.
import { formatPhone } from '../../../shared/schemas/person';
import { staffMessages } from '../../../shared/messages-staff';
import { centsToEuros } from '../../../shared/money';
import type { OrderDto, OrderLineDto, OrderStatus, OrderSummaryDto } from '../../../shared/dto/orders';
import type { ListOrdersInput } from '../../../shared/schemas/orders';
import type { PlaceOrderInput } from '../../../shared/schemas/checkout';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import type { OrderConfirmationDto } from '../../../shared/dto/checkout';
import { bumpCatalogVersion } from '../catalog/catalog.service';
import { orderLineRows, placeCheckout } from '../checkout/checkout.service';
import type { Actor } from '../accounts/tokens';
import * as q from './orders.queries';

type Deps = Pick<AppDeps, 'db'>;
const orderNotFound = () => notFound(staffMessages.dashboard.orderNotFound);

function toSummary(r: q.OrderRow): OrderSummaryDto {
  return {
    orderId: r.order_id,
    orderDate: r.order_date,
    orderShipDate: r.order_ship_date,
    status: r.status as OrderStatus,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phoneNumber: formatPhone(r.phone_number),
    address: r.address,
    city: r.city,
    zipCode: r.zip_code,
    countryID: r.country_id,
    // The name frozen on the order; the live name when the order predates that column being filled.
    countryName: r.country_name || r.current_country_name || '',
    subtotal: centsToEuros(r.subtotal_cents),
    discount: centsToEuros(r.discount_cents),
    shippingCost: centsToEuros(r.shipping_cost_cents),
    total: centsToEuros(r.total_cents),
    promoCode: r.promo_code,
    promoPercentage: r.promo_percentage,
    itemCount: Number(r.item_count ?? 0),
    userId: r.user_id,
    guestId: r.guest_id,
    createdByUserId: r.created_by_user_id,
  };
}

export async function listOrders(deps: Deps, input: ListOrdersInput): Promise<OrderSummaryDto[]> {
  return (await q.listOrders(deps.db, input.status)).map(toSummary);
}

export async function getOrder(deps: Deps, id: number): Promise<OrderDto> {
  const row = await q.findOrder(deps.db, id);
  if (!row) throw orderNotFound();
  const lines = await orderLineRows(deps, id);
  const orderDetails: OrderLineDto[] = lines.map((l) => ({
    orderDetailsId: l.order_details_id,
    productID: l.product_id,
    productVariantId: l.variant_id,
    imageUrl: l.image_url,
    productName: l.product_name,
    color: l.color,
    size: l.size,
    quantity: l.quantity,
    price: centsToEuros(l.unit_price_cents),
    lineTotal: centsToEuros(l.line_total_cents),
  }));
  return { ...toSummary(row), orderDetails };
}

/** PUT /api/Orders/UpdateStatus/{id}: pending -> delivered (ship date now) or delivered -> pending (ship date cleared). */
export async function toggleOrderStatus(deps: Deps, id: number, now: Date = new Date()): Promise<OrderDto> {
  const row = await q.toggleStatus(deps.db, id, now.toISOString());
  if (!row) throw orderNotFound();
  return getOrder(deps, id);
}

/**
 * Deletes an order in one transaction. A pending order's units were taken from stock at checkout and never
 * shipped, so they go back to their variants (when the variant still exists); a delivered order's do not.
 */
export async function deleteOrder(deps: Deps, id: number): Promise<{ orderId: number; restockedUnits: number }> {
  const restocked = await deps.db.transaction().execute(async (trx) => {
    const status = await q.orderStatus(trx, id);
    if (!status) throw orderNotFound();
    let units = 0;
    if (status === 'pending') {
      for (const line of await q.lineQuantitiesByVariant(trx, id)) {
        if (line.variant_id == null) continue;
        const qty = Number(line.qty);
        if ((await q.addStock(trx, line.variant_id, qty)) > 0) units += qty;
      }
    }
    await q.deleteOrder(trx, id);
    return units;
  });
  if (restocked > 0) bumpCatalogVersion();
  return { orderId: id, restockedUnits: restocked };
}

/**
 * A manual order for a guest, entered by staff (dashboard add-orders). It goes through the storefront's own
 * checkout service, so stock is taken with the same guarded update and prices and shipping are the server's.
 */
export function placeManualOrder(deps: Deps, actor: Actor, input: PlaceOrderInput): Promise<OrderConfirmationDto> {
  return placeCheckout(deps, { form: 'manual', input }, { actor });
}
