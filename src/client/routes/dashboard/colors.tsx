// /dashboard/colors
import { createFileRoute } from '@tanstack/react-router';
import { ColorList } from '#client/features/reference-lists/color-screens';

export const Route = createFileRoute('/dashboard/colors')({ component: ColorList });
