// The look discounts of a quote (decision 276) as totals rows, one per complete look in the cart: the cart page and the
// checkout overlay show what the server priced. Imported only by those chunks (its messages stay off the first load).
import type { QuoteDto } from '#shared/dto/checkout';
import { fill, plural } from '#shared/messages';
import { lookMessages as m } from '#shared/messages/looks';
import { formatEuro } from '#shared/money';

export function LookDiscountRows({ quote }: { quote: Pick<QuoteDto, 'looks'> | undefined }) {
  if (!quote?.looks.length) return null;
  return (
    <>
      {quote.looks.map((l) => (
        <div key={l.lookID} className="totals__row totals__row--discount look-discount" data-testid="look-discount">
          <dt>
            {fill(m.discountRowNamed, { name: l.name, percent: l.percentage })}
            {l.sets > 1 && <span className="totals__hint"> · {plural(m.setsCount, l.sets)}</span>}
          </dt>
          <dd className="price">−{formatEuro(l.discount)}</dd>
        </div>
      ))}
    </>
  );
}
