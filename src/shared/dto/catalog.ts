// Catalogue output shapes, returned identically by tRPC and REST. Field names are the spec's; money in euros.

export interface MainCategoryDto {
  mainCategoryID: number;
  mainCategoryName: string;
}
export interface CategoryDto {
  categoryID: number;
  categoryName: string;
  description: string;
  mainCategoryID: number;
}
export interface SizeDto {
  sizeID: number;
  sizeName: string;
}
export interface EventDto {
  eventID: number;
  eventName: string;
}
export interface ColorDto {
  colorID: number;
  colorName: string;
  name: string;
  hexCode: string;
}
export interface ColorWithCountDto extends ColorDto {
  productCount: number;
}
export interface CountryDto {
  countryID: number;
  countryName: string;
  name: string;
  shippingPrice: number;
  /** Goods (after discounts) from this amount in euro ship free; null = never (decision 181). */
  freeShippingFrom: number | null;
  /** No postal code in daily use (Kosovo): the checkout's postal code may stay empty (decision 215). Storefront list only. */
  postalCodeOptional?: boolean;
}

export interface ProductVariantDto {
  variantID: number;
  sizeID: number;
  colorID: number;
  stockQuantity: number;
  sizeName: string;
  colorName: string;
  hexCode: string;
}
export interface ProductImagesDto {
  colorID: number;
  imageURLs: string[];
}

/** A product as the listing, home carousels, search and related products show it. */
export interface ProductCardDto {
  productID: number;
  name: string;
  brand: string | null;
  barcode: string;
  categoryID: number;
  mainCategoryID: number;
  price: number;
  /** The price while an active product discount covers it, otherwise null. */
  discountedPrice: number | null;
  discountPercentage: number | null;
  isFeatured: boolean;
  isActive: boolean;
  /** Image URLs for the card (first colour first); [0] is the main picture, [1] the hover picture. */
  imageURLs: string[];
  /** Total stock summed across variants. */
  stockQuantity: number;
  colors: Array<{ colorID: number; colorName: string; hexCode: string }>;
  /** Approved reviews' average stars and count (decision 234); null before the first approved review. */
  rating: { average: number; count: number } | null;
}

/** A product with everything the detail page and the dashboard editor need. */
export interface ProductDto extends ProductCardDto {
  description: string;
  categoryName: string;
  dateAdded: string;
  images: ProductImagesDto[];
  productVariants: ProductVariantDto[];
  events: EventDto[];
  eventIDs: number[];
}

export interface ProductFilterResultDto {
  products: ProductCardDto[];
  totalCount: number;
  page: number;
  pageSize: number;
}
/**
 * What a listing's or search's filters offer (issue 25): the categories, sizes and brands of the products its
 * category, text and other filters leave (a group leaves its own choice out, so every size offered finds
 * products), and the lowest and highest price shown among them (euros; null when none is left).
 */
export interface ListingFacetsDto {
  /** Ids of the categories with products (the search page lists only these). */
  categoryIDs: number[];
  sizes: SizeDto[];
  brands: string[];
  minPrice: number | null;
  maxPrice: number | null;
}
export interface VariantStockDto {
  variantID: number;
  productID: number;
  stockQuantity: number;
}
export interface ContactMessageDto {
  contactID: number;
  name: string;
  phone: string;
  email: string;
  message: string;
  isReplied: boolean;
  createdAt: string;
}

/** One size's measurements in a size guide (issue 26): one value per column, in cm ("86" or "86–90"). */
export interface SizeGuideRowDto {
  sizeID: number;
  sizeName: string;
  values: string[];
}
/** A size guide as the product page shows it: the product's own, else its category's (null: none). */
export interface SizeGuideDto {
  /** The measurement names, in order ("Gjoksi", "Beli"). */
  columns: string[];
  rows: SizeGuideRowDto[];
  /** How to measure. */
  note: string;
}
/** A size guide as staff keep it: whose it is (a category's, or one product's override). */
export interface StaffSizeGuideDto extends SizeGuideDto {
  sizeGuideID: number;
  scope: 'category' | 'product';
  targetID: number;
  targetName: string;
  updatedAt: string;
}
