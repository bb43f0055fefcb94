// Order output shapes for the dashboard, identical over tRPC and REST. Field names per the dashboard spec; money in euros.

export type OrderStatus = 'pending' | 'delivered';

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
  itemCount: number;
  userId: number | null;
  guestId: string | null;
  /** Staff member who entered a manual order, else null. */
  createdByUserId: number | null;
}

export interface OrderDto extends OrderSummaryDto {
  orderDetails: OrderLineDto[];
}
