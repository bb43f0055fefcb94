// /review/{orderId}: a buyer reviews the products of a delivered order (decision 234), signed in as the order's
// account (from "Porositë e mia") or with the signed link of the delivered e-mail (?t=). Each product once; the form
// is loaded when opened.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { OrderReviewLineDto, OrderReviewsDto } from '#shared/dto/reviews';
import { fill, messages } from '#shared/messages';
import { reviewMessages } from '#shared/messages/reviews';
import { ProductImage } from '#client/components/ui/product-image';
import { trpc } from '#client/lib/trpc';
import './my-orders.css';

const ReviewForm = lazy(() => import('./review-form'));
const m = reviewMessages.page;

const errorText = (status: number | undefined) =>
  status === 401 ? m.signIn : status === 403 ? m.linkInvalid : status === 404 ? m.loadFailed : m.loadFailed;

export function ReviewPage({ orderId, token }: { orderId: number; token?: string }) {
  const order = useQuery({ ...trpc.reviews.forOrder.queryOptions({ orderId, token }), retry: false });
  const status = (order.error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
  return (
    <section className="track__card review-page" aria-labelledby="review-title" data-testid="review-page">
      <h1 id="review-title" className="page-title">
        {m.title}
      </h1>
      {order.isPending ? (
        <p role="status">{m.loading}</p>
      ) : order.isError ? (
        <p className="track__error" role="alert">
          {errorText(status)}
        </p>
      ) : (
        <OrderLines order={order.data} token={token} />
      )}
    </section>
  );
}

function OrderLines({ order, token }: { order: OrderReviewsDto; token?: string }) {
  return (
    <>
      <p className="track__intro">{fill(m.intro, { number: order.orderNumber })}</p>
      {!order.delivered && <p role="status">{m.notDelivered}</p>}
      <ul className="review-page__lines">
        {order.lines.map((line) => (
          <ReviewLine key={line.productID} line={line} order={order} token={token} />
        ))}
      </ul>
    </>
  );
}

function ReviewLine({ line, order, token }: { line: OrderReviewLineDto; order: OrderReviewsDto; token?: string }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <li className="review-page__line" data-testid="review-line">
      <div className="review-page__product">
        <ProductImage
          url={line.image ?? undefined}
          size="small"
          alt=""
          width={64}
          height={80}
          className="review-page__img"
        />
        <strong>{line.name}</strong>
      </div>
      {sent && (
        <p role="status" className="review-page__done">
          {reviewMessages.form.sent}
        </p>
      )}
      {line.review ? (
        !sent && <p className="review-page__done">{line.review.status === 'pending' ? m.pending : m.reviewed}</p>
      ) : !line.available ? (
        <p>{m.productGone}</p>
      ) : !order.delivered ? null : open ? (
        <Suspense fallback={<p role="status">{messages.common.loading}</p>}>
          <ReviewForm
            orderId={order.orderId}
            productId={line.productID}
            productName={line.name}
            token={token}
            onDone={() => {
              setOpen(false);
              setSent(true);
            }}
            onCancel={() => setOpen(false)}
          />
        </Suspense>
      ) : (
        <button type="button" className="button" onClick={() => setOpen(true)}>
          {m.write}
        </button>
      )}
    </li>
  );
}
