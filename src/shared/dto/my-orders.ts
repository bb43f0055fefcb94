// "My orders" (/profile, GET /api/users/orders), one order's page (/porosite/{id}, GET /api/users/orders/{id}) and
// guest tracking (/order-status, POST /api/orders/track) shapes.
import type { OrderLineDto } from './checkout';
import type { OrderStatus, ShipmentDto } from './orders';

/** A line of a placed order as the shopper sees it (the confirmation's line without its row and variant ids). */
export type MyOrderLineDto = Omit<OrderLineDto, 'orderDetailsId' | 'productVariantId'>;

/** One order of the signed-in customer's list, newest first; its page is /porosite/{orderId} (decision 255). */
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

/**
 * Where an order goes, as its buyer sees it on the order page (decision 255): the name, street, city, postal code
 * ('' when none was given), country and the phone grouped the way its country writes it (decision 246). No e-mail.
 */
export interface DeliveryAddressDto {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  zipCode: string;
  countryName: string;
  phoneNumber: string;
}

/**
 * One order as its page shows it (decision 255): /order-status once number and e-mail (or phone) match, and
 * /porosite/{orderId} for its signed-in owner. The list's row with where the order goes.
 */
export interface OrderPageDto extends MyOrderDto {
  delivery: DeliveryAddressDto;
}
