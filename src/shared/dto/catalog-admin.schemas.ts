// Answer schemas of the staff catalogue DTOs (catalog-admin.ts), each the interface's twin, for /api/openapi.json.
import { z } from 'zod';
import type {
  BulkProductOutcomeDto,
  BulkProductsResultDto,
  DetectedColorDto,
  ProductImportErrorDto,
  ProductImportResultDto,
  ProductTablePageDto,
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
    discountedPrice: z.number().nullable(),
    isFeatured: z.boolean(),
    isActive: z.boolean(),
    dateAdded: z.string(),
    sizes: z.array(z.string()),
    stockQuantity: z.number(),
    lowStock: z.boolean(),
    colors: z.array(ProductColorReply),
    photoCount: z.number(),
    thumbnailURL: z.string().nullable(),
    events: z.array(z.string()),
  }),
);
export const ProductTablePageReply = twin<ProductTablePageDto>()(
  z.object({ items: z.array(ProductTableRowReply), total: z.number(), page: z.number(), pageSize: z.number() }),
);
const BulkProductOutcomeReply = twin<BulkProductOutcomeDto>()(
  z.object({
    productID: z.number(),
    name: z.string(),
    outcome: z.enum(['activated', 'deactivated', 'unchanged', 'deleted']),
    orderLinesKept: z.number().nullable(),
  }),
);
export const BulkProductsResultReply = twin<BulkProductsResultDto>()(
  z.object({
    action: z.enum(['activate', 'deactivate', 'delete']),
    changed: z.number(),
    products: z.array(BulkProductOutcomeReply),
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
