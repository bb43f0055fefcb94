// /dashboard/reports: sales reports with charts over a chosen period (issue 27, decision 230).
import { createFileRoute } from '@tanstack/react-router';
import { Reports } from '#client/features/reports/reports';

export const Route = createFileRoute('/dashboard/reports')({ component: Reports });
