// /porosite/{id}: one of the signed-in shopper's own orders, opened from "Porositë e mia" (decision 255). Signed out
// (401) it asks to log in and comes back; another's order, a missing one or a bad id is "not found".
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { fill, messages } from '#shared/messages';
import { accountMessages } from '#shared/messages/account';
import { orderMessages } from '#shared/messages/orders';
import { useDocumentTitle } from '#client/components/ui/use-document-title';
import { readError } from '#client/lib/api-error';
import { trpc } from '#client/lib/trpc';
import { OrderView } from './order-view';
import './my-orders.css';

const m = orderMessages.orderPage;

interface MyOrderPageProps {
  orderId: number;
  /** The return section of a delivered order (the route's lazy chunk). */
  returns: ReactNode;
}

export function MyOrderPage({ orderId, returns }: MyOrderPageProps) {
  const order = useQuery({ ...trpc.myOrders.one.queryOptions({ orderId }), retry: false });
  // The route's head names the page; once the order is read, its number.
  useDocumentTitle(order.data && fill(m.title, { number: order.data.orderNumber }));
  if (order.isPending)
    return (
      <p className="track__card" role="status">
        {messages.common.loading}
      </p>
    );
  if (order.isError) return <OrderError error={order.error} orderId={orderId} retry={() => void order.refetch()} />;
  return (
    <OrderView
      order={order.data}
      returns={order.data.status === 'delivered' ? returns : undefined}
      actions={
        <Link to="/profile" className="button button--ghost" data-testid="back-to-orders">
          {m.backToOrders}
        </Link>
      }
    />
  );
}

function OrderError({ error, orderId, retry }: { error: unknown; orderId: number; retry: () => void }) {
  const { status } = readError(error, m.loadFailed);
  return (
    <div className="track__card" data-testid="order-view-error">
      <p className="track__error" role="alert">
        {status === 401 ? m.signIn : status === 404 || status === 400 ? m.notFound : m.loadFailed}
      </p>
      <p className="order-view__actions">
        {status === 401 ? (
          <Link to="/account" search={{ redirect: `/porosite/${orderId}` }} className="button">
            {accountMessages.account.login}
          </Link>
        ) : status === 404 || status === 400 ? (
          <Link to="/profile" className="button button--ghost">
            {m.backToOrders}
          </Link>
        ) : (
          <button type="button" className="button" onClick={retry}>
            {m.retry}
          </button>
        )}
      </p>
    </div>
  );
}
