// /dashboard/size-guides: the size guides of categories and products (issue 26).
import { createFileRoute } from '@tanstack/react-router';
import { SizeGuideList } from '#client/features/size-guides/size-guide-screens';

export const Route = createFileRoute('/dashboard/size-guides')({ component: SizeGuideList });
