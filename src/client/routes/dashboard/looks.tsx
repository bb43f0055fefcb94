// /dashboard/looks: staff looks ("Plotëso stilin", issue 37, decision 276).
import { createFileRoute } from '@tanstack/react-router';
import { LooksScreen } from '#client/features/looks/looks-screen';

export const Route = createFileRoute('/dashboard/looks')({ component: LooksScreen });
