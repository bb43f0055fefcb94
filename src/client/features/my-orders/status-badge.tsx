// An order's state as the dashboard words it ('Në Pritje', 'E Dërguar', 'Anuluar', 'Kthyer'), coloured by state.
import type { OrderStatus } from '../../../shared/dto/orders';
import { orderMessages } from '../../../shared/messages/orders';

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`order-badge order-badge--${status}`} data-testid="order-status">
      {orderMessages.orderStatus[status]}
    </span>
  );
}
