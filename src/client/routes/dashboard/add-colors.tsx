// /dashboard/add-colors
import { createFileRoute } from '@tanstack/react-router';
import { AddColors } from '#client/features/reference-lists/color-screens';

export const Route = createFileRoute('/dashboard/add-colors')({ component: AddColors });
