// /dashboard/edit-discount/{id}: edit a product discount.
import { createFileRoute } from '@tanstack/react-router';
import { DiscountFormScreen } from '../../features/dashboard-sales/discount-form';
import { parseRouteId } from '../../lib/route-id';

export const Route = createFileRoute('/dashboard/edit-discount/$id')({ component: EditDiscount });

function EditDiscount() {
  const { id } = Route.useParams();
  return <DiscountFormScreen mode="product" id={parseRouteId(id) ?? -1} />;
}
