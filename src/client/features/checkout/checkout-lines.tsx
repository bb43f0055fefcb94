// The items being ordered, above the totals in the checkout overlay: picture, name, colour and size,
// quantity × the price the server charges, and the line total (from the server's quote).
import { colourAndSize } from '#shared/colours';
import { checkoutMessages } from '#shared/messages/checkout';
import { formatEuro } from '#shared/money';
import type { QuoteDto } from '#shared/dto/checkout';
import { ProductImage } from '#client/components/ui/product-image';

export function CheckoutLines({ q }: { q: QuoteDto | undefined }) {
  if (!q || q.lines.length === 0) return null;
  return (
    <section className="checkout-lines" aria-label={checkoutMessages.checkout.itemsHeading}>
      <h3 className="checkout-lines__title">{checkoutMessages.checkout.itemsHeading}</h3>
      <ul className="checkout-lines__list" data-testid="checkout-lines">
        {q.lines.map((l) => (
          <li key={l.productVariantId} className="checkout-lines__item">
            <ProductImage url={l.imageUrl} size="small" alt="" width={48} height={60} className="checkout-lines__img" />
            <div className="checkout-lines__text">
              <p className="checkout-lines__name">{l.productName}</p>
              <p className="checkout-lines__meta">
                {colourAndSize(l.color, l.size)} · {l.quantity} × {formatEuro(l.unitPrice)}
              </p>
            </div>
            <span className="price checkout-lines__total">{formatEuro(l.lineTotal)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
