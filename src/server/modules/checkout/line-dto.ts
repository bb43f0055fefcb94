// One placed order line (its snapshot row) as the shopper sees it: the order confirmation, "my orders" and tracking.
import type { MyOrderLineDto } from '../../../shared/dto/my-orders';
import { centsToEuros } from '../../../shared/money';
import type { NewOrderLineRow } from './checkout.queries';

/** A stored order line; product_id is null once its product was deleted. */
export type PaidLineRow = Omit<NewOrderLineRow, 'variant_id' | 'product_id'> & { product_id: number | null };

export const paidLineDto = (l: PaidLineRow): MyOrderLineDto => ({
  productId: l.product_id,
  productName: l.product_name,
  color: l.color,
  size: l.size,
  imageUrl: l.image_url,
  quantity: l.quantity,
  unitPrice: centsToEuros(l.unit_price_cents),
  lineTotal: centsToEuros(l.line_total_cents),
});
