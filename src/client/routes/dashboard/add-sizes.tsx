// /dashboard/add-sizes: add form.
import { createFileRoute } from '@tanstack/react-router';
import { SizeForm } from '#client/features/reference-lists/reference-screens';

export const Route = createFileRoute('/dashboard/add-sizes')({ component: () => <SizeForm /> });
