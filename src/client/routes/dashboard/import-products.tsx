// /dashboard/import-products: load products from a CSV (dry run, then import).
import { createFileRoute } from '@tanstack/react-router';
import { ProductImport } from '#client/features/products/product-import';

export const Route = createFileRoute('/dashboard/import-products')({ component: ProductImport });
