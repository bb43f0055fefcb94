// The print view (/dashboard/print): one A6 delivery slip per order (Code 128 barcode of the order number drawn as
// SVG by JsBarcode, address, lines, the amount to collect in large type) or one A4 packing list for the same
// orders. No dashboard chrome; print CSS sets the paper size per page (named @page rules).
import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import JsBarcode from 'jsbarcode';
import { fill, messages } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import type { OrderDto } from '../../../shared/dto/orders';
import { formatEuro } from '../../../shared/money';
import { orderNumberOf } from '../../../shared/order-number';
import { trpc } from '../../lib/trpc';
import { readError } from '../../lib/api-error';
import { formatDateTime } from './sales-kit';
import './print.css';

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

function Slip({ order }: { order: OrderDto }) {
  const number = orderNumberOf(order.orderId);
  return (
    <article className="print-slip" data-testid="delivery-slip">
      <header className="print-slip__head">
        <strong>{messages.common.shopName}</strong>
        <span>
          {lc.slipTitle} {number}
        </span>
      </header>
      <Barcode value={number.slice(1)} />
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
                {l.productName}{' '}
                <span>
                  {l.color} / {l.size}
                </span>
              </td>
              <td className="num">{formatEuro(l.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
        {order.discount > 0 && (
          // The promo's discount (a percentage or a fixed amount, decision 222), so the lines add up to the amount.
          <tfoot>
            <tr data-testid="slip-discount">
              <td />
              <td>{order.promoCode ? `${s.discount} (${order.promoCode})` : s.discount}</td>
              <td className="num">−{formatEuro(order.discount)}</td>
            </tr>
          </tfoot>
        )}
      </table>
      <p className="print-slip__collect" data-testid="amount-to-collect">
        {fill(lc.amountToCollect, { amount: formatEuro(order.total) })}
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
                  <td>{l.color}</td>
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
  else if (kind === 'packing') body = <PackingList orders={orders.data} />;
  else body = orders.data.map((o) => <Slip key={o.orderId} order={o} />);
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
