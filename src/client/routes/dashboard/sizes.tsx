// /dashboard/sizes
import { createFileRoute } from '@tanstack/react-router';
import { SizeList } from '../../features/dashboard-catalog/reference-screens';

export const Route = createFileRoute('/dashboard/sizes')({ component: SizeList });
