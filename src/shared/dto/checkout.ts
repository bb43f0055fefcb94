// Cart, quote, promo and order-confirmation output shapes, returned identically by tRPC and REST. Money in euros.
import type { ShipmentDto } from './orders';

/** A line of a signed-in shopper's server cart (same field names as the local cart line). */
export interface CartItemDto {
  cartItemId: number;
  productVariantId: number;
  productId: number;
  productName: string;
  /** The unit price today (discounted while a product discount is active). */
  productPrice: number;
  quantity: number;
  size: string;
  color: string;
  imageUrl: string;
  stockQuantity: number;
}

export interface QuoteLineDto {
  productVariantId: number;
  productId: number;
  productName: string;
  size: string;
  color: string;
  imageUrl: string;
  /** The product's list price. */
  price: number;
  /** The price charged per unit (list price or the active product discount's price). */
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  stockQuantity: number;
  /** True when the applied promo code discounts this line. */
  promoApplies: boolean;
}

export interface QuoteDto {
  lines: QuoteLineDto[];
  /** Variant ids the shop no longer has (deleted or deactivated products). */
  unavailableVariantIds: number[];
  /** Variant ids whose stock has run out since they were added: not priced, not in the totals. */
  soldOutVariantIds: number[];
  subtotal: number;
  /** The applied promo code, or null when none was sent or it is not valid today. */
  promoCode: string | null;
  /** The applied percentage code's percentage; 0 for a fixed-amount code or none. */
  promoPercentage: number;
  /** The applied code's kind (decision 222), null when none applies. */
  promoKind: 'percent' | 'fixed' | null;
  /** The applied fixed code's amount in euros (the discount itself may be less: never more than the goods). */
  promoAmount: number | null;
  /** True when a code was sent but does not exist or is not active today. */
  promoInvalid: boolean;
  discount: number;
  /** Shipping of the chosen country, or null before a country is chosen (0 once free shipping is reached). */
  shipping: number | null;
  total: number;
  countryID: number | null;
  /** The chosen country's free-shipping threshold in euro (null: none, or no country yet). */
  freeShippingFrom: number | null;
  /** Euros of goods still missing for free shipping: 0 when reached, null without a threshold. */
  amountToFreeShipping: number | null;
}

/** GET /api/Promo/validate: the spec's answer plus the products it is limited to (empty = every product). */
export interface PromoValidationDto {
  code: string;
  /** 0 for a fixed-amount code (decision 222). */
  discountPercentage: number;
  applicableProductIds: number[];
  discountKind: 'percent' | 'fixed';
  /** A fixed code's amount in euros; null for a percentage code. */
  discountAmount: number | null;
}

export interface OrderLineDto {
  orderDetailsId: number;
  productVariantId: number | null;
  productId: number | null;
  productName: string;
  color: string;
  size: string;
  imageUrl: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

export type PaymentMethod = 'cash_on_delivery';

export interface OrderConfirmationDto {
  orderId: number;
  /** What the shopper quotes to the shop, e.g. "#000123". */
  orderNumber: string;
  orderDate: string;
  status: 'pending' | 'delivered' | 'cancelled' | 'returned';
  userId: number | null;
  guestId: string | null;
  customerDetails: {
    email: string;
    firstName: string;
    lastName: string;
    phoneNumber: string;
    address: string;
    city: string;
    zipCode: string;
    countryID: number | null;
    countryName: string;
  };
  lines: OrderLineDto[];
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  promoCode: string | null;
  promoPercentage: number | null;
  /** The fixed amount of the code used (decision 222); null for a percentage code or none. */
  promoAmount: number | null;
  paymentMethod: PaymentMethod;
  /** True when this answer repeats an order already placed with the same idempotency key. */
  replayed: boolean;
  /** Stage, courier and tracking link (decision 229). */
  shipment: ShipmentDto;
}
