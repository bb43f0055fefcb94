// Answers of the staff catalogue screens (tRPC and REST alike): one zod schema each, its type inferred (decisions
// 264 and 268); the schemas document the answers in /api/openapi.json. Money in euros.
import { z } from 'zod';
import { ProductColorReply, ProductImagesReply } from './catalog';

/** One row of the dashboard product table: every column the spec lists, computed server-side. */
export const ProductTableRowReply = z.object({
  productID: z.number(),
  name: z.string(),
  barcode: z.string(),
  brand: z.string().nullable(),
  description: z.string(),
  categoryID: z.number(),
  categoryName: z.string(),
  mainCategoryID: z.number(),
  price: z.number(),
  /** Today's price after the best active product discount, or null when none applies (the order pickers show it). */
  discountedPrice: z.number().nullable(),
  isFeatured: z.boolean(),
  isActive: z.boolean(),
  dateAdded: z.string(),
  /** Size names, in the shop's size order. */
  sizes: z.array(z.string()),
  stockQuantity: z.number(),
  /** A variant holds LOW_STOCK_THRESHOLD units or fewer (shared/limits.ts). */
  lowStock: z.boolean(),
  colors: z.array(ProductColorReply),
  photoCount: z.number(),
  /** First image (small) for the row thumbnail, or null. */
  thumbnailURL: z.string().nullable(),
  events: z.array(z.string()),
});
export type ProductTableRowDto = z.infer<typeof ProductTableRowReply>;

/** One page of the staff product list (catalogAdmin.productPage; REST answers the items with X-Total-Count). */
export const ProductTablePageReply = z.object({
  items: z.array(ProductTableRowReply),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ProductTablePageDto = z.infer<typeof ProductTablePageReply>;

/** What a bulk action did to one product. */
const BulkProductOutcomeReply = z.object({
  productID: z.number(),
  name: z.string(),
  outcome: z.enum(['activated', 'deactivated', 'unchanged', 'deleted']),
  /** Deleted products: the order lines that named it, kept with their snapshot (decision 053); else null. */
  orderLinesKept: z.number().nullable(),
});
export type BulkProductOutcomeDto = z.infer<typeof BulkProductOutcomeReply>;

/** Answer of a bulk action (decision 220): every product chosen, in the order given. */
export const BulkProductsResultReply = z.object({
  action: z.enum(['activate', 'deactivate', 'delete']),
  /** Products whose state changed (deleted, or switched on or off). */
  changed: z.number(),
  products: z.array(BulkProductOutcomeReply),
});
export type BulkProductsResultDto = z.infer<typeof BulkProductsResultReply>;

/** A colour suggested by image analysis; existingColorID is set when a colour of that name already exists. */
export const DetectedColorReply = z.object({
  colorName: z.string(),
  hexCode: z.string(),
  /** Share of the analysed pixels, 0..1. */
  share: z.number(),
  existingColorID: z.number().nullable(),
});
export type DetectedColorDto = z.infer<typeof DetectedColorReply>;

/** A photo of an upload that was refused (issue 25): its name as sent, why (the name in the message), its colour. */
export const RefusedFileReply = z.object({
  fileName: z.string(),
  message: z.string(),
  /** The colour group of the product form it was sent for (product photos only). */
  colorID: z.number().optional(),
});
export type RefusedFileDto = z.infer<typeof RefusedFileReply>;

/** POST /api/Product/{id}/Images: the product's photos after the save, and the files of the batch that were refused. */
export const SavedProductImagesReply = z.object({
  images: z.array(ProductImagesReply),
  refused: z.array(RefusedFileReply),
});
export type SavedProductImagesDto = z.infer<typeof SavedProductImagesReply>;

/** One refused cell of a products CSV: row as a spreadsheet numbers it (the header is row 1), column name, message. */
export const ProductImportErrorReply = z.object({ row: z.number(), field: z.string(), message: z.string() });
export type ProductImportErrorDto = z.infer<typeof ProductImportErrorReply>;

/**
 * Answer of POST /api/Product/import (decision 183). With errors nothing was written (also not in a real import);
 * without, a dry run tells what the import would do and a real import what it did. created/updated count products.
 */
export const ProductImportResultReply = z.object({
  dryRun: z.boolean(),
  /** Data rows read (the header excluded, blank rows skipped). */
  rows: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  variantsCreated: z.number(),
  variantsUpdated: z.number(),
  errors: z.array(ProductImportErrorReply),
  /** Errors found beyond the ones listed (the list stops at PRODUCT_CSV_LIMITS.maxErrors). */
  moreErrors: z.number(),
});
export type ProductImportResultDto = z.infer<typeof ProductImportResultReply>;
