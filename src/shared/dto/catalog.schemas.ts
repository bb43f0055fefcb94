// Answer schemas of the catalogue DTOs (catalog.ts), each the interface's twin, for /api/openapi.json (decision 211).
import { z } from 'zod';
import type {
  CategoryDto,
  ColorDto,
  ColorWithCountDto,
  ContactMessageDto,
  CountryDto,
  EventDto,
  ListingFacetsDto,
  MainCategoryDto,
  ProductCardDto,
  ProductDto,
  ProductFilterResultDto,
  ProductImagesDto,
  ProductVariantDto,
  SizeDto,
  SizeGuideDto,
  StaffSizeGuideDto,
  VariantStockDto,
} from './catalog';
import { twin } from './twin';

export const MainCategoryReply = twin<MainCategoryDto>()(
  z.object({ mainCategoryID: z.number(), mainCategoryName: z.string() }),
);
export const CategoryReply = twin<CategoryDto>()(
  z.object({ categoryID: z.number(), categoryName: z.string(), description: z.string(), mainCategoryID: z.number() }),
);
export const SizeReply = twin<SizeDto>()(z.object({ sizeID: z.number(), sizeName: z.string() }));
export const EventReply = twin<EventDto>()(z.object({ eventID: z.number(), eventName: z.string() }));
export const ColorReply = twin<ColorDto>()(
  z.object({ colorID: z.number(), colorName: z.string(), name: z.string(), hexCode: z.string() }),
);
export const ColorWithCountReply = twin<ColorWithCountDto>()(ColorReply.extend({ productCount: z.number() }));
export const CountryReply = twin<CountryDto>()(
  z.object({
    countryID: z.number(),
    countryName: z.string(),
    name: z.string(),
    shippingPrice: z.number(),
    freeShippingFrom: z.number().nullable(),
    postalCodeOptional: z.boolean().optional(),
  }),
);

export const ProductVariantReply = twin<ProductVariantDto>()(
  z.object({
    variantID: z.number(),
    sizeID: z.number(),
    colorID: z.number(),
    stockQuantity: z.number(),
    sizeName: z.string(),
    colorName: z.string(),
    hexCode: z.string(),
  }),
);
export const ProductImagesReply = twin<ProductImagesDto>()(
  z.object({ colorID: z.number(), imageURLs: z.array(z.string()) }),
);
/** A colour as a product card or table row lists it. */
export const ProductColorReply = z.object({ colorID: z.number(), colorName: z.string(), hexCode: z.string() });

export const ProductCardReply = twin<ProductCardDto>()(
  z.object({
    productID: z.number(),
    name: z.string(),
    brand: z.string().nullable(),
    barcode: z.string(),
    categoryID: z.number(),
    mainCategoryID: z.number(),
    price: z.number(),
    discountedPrice: z.number().nullable(),
    discountPercentage: z.number().nullable(),
    isFeatured: z.boolean(),
    isActive: z.boolean(),
    imageURLs: z.array(z.string()),
    stockQuantity: z.number(),
    colors: z.array(ProductColorReply),
    rating: z.object({ average: z.number(), count: z.number() }).nullable(),
  }),
);
export const ProductReply = twin<ProductDto>()(
  ProductCardReply.extend({
    description: z.string(),
    categoryName: z.string(),
    dateAdded: z.string(),
    images: z.array(ProductImagesReply),
    productVariants: z.array(ProductVariantReply),
    events: z.array(EventReply),
    eventIDs: z.array(z.number()),
  }),
);
export const ProductFilterResultReply = twin<ProductFilterResultDto>()(
  z.object({ products: z.array(ProductCardReply), totalCount: z.number(), page: z.number(), pageSize: z.number() }),
);
export const ListingFacetsReply = twin<ListingFacetsDto>()(
  z.object({
    categoryIDs: z.array(z.number()),
    sizes: z.array(SizeReply),
    brands: z.array(z.string()),
    minPrice: z.number().nullable(),
    maxPrice: z.number().nullable(),
  }),
);
export const VariantStockReply = twin<VariantStockDto>()(
  z.object({ variantID: z.number(), productID: z.number(), stockQuantity: z.number() }),
);
export const ContactMessageReply = twin<ContactMessageDto>()(
  z.object({
    contactID: z.number(),
    name: z.string(),
    phone: z.string(),
    email: z.string(),
    message: z.string(),
    isReplied: z.boolean(),
    createdAt: z.string(),
  }),
);

export const SizeGuideReply = twin<SizeGuideDto>()(
  z.object({
    columns: z.array(z.string()),
    rows: z.array(z.object({ sizeID: z.number(), sizeName: z.string(), values: z.array(z.string()) })),
    note: z.string(),
  }),
);
export const StaffSizeGuideReply = twin<StaffSizeGuideDto>()(
  SizeGuideReply.extend({
    sizeGuideID: z.number(),
    scope: z.enum(['category', 'product']),
    targetID: z.number(),
    targetName: z.string(),
    updatedAt: z.string(),
  }),
);
