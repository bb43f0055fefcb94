// Query schemas of the public catalogue reads (tRPC inputs and REST query strings), with explicit messages.
import { z } from 'zod';
import { messages } from '../messages';

const m = messages.listing;

/** A positive whole-number id given as a number or a numeric string. */
const id = (message: string = m.invalidId) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ message }).int(message).positive(message).max(2 ** 31, message),
  );

/** A list of ids given as an array or as a comma list ("1,2,3"); empty strings mean no filter. */
const idList = (message: string = m.invalidIdList) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return [];
      if (typeof v === 'string') return v.split(',').map((s) => s.trim()).filter((s) => s !== '').map((s) => (/^\d+$/.test(s) ? Number(s) : NaN));
      if (typeof v === 'number') return [v];
      return v;
    },
    z.array(z.number({ message }).int(message).positive(message).max(2 ** 31, message), { message }).max(100, message),
  );

const optionalId = (message?: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), id(message).optional());

export const MAIN_CATEGORY_IDS = [1, 2] as const;
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 48;
export const RELATED_LIMIT = 12;

const mainCategoryID = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.union([z.literal(1), z.literal(2)], { message: m.invalidMainCategory }),
);

export const ProductFilterInput = z.object({
  mainCategoryID,
  categoryID: optionalId(m.invalidCategory),
  size: idList(),
  eventID: idList(),
  colorID: idList(),
  page: z.preprocess(
    (v) => (v === undefined || v === '' ? 1 : typeof v === 'string' ? Number(v) : v),
    z.number({ message: m.invalidPage }).int(m.invalidPage).min(1, m.invalidPage).max(100_000, m.invalidPage),
  ),
  pageSize: z.preprocess(
    (v) => (v === undefined || v === '' ? DEFAULT_PAGE_SIZE : typeof v === 'string' ? Number(v) : v),
    z.number({ message: m.invalidPageSize }).int(m.invalidPageSize).min(1, m.invalidPageSize).max(MAX_PAGE_SIZE, m.invalidPageSize),
  ),
});
export type ProductFilterInput = z.infer<typeof ProductFilterInput>;

export const RelatedProductsInput = z.object({
  categoryId: optionalId(m.invalidCategory),
  brand: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined), z.string({ message: m.invalidBrand }).max(200, m.invalidBrand).optional()),
  currentProductId: optionalId(),
  sizeIds: idList(),
  colorIds: idList(),
});
export type RelatedProductsInput = z.infer<typeof RelatedProductsInput>;

export const ProductIdInput = z.object({ productID: id() });
export const VariantIdInput = z.object({ variantId: id() });
export const CategoryIdInput = z.object({ categoryID: id(m.invalidCategory) });
export const CategoriesByMainInput = z.object({ mainCategoryID });

const minCount = (fallback: number) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? fallback : typeof v === 'string' ? Number(v) : v),
    z.number({ message: m.invalidMinCount }).int(m.invalidMinCount).min(0, m.invalidMinCount).max(1_000_000, m.invalidMinCount),
  );

export const ColorsWithCountInput = z.object({ minProductCount: minCount(1) });
export const FilterColorsInput = z.object({ minProductCount: minCount(4) });
