// The /cart page body: one row per line (image, name, size, colour, price, quantity −/+, line total, remove),
// the subtotal computed by the server, and the button that opens the checkout overlay.
import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { fill, messages } from '../../../shared/messages';
import { formatEuro } from '../../../shared/money';
import type { QuoteDto } from '../../../shared/dto/checkout';
import { ProductImage } from '../../components/ui/product-image';
import { useSession } from '../../lib/session';
import { queryClient, trpc } from '../../lib/trpc';
import { reconcileCart, refreshLines, removeLine, setLineQuantity, useCartItems, type CartItem } from '../../lib/cart-store';
import './cart.css';

const m = messages.cart;

/** The server's quote of the current cart (no country, no promo): today's prices, stock, subtotal. */
export function useCartQuote(items: CartItem[]) {
  const input = { items: items.map((i) => ({ productVariantId: i.productVariantId, quantity: Math.min(Math.max(1, Math.trunc(i.quantity)), 99) })) };
  return useQuery({ ...trpc.checkout.quote.queryOptions(input), enabled: items.length > 0, placeholderData: keepPreviousData });
}

export function CartView({ onCheckout }: { onCheckout: () => void }) {
  const items = useCartItems();
  const session = useSession();
  const quote = useCartQuote(items);
  const data: QuoteDto | undefined = items.length ? quote.data : undefined;

  useEffect(() => {
    if (session) void reconcileCart();
  }, [session?.userId]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!data) return;
    refreshLines(data.lines.map((l) => ({ productVariantId: l.productVariantId, productName: l.productName, productPrice: l.unitPrice, size: l.size, color: l.color, imageUrl: l.imageUrl, stockQuantity: l.stockQuantity })));
  }, [data]);

  if (items.length === 0) {
    return (
      <section className="cart cart--empty container" aria-labelledby="cart-title">
        <h1 id="cart-title" className="page-title">{m.title}</h1>
        <p className="cart__empty-text">{m.empty}</p>
        <Link to="/products" className="button">{m.continueShopping}</Link>
      </section>
    );
  }

  const unavailable = new Set(data?.unavailableVariantIds ?? []);
  const quoted = new Map((data?.lines ?? []).map((l) => [l.productVariantId, l]));
  const blocked = items.some((i) => unavailable.has(i.productVariantId) || (quoted.get(i.productVariantId)?.stockQuantity ?? Infinity) < i.quantity);

  const changeQuantity = async (item: CartItem, next: number) => {
    if (next < 1) return;
    if (next > item.quantity) {
      let stock = quoted.get(item.productVariantId)?.stockQuantity ?? item.stockQuantity;
      try {
        stock = (await queryClient.fetchQuery({ ...trpc.catalog.variant.queryOptions({ variantId: item.productVariantId }), staleTime: 0 })).stockQuantity;
      } catch {
        // Fall back to the stock of the last quote.
      }
      if (next > stock) {
        toast.error(fill(m.onlyNAvailable, { n: stock }));
        if (stock >= 1 && item.quantity > stock) setLineQuantity(item.cartItemId, stock, stock);
        return;
      }
      setLineQuantity(item.cartItemId, next, stock);
      return;
    }
    setLineQuantity(item.cartItemId, next);
  };

  return (
    <section className="cart container" aria-labelledby="cart-title">
      <h1 id="cart-title" className="page-title">{m.title}</h1>
      <div className="cart__layout">
        <div className="cart__lines">
          <div className="cart__head" aria-hidden="true">
            <span>{m.product}</span>
            <span>{m.price}</span>
            <span>{m.quantity}</span>
            <span>{m.lineTotal}</span>
            <span />
          </div>
          <ul className="cart__list">
            {items.map((item) => {
              const q = quoted.get(item.productVariantId);
              const gone = unavailable.has(item.productVariantId);
              const unit = q?.unitPrice ?? item.productPrice;
              const stock = q?.stockQuantity ?? item.stockQuantity;
              return (
                <li key={item.cartItemId} className={gone ? 'cart-line cart-line--gone' : 'cart-line'}>
                  <Link to="/productDetails/$productID" params={{ productID: String(item.productId) }} className="cart-line__image" tabIndex={-1} aria-hidden="true">
                    <ProductImage url={item.imageUrl} size="small" alt="" width={96} height={120} />
                  </Link>
                  <div className="cart-line__info">
                    <Link to="/productDetails/$productID" params={{ productID: String(item.productId) }} className="cart-line__name">
                      {item.productName}
                    </Link>
                    <p className="cart-line__meta">
                      <span>{messages.product.size}: <strong>{item.size}</strong></span>
                      <span>{messages.product.color}: <strong>{item.color}</strong></span>
                    </p>
                    {gone && <p className="cart-line__warn" role="status">{messages.checkout.unknownVariant}</p>}
                    {!gone && stock < item.quantity && <p className="cart-line__warn" role="status">{fill(m.onlyNAvailable, { n: stock })}</p>}
                  </div>
                  <div className="cart-line__price">
                    <span className="cart-line__label">{m.price}</span>
                    <span className="price">{formatEuro(unit)}</span>
                    {q && q.unitPrice < q.price && <s className="cart-line__old price">{formatEuro(q.price)}</s>}
                  </div>
                  <div className="cart-line__qty">
                    <span className="cart-line__label">{m.quantity}</span>
                    <div className="qty" role="group" aria-label={`${m.quantity}: ${item.productName}`}>
                      <button type="button" className="qty__btn" aria-label={m.decrease} disabled={gone || item.quantity <= 1} onClick={() => void changeQuantity(item, item.quantity - 1)}>−</button>
                      <output className="qty__value" aria-live="polite">{item.quantity}</output>
                      <button type="button" className="qty__btn" aria-label={m.increase} disabled={gone} onClick={() => void changeQuantity(item, item.quantity + 1)}>+</button>
                    </div>
                  </div>
                  <div className="cart-line__total">
                    <span className="cart-line__label">{m.lineTotal}</span>
                    <span className="price">{formatEuro(q?.lineTotal ?? unit * item.quantity)}</span>
                  </div>
                  <button type="button" className="cart-line__remove" onClick={() => void removeLine(item.cartItemId)} aria-label={`${m.remove}: ${item.productName}`}>
                    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
                    <span className="cart-line__remove-text">{m.remove}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <Link to="/products" className="cart__continue">← {m.continueShopping}</Link>
        </div>
        <aside className="cart__summary" aria-label={messages.checkout.summary}>
          <dl className="totals">
            <div className="totals__row totals__row--grand">
              <dt>{m.subtotal}</dt>
              <dd className="price" data-testid="cart-subtotal">{data ? formatEuro(data.subtotal) : '…'}</dd>
            </div>
          </dl>
          <p className="cart__note">{messages.checkout.cashOnDelivery} · {m.shippingAtCheckout}</p>
          <button type="button" className="button button--block" onClick={onCheckout} disabled={!data || blocked || data.lines.length === 0}>
            {m.checkout}
          </button>
        </aside>
      </div>
    </section>
  );
}
