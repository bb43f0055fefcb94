// /dashboard/add-categories: add form.
import { createFileRoute } from '@tanstack/react-router';
import { CategoryForm } from '../../features/dashboard-catalog/category-screens';

export const Route = createFileRoute('/dashboard/add-categories')({ component: () => <CategoryForm /> });
