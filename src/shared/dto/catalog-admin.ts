// Output shapes of the staff catalogue screens (tRPC and REST alike). Money in euros.
import type { ProductImagesDto } from './catalog';

/** One row of the dashboard product table: every column the spec lists, computed server-side. */
export interface ProductTableRowDto {
  productID: number;
  name: string;
  barcode: string;
  brand: string | null;
  description: string;
  categoryID: number;
  categoryName: string;
  mainCategoryID: number;
  price: number;
  /** Today's price after the best active product discount, or null when none applies (the order pickers show it). */
  discountedPrice: number | null;
  isFeatured: boolean;
  isActive: boolean;
  dateAdded: string;
  /** Size names, in the shop's size order. */
  sizes: string[];
  stockQuantity: number;
  /** A variant holds LOW_STOCK_THRESHOLD units or fewer (shared/limits.ts). */
  lowStock: boolean;
  colors: Array<{ colorID: number; colorName: string; hexCode: string }>;
  photoCount: number;
  /** First image (small) for the row thumbnail, or null. */
  thumbnailURL: string | null;
  events: string[];
}

/** One page of the staff product list (catalogAdmin.productPage; REST answers the items with X-Total-Count). */
export interface ProductTablePageDto {
  items: ProductTableRowDto[];
  total: number;
  page: number;
  pageSize: number;
}

/** What a bulk action did to one product. */
export interface BulkProductOutcomeDto {
  productID: number;
  name: string;
  outcome: 'activated' | 'deactivated' | 'unchanged' | 'deleted';
  /** Deleted products: the order lines that named it, kept with their snapshot (decision 053); else null. */
  orderLinesKept: number | null;
}

/** Answer of a bulk action (decision 220): every product chosen, in the order given. */
export interface BulkProductsResultDto {
  action: 'activate' | 'deactivate' | 'delete';
  /** Products whose state changed (deleted, or switched on or off). */
  changed: number;
  products: BulkProductOutcomeDto[];
}

/** A colour suggested by image analysis; existingColorID is set when a colour of that name already exists. */
export interface DetectedColorDto {
  colorName: string;
  hexCode: string;
  /** Share of the analysed pixels, 0..1. */
  share: number;
  existingColorID: number | null;
}

/** A photo of an upload that was refused (issue 25): its name as sent, why (the name in the message), its colour. */
export interface RefusedFileDto {
  fileName: string;
  message: string;
  /** The colour group of the product form it was sent for (product photos only). */
  colorID?: number;
}

/** POST /api/Product/{id}/Images: the product's photos after the save, and the files of the batch that were refused. */
export interface SavedProductImagesDto {
  images: ProductImagesDto[];
  refused: RefusedFileDto[];
}

/** One refused cell of a products CSV: row as a spreadsheet numbers it (the header is row 1), column name, message. */
export interface ProductImportErrorDto {
  row: number;
  field: string;
  message: string;
}

/**
 * Answer of POST /api/Product/import (decision 183). With errors nothing was written (also not in a real import);
 * without, a dry run tells what the import would do and a real import what it did. created/updated count products.
 */
export interface ProductImportResultDto {
  dryRun: boolean;
  /** Data rows read (the header excluded, blank rows skipped). */
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  variantsCreated: number;
  variantsUpdated: number;
  errors: ProductImportErrorDto[];
  /** Errors found beyond the ones listed (the list stops at PRODUCT_CSV_LIMITS.maxErrors). */
  moreErrors: number;
}
