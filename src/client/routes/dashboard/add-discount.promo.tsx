// /dashboard/add-discount/promo: new promo code.
import { createFileRoute } from '@tanstack/react-router';
import { DiscountFormScreen } from '#client/features/discounts/discount-form';

export const Route = createFileRoute('/dashboard/add-discount/promo')({
  component: () => <DiscountFormScreen mode="promo" />,
});
