// Answer schemas of the staff catalogue DTOs (catalog-admin.ts), each the interface's twin, for /api/openapi.json.
import { z } from 'zod';
import type {
  DetectedColorDto,
  ProductImportErrorDto,
  ProductImportResultDto,
  ProductTableRowDto,
  RefusedFileDto,
  SavedProductImagesDto,
} from './catalog-admin';
import { ProductColorReply, ProductImagesReply } from './catalog.schemas';
import { twin } from './twin';

export const ProductTableRowReply = twin<ProductTableRowDto>()(
  z.object({
    productID: z.number(),
    name: z.string(),
    barcode: z.string(),
    brand: z.string().nullable(),
    description: z.string(),
    categoryID: z.number(),
    categoryName: z.string(),
    mainCategoryID: z.number(),
    price: z.number(),
    isFeatured: z.boolean(),
    isActive: z.boolean(),
    dateAdded: z.string(),
    sizes: z.array(z.string()),
    stockQuantity: z.number(),
    colors: z.array(ProductColorReply),
    photoCount: z.number(),
    thumbnailURL: z.string().nullable(),
    events: z.array(z.string()),
  }),
);
export const DetectedColorReply = twin<DetectedColorDto>()(
  z.object({ colorName: z.string(), hexCode: z.string(), share: z.number(), existingColorID: z.number().nullable() }),
);
export const RefusedFileReply = twin<RefusedFileDto>()(
  z.object({ fileName: z.string(), message: z.string(), colorID: z.number().optional() }),
);
export const SavedProductImagesReply = twin<SavedProductImagesDto>()(
  z.object({ images: z.array(ProductImagesReply), refused: z.array(RefusedFileReply) }),
);
export const ProductImportErrorReply = twin<ProductImportErrorDto>()(
  z.object({ row: z.number(), field: z.string(), message: z.string() }),
);
export const ProductImportResultReply = twin<ProductImportResultDto>()(
  z.object({
    dryRun: z.boolean(),
    rows: z.number(),
    created: z.number(),
    updated: z.number(),
    unchanged: z.number(),
    variantsCreated: z.number(),
    variantsUpdated: z.number(),
    errors: z.array(ProductImportErrorReply),
    moreErrors: z.number(),
  }),
);
