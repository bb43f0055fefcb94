// One line of the /cart page: image, name, size, colour, price, quantity −/+ (an increase checks live stock),
// line total and remove.
import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { notify } from '#client/lib/notify';
import type { QuoteLineDto } from '#shared/dto/checkout';
import { plural } from '#shared/messages';
import { productMessages } from '#shared/messages/product';
import { cartMessages } from '#shared/messages/cart';
import { formatEuro } from '#shared/money';
import { ProductImage } from '#client/components/ui/product-image';
import { removeLine, setLineQuantity, type CartItem } from '#client/lib/cart-store';
import { queryClient, trpc } from '#client/lib/trpc';

const m = cartMessages.cart;

/** Sets a line's quantity; an increase is checked against the variant's live stock (the last quote's if that fails). */
async function changeQuantity(item: CartItem, next: number, quoted: QuoteLineDto | undefined) {
  if (next < 1) return;
  if (next > item.quantity) {
    let stock = quoted?.stockQuantity ?? item.stockQuantity;
    try {
      stock = (
        await queryClient.fetchQuery({
          ...trpc.catalog.variant.queryOptions({ variantId: item.productVariantId }),
          staleTime: 0,
        })
      ).stockQuantity;
    } catch {
      // Fall back to the stock of the last quote.
    }
    if (next > stock) {
      notify.error(plural(m.onlyNAvailable, stock));
      if (stock >= 1 && item.quantity > stock) setLineQuantity(item.cartItemId, stock, stock);
      return;
    }
    setLineQuantity(item.cartItemId, next, stock);
    return;
  }
  setLineQuantity(item.cartItemId, next);
}

/** 'gone': the product no longer exists or is inactive; 'soldOut': its stock ran out since it was added. */
export type CartLineState = 'ok' | 'gone' | 'soldOut';

function LineWarning({ state, stock, quantity }: { state: CartLineState; stock: number; quantity: number }) {
  if (state === 'gone')
    return (
      <p className="cart-line__warn" role="status">
        {cartMessages.cart.unknownVariant}
      </p>
    );
  if (state === 'soldOut')
    return (
      <p className="cart-line__warn" role="status">
        <span className="cart-line__sold">{productMessages.soldOut}</span> {m.soldOutLine}
      </p>
    );
  if (stock < quantity)
    return (
      <p className="cart-line__warn" role="status">
        {plural(m.onlyNAvailable, stock)}
      </p>
    );
  return null;
}

/** The product image, linking to its page (hidden from assistive technology: the name links there too). */
function LineImage({ item }: { item: CartItem }) {
  return (
    <Link
      to="/productDetails/$productID"
      params={{ productID: item.productId }}
      className="cart-line__image"
      tabIndex={-1}
      aria-hidden="true"
    >
      <ProductImage url={item.imageUrl} size="small" alt="" width={96} height={120} />
    </Link>
  );
}

/** Name (a link to the product), size, colour and any warning about the line. */
function LineInfo({ item, state, stock }: { item: CartItem; state: CartLineState; stock: number }) {
  return (
    <div className="cart-line__info">
      <Link to="/productDetails/$productID" params={{ productID: item.productId }} className="cart-line__name">
        {item.productName}
      </Link>
      <p className="cart-line__meta">
        <span>
          {productMessages.size}: <strong>{item.size}</strong>
        </span>
        {item.color && (
          <span>
            {productMessages.color}: <strong>{item.color}</strong>
          </span>
        )}
      </p>
      <LineWarning state={state} stock={stock} quantity={item.quantity} />
    </div>
  );
}

/** The unit price, with the struck-through regular price when it is discounted. */
function LinePrice({ unit, quoted: q }: { unit: number; quoted: QuoteLineDto | undefined }) {
  return (
    <div className="cart-line__price">
      <span className="cart-line__label">{m.price}</span>
      <span className="price">{formatEuro(unit)}</span>
      {q && q.unitPrice < q.price && <s className="cart-line__old price">{formatEuro(q.price)}</s>}
    </div>
  );
}

/**
 * The quantity −/+ buttons; an increase checks live stock. When the line holds all the stock, "+" is disabled and
 * says why beside it (the cart page and the mini-cart drawer).
 */
export function LineQuantity({
  item,
  quoted,
  stock,
  gone,
}: {
  item: CartItem;
  quoted: QuoteLineDto | undefined;
  stock: number;
  gone: boolean;
}) {
  const reasonId = useId();
  const atStock = !gone && stock > 0 && item.quantity === stock;
  return (
    <div className="cart-line__qty">
      <span className="cart-line__label">{m.quantity}</span>
      <div className="qty" role="group" aria-label={`${m.quantity}: ${item.productName}`}>
        <button
          type="button"
          className="qty__btn"
          aria-label={m.decrease}
          disabled={gone || item.quantity <= 1}
          onClick={() => void changeQuantity(item, item.quantity - 1, quoted)}
        >
          −
        </button>
        <output className="qty__value" aria-live="polite">
          {item.quantity}
        </output>
        <button
          type="button"
          className="qty__btn"
          aria-label={m.increase}
          aria-describedby={atStock ? reasonId : undefined}
          disabled={gone || item.quantity >= stock}
          onClick={() => void changeQuantity(item, item.quantity + 1, quoted)}
        >
          +
        </button>
      </div>
      {atStock && (
        <p className="qty__reason" id={reasonId} data-testid="qty-reason">
          {plural(m.onlyInStock, stock)}
        </p>
      )}
    </div>
  );
}

/** The remove button (icon plus a label shown on wide screens). */
function RemoveButton({ item }: { item: CartItem }) {
  return (
    <button
      type="button"
      className="cart-line__remove"
      onClick={() => void removeLine(item.cartItemId)}
      aria-label={`${m.remove}: ${item.productName}`}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="cart-line__remove-text">{m.remove}</span>
    </button>
  );
}

export function CartLine({
  item,
  quoted: q,
  state,
}: {
  item: CartItem;
  quoted: QuoteLineDto | undefined;
  state: CartLineState;
}) {
  const unit = q?.unitPrice ?? item.productPrice;
  const stock = state === 'soldOut' ? 0 : (q?.stockQuantity ?? item.stockQuantity);
  const gone = state !== 'ok';
  return (
    <li className={gone ? 'cart-line cart-line--gone' : 'cart-line'}>
      <LineImage item={item} />
      <LineInfo item={item} state={state} stock={stock} />
      <LinePrice unit={unit} quoted={q} />
      <LineQuantity item={item} quoted={q} stock={stock} gone={gone} />
      <div className="cart-line__total">
        <span className="cart-line__label">{m.lineTotal}</span>
        <span className="price">{gone ? '—' : formatEuro(q?.lineTotal ?? unit * item.quantity)}</span>
      </div>
      <RemoveButton item={item} />
    </li>
  );
}
