// /review/{orderId}: a buyer reviews a delivered order's products (decision 234); ?t= is the e-mail link's signature.
import { pages } from '#shared/pages';
import { createFileRoute } from '@tanstack/react-router';
import { ReviewPage } from '../features/my-orders/review-page';
import { routeHead } from './-page-data';

// The id is read by the page (a bad one is the API's 400), so the route tree of the first load stays small.
export const Route = createFileRoute('/review/$orderId')({
  head: routeHead(pages.review),
  component: ReviewRoute,
});

function ReviewRoute() {
  const orderId = Number(Route.useParams().orderId);
  const token = Route.useSearch({
    select: (s: Record<string, unknown>) => (typeof s.t === 'string' ? s.t : undefined),
  });
  return (
    <div className="track">
      <ReviewPage orderId={orderId} token={token} />
    </div>
  );
}
