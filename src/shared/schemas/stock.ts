// Inputs of the staff stock screens (decision 231): the stock-count list and its submission, a variant's history,
// the low-stock list and thresholds. Counts follow the one count rule (decision 130).
import { z } from 'zod';
import { messages } from '../messages';
import { staffMessages } from '../messages-staff';
import { countSchema, idSchema } from './numbers';
import { pagingFields } from './paging';

const m = staffMessages.stock;

/** The most variants one stock count submits (the screen sends at most one page of 100). */
export const STOCK_COUNT_MAX = 500;
/** Longest note of a stock count. */
export const STOCK_NOTE_MAX = 200;
/** Highest threshold a variant or the shop may set. */
export const THRESHOLD_MAX = 10_000;

export const StockListInput = z
  .object({
    ...pagingFields,
    categoryID: idSchema().optional(),
    productID: idSchema().optional(),
  })
  .default({});
export type StockListInput = z.infer<typeof StockListInput>;

export const StockCountInput = z.object({
  note: z.string({ message: m.noteRequired }).trim().min(1, m.noteRequired).max(STOCK_NOTE_MAX, m.noteTooLong),
  counts: z
    .array(z.object({ variantID: idSchema(), counted: countSchema(m.countInvalid, m.countInvalid) }), {
      message: m.countsRequired,
    })
    .min(1, m.countsRequired)
    .max(STOCK_COUNT_MAX, m.tooManyCounts)
    .refine((rows) => new Set(rows.map((r) => r.variantID)).size === rows.length, m.duplicateVariant),
});
export type StockCountInput = z.infer<typeof StockCountInput>;

export const VariantIdInput = z.object({ variantID: idSchema(messages.common.invalidId) });
export type VariantIdInput = z.infer<typeof VariantIdInput>;

export const LowStockPageInput = z.object({ page: pagingFields.page, pageSize: pagingFields.pageSize }).default({});
export type LowStockPageInput = z.infer<typeof LowStockPageInput>;

const threshold = countSchema(m.thresholdInvalid, m.thresholdInvalid, THRESHOLD_MAX);

/** A variant's own threshold; null: the shop's default. */
export const VariantThresholdInput = z.object({ variantID: idSchema(), threshold: threshold.nullable() });
export type VariantThresholdInput = z.infer<typeof VariantThresholdInput>;

export const ShopThresholdInput = z.object({ threshold });
export type ShopThresholdInput = z.infer<typeof ShopThresholdInput>;
