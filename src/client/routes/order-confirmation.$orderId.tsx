// /order-confirmation/{orderId}: what was ordered, the totals and cash on delivery, after checkout.
import { parseConfirmationSearch } from '../../shared/page-search';
import { createFileRoute } from '@tanstack/react-router';
import { NotFoundView } from '../components/ui/not-found-view';
import { OrderConfirmation } from '../features/checkout/order-confirmation';
import { orderQuery } from '../features/checkout/order-query';
import { idParam } from '../lib/route-id';

export const Route = createFileRoute('/order-confirmation/$orderId')({
  params: idParam('orderId'),
  // ?guest=: the guest id the order was placed with, as the confirmation e-mail's link carries it (decision 175).
  validateSearch: parseConfirmationSearch,
  loaderDeps: ({ search }) => parseConfirmationSearch(search),
  loader: ({ context, params, deps }) => {
    void context.queryClient.prefetchQuery(orderQuery(context.trpc, params.orderId, deps.guest));
  },
  notFoundComponent: () => <NotFoundView />,
  component: ConfirmationPage,
});

function ConfirmationPage() {
  const { orderId } = Route.useParams();
  const { guest } = Route.useLoaderDeps();
  return <OrderConfirmation orderId={orderId} guestId={guest} />;
}
