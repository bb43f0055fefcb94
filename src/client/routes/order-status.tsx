// /order-status: a guest looks up an order by its number and the e-mail or phone it was placed with (?order= fills the number).
import { createFileRoute } from '@tanstack/react-router';
import { messages } from '../../shared/messages';
import { useDocumentTitle } from '../components/ui/use-document-title';
import { OrderStatusForm } from '../features/my-orders/order-status-form';

export const Route = createFileRoute('/order-status')({
  validateSearch: (search: Record<string, unknown>): { order?: string } => {
    const order = search.order;
    return typeof order === 'string' || typeof order === 'number' ? { order: String(order).slice(0, 20) } : {};
  },
  component: OrderStatusPage,
});

function OrderStatusPage() {
  useDocumentTitle(messages.orderTracking.title);
  const { order } = Route.useSearch();
  return (
    <div className="track">
      <OrderStatusForm initialOrder={order} />
    </div>
  );
}
