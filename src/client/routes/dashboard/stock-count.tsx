// /dashboard/stock-count: a physical stock count for many variants at once (decision 231).
import { createFileRoute } from '@tanstack/react-router';
import { StockCount } from '#client/features/stock/stock-count';

export const Route = createFileRoute('/dashboard/stock-count')({ component: StockCount });
