// The lines of a placed order (picture, name, size · colour, quantity × unit price, line total), as the order
// confirmation, the order page and the tracking page show them. Styles: order-lines.css beside it.
import type { MyOrderLineDto } from '#shared/dto/my-orders';
import { productMessages } from '#shared/messages/product';
import { formatEuro } from '#shared/money';
import { ProductImage } from './product-image';
import './order-lines.css';

export function OrderLines({ lines }: { lines: MyOrderLineDto[] }) {
  return (
    <ul className="confirmation__lines">
      {lines.map((l, i) => (
        <li key={i} className="confirmation__line">
          <ProductImage url={l.imageUrl} size="small" alt="" width={64} height={80} />
          <div>
            <p className="confirmation__line-name">{l.productName}</p>
            <p className="confirmation__line-meta">
              {productMessages.size}: {l.size}
              {l.color && ` · ${productMessages.color}: ${l.color}`}
            </p>
            <p className="confirmation__line-meta">
              {l.quantity} × <span className="price">{formatEuro(l.unitPrice)}</span>
            </p>
          </div>
          <strong className="price">{formatEuro(l.lineTotal)}</strong>
        </li>
      ))}
    </ul>
  );
}
