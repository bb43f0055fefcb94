// Order output shapes for the dashboard, identical over tRPC and REST. Field names per the dashboard spec; money in euros.
import type { ReturnEvent } from '../returns';

/** The spec's two states plus the cash-on-delivery outcomes: cancelled (from pending), returned (from delivered). */
export type OrderStatus = 'pending' | 'delivered' | 'cancelled' | 'returned';

/** Where a live pending order stands (decision 229): new (not yet confirmed by phone), confirmed, packed, shipped. */
export type OrderStage = 'new' | 'confirmed' | 'packed' | 'shipped';

/** What an order's history records besides its states: stage moves, an unanswered call, an edit (decision 229). */
export type OrderEventState =
  OrderStatus | 'created' | 'confirmed' | 'packed' | 'shipped' | 'no_answer' | 'edited' | ReturnEvent;

/** The shipment facts the shopper may see: the stage (null unless pending and live), courier and tracking link. */
export interface ShipmentDto {
  stage: OrderStage | null;
  courierName: string | null;
  trackingNumber: string | null;
  /** The courier's page for this parcel (https), when the courier has a URL pattern. */
  trackingUrl: string | null;
}

/** One change of an order's state: 'created' is the order being placed (by the shopper, or staff for a manual order). */
export interface OrderHistoryEntryDto {
  state: OrderEventState;
  at: string;
  userId: number | null;
  /** The staff member's name; null for the shopper or a user since deleted. */
  userName: string | null;
  /** Courier and tracking number of a shipment, what an edit changed; null otherwise. */
  detail: string | null;
}

/** A staff-only note on an order (never in a shopper's answer). */
export interface OrderNoteDto {
  noteId: number;
  at: string;
  userId: number | null;
  userName: string | null;
  body: string;
}

/** A courier parcels are handed to; `trackingUrlPattern` holds {tracking} (null: no tracking page). */
export interface CourierDto {
  courierId: number;
  name: string;
  trackingUrlPattern: string | null;
}

/** Live pending orders per stage, for the list's count badges. */
export type StageCountsDto = Record<OrderStage, number>;

export interface OrderLineDto {
  orderDetailsId: number;
  productID: number | null;
  productVariantId: number | null;
  imageUrl: string;
  productName: string;
  color: string;
  size: string;
  quantity: number;
  /** Unit price paid (after any product discount), euros. */
  price: number;
  lineTotal: number;
}

/** One row of the order lists (no lines: the details screen loads those). */
export interface OrderSummaryDto {
  orderId: number;
  orderDate: string;
  orderShipDate: string | null;
  status: OrderStatus;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  address: string;
  city: string;
  zipCode: string;
  countryID: number | null;
  countryName: string;
  subtotal: number;
  discount: number;
  shippingCost: number;
  total: number;
  promoCode: string | null;
  promoPercentage: number | null;
  /** The fixed amount of the code used (decision 222); null for a percentage code or none. */
  promoAmount: number | null;
  itemCount: number;
  userId: number | null;
  guestId: string | null;
  /** Staff member who entered a manual order, else null. */
  createdByUserId: number | null;
  /** When the order was cancelled or returned (null while live). */
  closedAt: string | null;
  /** Stage (null unless pending and live), courier and tracking (decision 229). */
  stage: OrderStage | null;
  courierName: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  /** Unanswered calls so far. */
  callAttempts: number;
  confirmedAt: string | null;
  shippedAt: string | null;
}

export interface OrderDto extends OrderSummaryDto {
  orderDetails: OrderLineDto[];
  /** Oldest first. */
  history: OrderHistoryEntryDto[];
  /** Staff-only notes, oldest first. */
  notes: OrderNoteDto[];
}

/** The shop as the sender on a delivery slip (SHOP_NAME, SHOP_ADDRESS, SHOP_PHONE; decision 221). */
export interface ShopSenderDto {
  name: string;
  address: string;
  phone: string;
}

/** The print view's answer: the sender block and the orders asked for. */
export interface PrintOrdersDto {
  sender: ShopSenderDto;
  orders: OrderDto[];
}
