// /dashboard/orders: every order, newest first.
import { createFileRoute } from '@tanstack/react-router';
import { OrderList } from '../../features/dashboard-sales/order-list';

export const Route = createFileRoute('/dashboard/orders/')({ component: () => <OrderList pendingOnly={false} /> });
