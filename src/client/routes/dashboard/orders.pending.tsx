// /dashboard/orders/pending: orders waiting to be delivered.
import { createFileRoute } from '@tanstack/react-router';
import { OrderList } from '#client/features/orders/order-list';

export const Route = createFileRoute('/dashboard/orders/pending')({ component: () => <OrderList pendingOnly /> });
