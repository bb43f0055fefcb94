// /dashboard: the overview (today's and this month's orders and revenue, 30-day chart, best sellers, low stock).
import { createFileRoute } from '@tanstack/react-router';
import { Overview } from '#client/features/reports/overview';

export const Route = createFileRoute('/dashboard/')({ component: Overview });
