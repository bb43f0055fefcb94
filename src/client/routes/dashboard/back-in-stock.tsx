// /dashboard/back-in-stock: the waiting back-in-stock demand per variant (decision 233).
import { createFileRoute } from '@tanstack/react-router';
import { BackInStockDemand } from '#client/features/back-in-stock/back-in-stock-demand';

export const Route = createFileRoute('/dashboard/back-in-stock')({ component: BackInStockDemand });
