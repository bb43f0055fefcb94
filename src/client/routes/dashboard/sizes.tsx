// /dashboard/sizes
import { createFileRoute } from '@tanstack/react-router';
import { SizeList } from '#client/features/reference-lists/reference-screens';

export const Route = createFileRoute('/dashboard/sizes')({ component: SizeList });
