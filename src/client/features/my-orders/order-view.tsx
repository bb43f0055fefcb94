// One order's page (decision 255): number, date and state, the courier and tracking link, where it goes, the lines
// and totals, and the return section of a delivered order (the route gives it: a chunk of its own), as cards of one
// width. /order-status shows a tracked order with it, /porosite/{id} a signed-in shopper's own.
import type { ReactNode } from 'react';
import type { DeliveryAddressDto, OrderPageDto } from '#shared/dto/my-orders';
import { fill, plural } from '#shared/messages';
import { orderMessages } from '#shared/messages/orders';
import { amountToPay, formatEuro } from '#shared/money';
import { formatDate } from '#shared/dates';
import { OrderLines } from '#client/components/ui/order-lines';
import { ShipmentInfo } from '#client/components/ui/shipment-info';
import { StatusBadge } from './status-badge';
import './my-orders.css';
import { lookMessages } from '#shared/messages/looks';

const m = orderMessages.orderPage;
const t = orderMessages.orderTracking;

interface OrderViewProps {
  order: OrderPageDto;
  /** The return section of a delivered order, under the totals at the same width. */
  returns?: ReactNode;
  /** What follows the cards ("Kërko një porosi tjetër", "Te porositë e mia"). */
  actions?: ReactNode;
  testId?: string;
}

export function OrderView({ order: o, returns, actions, testId = 'order-view' }: OrderViewProps) {
  return (
    <article className="order-view" aria-labelledby="order-view-title" data-testid={testId}>
      <header className="order-card order-view__head">
        <div className="order-view__title">
          <h1 id="order-view-title" className="page-title">
            {fill(m.title, { number: o.orderNumber })}
          </h1>
          {/* A pending order on its way reads as its stage alone (decision 248); the parcel line below keeps the
              courier and the tracking link. */}
          <StatusBadge status={o.status} stage={o.shipment.stage} />
        </div>
        <p className="order-view__dates">
          <span>{fill(t.placedOn, { date: formatDate(o.orderDate) })}</span>
          {o.orderShipDate && (
            <>
              {' · '}
              <span>{fill(t.shippedOn, { date: formatDate(o.orderShipDate) })}</span>
            </>
          )}
        </p>
        <ShipmentInfo shipment={o.shipment} showStage={false} />
      </header>
      <DeliveryCard delivery={o.delivery} />
      <section className="order-card" aria-labelledby="order-view-lines">
        <h2 id="order-view-lines" className="order-card__title">
          {t.lines} <span className="order-card__count">({plural(orderMessages.myOrders.items, o.itemCount)})</span>
        </h2>
        <OrderLines lines={o.lines} />
        <OrderTotals order={o} />
      </section>
      {returns}
      {actions && <div className="order-view__actions">{actions}</div>}
    </article>
  );
}

/** Name, street, postal code and city, country and phone (grouped by the server, decision 246), one per line. */
function DeliveryCard({ delivery: d }: { delivery: DeliveryAddressDto }) {
  const lines = [
    [d.firstName, d.lastName].filter(Boolean).join(' '),
    d.address,
    [d.zipCode, d.city].filter(Boolean).join(' '),
    d.countryName,
  ].filter(Boolean);
  return (
    <section className="order-card" aria-labelledby="order-view-delivery">
      <h2 id="order-view-delivery" className="order-card__title">
        {m.deliverTo}
      </h2>
      <address className="order-view__address" data-testid="order-address">
        {lines.map((line, i) => (
          <span key={i}>{line}</span>
        ))}
        {d.phoneNumber && <span className="order-view__phone">{d.phoneNumber}</span>}
      </address>
    </section>
  );
}

/** Subtotal, discount, shipping and total, every amount through formatEuro. */
function OrderTotals({ order: o }: { order: OrderPageDto }) {
  return (
    <dl className="totals">
      <div className="totals__row">
        <dt>{t.subtotal}</dt>
        <dd className="price">{formatEuro(o.subtotal)}</dd>
      </div>
      {o.lookDiscount > 0 && (
        <div className="totals__row totals__row--discount">
          <dt>{lookMessages.discountRow}</dt>
          <dd className="price">−{formatEuro(o.lookDiscount)}</dd>
        </div>
      )}
      {o.discount > 0 && (
        <div className="totals__row totals__row--discount">
          <dt>{t.discount}</dt>
          <dd className="price">−{formatEuro(o.discount)}</dd>
        </div>
      )}
      <div className="totals__row">
        <dt>{t.shipping}</dt>
        <dd className="price">{formatEuro(o.shipping)}</dd>
      </div>
      <div className="totals__row totals__row--grand">
        <dt>{t.total}</dt>
        <dd className="price" data-testid="order-view-total">
          {formatEuro(o.total)}
        </dd>
      </div>
      {o.storeCreditAmount + o.giftCardAmount > 0 && (
        <>
          {o.giftCardAmount > 0 && (
            <div className="totals__row totals__row--discount">
              <dt>{t.giftCard}</dt>
              <dd className="price">−{formatEuro(o.giftCardAmount)}</dd>
            </div>
          )}
          {o.storeCreditAmount > 0 && (
            <div className="totals__row totals__row--discount">
              <dt>{t.storeCredit}</dt>
              <dd className="price">−{formatEuro(o.storeCreditAmount)}</dd>
            </div>
          )}
          <div className="totals__row totals__row--grand">
            <dt>{t.toPay}</dt>
            <dd className="price" data-testid="order-view-to-pay">
              {formatEuro(amountToPay(o.total, o.storeCreditAmount, o.giftCardAmount))}
            </dd>
          </div>
        </>
      )}
    </dl>
  );
}
