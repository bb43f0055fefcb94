// /dashboard/add-categories: add form.
import { createFileRoute } from '@tanstack/react-router';
import { CategoryForm } from '#client/features/reference-lists/category-screens';

export const Route = createFileRoute('/dashboard/add-categories')({ component: () => <CategoryForm /> });
