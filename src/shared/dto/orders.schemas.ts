// Answer schemas of the dashboard order DTOs (orders.ts), each the interface's twin, for /api/openapi.json.
import { z } from 'zod';
import { RETURN_EVENTS } from '../returns';
import type {
  CourierDto,
  OrderNoteDto,
  StageCountsDto,
  OrderDto,
  OrderHistoryEntryDto,
  OrderLineDto,
  OrderStatus,
  OrderSummaryDto,
  PrintOrdersDto,
  ShopSenderDto,
  ShipmentDto,
} from './orders';
import { twin } from './twin';

export const OrderStatusReply = twin<OrderStatus>()(z.enum(['pending', 'delivered', 'cancelled', 'returned']));

export const OrderStageReply = z.enum(['new', 'confirmed', 'packed', 'shipped']);

export const ShipmentReply = twin<ShipmentDto>()(
  z.object({
    stage: OrderStageReply.nullable(),
    courierName: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
  }),
);

export const OrderHistoryEntryReply = twin<OrderHistoryEntryDto>()(
  z.object({
    state: z.union([
      OrderStatusReply,
      z.enum(['created', 'confirmed', 'packed', 'shipped', 'no_answer', 'edited']),
      z.enum(RETURN_EVENTS),
    ]),
    at: z.string(),
    userId: z.number().nullable(),
    userName: z.string().nullable(),
    detail: z.string().nullable(),
  }),
);
export const OrderNoteReply = twin<OrderNoteDto>()(
  z.object({
    noteId: z.number(),
    at: z.string(),
    userId: z.number().nullable(),
    userName: z.string().nullable(),
    body: z.string(),
  }),
);
export const CourierReply = twin<CourierDto>()(
  z.object({ courierId: z.number(), name: z.string(), trackingUrlPattern: z.string().nullable() }),
);
export const StageCountsReply = twin<StageCountsDto>()(
  z.object({ new: z.number(), confirmed: z.number(), packed: z.number(), shipped: z.number() }),
);
export const OrderDetailsLineReply = twin<OrderLineDto>()(
  z.object({
    orderDetailsId: z.number(),
    productID: z.number().nullable(),
    productVariantId: z.number().nullable(),
    imageUrl: z.string(),
    productName: z.string(),
    color: z.string(),
    size: z.string(),
    quantity: z.number(),
    price: z.number(),
    lineTotal: z.number(),
  }),
);
export const OrderSummaryReply = twin<OrderSummaryDto>()(
  z.object({
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
    promoAmount: z.number().nullable(),
    itemCount: z.number(),
    userId: z.number().nullable(),
    guestId: z.string().nullable(),
    createdByUserId: z.number().nullable(),
    closedAt: z.string().nullable(),
    stage: OrderStageReply.nullable(),
    courierName: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    callAttempts: z.number(),
    confirmedAt: z.string().nullable(),
    shippedAt: z.string().nullable(),
  }),
);
export const OrderReply = twin<OrderDto>()(
  OrderSummaryReply.extend({
    orderDetails: z.array(OrderDetailsLineReply),
    history: z.array(OrderHistoryEntryReply),
    notes: z.array(OrderNoteReply),
  }),
);
export const ShopSenderReply = twin<ShopSenderDto>()(
  z.object({ name: z.string(), address: z.string(), phone: z.string() }),
);
export const PrintOrdersReply = twin<PrintOrdersDto>()(
  z.object({ sender: ShopSenderReply, orders: z.array(OrderReply) }),
);
