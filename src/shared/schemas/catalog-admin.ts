// Staff catalogue inputs (products, variants, images, categories, colours, sizes, events, countries),
// shared by the dashboard forms and the server; every rule carries its message from messages.ts.
import { z } from 'zod';
import { messages } from '../messages';
import { staffMessages } from '../messages-staff';
import { countSchema, idSchema, moneySchema } from './numbers';
import { perProductTextField } from '../product-fields';

const m = staffMessages.dashboard;

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
export const IMAGE_MAX_FILES = 10;

const text = (max: number, requiredMsg: string) =>
  z.string({ message: requiredMsg }).trim().min(1, requiredMsg).max(max, m.tooLong);
const optionalText = (max: number) =>
  z.preprocess((v) => (v == null ? '' : v), z.string({ message: m.tooLong }).trim().max(max, m.tooLong));

/** Optional text: trimmed, blank or missing is null. */
const nullableText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : (v ?? null)),
    z.string({ message: m.tooLong }).max(max, m.tooLong).nullable(),
  );

const id = (msg: string) => idSchema(msg);

/** A euro amount with at most two decimals (step 0.01), not negative. */
const euros = (requiredMsg: string, invalidMsg: string) => moneySchema(requiredMsg, invalidMsg);

const bool = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 'on' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean(),
);

const idList = (msg: string) =>
  z
    .preprocess((v) => (v == null || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(id(msg)).max(100, m.tooLong))
    .transform((a) => [...new Set(a)]);

/** Product details as the form and POST /api/Product / PUT /api/Product/{id}/Details send them. */
export const ProductDetailsInput = z.object({
  name: text(200, m.nameRequired),
  barcode: optionalText(64),
  description: optionalText(5000),
  /** Sent only when non-empty; '' or missing means "no brand". */
  brand: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : (v ?? null)),
    z.string().max(100, m.tooLong).nullable(),
  ),
  categoryID: id(m.subCategoryRequired),
  price: euros(m.priceRequired, m.priceInvalid),
  isActive: bool.default(true),
  eventIDs: idList(m.unknownEvent).default([]),
  /** The product's text fields (product-fields.ts): blank or missing is null. */
  ...perProductTextField((_, f) => nullableText(f.max)),
});
export type ProductDetailsInput = z.infer<typeof ProductDetailsInput>;

/** The dashboard form adds the main category, required before the sub category can be chosen. */
export const ProductFormInput = ProductDetailsInput.extend({ mainCategoryID: id(m.mainCategoryRequired) });

const stock = countSchema(m.stockMin);

export const VariantInput = z.object({
  variantID: id(messages.common.invalidId).optional(),
  sizeID: id(m.sizeRequired),
  colorID: id(m.colorRequired),
  stockQuantity: stock,
});
export type VariantInput = z.infer<typeof VariantInput>;

function noDuplicatePairs(rows: Array<{ sizeID: number; colorID: number }>): boolean {
  const seen = new Set<string>();
  for (const r of rows) {
    const k = `${r.sizeID}:${r.colorID}`;
    if (seen.has(k)) return false;
    seen.add(k);
  }
  return true;
}

/** POST /api/Product/{id}/Variants: new variants (no variantID). */
export const NewVariantsInput = z
  .array(VariantInput.omit({ variantID: true }))
  .max(500, m.tooLong)
  .refine(noDuplicatePairs, m.duplicateVariant);
/** PUT /api/Product/{id}/Variants: existing variants, each with its variantID. */
export const ExistingVariantsInput = z
  .array(VariantInput.extend({ variantID: id(messages.common.invalidId) }))
  .max(500, m.tooLong)
  .refine(noDuplicatePairs, m.duplicateVariant);
/** The dashboard editor saves the whole table: rows with variantID are updated, others added, missing ones removed. */
export const VariantsInput = z.array(VariantInput).max(500, m.tooLong).refine(noDuplicatePairs, m.duplicateVariant);

export const FeatureInput = z.object({ isFeatured: bool });

export const CategoryInput = z.object({
  categoryName: text(100, m.categoryNameRequired),
  description: text(1000, m.descriptionRequired),
  mainCategoryID: id(m.mainCategoryRequired),
});
export type CategoryInput = z.infer<typeof CategoryInput>;

const HEX_RE = /^#[0-9a-fA-F]{6}$/;
export const ColorInput = z.object({
  colorName: text(60, m.colorNameRequired),
  hexCode: z
    .string({ message: m.hexInvalid })
    .trim()
    .regex(HEX_RE, m.hexInvalid)
    .transform((h) => h.toUpperCase()),
});
export type ColorInput = z.infer<typeof ColorInput>;
export const ColorsInput = z.array(ColorInput).min(1, m.selectAtLeastOneImage).max(50, m.tooLong);

export const SizeInput = z.object({ sizeName: text(30, m.sizeNameRequired) });
export const EventInput = z.object({ eventName: text(100, m.eventNameRequired) });
export const CountryInput = z.object({
  countryName: text(100, m.countryNameRequired),
  shippingPrice: euros(m.shippingPriceRequired, m.shippingPriceInvalid),
  /** Goods from this amount ship free (decision 181); null or blank = never; absent = unchanged on edit. */
  freeShippingFrom: z
    .preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
      z.union([
        z.null(),
        euros(staffMessages.promoLimits.minSubtotalInvalid, staffMessages.promoLimits.minSubtotalInvalid),
      ]),
    )
    .optional(),
  /** No postal code in daily use (decision 215): the checkout may leave it empty; absent = unchanged (no on create). */
  postalCodeOptional: z.boolean({ message: messages.common.invalidInput }).optional(),
});
export type CountryInput = z.infer<typeof CountryInput>;

/** POST /api/Product/import?dryRun=true: check the file only (decision 183). */
export const ImportProductsQuery = z.object({ dryRun: bool.default(false) });
export type ImportProductsQuery = z.infer<typeof ImportProductsQuery>;
