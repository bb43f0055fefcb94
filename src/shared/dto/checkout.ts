// Cart, quote, promo and order-confirmation answers, returned identically by tRPC and REST: one zod schema each, its
// type inferred (decision 264); the schemas document the answers in /api/openapi.json. Money in euros.
import { z } from 'zod';
import { OrderStatusReply, ShipmentReply } from './orders';

/** A line of a signed-in shopper's server cart (same field names as the local cart line). */
export const CartItemReply = z.object({
  cartItemId: z.number(),
  productVariantId: z.number(),
  productId: z.number(),
  productName: z.string(),
  /** The unit price today (discounted while a product discount is active). */
  productPrice: z.number(),
  quantity: z.number(),
  size: z.string(),
  color: z.string(),
  imageUrl: z.string(),
  stockQuantity: z.number(),
});
export type CartItemDto = z.infer<typeof CartItemReply>;

const QuoteLineReply = z.object({
  productVariantId: z.number(),
  productId: z.number(),
  productName: z.string(),
  size: z.string(),
  color: z.string(),
  imageUrl: z.string(),
  /** The product's list price. */
  price: z.number(),
  /** The price charged per unit (list price or the active product discount's price). */
  unitPrice: z.number(),
  quantity: z.number(),
  lineTotal: z.number(),
  stockQuantity: z.number(),
  /** True when the applied promo code discounts this line. */
  promoApplies: z.boolean(),
});
export type QuoteLineDto = z.infer<typeof QuoteLineReply>;

export const QuoteReply = z.object({
  lines: z.array(QuoteLineReply),
  /** Variant ids the shop no longer has (deleted or deactivated products). */
  unavailableVariantIds: z.array(z.number()),
  /** Variant ids whose stock has run out since they were added: not priced, not in the totals. */
  soldOutVariantIds: z.array(z.number()),
  subtotal: z.number(),
  /** The applied promo code, or null when none was sent or it is not valid today. */
  promoCode: z.string().nullable(),
  /** The applied percentage code's percentage; 0 for a fixed-amount code or none. */
  promoPercentage: z.number(),
  /** The applied code's kind (decision 222), null when none applies. */
  promoKind: z.enum(['percent', 'fixed']).nullable(),
  /** The applied fixed code's amount in euros (the discount itself may be less: never more than the goods). */
  promoAmount: z.number().nullable(),
  /** True when a code was sent but does not exist or is not active today. */
  promoInvalid: z.boolean(),
  discount: z.number(),
  /** Euros the complete looks in the cart take off (decision 276), before the promo code; 0 when none. */
  lookDiscount: z.number(),
  /** The looks complete in the cart with their set discount: how many sets and what they take off. */
  looks: z.array(
    z.object({ lookID: z.number(), name: z.string(), percentage: z.number(), sets: z.number(), discount: z.number() }),
  ),
  /** Shipping of the chosen country, or null before a country is chosen (0 once free shipping is reached). */
  shipping: z.number().nullable(),
  total: z.number(),
  countryID: z.number().nullable(),
  /** The chosen country's free-shipping threshold in euro (null: none, or no country yet). */
  freeShippingFrom: z.number().nullable(),
  /** Euros of goods still missing for free shipping: 0 when reached, null without a threshold. */
  amountToFreeShipping: z.number().nullable(),
});
export type QuoteDto = z.infer<typeof QuoteReply>;

/** GET /api/Promo/validate: the spec's answer plus the products it is limited to (empty = every product). */
export const PromoValidationReply = z.object({
  code: z.string(),
  /** 0 for a fixed-amount code (decision 222). */
  discountPercentage: z.number(),
  applicableProductIds: z.array(z.number()),
  discountKind: z.enum(['percent', 'fixed']),
  /** A fixed code's amount in euros; null for a percentage code. */
  discountAmount: z.number().nullable(),
});
export type PromoValidationDto = z.infer<typeof PromoValidationReply>;

export const OrderLineReply = z.object({
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
});

const PaymentMethodReply = z.literal('cash_on_delivery');

export const OrderConfirmationReply = z.object({
  orderId: z.number(),
  /** What the shopper quotes to the shop, e.g. "#000123". */
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
  /** The fixed amount of the code used (decision 222); null for a percentage code or none. */
  promoAmount: z.number().nullable(),
  /** Euros of the total paid with the shopper's store credit (decision 273); 0 when none. To pay: total − this. */
  storeCreditAmount: z.number(),
  /** Euros of the total paid with a gift card (decision 274); 0 when none. To pay: total − store credit − this. */
  giftCardAmount: z.number(),
  /** Euros the complete looks took off the goods (decision 276); 0 when none. total = subtotal − this − discount + shipping. */
  lookDiscount: z.number(),
  paymentMethod: PaymentMethodReply,
  /** The order came from a phone the shop blocked: accepted, and the shop calls before it goes on (decision 272). */
  held: z.boolean(),
  /** True when this answer repeats an order already placed with the same idempotency key. */
  replayed: z.boolean(),
  /** Stage, courier and tracking link (decision 229). */
  shipment: ShipmentReply,
});
export type OrderConfirmationDto = z.infer<typeof OrderConfirmationReply>;
