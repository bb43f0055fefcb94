// Answer schemas of "my orders", the order page and tracking (my-orders.ts), each the interface's twin, for
// /api/openapi.json.
import { z } from 'zod';
import { OrderLineReply } from './checkout.schemas';
import type { DeliveryAddressDto, MyOrderDto, MyOrderLineDto, OrderPageDto } from './my-orders';
import { OrderStatusReply, ShipmentReply } from './orders.schemas';
import { twin } from './twin';

export const MyOrderLineReply = twin<MyOrderLineDto>()(
  OrderLineReply.omit({ orderDetailsId: true, productVariantId: true }),
);
export const MyOrderReply = twin<MyOrderDto>()(
  z.object({
    orderId: z.number(),
    orderNumber: z.string(),
    orderDate: z.string(),
    orderShipDate: z.string().nullable(),
    status: OrderStatusReply,
    itemCount: z.number(),
    subtotal: z.number(),
    discount: z.number(),
    shipping: z.number(),
    total: z.number(),
    lines: z.array(MyOrderLineReply),
    shipment: ShipmentReply,
  }),
);
const DeliveryAddressReply = twin<DeliveryAddressDto>()(
  z.object({
    firstName: z.string(),
    lastName: z.string(),
    address: z.string(),
    city: z.string(),
    zipCode: z.string(),
    countryName: z.string(),
    phoneNumber: z.string(),
  }),
);
export const OrderPageReply = twin<OrderPageDto>()(MyOrderReply.extend({ delivery: DeliveryAddressReply }));
