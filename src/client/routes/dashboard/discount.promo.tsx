// /dashboard/discount/promo: promo codes (promo mode).
import { createFileRoute } from '@tanstack/react-router';
import { DiscountList } from '#client/features/discounts/discount-list';

export const Route = createFileRoute('/dashboard/discount/promo')({ component: () => <DiscountList mode="promo" /> });
