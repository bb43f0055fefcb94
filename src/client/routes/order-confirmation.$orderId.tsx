// /order-confirmation/{orderId}: what was ordered, the totals and cash on delivery, after checkout.
import { createFileRoute } from '@tanstack/react-router';
import { NotFoundView } from '../components/ui/not-found-view';
import { OrderConfirmation, orderQuery } from '../features/checkout/order-confirmation';
import { idParam } from '../lib/route-id';

export const Route = createFileRoute('/order-confirmation/$orderId')({
  params: idParam('orderId'),
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(orderQuery(context.trpc, params.orderId));
  },
  notFoundComponent: () => <NotFoundView />,
  component: ConfirmationPage,
});

function ConfirmationPage() {
  const { orderId } = Route.useParams();
  return <OrderConfirmation orderId={orderId} />;
}
