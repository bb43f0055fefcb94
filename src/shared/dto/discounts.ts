// Discount output shapes (product discounts and promo codes), identical over tRPC and REST. Money in euros.

/** Where a discount window stands relative to the shop's today. */
export type DiscountState = 'active' | 'scheduled' | 'expired';

/** A product as the discount gallery and the product picker show it. */
export interface DiscountProductDto {
  productID: number;
  name: string;
  barcode: string;
  price: number;
  /** First picture of the product (URL without size parameter), or null. */
  imageURL: string | null;
}

export interface ProductDiscountDto {
  productDiscountID: number;
  discountPercentage: number;
  startDate: string;
  endDate: string;
  productIDs: number[];
  products: DiscountProductDto[];
  state: DiscountState;
}

/** What a promo code takes off (decision 222): a percentage of the goods, or a fixed amount in euros. */
export type PromoKindDto = 'percent' | 'fixed';

export interface PromoDto {
  promoCodeDiscountID: number;
  codeName: string;
  /** 0 for a fixed-amount code. */
  discountPercentage: number;
  discountKind: PromoKindDto;
  /** A fixed code's amount in euros (never more than the goods it applies to); null for a percentage code. */
  discountAmount: number | null;
  startDate: string;
  endDate: string;
  /** Empty: the code applies to every product in the cart. */
  applicableProductIDs: number[];
  products: DiscountProductDto[];
  state: DiscountState;
  /** Orders placed with this code so far. */
  timesUsed: number;
  /** Limits (decision 181): null = none. `uses` counts every order ever placed with the code (the limit's count). */
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  minSubtotal: number | null;
  isActive: boolean;
  uses: number;
}
