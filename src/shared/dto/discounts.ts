// Discount answers (product discounts and promo codes), identical over tRPC and REST: one zod schema each, its type
// inferred (decision 264); the schemas document the answers in /api/openapi.json. Money in euros.
import { z } from 'zod';

/** Where a discount window stands relative to the shop's today. */
const DiscountStateReply = z.enum(['active', 'scheduled', 'expired']);
export type DiscountState = z.infer<typeof DiscountStateReply>;

/** A product as the discount gallery and the product picker show it. */
export const DiscountProductReply = z.object({
  productID: z.number(),
  name: z.string(),
  barcode: z.string(),
  price: z.number(),
  /** First picture of the product (URL without size parameter), or null. */
  imageURL: z.string().nullable(),
});
export type DiscountProductDto = z.infer<typeof DiscountProductReply>;

export const ProductDiscountReply = z.object({
  productDiscountID: z.number(),
  discountPercentage: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  productIDs: z.array(z.number()),
  products: z.array(DiscountProductReply),
  state: DiscountStateReply,
});
export type ProductDiscountDto = z.infer<typeof ProductDiscountReply>;

/** What a promo code takes off (decision 222): a percentage of the goods, or a fixed amount in euros. */
const PromoKindReply = z.enum(['percent', 'fixed']);

export const PromoReply = z.object({
  promoCodeDiscountID: z.number(),
  codeName: z.string(),
  /** 0 for a fixed-amount code. */
  discountPercentage: z.number(),
  discountKind: PromoKindReply,
  /** A fixed code's amount in euros (never more than the goods it applies to); null for a percentage code. */
  discountAmount: z.number().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  /** Empty: the code applies to every product in the cart. */
  applicableProductIDs: z.array(z.number()),
  products: z.array(DiscountProductReply),
  state: DiscountStateReply,
  /** Orders placed with this code so far. */
  timesUsed: z.number(),
  /** Limits (decision 181): null = none. `uses` counts every order ever placed with the code (the limit's count). */
  maxUses: z.number().nullable(),
  maxUsesPerCustomer: z.number().nullable(),
  minSubtotal: z.number().nullable(),
  isActive: z.boolean(),
  uses: z.number(),
});
export type PromoDto = z.infer<typeof PromoReply>;
