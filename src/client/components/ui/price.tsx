// A product price in euro: the old price struck out beside the sale price when the sale price is lower.
import { formatEuro } from '#shared/money';
import { messages } from '#shared/messages';

export function hasSale(price: number, discountedPrice: number | null | undefined): discountedPrice is number {
  return discountedPrice != null && discountedPrice < price;
}

/** The price a shopper pays now. */
export function effectivePrice(price: number, discountedPrice: number | null | undefined): number {
  return hasSale(price, discountedPrice) ? discountedPrice : price;
}

export function Price({
  price,
  discountedPrice,
  size = 'md',
}: {
  price: number;
  discountedPrice?: number | null;
  size?: 'md' | 'lg';
}) {
  const sale = hasSale(price, discountedPrice);
  return (
    <span className={`price-tag price-tag--${size}`}>
      {sale && (
        <s className="price-tag__old">
          <span className="visually-hidden">{messages.card.oldPrice}: </span>
          {formatEuro(price)}
        </s>
      )}
      <span className={sale ? 'price-tag__now price-tag__now--sale' : 'price-tag__now'}>
        {formatEuro(sale ? discountedPrice! : price)}
      </span>
    </span>
  );
}
