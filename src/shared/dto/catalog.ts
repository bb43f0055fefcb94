// Catalogue answers, returned identically by tRPC and REST: one zod schema each, its type inferred (decision 264,
// the catalogue's in decision 268); the schemas document the answers in /api/openapi.json. Field names are the
// spec's; money in euros.
import { z } from 'zod';
import { perProductTextField } from '../product-fields';

export const MainCategoryReply = z.object({ mainCategoryID: z.number(), mainCategoryName: z.string() });
export type MainCategoryDto = z.infer<typeof MainCategoryReply>;

export const CategoryReply = z.object({
  categoryID: z.number(),
  categoryName: z.string(),
  description: z.string(),
  mainCategoryID: z.number(),
});
export type CategoryDto = z.infer<typeof CategoryReply>;

export const SizeReply = z.object({ sizeID: z.number(), sizeName: z.string() });
export type SizeDto = z.infer<typeof SizeReply>;

export const EventReply = z.object({ eventID: z.number(), eventName: z.string() });
export type EventDto = z.infer<typeof EventReply>;

export const ColorReply = z.object({
  colorID: z.number(),
  colorName: z.string(),
  name: z.string(),
  hexCode: z.string(),
});
export type ColorDto = z.infer<typeof ColorReply>;

export const ColorWithCountReply = ColorReply.extend({ productCount: z.number() });
export type ColorWithCountDto = z.infer<typeof ColorWithCountReply>;

export const CountryReply = z.object({
  countryID: z.number(),
  countryName: z.string(),
  name: z.string(),
  shippingPrice: z.number(),
  /** Goods (after discounts) from this amount in euro ship free; null = never (decision 181). */
  freeShippingFrom: z.number().nullable(),
  /** No postal code in daily use (Kosovo): the checkout's postal code may stay empty (decision 215). Storefront list only. */
  postalCodeOptional: z.boolean().optional(),
});
export type CountryDto = z.infer<typeof CountryReply>;

export const ProductVariantReply = z.object({
  variantID: z.number(),
  sizeID: z.number(),
  colorID: z.number(),
  stockQuantity: z.number(),
  sizeName: z.string(),
  colorName: z.string(),
  hexCode: z.string(),
});
export type ProductVariantDto = z.infer<typeof ProductVariantReply>;

export const ProductImagesReply = z.object({ colorID: z.number(), imageURLs: z.array(z.string()) });
export type ProductImagesDto = z.infer<typeof ProductImagesReply>;

/** A colour as a product card or table row lists it. */
export const ProductColorReply = z.object({ colorID: z.number(), colorName: z.string(), hexCode: z.string() });

/** A product as the listing, home carousels, search and related products show it. */
export const ProductCardReply = z.object({
  productID: z.number(),
  name: z.string(),
  brand: z.string().nullable(),
  barcode: z.string(),
  categoryID: z.number(),
  mainCategoryID: z.number(),
  price: z.number(),
  /** The price while an active product discount covers it, otherwise null. */
  discountedPrice: z.number().nullable(),
  discountPercentage: z.number().nullable(),
  isFeatured: z.boolean(),
  isActive: z.boolean(),
  /** Image URLs for the card (first colour first); [0] is the main picture, [1] the hover picture. */
  imageURLs: z.array(z.string()),
  /** Total stock summed across variants. */
  stockQuantity: z.number(),
  colors: z.array(ProductColorReply),
  /** Approved reviews' average stars and count (decision 234); null before the first approved review. */
  rating: z.object({ average: z.number(), count: z.number() }).nullable(),
});
export type ProductCardDto = z.infer<typeof ProductCardReply>;

/** A product with everything the detail page and the dashboard editor need. */
export const ProductReply = ProductCardReply.extend({
  description: z.string(),
  categoryName: z.string(),
  dateAdded: z.string(),
  images: z.array(ProductImagesReply),
  productVariants: z.array(ProductVariantReply),
  events: z.array(EventReply),
  eventIDs: z.array(z.number()),
  /** The product's text fields (product-fields.ts), null when not given. */
  ...perProductTextField(() => z.string().nullable()),
});
export type ProductDto = z.infer<typeof ProductReply>;

export const ProductFilterResultReply = z.object({
  products: z.array(ProductCardReply),
  totalCount: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ProductFilterResultDto = z.infer<typeof ProductFilterResultReply>;

/**
 * What a listing's or search's filters offer (issue 25): the categories, sizes and brands of the products its
 * category, text and other filters leave (a group leaves its own choice out, so every size offered finds
 * products), and the lowest and highest price shown among them (euros; null when none is left).
 */
export const ListingFacetsReply = z.object({
  /** Ids of the categories with products (the search page lists only these). */
  categoryIDs: z.array(z.number()),
  sizes: z.array(SizeReply),
  brands: z.array(z.string()),
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
});
export type ListingFacetsDto = z.infer<typeof ListingFacetsReply>;

export const VariantStockReply = z.object({ variantID: z.number(), productID: z.number(), stockQuantity: z.number() });
export type VariantStockDto = z.infer<typeof VariantStockReply>;

/** One size's measurements in a size guide (issue 26): one value per column, in cm ("86" or "86–90"). */
const SizeGuideRowReply = z.object({ sizeID: z.number(), sizeName: z.string(), values: z.array(z.string()) });

/** A size guide as the product page shows it: the product's own, else its category's (null: none). */
export const SizeGuideReply = z.object({
  /** The measurement names, in order ("Gjoksi", "Beli"). */
  columns: z.array(z.string()),
  rows: z.array(SizeGuideRowReply),
  /** How to measure. */
  note: z.string(),
});
export type SizeGuideDto = z.infer<typeof SizeGuideReply>;

/** A size guide as staff keep it: whose it is (a category's, or one product's override). */
export const StaffSizeGuideReply = SizeGuideReply.extend({
  sizeGuideID: z.number(),
  scope: z.enum(['category', 'product']),
  targetID: z.number(),
  targetName: z.string(),
  updatedAt: z.string(),
});
export type StaffSizeGuideDto = z.infer<typeof StaffSizeGuideReply>;
