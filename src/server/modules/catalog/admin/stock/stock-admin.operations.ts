// The staff stock operations (staff only, decisions 211, 231): the stock-count list and its submission, a variant's
// stock history, the low-stock list and the thresholds (a variant's own, the shop's default).
import { z } from 'zod';
import {
  LowStockPageReply,
  StockCountResultReply,
  StockVariantPageReply,
  VariantHistoryReply,
} from '#shared/dto/stock';
import {
  LowStockPageInput,
  ShopThresholdInput,
  StockCountInput,
  StockListInput,
  VariantIdInput,
  VariantThresholdInput,
} from '#shared/schemas/stock';
import { mutation, query } from '#server/operations/define';
import { pathIds } from '#server/operations/rest-shapes';
import * as stock from './stock-admin.service';

export const stockOperations = {
  stockVariants: query({
    access: 'staff',
    output: StockVariantPageReply,
    input: StockListInput,
    run: (caller, input) => stock.stockVariantPage(caller, input),
    rest: { method: 'GET', path: '/Stock/Variants' },
  }),
  stockCount: mutation({
    access: 'staff',
    output: StockCountResultReply,
    input: StockCountInput,
    run: (caller, input) => stock.submitStockCount(caller, input),
    rest: { method: 'POST', path: '/Stock/Count' },
    summary: 'A physical stock count: adjusts (with the note) only the variants whose count differs.',
  }),
  variantHistory: query({
    access: 'staff',
    output: VariantHistoryReply,
    input: VariantIdInput,
    run: (caller, input) => stock.variantHistory(caller, input.variantID),
    rest: { method: 'GET', path: '/Stock/Variants/:id/History', input: pathIds({ variantID: 'id' }) },
  }),
  lowStock: query({
    access: 'staff',
    output: LowStockPageReply,
    input: LowStockPageInput,
    run: (caller, input) => stock.lowStockPage(caller, input),
    rest: { method: 'GET', path: '/Stock/Low' },
  }),
  setVariantThreshold: mutation({
    access: 'staff',
    output: z.object({ variantID: z.number(), threshold: z.number().nullable() }),
    input: VariantThresholdInput,
    run: (caller, input) => stock.setVariantThreshold(caller, input),
  }),
  setShopThreshold: mutation({
    access: 'staff',
    output: z.object({ threshold: z.number() }),
    input: ShopThresholdInput,
    run: (caller, input) => stock.setShopThreshold(caller, input),
  }),
};
