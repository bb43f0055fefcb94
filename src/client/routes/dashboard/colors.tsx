// /dashboard/colors
import { createFileRoute } from '@tanstack/react-router';
import { ColorList } from '../../features/dashboard-catalog/color-screens';

export const Route = createFileRoute('/dashboard/colors')({ component: ColorList });
