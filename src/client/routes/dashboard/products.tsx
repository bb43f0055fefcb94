// /dashboard/products: the product table.
import { createFileRoute } from '@tanstack/react-router';
import { ProductList } from '../../features/dashboard-catalog/product-list';

export const Route = createFileRoute('/dashboard/products')({ component: ProductList });
