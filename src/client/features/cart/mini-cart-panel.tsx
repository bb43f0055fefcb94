// The mini-cart that slides in after "Shto në shportë": the line just added, how many items the cart holds,
// the server's subtotal, and the way on (checkout opens the overlay on /cart) or back to shopping. Pages show it
// through MiniCartDrawer (mini-cart-drawer.tsx), which loads this module with the first product added.
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { colourAndSize } from '#shared/colours';
import { messages, plural } from '#shared/messages';
import { cartMessages } from '#shared/messages/cart';
import { formatEuro } from '#shared/money';
import { ProductImage } from '#client/components/ui/product-image';
import { useCartItems, type CartItem } from '#client/lib/cart-store';
import { useModalDialog } from '#client/lib/use-modal-dialog';
import type { QuoteLineDto } from '#shared/dto/checkout';
import { LineQuantity } from './cart-line';
import { useCartQuote } from './cart-view';
import { PanelHead } from '#client/components/ui/panel-head';
import './mini-cart.css';

const m = messages.miniCart;

/** The line just added: image, name, colour, size, unit price and its quantity −/+ (stopped, with why, at the stock). */
function MiniCartLine({ line, quoted }: { line: CartItem; quoted: QuoteLineDto | undefined }) {
  const stock = quoted?.stockQuantity ?? line.stockQuantity;
  return (
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
        <p className="mini-cart__meta">{colourAndSize(line.color, line.size)}</p>
        <p className="mini-cart__meta">
          {line.quantity} × <span className="price">{formatEuro(line.productPrice)}</span>
        </p>
        <LineQuantity item={line} quoted={quoted} stock={stock} gone={false} />
      </div>
    </div>
  );
}

/** How many items the cart holds and its subtotal (from the server's quote; '…' until it arrives). */
function MiniCartTotals({ count, subtotal }: { count: number; subtotal: number | undefined }) {
  return (
    <dl className="mini-cart__totals">
      <div>
        <dt>{plural(m.itemCount, count)}</dt>
        <dd />
      </div>
      <div>
        <dt>{cartMessages.cart.subtotal}</dt>
        <dd className="price" data-testid="mini-cart-subtotal">
          {subtotal !== undefined ? formatEuro(subtotal) : '…'}
        </dd>
      </div>
    </dl>
  );
}

/** Checkout (the overlay on /cart), the cart page, or back to shopping; each closes the drawer. */
function MiniCartActions({ onClose }: { onClose: () => void }) {
  return (
    <div className="mini-cart__actions">
      <Link to="/cart" search={{ checkout: true }} className="button button--block" onClick={onClose}>
        {cartMessages.cart.checkout}
      </Link>
      <Link to="/cart" className="button button--block button--ghost" onClick={onClose}>
        {m.viewCart}
      </Link>
      <button type="button" className="mini-cart__continue" onClick={onClose}>
        {cartMessages.cart.continueShopping}
      </button>
    </div>
  );
}

/** `variantId`: the line to show (the drawer is open while it is set). */
export interface MiniCartProps {
  variantId: number | null;
  onClose: () => void;
}

export default function MiniCartPanel({ variantId, onClose }: MiniCartProps) {
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
          <PanelHead block="mini-cart" titleId={titleId} title={m.title} closeLabel={m.close} onClose={onClose} />
          {line && (
            <MiniCartLine
              line={line}
              quoted={quote.data?.lines.find((l) => l.productVariantId === line.productVariantId)}
            />
          )}
          <MiniCartTotals count={count} subtotal={quote.data?.subtotal} />
          <p className="mini-cart__note">{cartMessages.cart.shippingAtCheckout}</p>
          <MiniCartActions onClose={onClose} />
        </div>
      )}
    </dialog>
  );
}
