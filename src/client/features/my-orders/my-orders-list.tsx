// /profile's "Porositë e mia": the signed-in customer's orders, newest first, a page at a time, each opening its page
// (/porosite/{id}, decision 255; the thank-you page is checkout's).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { fill, messages, plural } from '#shared/messages';
import { accountMessages } from '#shared/messages/account';
import { orderMessages } from '#shared/messages/orders';
import { reviewMessages } from '#shared/messages/reviews';
import { formatEuro } from '#shared/money';
import { formatDate } from '#shared/dates';
import { trpc } from '#client/lib/trpc';
import { StatusBadge } from './status-badge';
import './my-orders.css';

const m = orderMessages.myOrders;

export function MyOrdersList() {
  const [page, setPage] = useState(1);
  const orders = useQuery({ ...trpc.myOrders.page.queryOptions({ page }), placeholderData: keepPreviousData });
  const pages = orders.data ? Math.max(1, Math.ceil(orders.data.total / orders.data.pageSize)) : 1;

  return (
    <section className="my-orders" aria-labelledby="my-orders-title" data-testid="my-orders">
      <h2 id="my-orders-title" className="my-orders__title">
        {m.heading}
      </h2>
      {orders.isLoading ? (
        <div className="my-orders__skeleton" aria-busy="true" aria-label={messages.common.loading} />
      ) : orders.error || !orders.data ? (
        <p className="my-orders__empty" role="alert">
          {m.loadFailed}{' '}
          <button type="button" className="acc__link" onClick={() => void orders.refetch()}>
            {accountMessages.profile.retry}
          </button>
        </p>
      ) : orders.data.items.length === 0 ? (
        <p className="my-orders__empty">{m.empty}</p>
      ) : (
        <>
          <ul className="my-orders__list">
            {orders.data.items.map((o) => (
              <li key={o.orderId}>
                <Link
                  to="/porosite/$orderId"
                  params={{ orderId: String(o.orderId) }}
                  className="my-orders__row"
                  aria-label={fill(m.open, { number: o.orderNumber })}
                  data-testid="my-order"
                >
                  <span className="my-orders__number">{o.orderNumber}</span>
                  <span className="my-orders__date">
                    <span className="my-orders__label">{m.date} </span>
                    {formatDate(o.orderDate)}
                  </span>
                  <StatusBadge status={o.status} />
                  <span className="my-orders__items">{plural(m.items, o.itemCount)}</span>
                  <strong className="my-orders__total price">{formatEuro(o.total)}</strong>
                  <span className="my-orders__chevron" aria-hidden="true">
                    ›
                  </span>
                </Link>
                {o.status === 'delivered' && <ReviewLink orderId={o.orderId} />}
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav className="my-orders__pager" aria-label={m.heading}>
              <button
                type="button"
                className="button button--ghost"
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
              >
                {m.previous}
              </button>
              <span>{fill(m.pageOf, { page, pages })}</span>
              <button
                type="button"
                className="button button--ghost"
                disabled={page >= pages}
                onClick={() => setPage((p) => p + 1)}
              >
                {m.next}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

/** A delivered order's way to its products' reviews (decision 234). */
function ReviewLink({ orderId }: { orderId: number }) {
  return (
    <p className="my-orders__review">
      <Link
        to="/review/$orderId"
        params={{ orderId: String(orderId) }}
        className="acc__link"
        data-testid="review-order"
      >
        {reviewMessages.page.openReviews}
      </Link>
    </p>
  );
}
