// The dashboard overview: SQL aggregates over orders and stock. One zod schema per shape, its type inferred (decision
// 264); the schemas document the answer in /api/openapi.json. Money in euros; days are shop-time dates.
import { z } from 'zod';
import { OrderOutcomesReply } from './reports';
import { ReturnFiguresReply } from './returns';

const OverviewDayReply = z.object({ date: z.string(), orders: z.number(), revenue: z.number() });
export type OverviewDayDto = z.infer<typeof OverviewDayReply>;

const BestSellerReply = z.object({
  productID: z.number().nullable(),
  productName: z.string(),
  quantity: z.number(),
  revenue: z.number(),
  imageURL: z.string().nullable(),
});
export type BestSellerDto = z.infer<typeof BestSellerReply>;

const LowStockReply = z.object({
  variantID: z.number(),
  productID: z.number(),
  productName: z.string(),
  sizeName: z.string(),
  colorName: z.string(),
  hexCode: z.string(),
  stockQuantity: z.number(),
});

export const OverviewReply = z.object({
  today: z.string(),
  todayOrders: z.number(),
  todayRevenue: z.number(),
  monthOrders: z.number(),
  monthRevenue: z.number(),
  pendingOrders: z.number(),
  /**
   * How the orders placed in the chart's 30 days ended, counted and rated as the reports count them for the same days
   * (issue 35): cancelRate = cancelled / placed, refusalRate = returned (refused at the door or returned) / shipped,
   * in percent with one decimal.
   */
  outcomes: OrderOutcomesReply,
  /** The last 30 days, oldest first, days without orders as 0. */
  days: z.array(OverviewDayReply),
  bestSellers: z.array(BestSellerReply),
  lowStock: z.array(LowStockReply),
  /** The chart's 30 days: refunds recorded (revenues above are net of them), return rate, top reasons (decision 235). */
  returns: ReturnFiguresReply,
});
export type OverviewDto = z.infer<typeof OverviewReply>;
