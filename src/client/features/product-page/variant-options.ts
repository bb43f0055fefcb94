// Colour and size choices of a product's variants: which exist, which can be chosen with the other choice.
import type { ProductDto, ProductVariantDto } from '#shared/dto/catalog';
import { isNoColour } from '#shared/colours';
import { sortSizes } from '#shared/sizes';

export interface ColorOption {
  colorID: number;
  colorName: string;
  hexCode: string;
  available: boolean;
  /** Some variant of it exists (with the chosen size): a sold-out one can still be chosen, for the back-in-stock offer. */
  exists: boolean;
}
export interface SizeOption {
  sizeID: number;
  sizeName: string;
  available: boolean;
  /** Some variant of it exists (with the chosen colour). */
  exists: boolean;
}

const inStock = (v: ProductVariantDto) => v.stockQuantity > 0;

/** Colours in the order their variants appear; available when some variant of it (with the chosen size) has stock. */
export function colorOptions(variants: readonly ProductVariantDto[], sizeID: number | null): ColorOption[] {
  const seen = new Map<number, ColorOption>();
  for (const v of variants) {
    if (!seen.has(v.colorID))
      seen.set(v.colorID, {
        colorID: v.colorID,
        colorName: v.colorName,
        hexCode: v.hexCode,
        available: false,
        exists: false,
      });
    if (sizeID !== null && v.sizeID !== sizeID) continue;
    seen.get(v.colorID)!.exists = true;
    if (inStock(v)) seen.get(v.colorID)!.available = true;
  }
  return [...seen.values()];
}

/** Sizes in shop order (XS…XXL, then natural); available when some variant of it (with the chosen colour) has stock. */
export function sizeOptions(variants: readonly ProductVariantDto[], colorID: number | null): SizeOption[] {
  const seen = new Map<number, SizeOption>();
  for (const v of variants) {
    if (!seen.has(v.sizeID))
      seen.set(v.sizeID, { sizeID: v.sizeID, sizeName: v.sizeName, available: false, exists: false });
    if (colorID !== null && v.colorID !== colorID) continue;
    seen.get(v.sizeID)!.exists = true;
    if (inStock(v)) seen.get(v.sizeID)!.available = true;
  }
  return sortSizes([...seen.values()]);
}

export function totalStock(product: Pick<ProductDto, 'productVariants'>): number {
  return product.productVariants.reduce((n, v) => n + Math.max(0, v.stockQuantity), 0);
}

/** Pictures for the gallery: the chosen colour's, else the first colour that has any; at most `max`. */
export function galleryImages(
  product: Pick<ProductDto, 'images' | 'imageURLs'>,
  colorID: number | null,
  max = 4,
): string[] {
  const forColor =
    colorID === null ? undefined : product.images.find((i) => i.colorID === colorID && i.imageURLs.length > 0);
  const first = product.images.find((i) => i.imageURLs.length > 0);
  const urls = forColor?.imageURLs ?? first?.imageURLs ?? product.imageURLs;
  return urls.slice(0, max);
}

export type VariantChoice =
  { ok: true; variant: ProductVariantDto } | { ok: false; reason: 'select' | 'invalid' | 'missing' };

/** The variant for the chosen size and colour, with the spec's three failure reasons. */
export function chooseVariant(
  product: Pick<ProductDto, 'productVariants'>,
  sizeID: number | null,
  colorID: number | null,
): VariantChoice {
  if (sizeID === null || colorID === null) return { ok: false, reason: 'select' };
  const variants = product.productVariants;
  if (!variants.some((v) => v.sizeID === sizeID) || !variants.some((v) => v.colorID === colorID))
    return { ok: false, reason: 'invalid' };
  const variant = variants.find((v) => v.sizeID === sizeID && v.colorID === colorID);
  return variant ? { ok: true, variant } : { ok: false, reason: 'missing' };
}

/** A product whose variants are all in "no colour" (a cream, a perfume, decision 216): the page shows no colour picker. */
export function isColourless(variants: readonly ProductVariantDto[]): boolean {
  return variants.length > 0 && variants.every(isNoColour);
}

/** The one colour (or size) all variants share, chosen up front; null when the shopper has a real choice. */
export function onlyChoice(variants: readonly ProductVariantDto[], key: 'colorID' | 'sizeID'): number | null {
  const ids = new Set(variants.map((v) => v[key]));
  return ids.size === 1 ? [...ids][0]! : null;
}
