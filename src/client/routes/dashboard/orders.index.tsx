// /dashboard/orders: every order, newest first.
import { createFileRoute } from '@tanstack/react-router';
import { OrderList } from '#client/features/orders/order-list';

export const Route = createFileRoute('/dashboard/orders/')({ component: () => <OrderList pendingOnly={false} /> });
