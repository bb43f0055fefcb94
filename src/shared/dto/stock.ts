// Answers of the staff stock screens (decision 231).
import type { StockReason } from '../stock-reasons';

export interface StockVariantDto {
  variantID: number;
  productID: number;
  productName: string;
  barcode: string;
  sizeName: string;
  colorName: string;
  hexCode: string;
  stockQuantity: number;
  /** The variant's own threshold (null: the shop's default). */
  lowStockThreshold: number | null;
}

export interface StockVariantPageDto {
  items: StockVariantDto[];
  total: number;
  page: number;
  pageSize: number;
}

export interface LowStockPageDto extends StockVariantPageDto {
  /** The shop-wide threshold used where a variant has none: below it a variant is low. */
  shopThreshold: number;
}

export interface StockCountResultDto {
  /** Variants whose count differed from the stock (one ledger row each). */
  adjusted: number;
  unchanged: number;
}

export interface StockChangeDto {
  changeID: number;
  at: string;
  reason: StockReason;
  delta: number;
  before: number;
  after: number;
  /** Who made it ("First Last"), null for a guest's sale, the system or a deleted account. */
  actorName: string | null;
  orderID: number | null;
  note: string | null;
}

export interface VariantHistoryDto {
  variant: StockVariantDto;
  changes: StockChangeDto[];
}
