// Output shapes of the staff catalogue screens (tRPC and REST alike). Money in euros.

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
  isFeatured: boolean;
  isActive: boolean;
  dateAdded: string;
  /** Size names, in the shop's size order. */
  sizes: string[];
  stockQuantity: number;
  colors: Array<{ colorID: number; colorName: string; hexCode: string }>;
  photoCount: number;
  /** First image (small) for the row thumbnail, or null. */
  thumbnailURL: string | null;
  events: string[];
}

/** A colour suggested by image analysis; existingColorID is set when a colour of that name already exists. */
export interface DetectedColorDto {
  colorName: string;
  hexCode: string;
  /** Share of the analysed pixels, 0..1. */
  share: number;
  existingColorID: number | null;
}

