// /dashboard/categories
import { createFileRoute } from '@tanstack/react-router';
import { CategoryList } from '../../features/dashboard-catalog/category-screens';

export const Route = createFileRoute('/dashboard/categories')({ component: CategoryList });
