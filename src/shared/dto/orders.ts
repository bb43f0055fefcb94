// Order answers for the dashboard, identical over tRPC and REST: one zod schema each, its type inferred (decision 264);
// the schemas document the answers in /api/openapi.json. Field names per the dashboard spec; money in euros.
import { z } from 'zod';
import { RETURN_EVENTS } from '../returns';

/** The spec's two states plus the cash-on-delivery outcomes: cancelled (from pending), returned (from delivered). */
export const OrderStatusReply = z.enum(['pending', 'delivered', 'cancelled', 'returned']);
export type OrderStatus = z.infer<typeof OrderStatusReply>;

/** Where a live pending order stands (decision 229): new (not yet confirmed by phone), confirmed, packed, shipped. */
const OrderStageReply = z.enum(['new', 'confirmed', 'packed', 'shipped']);
export type OrderStage = z.infer<typeof OrderStageReply>;

/** What an order's history records besides its states: stage moves, an unanswered call, an edit (decision 229). */
const OrderEventStateReply = z.union([
  OrderStatusReply,
  z.enum(['created', 'confirmed', 'packed', 'shipped', 'no_answer', 'edited', 'held', 'released']),
  z.enum(RETURN_EVENTS),
]);

/** The shipment facts the shopper may see: the stage (null unless pending and live), courier and tracking link. */
export const ShipmentReply = z.object({
  stage: OrderStageReply.nullable(),
  courierName: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** The courier's page for this parcel (https), when the courier has a URL pattern. */
  trackingUrl: z.string().nullable(),
});
export type ShipmentDto = z.infer<typeof ShipmentReply>;

/** One change of an order's state: 'created' is the order being placed (by the shopper, or staff for a manual order). */
const OrderHistoryEntryReply = z.object({
  state: OrderEventStateReply,
  at: z.string(),
  userId: z.number().nullable(),
  /** The staff member's name; null for the shopper or a user since deleted. */
  userName: z.string().nullable(),
  /** Courier and tracking number of a shipment, what an edit changed; null otherwise. */
  detail: z.string().nullable(),
});
export type OrderHistoryEntryDto = z.infer<typeof OrderHistoryEntryReply>;

/** A staff-only note on an order (never in a shopper's answer). */
export const OrderNoteReply = z.object({
  noteId: z.number(),
  at: z.string(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  body: z.string(),
});
export type OrderNoteDto = z.infer<typeof OrderNoteReply>;

/** A courier parcels are handed to; `trackingUrlPattern` holds {tracking} (null: no tracking page). */
export const CourierReply = z.object({
  courierId: z.number(),
  name: z.string(),
  trackingUrlPattern: z.string().nullable(),
});
export type CourierDto = z.infer<typeof CourierReply>;

/** Live pending orders per stage, for the list's count badges. */
export const StageCountsReply = z.object({
  new: z.number(),
  confirmed: z.number(),
  packed: z.number(),
  shipped: z.number(),
});
export type StageCountsDto = z.infer<typeof StageCountsReply>;

export const OrderDetailsLineReply = z.object({
  orderDetailsId: z.number(),
  productID: z.number().nullable(),
  productVariantId: z.number().nullable(),
  imageUrl: z.string(),
  productName: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number(),
  /** Unit price paid (after any product discount), euros. */
  price: z.number(),
  lineTotal: z.number(),
});
export type OrderLineDto = z.infer<typeof OrderDetailsLineReply>;

/** One row of the order lists (no lines: the details screen loads those). */
export const OrderSummaryReply = z.object({
  orderId: z.number(),
  orderDate: z.string(),
  orderShipDate: z.string().nullable(),
  status: OrderStatusReply,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  city: z.string(),
  zipCode: z.string(),
  countryID: z.number().nullable(),
  countryName: z.string(),
  subtotal: z.number(),
  discount: z.number(),
  shippingCost: z.number(),
  total: z.number(),
  promoCode: z.string().nullable(),
  promoPercentage: z.number().nullable(),
  /** The fixed amount of the code used (decision 222); null for a percentage code or none. */
  promoAmount: z.number().nullable(),
  /** Euros of the total paid with store credit (decision 273); 0 when none. Still to pay at the door: total − this. */
  storeCreditAmount: z.number(),
  /** Euros of the total paid with a gift card (decision 274); 0 when none. */
  giftCardAmount: z.number(),
  /** Euros the complete looks took off the goods (decision 276); 0 when none. */
  lookDiscount: z.number(),
  itemCount: z.number(),
  userId: z.number().nullable(),
  guestId: z.string().nullable(),
  /** Staff member who entered a manual order, else null. */
  createdByUserId: z.number().nullable(),
  /** When the order was cancelled or returned (null while live). */
  closedAt: z.string().nullable(),
  /** Stage (null unless pending and live), courier and tracking (decision 229). */
  stage: OrderStageReply.nullable(),
  courierName: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  /** Unanswered calls so far. */
  callAttempts: z.number(),
  confirmedAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  /** The buyer's orders refused at the door or returned (decision 272), from the buyers rollup. */
  refusals: z.number(),
  /** The buyer is at or above the shop's refusal rule: no packing before "Konfirmuar". */
  refusalRisk: z.boolean(),
  /** The order's phone is blocked by staff. */
  phoneBlocked: z.boolean(),
  /** When a checkout from a blocked phone was held for staff; null when not held (or released). */
  heldAt: z.string().nullable(),
  /** The shop's rule asks this order for a deposit by bank transfer before packing (decision 277). */
  depositRequired: z.boolean(),
  /** Euros received by bank transfer, recorded by staff (decision 277); 0 when none. Paid: the door collects less. */
  depositAmount: z.number(),
});
export type OrderSummaryDto = z.infer<typeof OrderSummaryReply>;

export const OrderReply = OrderSummaryReply.extend({
  orderDetails: z.array(OrderDetailsLineReply),
  /** Oldest first. */
  history: z.array(OrderHistoryEntryReply),
  /** Staff-only notes, oldest first. */
  notes: z.array(OrderNoteReply),
});
export type OrderDto = z.infer<typeof OrderReply>;

/** The shop as the sender on a delivery slip (SHOP_NAME, SHOP_ADDRESS, SHOP_PHONE; decision 221). */
const ShopSenderReply = z.object({ name: z.string(), address: z.string(), phone: z.string() });
export type ShopSenderDto = z.infer<typeof ShopSenderReply>;

/** The print view's answer: the sender block and the orders asked for. */
export const PrintOrdersReply = z.object({ sender: ShopSenderReply, orders: z.array(OrderReply) });
export type PrintOrdersDto = z.infer<typeof PrintOrdersReply>;
