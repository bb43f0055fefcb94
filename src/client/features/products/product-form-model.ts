// State of the product form: the product's fields, its variant rows and the media per colour, with their
// starting values for a new or an existing product.
import type { ProductDto } from '#shared/dto/catalog';
import { euroInputText } from '#shared/money';
import { perProductTextField, type ProductTextKey } from '#shared/product-fields';

type ProductTextStrings = { [K in ProductTextKey]: string };

/** The form's fields; the product's text fields (product-fields.ts) are text inputs of the same names. */
export interface ProductFields extends ProductTextStrings {
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
    price: product ? euroInputText(product.price) : '',
    isActive: product?.isActive ?? true,
    mainCategoryID: product ? String(product.mainCategoryID) : '',
    categoryID: product ? String(product.categoryID) : '',
    eventIDs: product?.eventIDs ?? [],
    ...perProductTextField((k) => product?.[k] ?? ''),
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

/** What the size × colour generator did: the rows now, how many it added and how many were there already. */
export interface Combined {
  rows: VariantRow[];
  added: number;
  existing: number;
}

/**
 * The variant rows with every size × colour added that is not among them yet (colour by colour, sizes in the order
 * given), each with `stock`; once rows are added, blank rows (no size, no colour: the new form's first) go.
 */
export function addCombinations(rows: VariantRow[], sizeIDs: string[], colorIDs: string[], stock: string): Combined {
  const have = new Set(rows.filter((r) => r.sizeID && r.colorID).map((r) => `${r.sizeID}:${r.colorID}`));
  const added: VariantRow[] = [];
  let existing = 0;
  for (const colorID of colorIDs)
    for (const sizeID of sizeIDs) {
      const key = `${sizeID}:${colorID}`;
      if (have.has(key)) existing++;
      else {
        have.add(key);
        added.push({ ...newRow(), sizeID, colorID, stockQuantity: stock });
      }
    }
  const kept = added.length ? rows.filter((r) => r.variantID !== undefined || r.sizeID || r.colorID) : rows;
  return { rows: [...kept, ...added], added: added.length, existing };
}

export function initialMedia(product?: ProductDto): MediaByColor {
  return Object.fromEntries(
    (product?.images ?? []).map((g) => [String(g.colorID), { existing: [...g.imageURLs], removed: [], files: [] }]),
  );
}

/** A new price this many times the current one asks for a confirmation before it is saved (decision 216). */
export const PRICE_JUMP_FACTOR = 10;
/** Whether saving `next` over `current` (euros) needs the staff member to confirm it. */
export const isPriceJump = (current: number, next: number) => current > 0 && next > current * PRICE_JUMP_FACTOR;

export const emptyMedia = (): ColorMedia => ({ existing: [], removed: [], files: [] });
