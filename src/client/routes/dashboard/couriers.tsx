// /dashboard/couriers: the couriers parcels are handed to, with their tracking URL patterns (decision 229).
import { createFileRoute } from '@tanstack/react-router';
import { CourierList } from '#client/features/orders/couriers';

export const Route = createFileRoute('/dashboard/couriers')({ component: CourierList });
