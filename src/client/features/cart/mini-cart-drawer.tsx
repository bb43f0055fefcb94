// The mini-cart that slides in after "Shto Në Shportë": the line just added, how many items the cart holds,
// the server's subtotal, and the way on (checkout opens the overlay on /cart) or back to shopping.
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { messages, plural } from '../../../shared/messages';
import { formatEuro } from '../../../shared/money';
import { ProductImage } from '../../components/ui/product-image';
import { useCartItems } from '../../lib/cart-store';
import { useModalDialog } from '../../lib/use-modal-dialog';
import { useCartQuote } from './cart-view';
import './mini-cart.css';

const m = messages.miniCart;

/** `variantId`: the line to show (the drawer is open while it is set). */
// eslint-disable-next-line max-lines-per-function -- over 80 once formatted (issue 23); to be split
export function MiniCartDrawer({ variantId, onClose }: { variantId: number | null; onClose: () => void }) {
  const open = variantId !== null;
  const ref = useModalDialog(open);
  const titleId = useId();
  const items = useCartItems();
  const quote = useCartQuote(open ? items : []);
  const line = items.find((i) => i.productVariantId === variantId);
  const count = items.reduce((n, i) => n + i.quantity, 0);

  return (
    <dialog
      ref={ref}
      className="mini-cart"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
      data-testid="mini-cart"
    >
      {open && (
        <div className="mini-cart__panel">
          <header className="mini-cart__head">
            <h2 id={titleId} className="mini-cart__title">
              {m.title}
            </h2>
            <button type="button" className="mini-cart__close" onClick={onClose} aria-label={m.close}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </header>
          {line && (
            <div className="mini-cart__line">
              <ProductImage
                url={line.imageUrl}
                size="small"
                alt={line.productName}
                width={88}
                height={110}
                className="mini-cart__img"
              />
              <div>
                <p className="mini-cart__name">{line.productName}</p>
                <p className="mini-cart__meta">
                  {line.color} · {line.size}
                </p>
                <p className="mini-cart__meta">
                  {line.quantity} × <span className="price">{formatEuro(line.productPrice)}</span>
                </p>
              </div>
            </div>
          )}
          <dl className="mini-cart__totals">
            <div>
              <dt>{plural(m.itemCount, count)}</dt>
              <dd />
            </div>
            <div>
              <dt>{messages.cart.subtotal}</dt>
              <dd className="price" data-testid="mini-cart-subtotal">
                {quote.data ? formatEuro(quote.data.subtotal) : '…'}
              </dd>
            </div>
          </dl>
          <p className="mini-cart__note">{messages.cart.shippingAtCheckout}</p>
          <div className="mini-cart__actions">
            <Link to="/cart" search={{ checkout: true }} className="button button--block" onClick={onClose}>
              {messages.cart.checkout}
            </Link>
            <Link to="/cart" className="button button--block button--ghost" onClick={onClose}>
              {m.viewCart}
            </Link>
            <button type="button" className="mini-cart__continue" onClick={onClose}>
              {messages.cart.continueShopping}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
