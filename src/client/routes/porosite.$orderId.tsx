// /porosite/{orderId}: a signed-in shopper's own order from "Porositë e mia" (decision 255), with the return section
// of a delivered order (a chunk of its own, decision 235). The thank-you page stays /order-confirmation/{id}.
import { pages } from '#shared/pages';
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { NotFoundView } from '../components/ui/not-found-view';
import { MyOrderPage } from '../features/my-orders/my-order-page';
import { parseId } from '#shared/page-search';
import { routeHead } from './-page-data';

const ReturnPanel = lazy(() => import('../features/returns/return-panel'));

// The id is read by the page, so the first load's route tree stays small (as /review/{id}); a bad one is not found.
export const Route = createFileRoute('/porosite/$orderId')({
  head: routeHead(pages.myOrder),
  component: MyOrderRoute,
});

function MyOrderRoute() {
  const orderId = parseId(Route.useParams().orderId);
  if (orderId === null) return <NotFoundView />;
  return (
    <div className="track">
      <MyOrderPage
        orderId={orderId}
        returns={
          <Suspense fallback={null}>
            <ReturnPanel orderId={orderId} />
          </Suspense>
        }
      />
    </div>
  );
}
