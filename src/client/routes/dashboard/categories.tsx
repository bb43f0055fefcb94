// /dashboard/categories
import { createFileRoute } from '@tanstack/react-router';
import { CategoryList } from '#client/features/reference-lists/category-screens';

export const Route = createFileRoute('/dashboard/categories')({ component: CategoryList });
