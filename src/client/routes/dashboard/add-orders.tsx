// /dashboard/add-orders: the manual order builder.
import { createFileRoute } from '@tanstack/react-router';
import { OrderBuilder } from '#client/features/orders/order-builder';

export const Route = createFileRoute('/dashboard/add-orders')({ component: OrderBuilder });
