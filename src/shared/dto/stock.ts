// Answers of the staff stock screens (decision 231): one zod schema each, its type inferred (decision 264); the
// schemas document the answers in /api/openapi.json.
import { z } from 'zod';
import { STOCK_REASONS } from '../stock-reasons';

export const StockVariantReply = z.object({
  variantID: z.number(),
  productID: z.number(),
  productName: z.string(),
  barcode: z.string(),
  sizeName: z.string(),
  colorName: z.string(),
  hexCode: z.string(),
  stockQuantity: z.number(),
  /** The variant's own threshold (null: the shop's default). */
  lowStockThreshold: z.number().nullable(),
});
export type StockVariantDto = z.infer<typeof StockVariantReply>;

export const StockVariantPageReply = z.object({
  items: z.array(StockVariantReply),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type StockVariantPageDto = z.infer<typeof StockVariantPageReply>;

export const LowStockPageReply = StockVariantPageReply.extend({
  /** The shop-wide threshold used where a variant has none: below it a variant is low. */
  shopThreshold: z.number(),
});
export type LowStockPageDto = z.infer<typeof LowStockPageReply>;

export const StockCountResultReply = z.object({
  /** Variants whose count differed from the stock (one ledger row each). */
  adjusted: z.number(),
  unchanged: z.number(),
});
export type StockCountResultDto = z.infer<typeof StockCountResultReply>;

const StockChangeReply = z.object({
  changeID: z.number(),
  at: z.string(),
  reason: z.enum(STOCK_REASONS),
  delta: z.number(),
  before: z.number(),
  after: z.number(),
  /** Who made it ("First Last"), null for a guest's sale, the system or a deleted account. */
  actorName: z.string().nullable(),
  orderID: z.number().nullable(),
  note: z.string().nullable(),
});
export type StockChangeDto = z.infer<typeof StockChangeReply>;

export const VariantHistoryReply = z.object({ variant: StockVariantReply, changes: z.array(StockChangeReply) });
export type VariantHistoryDto = z.infer<typeof VariantHistoryReply>;
