// The order confirmation: number, lines, totals, delivery address and cash on delivery, read back from the
// server (only the order's owner, the same guest, or staff may read it); it says the confirmation e-mail is on its
// way and links /order-status with the number filled in (decision 215).
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { fill, messages } from '#shared/messages';
import { cartMessages } from '#shared/messages/cart';
import { accountMessages } from '#shared/messages/account';
import { checkoutMessages } from '#shared/messages/checkout';
import { orderMessages } from '#shared/messages/orders';
import { amountToPay, formatEuro } from '#shared/money';
import { formatDate } from '#shared/dates';
import { OrderLines } from '#client/components/ui/order-lines';
import { useDocumentTitle } from '#client/components/ui/use-document-title';
import { readError } from '#client/lib/api-error';
import { trpc } from '#client/lib/trpc';
import { orderQuery } from './order-query';
import { useSession } from '#client/lib/session';
import './checkout.css';
import { ShipmentInfo } from '#client/components/ui/shipment-info';
import { lookMessages } from '#shared/messages/looks';

const m = checkoutMessages.checkout;
type Order = NonNullable<ReturnType<typeof useOrder>['data']>;
const useOrder = (orderId: number, guestId?: string) => useQuery(orderQuery(trpc, orderId, guestId));

/** The order could not be read: not found (with a sign-in link for a signed-out owner) or another failure. */
function ConfirmationError({ error, orderId, guestId }: { error: unknown; orderId: number; guestId?: string }) {
  const session = useSession();
  const err = readError(error, m.loadOrderFailed);
  return (
    <div className="confirmation container">
      <p className="status-text status-text--error" role="alert">
        {err.status === 404 ? m.orderNotFound : m.loadOrderFailed}
      </p>
      {/* A customer's own order opened from the e-mail while signed out: log in, then come back here. */}
      {err.status === 404 && !session && !guestId && <p className="status-text">{m.signInToSeeOrder}</p>}
      <p className="confirmation__actions">
        {err.status === 404 && !session && !guestId && (
          <Link
            to="/account"
            search={{ redirect: `/order-confirmation/${orderId}` }}
            className="button"
            data-testid="order-sign-in"
          >
            {accountMessages.account.login}
          </Link>
        )}
        <Link to="/" className="button">
          {m.backToShop}
        </Link>
      </p>
    </div>
  );
}

/** The check mark, the title, the order's number, where its e-mail goes and the tracking link. */
function ConfirmationHero({ order: o }: { order: Order }) {
  const c = o.customerDetails;
  return (
    <header className="confirmation__hero">
      <div className="confirmation__check" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="32" height="32">
          <path
            d="M5 12.5l4.5 4.5L19 7.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <h1 id="confirmation-title" className="page-title">
        {m.confirmationTitle}
      </h1>
      <p className="confirmation__number" data-testid="order-number">
        {fill(m.orderNumber, { number: o.orderNumber })}
      </p>
      {/* A blocked phone's order is taken and held: the shop calls first (decision 272), said politely. */}
      <p className="confirmation__intro" data-testid="confirmation-intro">
        {o.held ? m.heldIntro : m.confirmationIntro}
      </p>
      {c.email && (
        <p className="confirmation__mail" data-testid="confirmation-mail">
          {fill(m.emailOnItsWay, { email: c.email })}
        </p>
      )}
      <p className="confirmation__track">
        {m.trackOrderHint}{' '}
        <Link
          to="/order-status"
          search={{ order: o.orderNumber }}
          className="confirmation__track-link"
          data-testid="confirmation-track"
        >
          {m.trackOrder}
        </Link>
      </p>
    </header>
  );
}

/** Subtotal, the promo code's discount, shipping and the total. */
function ConfirmationTotals({ order: o }: { order: Order }) {
  return (
    <dl className="totals">
      <div className="totals__row">
        <dt>{cartMessages.cart.subtotal}</dt>
        <dd className="price">{formatEuro(o.subtotal)}</dd>
      </div>
      {o.lookDiscount > 0 && (
        <div className="totals__row totals__row--discount">
          <dt>{lookMessages.discountRow}</dt>
          <dd className="price" data-testid="order-look-discount">
            −{formatEuro(o.lookDiscount)}
          </dd>
        </div>
      )}
      {o.discount > 0 && (
        <div className="totals__row totals__row--discount">
          <dt>
            {cartMessages.cart.discount} ({o.promoCode}{' '}
            {o.promoAmount !== null ? `−${formatEuro(o.promoAmount)}` : `−${o.promoPercentage}%`})
          </dt>
          <dd className="price">−{formatEuro(o.discount)}</dd>
        </div>
      )}
      <div className="totals__row">
        <dt>{cartMessages.cart.shipping}</dt>
        <dd className="price">{formatEuro(o.shipping)}</dd>
      </div>
      <div className="totals__row totals__row--grand">
        <dt>{cartMessages.cart.total}</dt>
        <dd className="price" data-testid="order-total">
          {formatEuro(o.total)}
        </dd>
      </div>
      {o.giftCardAmount > 0 && (
        <div className="totals__row totals__row--discount">
          <dt>{orderMessages.orderTracking.giftCard}</dt>
          <dd className="price" data-testid="order-gift-card">
            −{formatEuro(o.giftCardAmount)}
          </dd>
        </div>
      )}
      {o.storeCreditAmount + o.giftCardAmount > 0 && (
        <>
          {o.storeCreditAmount > 0 && (
            <div className="totals__row totals__row--discount">
              <dt>{checkoutMessages.checkout.storeCreditUsed}</dt>
              <dd className="price" data-testid="order-store-credit">
                −{formatEuro(o.storeCreditAmount)}
              </dd>
            </div>
          )}
          <div className="totals__row totals__row--grand">
            <dt>{checkoutMessages.checkout.toPay}</dt>
            <dd className="price" data-testid="order-to-pay">
              {formatEuro(amountToPay(o.total, o.storeCreditAmount, o.giftCardAmount))}
            </dd>
          </div>
        </>
      )}
    </dl>
  );
}

/** Where the order goes, when it was placed, its state and cash on delivery. */
function DeliveryCard({ order: o }: { order: Order }) {
  const c = o.customerDetails;
  return (
    <aside className="confirmation__card" aria-label={m.deliveryDetails}>
      <h2>{m.deliverTo}</h2>
      <address className="confirmation__address">
        {[c.firstName, c.lastName].filter(Boolean).join(' ')}
        {(c.firstName || c.lastName) && <br />}
        {c.address}
        <br />
        {c.zipCode} {c.city}
        <br />
        {c.countryName}
        <br />
        {c.phoneNumber}
        {c.phoneNumber && <br />}
        {c.email}
      </address>
      <dl className="totals">
        <div className="totals__row">
          <dt>{m.orderDate}</dt>
          <dd>{formatDate(o.orderDate)}</dd>
        </div>
        <div className="totals__row">
          <dt>{m.orderStatus}</dt>
          <dd>{orderMessages.orderStatus[o.status]}</dd>
        </div>
      </dl>
      <ShipmentInfo shipment={o.shipment} />
      <div className="payment-note">
        <strong>{cartMessages.cart.cashOnDelivery}</strong>
        <span>{m.paymentNote}</span>
      </div>
    </aside>
  );
}

export function OrderConfirmation({ orderId, guestId }: { orderId: number; guestId?: string }) {
  const order = useOrder(orderId, guestId);
  // The route's head names the page; once the order is read, its number.
  useDocumentTitle(order.data && fill(m.orderNumber, { number: order.data.orderNumber }));

  if (order.isLoading) return <p className="status-text">{messages.common.loading}</p>;
  if (order.error || !order.data) return <ConfirmationError error={order.error} orderId={orderId} guestId={guestId} />;
  const o = order.data;
  return (
    <article className="confirmation container" aria-labelledby="confirmation-title">
      <ConfirmationHero order={o} />
      <div className="confirmation__grid">
        <section className="confirmation__card" aria-labelledby="confirmation-lines">
          <h2 id="confirmation-lines">{cartMessages.cart.summary}</h2>
          <OrderLines lines={o.lines} />
          <ConfirmationTotals order={o} />
        </section>
        <DeliveryCard order={o} />
      </div>
      <p className="confirmation__actions">
        <Link to="/products" className="button">
          {cartMessages.cart.continueShopping}
        </Link>
      </p>
    </article>
  );
}
