// "My orders" (/profile, GET /api/users/orders) and guest tracking (/order-status, POST /api/orders/track) shapes.
import type { OrderLineDto } from './checkout';
import type { OrderStatus, ShipmentDto } from './orders';

/** A line of a placed order as the shopper sees it (the confirmation's line without its row and variant ids). */
export type MyOrderLineDto = Omit<OrderLineDto, 'orderDetailsId' | 'productVariantId'>;

/** One order of the signed-in customer's list, newest first; its page is /order-confirmation/{orderId}. */
export interface MyOrderDto {
  orderId: number;
  /** "#000123" */
  orderNumber: string;
  orderDate: string;
  orderShipDate: string | null;
  status: OrderStatus;
  itemCount: number;
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  lines: MyOrderLineDto[];
  /** Stage, courier and tracking link (decision 229); never staff notes. */
  shipment: ShipmentDto;
}

/** What /order-status shows once number and e-mail (or phone) match: state, dates, lines and totals, no address. */
export type TrackedOrderDto = MyOrderDto;
