// /dashboard/returns "Kthimet": the return and exchange requests staff work (decision 235).
import { createFileRoute } from '@tanstack/react-router';
import { ReturnsScreen } from '#client/features/returns/returns-screen';

export const Route = createFileRoute('/dashboard/returns')({ component: ReturnsScreen });
