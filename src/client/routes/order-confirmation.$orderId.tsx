// /order-confirmation/{orderId}: what was ordered, the totals and cash on delivery, after checkout.
import { createFileRoute } from '@tanstack/react-router';
import { NotFoundView } from '../components/ui/not-found-view';
import { OrderConfirmation } from '../features/checkout/order-confirmation';

export const Route = createFileRoute('/order-confirmation/$orderId')({
  component: ConfirmationPage,
});

function ConfirmationPage() {
  const { orderId } = Route.useParams();
  const id = Number(orderId);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundView />;
  return <OrderConfirmation orderId={id} />;
}
