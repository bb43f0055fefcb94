// /dashboard/edit-discount/promo/{id}: edit a promo code.
import { createFileRoute } from '@tanstack/react-router';
import { DiscountFormScreen } from '#client/features/discounts/discount-form';
import { parseId } from '#shared/ids';

export const Route = createFileRoute('/dashboard/edit-discount/promo/$id')({ component: EditPromo });

function EditPromo() {
  const { id } = Route.useParams();
  return <DiscountFormScreen mode="promo" id={parseId(id) ?? -1} />;
}
