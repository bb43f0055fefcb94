// State of the product form: the product's fields, its variant rows and the media per colour, with their
// starting values for a new or an existing product.
import type { ProductDto } from '../../../shared/dto/catalog';

export interface ProductFields {
  name: string;
  barcode: string;
  brand: string;
  description: string;
  price: string;
  isActive: boolean;
  mainCategoryID: string;
  categoryID: string;
  eventIDs: number[];
}
export interface VariantRow {
  key: number;
  variantID?: number;
  sizeID: string;
  colorID: string;
  stockQuantity: string;
}
export interface ColorMedia {
  existing: string[];
  removed: string[];
  files: File[];
  /** The server's messages about this colour's last refused photos, each naming its file (decision 219). */
  refused?: string[];
}
export type MediaByColor = Record<string, ColorMedia>;
/** First message of a field (keys as the schemas report them, e.g. `variants.0.sizeID`). */
export type FieldErrorOf = (key: string) => string | undefined;

let rowSeq = 0;
export const newRow = (): VariantRow => ({ key: ++rowSeq, sizeID: '', colorID: '', stockQuantity: '0' });

export function initialFields(product?: ProductDto): ProductFields {
  return {
    name: product?.name ?? '',
    barcode: product?.barcode ?? '',
    brand: product?.brand ?? '',
    description: product?.description ?? '',
    price: product ? String(product.price) : '',
    isActive: product?.isActive ?? true,
    mainCategoryID: product ? String(product.mainCategoryID) : '',
    categoryID: product ? String(product.categoryID) : '',
    eventIDs: product?.eventIDs ?? [],
  };
}

export function initialVariants(product?: ProductDto): VariantRow[] {
  return product?.productVariants.length
    ? product.productVariants.map((v) => ({
        key: ++rowSeq,
        variantID: v.variantID,
        sizeID: String(v.sizeID),
        colorID: String(v.colorID),
        stockQuantity: String(v.stockQuantity),
      }))
    : [newRow()];
}

export function initialMedia(product?: ProductDto): MediaByColor {
  return Object.fromEntries(
    (product?.images ?? []).map((g) => [String(g.colorID), { existing: [...g.imageURLs], removed: [], files: [] }]),
  );
}

export const emptyMedia = (): ColorMedia => ({ existing: [], removed: [], files: [] });
