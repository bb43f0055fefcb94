// /dashboard/add-products: new product form.
import { createFileRoute } from '@tanstack/react-router';
import { ProductForm } from '#client/features/products/product-form';

export const Route = createFileRoute('/dashboard/add-products')({ component: () => <ProductForm /> });
