// Answer schemas of the staff stock screens (stock.ts), the interfaces' twins, for /api/openapi.json (decision 211).
import { z } from 'zod';
import { STOCK_REASONS } from '../stock-reasons';
import type {
  LowStockPageDto,
  StockChangeDto,
  StockCountResultDto,
  StockVariantDto,
  StockVariantPageDto,
  VariantHistoryDto,
} from './stock';
import { twin } from './twin';

export const StockVariantReply = twin<StockVariantDto>()(
  z.object({
    variantID: z.number(),
    productID: z.number(),
    productName: z.string(),
    barcode: z.string(),
    sizeName: z.string(),
    colorName: z.string(),
    hexCode: z.string(),
    stockQuantity: z.number(),
    lowStockThreshold: z.number().nullable(),
  }),
);
const pageFields = { items: z.array(StockVariantReply), total: z.number(), page: z.number(), pageSize: z.number() };
export const StockVariantPageReply = twin<StockVariantPageDto>()(z.object(pageFields));
export const LowStockPageReply = twin<LowStockPageDto>()(z.object({ ...pageFields, shopThreshold: z.number() }));
export const StockCountResultReply = twin<StockCountResultDto>()(
  z.object({ adjusted: z.number(), unchanged: z.number() }),
);
const StockChangeReply = twin<StockChangeDto>()(
  z.object({
    changeID: z.number(),
    at: z.string(),
    reason: z.enum(STOCK_REASONS),
    delta: z.number(),
    before: z.number(),
    after: z.number(),
    actorName: z.string().nullable(),
    orderID: z.number().nullable(),
    note: z.string().nullable(),
  }),
);
export const VariantHistoryReply = twin<VariantHistoryDto>()(
  z.object({ variant: StockVariantReply, changes: z.array(StockChangeReply) }),
);
