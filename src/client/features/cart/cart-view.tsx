// The /cart page body: one row per line (image, name, size, colour, price, quantity −/+, line total, remove),
// the subtotal computed by the server, and the button that opens the checkout overlay.
import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { cartMessages } from '#shared/messages/cart';
import { formatEuro } from '#shared/money';
import type { QuoteDto, QuoteLineDto } from '#shared/dto/checkout';
import { useSession } from '#client/lib/session';
import { trpc } from '#client/lib/trpc';
import { reconcileCart, refreshLines, removeLine, useCartItems, type CartItem } from '#client/lib/cart-store';
import { useGuestCartSync } from '#client/lib/guest-cart-reminder';
import { CartLine, type CartLineState } from './cart-line';
import './cart.css';
import { LookDiscountRows } from '#client/components/ui/look-discount-rows';
import { lookMessages } from '#shared/messages/looks';

const m = cartMessages.cart;

/** The server's quote of the current cart (no country, no promo): today's prices, stock, subtotal. */
export function useCartQuote(items: CartItem[]) {
  const input = {
    items: items.map((i) => ({
      productVariantId: i.productVariantId,
      quantity: Math.min(Math.max(1, Math.trunc(i.quantity)), 99),
    })),
  };
  return useQuery({
    ...trpc.checkout.quote.queryOptions(input),
    enabled: items.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Which lines can be ordered, from the server's quote (no quote yet: all of them). */
function lineStates(data: QuoteDto | undefined): (variantId: number) => CartLineState {
  const gone = new Set(data?.unavailableVariantIds ?? []);
  const soldOut = new Set(data?.soldOutVariantIds ?? []);
  return (variantId) => (gone.has(variantId) ? 'gone' : soldOut.has(variantId) ? 'soldOut' : 'ok');
}

/** Keeps the cart in step: reconciles it with the server on sign-in, and refreshes lines from each new quote. */
function useCartSync(data: QuoteDto | undefined) {
  const session = useSession();

  useEffect(() => {
    if (session) void reconcileCart();
  }, [session?.userId]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!data) return;
    refreshLines(
      data.lines.map((l) => ({
        productVariantId: l.productVariantId,
        productName: l.productName,
        productPrice: l.unitPrice,
        size: l.size,
        color: l.color,
        imageUrl: l.imageUrl,
        stockQuantity: l.stockQuantity,
      })),
    );
  }, [data]);
}

function EmptyCart() {
  return (
    <section className="cart cart--empty container" aria-labelledby="cart-title">
      <h1 id="cart-title" className="page-title">
        {m.title}
      </h1>
      <p className="cart__empty-text">{m.empty}</p>
      <Link to="/products" className="button">
        {m.continueShopping}
      </Link>
    </section>
  );
}

/** The column of lines: a header row (visual only), one CartLine per item, and the way back to shopping. */
function CartLines({
  items,
  quoted,
  stateOf,
}: {
  items: CartItem[];
  quoted: Map<number, QuoteLineDto>;
  stateOf: (variantId: number) => CartLineState;
}) {
  return (
    <div className="cart__lines">
      <div className="cart__head" aria-hidden="true">
        <span>{m.product}</span>
        <span>{m.price}</span>
        <span>{m.quantity}</span>
        <span>{m.lineTotal}</span>
        <span />
      </div>
      <ul className="cart__list">
        {items.map((item) => (
          <CartLine
            key={item.cartItemId}
            item={item}
            quoted={quoted.get(item.productVariantId)}
            state={stateOf(item.productVariantId)}
          />
        ))}
      </ul>
      <Link to="/products" className="cart__continue">
        ← {m.continueShopping}
      </Link>
    </div>
  );
}

/** Why checkout is blocked, with a button to remove the lines that cannot be ordered (when there are any). */
function BlockedNotice({ reason, notOrderable }: { reason: string; notOrderable: CartItem[] }) {
  return (
    <div className="cart__blocked" id="cart-blocked" role="status">
      <p>{reason}</p>
      {notOrderable.length > 0 && (
        <button
          type="button"
          className="button button--ghost button--block"
          onClick={() => void Promise.all(notOrderable.map((i) => removeLine(i.cartItemId)))}
        >
          {m.removeUnavailable}
        </button>
      )}
    </div>
  );
}

/** The subtotal (from the server's quote), the checkout button, and why it is disabled when it is blocked. */
function CartSummary({
  data,
  blockedReason,
  notOrderable,
  onCheckout,
}: {
  data: QuoteDto | undefined;
  blockedReason: string | null;
  notOrderable: CartItem[];
  onCheckout: () => void;
}) {
  return (
    <aside className="cart__summary" aria-label={cartMessages.cart.summary}>
      <dl className="totals">
        <div className={data?.lookDiscount ? 'totals__row' : 'totals__row totals__row--grand'}>
          <dt>{m.subtotal}</dt>
          <dd className="price" data-testid="cart-subtotal">
            {data ? formatEuro(data.subtotal) : '…'}
          </dd>
        </div>
        <LookDiscountRows quote={data} />
        {data && data.lookDiscount > 0 && (
          <div className="totals__row totals__row--grand">
            <dt>{lookMessages.afterDiscount}</dt>
            <dd className="price" data-testid="cart-after-looks">
              {formatEuro(data.subtotal - data.lookDiscount)}
            </dd>
          </div>
        )}
      </dl>
      <p className="cart__note">
        {cartMessages.cart.cashOnDelivery} · {m.shippingAtCheckout}
      </p>
      <button
        type="button"
        className="button button--block"
        onClick={onCheckout}
        disabled={!data || blockedReason !== null || data.lines.length === 0}
        aria-describedby={blockedReason ? 'cart-blocked' : undefined}
      >
        {m.checkout}
      </button>
      {blockedReason && <BlockedNotice reason={blockedReason} notOrderable={notOrderable} />}
    </aside>
  );
}

export function CartView({ onCheckout }: { onCheckout: () => void }) {
  const items = useCartItems();
  // A consenting guest's saved cart follows her changes; emptied, her reminders stop (decision 275).
  useGuestCartSync(items, !!useSession()?.userId);
  const quote = useCartQuote(items);
  const data: QuoteDto | undefined = items.length ? quote.data : undefined;
  useCartSync(data);

  if (items.length === 0) return <EmptyCart />;

  const quoted = new Map((data?.lines ?? []).map((l) => [l.productVariantId, l]));
  const stateOf = lineStates(data);
  const notOrderable = items.filter((i) => stateOf(i.productVariantId) !== 'ok');
  const tooMany = items.some((i) => (quoted.get(i.productVariantId)?.stockQuantity ?? Infinity) < i.quantity);
  const blockedReason = notOrderable.length > 0 ? m.blockedSoldOut : tooMany ? m.blockedQuantity : null;

  return (
    <section className="cart container" aria-labelledby="cart-title">
      <h1 id="cart-title" className="page-title">
        {m.title}
      </h1>
      <div className="cart__layout">
        <CartLines items={items} quoted={quoted} stateOf={stateOf} />
        <CartSummary data={data} blockedReason={blockedReason} notOrderable={notOrderable} onCheckout={onCheckout} />
      </div>
    </section>
  );
}
