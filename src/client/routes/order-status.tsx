// /order-status: a guest looks up an order by its number and the e-mail or phone it was placed with (?order= fills the
// number), then sees its page; a delivered order's return section is a chunk of its own (decisions 235 and 255).
import { pages } from '#shared/pages';
import { parseOrderStatusSearch } from '#shared/page-search';
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { OrderStatusForm } from '../features/my-orders/order-status-form';
import { getGuestId } from '../lib/guest-id';
import { routeHead } from './-page-data';

const ReturnPanel = lazy(() => import('../features/returns/return-panel'));

export const Route = createFileRoute('/order-status')({
  validateSearch: parseOrderStatusSearch,
  head: routeHead(pages.orderStatus),
  component: OrderStatusPage,
});

function OrderStatusPage() {
  const order = Route.useSearch({ select: (s) => parseOrderStatusSearch(s).order });
  return (
    <div className="track">
      <OrderStatusForm
        initialOrder={order}
        // A request needs the order page's proof (the owner's session or the guest id it was placed with): this
        // browser's own; elsewhere the section says how to ask (decision 255).
        returns={(o) => (
          <Suspense fallback={null}>
            <ReturnPanel orderId={o.orderId} guestId={getGuestId()} />
          </Suspense>
        )}
      />
    </div>
  );
}
