// /dashboard/orderDetails/{id}: one order with its lines, status toggle and deletion.
import { createFileRoute } from '@tanstack/react-router';
import { OrderDetails } from '#client/features/orders/order-details';
import { parseId } from '#shared/ids';

export const Route = createFileRoute('/dashboard/orderDetails/$id')({ component: OrderDetailsRoute });

function OrderDetailsRoute() {
  const { id } = Route.useParams();
  return <OrderDetails id={parseId(id)} />;
}
