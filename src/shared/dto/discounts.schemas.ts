// Answer schemas of the discount DTOs (discounts.ts), each the interface's twin, for /api/openapi.json (decision 211).
import { z } from 'zod';
import type { DiscountProductDto, DiscountState, ProductDiscountDto, PromoDto, PromoKindDto } from './discounts';
import { twin } from './twin';

export const DiscountStateReply = twin<DiscountState>()(z.enum(['active', 'scheduled', 'expired']));
export const PromoKindReply = twin<PromoKindDto>()(z.enum(['percent', 'fixed']));
export const DiscountProductReply = twin<DiscountProductDto>()(
  z.object({
    productID: z.number(),
    name: z.string(),
    barcode: z.string(),
    price: z.number(),
    imageURL: z.string().nullable(),
  }),
);
export const ProductDiscountReply = twin<ProductDiscountDto>()(
  z.object({
    productDiscountID: z.number(),
    discountPercentage: z.number(),
    startDate: z.string(),
    endDate: z.string(),
    productIDs: z.array(z.number()),
    products: z.array(DiscountProductReply),
    state: DiscountStateReply,
  }),
);
export const PromoReply = twin<PromoDto>()(
  z.object({
    promoCodeDiscountID: z.number(),
    codeName: z.string(),
    discountPercentage: z.number(),
    discountKind: PromoKindReply,
    discountAmount: z.number().nullable(),
    startDate: z.string(),
    endDate: z.string(),
    applicableProductIDs: z.array(z.number()),
    products: z.array(DiscountProductReply),
    state: DiscountStateReply,
    timesUsed: z.number(),
    maxUses: z.number().nullable(),
    maxUsesPerCustomer: z.number().nullable(),
    minSubtotal: z.number().nullable(),
    isActive: z.boolean(),
    uses: z.number(),
  }),
);
