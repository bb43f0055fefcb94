// Answer schema of the dashboard overview (overview.ts), the interfaces' twins, for /api/openapi.json (decision 211).
import { z } from 'zod';
import type { BestSellerDto, LowStockDto, OverviewDayDto, OverviewDto } from './overview';
import { OrderOutcomesReply } from './reports.schemas';
import { twin } from './twin';
import { RETURN_REASONS } from '../returns';

export const OverviewDayReply = twin<OverviewDayDto>()(
  z.object({ date: z.string(), orders: z.number(), revenue: z.number() }),
);
export const BestSellerReply = twin<BestSellerDto>()(
  z.object({
    productID: z.number().nullable(),
    productName: z.string(),
    quantity: z.number(),
    revenue: z.number(),
    imageURL: z.string().nullable(),
  }),
);
export const LowStockReply = twin<LowStockDto>()(
  z.object({
    variantID: z.number(),
    productID: z.number(),
    productName: z.string(),
    sizeName: z.string(),
    colorName: z.string(),
    hexCode: z.string(),
    stockQuantity: z.number(),
  }),
);
export const OverviewReply = twin<OverviewDto>()(
  z.object({
    today: z.string(),
    todayOrders: z.number(),
    todayRevenue: z.number(),
    monthOrders: z.number(),
    monthRevenue: z.number(),
    pendingOrders: z.number(),
    outcomes: OrderOutcomesReply,
    days: z.array(OverviewDayReply),
    bestSellers: z.array(BestSellerReply),
    lowStock: z.array(LowStockReply),
    returns: z.object({
      refunds: z.number(),
      returnRate: z.number(),
      topReasons: z.array(
        z.object({ productName: z.string(), size: z.string(), reason: z.enum(RETURN_REASONS), units: z.number() }),
      ),
    }),
  }),
);
