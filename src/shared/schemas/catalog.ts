// Input schemas of the public catalogue reads, with explicit messages. tRPC parses them as they are; REST
// adapters first turn the query string into the same shape with catalogQuery() (comma lists, numbers).
import { z } from 'zod';
import { messages } from '../messages';
import { listingMessages } from '#shared/messages/listing';
import { LISTING_SORTS } from '../listing-sorts';
import { idSchema } from './numbers';

const m = listingMessages;

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 48;
export const RELATED_LIMIT = 12;

const id = (message: string = m.invalidId) => idSchema(message);
const idList = (message: string = m.invalidIdList) => z.array(id(message), { message }).max(100, message).default([]);
const mainCategoryID = z.union([z.literal(1), z.literal(2)], { message: m.invalidMainCategory });

/** A price filter's end, in euros: 0 … 1 000 000 with at most two decimals. */
const price = z
  .number({ message: m.invalidPrice })
  .min(0, m.invalidPrice)
  .max(1_000_000, m.invalidPrice)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, m.invalidPrice)
  .optional();
const brandList = z
  .array(z.string({ message: m.invalidBrand }).trim().min(1, m.invalidBrand).max(100, m.invalidBrand), {
    message: m.invalidBrand,
  })
  .max(30, m.invalidBrand)
  .default([]);
const searchText = z.string({ message: m.invalidSearch }).trim().min(1, m.invalidSearch).max(100, m.invalidSearch);

/** What narrows a listing or a search: sizes, events, colours, brands and the shown price's range. */
const narrowing = {
  size: idList(),
  eventID: idList(),
  colorID: idList(),
  brand: brandList,
  minPrice: price,
  maxPrice: price,
};
const paging = {
  page: z
    .number({ message: m.invalidPage })
    .int(m.invalidPage)
    .min(1, m.invalidPage)
    .max(100_000, m.invalidPage)
    .default(1),
  pageSize: z
    .number({ message: m.invalidPageSize })
    .int(m.invalidPageSize)
    .min(1, m.invalidPageSize)
    .max(MAX_PAGE_SIZE, m.invalidPageSize)
    .default(DEFAULT_PAGE_SIZE),
  sort: z.enum(LISTING_SORTS, { message: m.invalidSort }).default('newest'),
};

export const ProductFilterInput = z.object({
  mainCategoryID,
  categoryID: id(m.invalidCategory).optional(),
  ...narrowing,
  ...paging,
});
export type ProductFilterInput = z.output<typeof ProductFilterInput>;

/** The search page: a text over both main categories, with the listing's category, filters, pages and orders. */
export const ProductSearchInput = z.object({
  q: searchText,
  categoryID: id(m.invalidCategory).optional(),
  ...narrowing,
  ...paging,
});
export type ProductSearchInput = z.output<typeof ProductSearchInput>;

/** The filters' choices of a listing (main category) or a search (text): sizes, brands and price range offered. */
export const ListingFacetsInput = z.object({
  mainCategoryID: mainCategoryID.optional(),
  categoryID: id(m.invalidCategory).optional(),
  q: searchText.optional(),
  ...narrowing,
});
export type ListingFacetsInput = z.output<typeof ListingFacetsInput>;

export const RelatedProductsInput = z.object({
  categoryId: id(m.invalidCategory).optional(),
  brand: z.string({ message: m.invalidBrand }).trim().max(200, m.invalidBrand).optional(),
  currentProductId: id().optional(),
  sizeIds: idList(),
  colorIds: idList(),
});
export type RelatedProductsInput = z.output<typeof RelatedProductsInput>;

/** catalog.products: the staff view (inactive products too) is asked for; the server grants it to staff only. */
export const ProductListInput = z
  .object({ includeInactive: z.boolean({ message: messages.common.invalidInput }).optional() })
  .optional();

export const ProductIdInput = z.object({ productID: id() });
export const VariantIdInput = z.object({ variantId: id() });
export const CategoryIdInput = z.object({ categoryID: id(m.invalidCategory) });
export const CategoriesByMainInput = z.object({ mainCategoryID });

const minCount = (fallback: number) =>
  z
    .number({ message: m.invalidMinCount })
    .int(m.invalidMinCount)
    .min(0, m.invalidMinCount)
    .max(1_000_000, m.invalidMinCount)
    .default(fallback);

export const ColorsWithCountInput = z.object({ minProductCount: minCount(1) });
export const FilterColorsInput = z.object({ minProductCount: minCount(4) });

/**
 * Turns a query-string record into the shape the schemas above expect: `numbers` become numbers (a value that
 * is not a number stays a string, so the schema reports it), `lists` are split on commas (a list with a non-number
 * stays a string), `decimals` are euro amounts, `textLists` comma-separated names. Empty values are treated as absent.
 */
export function catalogQuery(
  record: Record<string, string | undefined>,
  spec: { numbers?: string[]; lists?: string[]; strings?: string[]; textLists?: string[]; decimals?: string[] },
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // Only canonical decimal integers become numbers (" 1", "+1", "01", "1.0" stay text and are refused): decisions/130.
  const num = (s: string): number | string => (/^(?:0|[1-9]\d{0,9})$/.test(s) ? Number(s) : s);
  for (const key of spec.numbers ?? []) {
    const v = record[key];
    if (v !== undefined && v !== '') out[key] = num(v);
  }
  for (const key of spec.lists ?? []) {
    const v = record[key];
    if (v === undefined || v.trim() === '') continue;
    const parts = v
      .split(',')
      .filter((s) => s !== '')
      .map(num);
    // One bad element makes the whole list invalid, reported under the list's own name.
    out[key] = parts.every((x) => typeof x === 'number') ? parts : v;
  }
  for (const key of spec.strings ?? []) {
    const v = record[key];
    if (v !== undefined && v.trim() !== '') out[key] = v;
  }
  // Euro amounts with a decimal point (12, 12.5, 12.50) become numbers; any other text stays text and is refused.
  for (const key of spec.decimals ?? []) {
    const v = record[key];
    if (v !== undefined && v !== '') out[key] = /^(?:0|[1-9]\d{0,6})(?:\.\d{1,2})?$/.test(v) ? Number(v) : v;
  }
  // Names separated by commas (brands): each trimmed, empty ones dropped.
  for (const key of spec.textLists ?? []) {
    const v = record[key];
    const parts = (v ?? '').split(',').map((x) => x.trim());
    if (parts.some(Boolean)) out[key] = parts.filter(Boolean);
  }
  return out;
}
