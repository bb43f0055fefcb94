// "My orders" (/profile, GET /api/users/orders), one order's page (/porosite/{id}, GET /api/users/orders/{id}) and
// guest tracking (/order-status, POST /api/orders/track) answers: one zod schema each, its type inferred (decision
// 264); the schemas document the answers in /api/openapi.json.
import { z } from 'zod';
import { OrderLineReply } from './checkout';
import { OrderStatusReply, ShipmentReply } from './orders';

/** A line of a placed order as the shopper sees it (the confirmation's line without its row and variant ids). */
const MyOrderLineReply = OrderLineReply.omit({ orderDetailsId: true, productVariantId: true });
export type MyOrderLineDto = z.infer<typeof MyOrderLineReply>;

/** One order of the signed-in customer's list, newest first; its page is /porosite/{orderId} (decision 255). */
export const MyOrderReply = z.object({
  orderId: z.number(),
  /** "#000123" */
  orderNumber: z.string(),
  orderDate: z.string(),
  orderShipDate: z.string().nullable(),
  status: OrderStatusReply,
  itemCount: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  total: z.number(),
  /** Euros of the total paid with store credit (decision 273); 0 when none. */
  storeCreditAmount: z.number(),
  /** Euros of the total paid with a gift card (decision 274); 0 when none. */
  giftCardAmount: z.number(),
  /** Euros the complete looks took off the goods (decision 276); 0 when none. */
  lookDiscount: z.number(),
  lines: z.array(MyOrderLineReply),
  /** Stage, courier and tracking link (decision 229); never staff notes. */
  shipment: ShipmentReply,
});
export type MyOrderDto = z.infer<typeof MyOrderReply>;

/**
 * Where an order goes, as its buyer sees it on the order page (decision 255): the name, street, city, postal code
 * ('' when none was given), country and the phone grouped the way its country writes it (decision 246). No e-mail.
 */
const DeliveryAddressReply = z.object({
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  city: z.string(),
  zipCode: z.string(),
  countryName: z.string(),
  phoneNumber: z.string(),
});
export type DeliveryAddressDto = z.infer<typeof DeliveryAddressReply>;

/**
 * One order as its page shows it (decision 255): /order-status once number and e-mail (or phone) match, and
 * /porosite/{orderId} for its signed-in owner. The list's row with where the order goes.
 */
export const OrderPageReply = MyOrderReply.extend({ delivery: DeliveryAddressReply });
export type OrderPageDto = z.infer<typeof OrderPageReply>;
