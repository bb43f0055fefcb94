// Answer schemas of the cart, quote, promo and order-confirmation DTOs (checkout.ts), each the interface's twin, for
// /api/openapi.json (decision 211).
import { z } from 'zod';
import type {
  CartItemDto,
  OrderConfirmationDto,
  OrderLineDto,
  PromoValidationDto,
  QuoteDto,
  QuoteLineDto,
} from './checkout';
import { OrderStatusReply, ShipmentReply } from './orders.schemas';
import { twin } from './twin';

export const CartItemReply = twin<CartItemDto>()(
  z.object({
    cartItemId: z.number(),
    productVariantId: z.number(),
    productId: z.number(),
    productName: z.string(),
    productPrice: z.number(),
    quantity: z.number(),
    size: z.string(),
    color: z.string(),
    imageUrl: z.string(),
    stockQuantity: z.number(),
  }),
);
export const QuoteLineReply = twin<QuoteLineDto>()(
  z.object({
    productVariantId: z.number(),
    productId: z.number(),
    productName: z.string(),
    size: z.string(),
    color: z.string(),
    imageUrl: z.string(),
    price: z.number(),
    unitPrice: z.number(),
    quantity: z.number(),
    lineTotal: z.number(),
    stockQuantity: z.number(),
    promoApplies: z.boolean(),
  }),
);
export const QuoteReply = twin<QuoteDto>()(
  z.object({
    lines: z.array(QuoteLineReply),
    unavailableVariantIds: z.array(z.number()),
    soldOutVariantIds: z.array(z.number()),
    subtotal: z.number(),
    promoCode: z.string().nullable(),
    promoPercentage: z.number(),
    promoKind: z.enum(['percent', 'fixed']).nullable(),
    promoAmount: z.number().nullable(),
    promoInvalid: z.boolean(),
    discount: z.number(),
    shipping: z.number().nullable(),
    total: z.number(),
    countryID: z.number().nullable(),
    freeShippingFrom: z.number().nullable(),
    amountToFreeShipping: z.number().nullable(),
  }),
);
export const PromoValidationReply = twin<PromoValidationDto>()(
  z.object({
    code: z.string(),
    discountPercentage: z.number(),
    applicableProductIds: z.array(z.number()),
    discountKind: z.enum(['percent', 'fixed']),
    discountAmount: z.number().nullable(),
  }),
);
export const OrderLineReply = twin<OrderLineDto>()(
  z.object({
    orderDetailsId: z.number(),
    productVariantId: z.number().nullable(),
    productId: z.number().nullable(),
    productName: z.string(),
    color: z.string(),
    size: z.string(),
    imageUrl: z.string(),
    quantity: z.number(),
    unitPrice: z.number(),
    lineTotal: z.number(),
  }),
);
export const OrderConfirmationReply = twin<OrderConfirmationDto>()(
  z.object({
    orderId: z.number(),
    orderNumber: z.string(),
    orderDate: z.string(),
    status: OrderStatusReply,
    userId: z.number().nullable(),
    guestId: z.string().nullable(),
    customerDetails: z.object({
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      phoneNumber: z.string(),
      address: z.string(),
      city: z.string(),
      zipCode: z.string(),
      countryID: z.number().nullable(),
      countryName: z.string(),
    }),
    lines: z.array(OrderLineReply),
    subtotal: z.number(),
    discount: z.number(),
    shipping: z.number(),
    total: z.number(),
    promoCode: z.string().nullable(),
    promoPercentage: z.number().nullable(),
    promoAmount: z.number().nullable(),
    paymentMethod: z.literal('cash_on_delivery'),
    replayed: z.boolean(),
    shipment: ShipmentReply,
  }),
);
