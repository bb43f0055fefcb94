// /dashboard/edit-discount/{id}: edit a product discount.
import { createFileRoute } from '@tanstack/react-router';
import { DiscountFormScreen } from '#client/features/discounts/discount-form';
import { parseId } from '#shared/ids';

export const Route = createFileRoute('/dashboard/edit-discount/$id')({ component: EditDiscount });

function EditDiscount() {
  const { id } = Route.useParams();
  return <DiscountFormScreen mode="product" id={parseId(id) ?? -1} />;
}
