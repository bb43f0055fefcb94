// An order's state as the dashboard words it ('Në pritje', 'Dorëzuar', 'Anuluar', 'Kthyer'), coloured by state.
import type { OrderStage, OrderStatus } from '#shared/dto/orders';
import { orderMessages } from '#shared/messages/orders';

/** A pending order on its way reads as its stage alone ("Në dërgesë"), never "Në pritje" beside it (decision 248). */
export function StatusBadge({ status, stage = null }: { status: OrderStatus; stage?: OrderStage | null }) {
  if (status === 'pending' && stage !== null && stage !== 'new')
    return (
      <span className={`order-badge order-badge--stage-${stage}`} data-testid="order-status">
        {orderMessages.orderStage[stage]}
      </span>
    );
  return (
    <span className={`order-badge order-badge--${status}`} data-testid="order-status">
      {orderMessages.orderStatus[status]}
    </span>
  );
}
