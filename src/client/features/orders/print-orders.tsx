// The print view (/dashboard/print): one A6 delivery slip per order (the shop's sender block, Code 128 barcode of the
// order number drawn as SVG by JsBarcode, address, lines, subtotal, discount and shipping adding up to the amount to
// collect in large type; decision 221) or one A4 packing list for the same orders. No dashboard chrome; print CSS
// sets the paper size per page (named @page rules).
import { colourAndSize } from '#shared/colours';
import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import JsBarcode from 'jsbarcode';
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { emailMessages } from '#shared/messages/emails';
import type { OrderDto, ShopSenderDto } from '#shared/dto/orders';
import { amountToPay, formatEuro } from '#shared/money';
import { checkoutMessages } from '#shared/messages/checkout';
import { orderNumberDigits, orderNumberOf } from '#shared/order-number';
import { trpc } from '#client/lib/trpc';
import { readError } from '#client/lib/api-error';
import { formatDateTime } from '#client/components/dashboard/sales-kit';
import './print.css';
import { lookMessages } from '#shared/messages/looks';

const lc = staffMessages.orderLifecycle;
const s = staffMessages.dashboardSales;

export type PrintKind = 'slips' | 'packing';

/** Code 128 of the order number's digits ("000123"), as an inline SVG the printer renders sharply. */
function Barcode({ value }: { value: string }) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (ref.current)
      JsBarcode(ref.current, value, {
        format: 'CODE128',
        height: 56,
        width: 2,
        margin: 0,
        fontSize: 14,
        textMargin: 2,
      });
  }, [value]);
  return <svg ref={ref} className="print-barcode" role="img" aria-label={value} data-testid="slip-barcode" />;
}

/** The shop as the parcel's sender: name, address and phone from the configuration. */
function SenderBlock({ sender }: { sender: ShopSenderDto }) {
  return (
    <section className="print-slip__from" data-testid="slip-sender">
      <h2>{lc.sender}</h2>
      <p className="print-slip__from-name">{sender.name}</p>
      <p>{sender.address}</p>
      <p>{sender.phone}</p>
    </section>
  );
}

/** Subtotal, discount (when any), shipping and store credit used: they add up to the amount to collect below them. */
function SlipSums({ order }: { order: OrderDto }) {
  // What the code was worth: "−15%" or, for a fixed-amount code (decision 222), "−5,00 €".
  const worth =
    order.promoAmount !== null
      ? `, −${formatEuro(order.promoAmount)}`
      : order.promoPercentage
        ? `, −${order.promoPercentage}%`
        : '';
  const promo = order.promoCode ? ` (${order.promoCode}${worth})` : '';
  return (
    <table className="print-sums" data-testid="slip-sums">
      <tbody>
        <tr>
          <th scope="row">{s.subtotal}</th>
          <td data-testid="slip-subtotal">{formatEuro(order.subtotal)}</td>
        </tr>
        {order.lookDiscount > 0 && (
          <tr>
            <th scope="row">{lookMessages.discountRow}</th>
            <td data-testid="slip-look-discount">−{formatEuro(order.lookDiscount)}</td>
          </tr>
        )}
        {order.discount > 0 && (
          <tr>
            <th scope="row">
              {s.discount}
              {promo}
            </th>
            <td data-testid="slip-discount">−{formatEuro(order.discount)}</td>
          </tr>
        )}
        <tr>
          <th scope="row">{s.shipping}</th>
          <td data-testid="slip-shipping">{formatEuro(order.shippingCost)}</td>
        </tr>
        {order.giftCardAmount > 0 && (
          <tr>
            <th scope="row">{emailMessages.giftCard}</th>
            <td data-testid="slip-gift-card">−{formatEuro(order.giftCardAmount)}</td>
          </tr>
        )}
        {order.storeCreditAmount > 0 && (
          <tr>
            <th scope="row">{checkoutMessages.checkout.storeCreditUsed}</th>
            <td data-testid="slip-store-credit">−{formatEuro(order.storeCreditAmount)}</td>
          </tr>
        )}
        {order.depositAmount > 0 && (
          <tr>
            <th scope="row">{staffMessages.codRisk.deposit}</th>
            <td data-testid="slip-deposit">−{formatEuro(order.depositAmount)}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

function Slip({ order, sender }: { order: OrderDto; sender: ShopSenderDto }) {
  const number = orderNumberOf(order.orderId);
  return (
    <article className="print-slip" data-testid="delivery-slip">
      <header className="print-slip__head">
        <SenderBlock sender={sender} />
        <p className="print-slip__id">
          <span>{lc.slipTitle}</span>
          <strong data-testid="slip-number">{number}</strong>
        </p>
      </header>
      <Barcode value={orderNumberDigits(order.orderId)} />
      <section className="print-slip__to">
        <h2>{lc.recipient}</h2>
        <p className="print-slip__name">
          {order.firstName} {order.lastName}
        </p>
        <p>{order.phoneNumber}</p>
        <p>{order.address}</p>
        <p>
          {order.zipCode} {order.city}
        </p>
        <p>{order.countryName}</p>
      </section>
      <table className="print-lines">
        <tbody>
          {order.orderDetails.map((l) => (
            <tr key={l.orderDetailsId}>
              <td>{l.quantity}×</td>
              <td>
                {l.productName} <span>{colourAndSize(l.color, l.size, ' / ')}</span>
              </td>
              <td className="num" data-testid="slip-line-total">
                {formatEuro(l.lineTotal)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <SlipSums order={order} />
      <p className="print-slip__collect" data-testid="amount-to-collect">
        {/* "Për t'u paguar": the total less the store credit (273), gift card (274) and deposit (277) the order used. */}
        {fill(lc.amountToCollect, {
          amount: formatEuro(
            amountToPay(order.total, order.storeCreditAmount + order.depositAmount, order.giftCardAmount),
          ),
        })}
      </p>
    </article>
  );
}

function PackingList({ orders }: { orders: OrderDto[] }) {
  return (
    <article className="print-packing" data-testid="packing-list">
      <header className="print-packing__head">
        <h1>{fill(lc.packingListTitle, { n: orders.length })}</h1>
        <span>{fill(lc.printedAt, { at: formatDateTime(new Date().toISOString()) })}</span>
      </header>
      {orders.map((o) => (
        <section key={o.orderId} className="print-packing__order">
          <h2>
            {orderNumberOf(o.orderId)} · {o.firstName} {o.lastName} · {o.city}, {o.countryName} · {formatEuro(o.total)}
          </h2>
          <table className="print-lines">
            <thead>
              <tr>
                <th>{lc.packed}</th>
                <th>{s.quantity}</th>
                <th>{s.product}</th>
                <th>{s.color}</th>
                <th>{s.size}</th>
              </tr>
            </thead>
            <tbody>
              {o.orderDetails.map((l) => (
                <tr key={l.orderDetailsId}>
                  <td>
                    <span className="print-box" aria-hidden="true" />
                  </td>
                  <td className="num">{l.quantity}</td>
                  <td>{l.productName}</td>
                  <td>{l.color || '—'}</td>
                  <td>{l.size}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </article>
  );
}

export function PrintOrders({ ids, kind }: { ids: number[]; kind: PrintKind }) {
  const orders = useQuery({ ...trpc.orders.print.queryOptions({ ids }), enabled: ids.length > 0 });
  let body;
  if (ids.length === 0) body = <p role="alert">{lc.printNone}</p>;
  else if (orders.isPending) body = <p>{lc.printLoading}</p>;
  else if (orders.isError) body = <p role="alert">{readError(orders.error, lc.printFailed).message}</p>;
  else if (kind === 'packing') body = <PackingList orders={orders.data.orders} />;
  else body = orders.data.orders.map((o) => <Slip key={o.orderId} order={o} sender={orders.data.sender} />);
  return (
    <div className={`print-view print-view--${kind}`}>
      <nav className="print-toolbar" aria-label={lc.print}>
        <Link to="/dashboard/orders">{lc.backToOrders}</Link>
        <Link to="/dashboard/print" search={{ ids: ids.join(','), kind: 'slips' }}>
          {lc.printSlips}
        </Link>
        <Link to="/dashboard/print" search={{ ids: ids.join(','), kind: 'packing' }}>
          {lc.packingList}
        </Link>
        <button type="button" onClick={() => window.print()} disabled={!orders.data}>
          {lc.print}
        </button>
      </nav>
      <main id="main">{body}</main>
    </div>
  );
}
