// /review/{orderId}: a buyer reviews a delivered order's products (decision 234); ?t= is the e-mail link's signature.
import { createFileRoute } from '@tanstack/react-router';
import { reviewMessages } from '#shared/messages/reviews';
import { useDocumentTitle } from '../components/ui/use-document-title';
import { ReviewPage } from '../features/my-orders/review-page';

// The id is read by the page (a bad one is the API's 400), so the route tree of the first load stays small.
export const Route = createFileRoute('/review/$orderId')({ component: ReviewRoute });

function ReviewRoute() {
  useDocumentTitle(reviewMessages.page.title);
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
