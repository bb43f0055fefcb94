// /dashboard/discount: product discounts (product mode).
import { createFileRoute } from '@tanstack/react-router';
import { DiscountList } from '#client/features/discounts/discount-list';

export const Route = createFileRoute('/dashboard/discount/')({ component: () => <DiscountList mode="product" /> });
