// /dashboard/add-discount: new product discount.
import { createFileRoute } from '@tanstack/react-router';
import { DiscountFormScreen } from '#client/features/discounts/discount-form';

export const Route = createFileRoute('/dashboard/add-discount/')({
  component: () => <DiscountFormScreen mode="product" />,
});
