// /order-status: a guest looks up an order by its number and the e-mail or phone it was placed with (?order= fills the number).
import { parseOrderStatusSearch } from '../../shared/page-search';
import { createFileRoute } from '@tanstack/react-router';
import { orderMessages } from '../../shared/messages/orders';
import { useDocumentTitle } from '../components/ui/use-document-title';
import { OrderStatusForm } from '../features/my-orders/order-status-form';

export const Route = createFileRoute('/order-status')({
  validateSearch: parseOrderStatusSearch,
  component: OrderStatusPage,
});

function OrderStatusPage() {
  useDocumentTitle(orderMessages.orderTracking.title);
  const order = Route.useSearch({ select: (s) => parseOrderStatusSearch(s).order });
  return (
    <div className="track">
      <OrderStatusForm initialOrder={order} />
    </div>
  );
}
