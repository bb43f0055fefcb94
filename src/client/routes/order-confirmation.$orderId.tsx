// /order-confirmation/{orderId}: what was ordered, the totals and cash on delivery, after checkout.
import { pages } from '#shared/pages';
import { parseConfirmationSearch } from '#shared/page-search';
import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { NotFoundView } from '../components/ui/not-found-view';
import { OrderConfirmation } from '../features/checkout/order-confirmation';
import { orderQuery } from '../features/checkout/order-query';
import { idParam } from '../lib/route-id';
import { trpc } from '../lib/trpc';
import { routeHead } from './-page-data';

/** The return panel and its form (zod): a chunk of its own, loaded only for a delivered order (decision 235). */
const ReturnPanel = lazy(() => import('../features/returns/return-panel'));

export const Route = createFileRoute('/order-confirmation/$orderId')({
  params: idParam('orderId'),
  // ?guest=: the guest id the order was placed with, as the confirmation e-mail's link carries it (decision 175).
  validateSearch: parseConfirmationSearch,
  loaderDeps: ({ search }) => parseConfirmationSearch(search),
  loader: ({ context, params, deps }) => {
    void context.queryClient.prefetchQuery(orderQuery(context.trpc, params.orderId, deps.guest));
  },
  notFoundComponent: () => <NotFoundView />,
  head: routeHead(pages.orderConfirmation),
  component: ConfirmationPage,
});

function ConfirmationPage() {
  const { orderId } = Route.useParams();
  const { guest } = Route.useLoaderDeps();
  const delivered = useQuery(orderQuery(trpc, orderId, guest)).data?.status === 'delivered';
  return (
    <>
      <OrderConfirmation orderId={orderId} guestId={guest} />
      {delivered && (
        <div className="container">
          <Suspense fallback={null}>
            <ReturnPanel orderId={orderId} guestId={guest} />
          </Suspense>
        </div>
      )}
    </>
  );
}
