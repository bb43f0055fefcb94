// Order details: lines with pictures, customer, country, money in euro, the status toggle, cancel / return (with
// confirmation), the order's history and deletion.
import { notify } from '#client/lib/notify';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fill, messages } from '#shared/messages';
import { checkoutMessages } from '#shared/messages/checkout';
import { staffMessages } from '#shared/messages-staff';
import { emailMessages } from '#shared/messages/emails';
import type { OrderDto, OrderHistoryEntryDto, OrderStatus } from '#shared/dto/orders';
import { amountToPay, formatEuro } from '#shared/money';
import { orderNumberOf } from '#shared/order-number';
import { trpc } from '#client/lib/trpc';
import { readError } from '#client/lib/api-error';
import { PageHeader } from '#client/components/dashboard/page-header';
import { HistoryLink } from '#client/components/dashboard/history-link';
import { useConfirm } from '#client/components/dashboard/confirm-dialog';
import { InnerTable, OrderStatusBadge, Thumb, formatDateTime } from '#client/components/dashboard/sales-kit';
import { NotesCard, StageBadge, StageCard } from './order-stages';
import { RiskBadges, RiskCard } from './refusal-risk';
import { OrderEdit } from './order-edit';
import { OrderReturnsPanel } from '#client/components/dashboard/returns-work';
import { lookMessages } from '#shared/messages/looks';

const m = staffMessages.dashboard;
const s = staffMessages.dashboardSales;
const lc = staffMessages.orderLifecycle;

/** Each closing's question and its two buttons, the way out naming what it keeps (issue 25). */
const CLOSE_QUESTIONS = {
  cancelled: { question: lc.confirmCancel, labels: { confirm: lc.cancel, keep: lc.keepOrder } },
  returned: { question: lc.confirmReturn, labels: { confirm: lc.markReturned, keep: lc.dontMarkReturned } },
};

/** The order's state changes (toggle, cancel, return, delete) with their confirmations, toasts and cache updates. */
function useOrderActions(id: number | null) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const toggle = useMutation(trpc.orders.toggleStatus.mutationOptions());
  const remove = useMutation(trpc.orders.remove.mutationOptions());
  const cancel = useMutation(trpc.orders.cancel.mutationOptions());
  const markReturned = useMutation(trpc.orders.markReturned.mutationOptions());
  const { confirm, dialog } = useConfirm();

  async function refreshLists() {
    await qc.invalidateQueries({ queryKey: trpc.orders.list.pathKey() });
    await qc.invalidateQueries({ queryKey: trpc.orders.page.pathKey() });
    await qc.invalidateQueries({ queryKey: trpc.overview.summary.pathKey() });
  }

  async function onToggle(order: OrderDto) {
    if (id === null) return;
    // Delivered means handed over and paid: asked once, naming the amount (decision 248).
    const question = fill(s.deliverQuestion, { number: orderNumberOf(id), amount: formatEuro(order.total) });
    if (order.status === 'pending' && !(await confirm(question, { confirm: s.deliverYes, keep: s.deliverNo }))) return;
    try {
      qc.setQueryData(trpc.orders.get.queryKey({ id }), await toggle.mutateAsync({ id }));
      await refreshLists();
      notify.success(s.statusUpdated);
    } catch (err) {
      notify.error(readError(err, m.statusUpdateFailed).status === 409 ? lc.closedNoToggle : m.statusUpdateFailed);
      await qc.invalidateQueries({ queryKey: trpc.orders.get.queryKey({ id }) });
    }
  }

  async function onClose(outcome: 'cancelled' | 'returned') {
    if (id === null) return;
    const { question, labels } = CLOSE_QUESTIONS[outcome];
    if (!(await confirm(fill(question, { number: orderNumberOf(id) }), labels))) return;
    try {
      qc.setQueryData(
        trpc.orders.get.queryKey({ id }),
        await (outcome === 'cancelled' ? cancel : markReturned).mutateAsync({ id }),
      );
      await refreshLists();
      notify.success(outcome === 'cancelled' ? lc.cancelled : lc.returned);
    } catch (err) {
      notify.error(readError(err, lc.failed).message);
      await qc.invalidateQueries({ queryKey: trpc.orders.get.queryKey({ id }) });
    }
  }

  async function onDelete() {
    if (id === null) {
      notify.error(m.orderIdMissing);
      return;
    }
    if (!(await confirm(m.confirmDeleteOrder, { confirm: lc.deleteOrder, keep: lc.keepOrder }))) return;
    try {
      await remove.mutateAsync({ id });
      notify.success(m.orderDeleted);
      // Leave the screen first: removing the query while this screen still watches it would fetch the deleted order (404).
      await navigate({ to: '/dashboard/orders' });
      qc.removeQueries({ queryKey: trpc.orders.get.queryKey({ id }) });
      await refreshLists();
    } catch {
      notify.error(m.deleteOrderFailed);
    }
  }

  const busy = toggle.isPending || remove.isPending || cancel.isPending || markReturned.isPending;
  return {
    busy,
    dialog,
    onToggle: (order: OrderDto) => void onToggle(order),
    onClose: (o: 'cancelled' | 'returned') => void onClose(o),
    onDelete: () => void onDelete(),
  };
}

export function OrderDetails({ id }: { id: number | null }) {
  const order = useQuery({ ...trpc.orders.get.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  const actions = useOrderActions(id);

  let body;
  if (id === null)
    body = (
      <div className="dash-card sales-notice is-error" role="alert">
        {m.orderNotFound}
      </div>
    );
  else if (order.isPending) body = <div className="dash-card sales-notice">{messages.common.loading}</div>;
  else if (order.isError)
    body = (
      <div className="dash-card sales-notice is-error" role="alert">
        {readError(order.error, m.orderDetailsFailed).status === 404 ? m.orderNotFound : m.orderDetailsFailed}
      </div>
    );
  else if (!order.data)
    body = (
      <div className="dash-card sales-notice is-error" role="alert">
        {m.noData}
      </div>
    );
  else body = <OrderBody order={order.data} actions={actions} />;

  return (
    <>
      <PageHeader
        title={id === null ? m.orders : fill(s.orderNumber, { number: orderNumberOf(id) })}
        actions={
          <>
            {id !== null && <HistoryLink entity="order" id={id} />}
            {id !== null && (
              <Link to="/dashboard/print" search={{ ids: String(id), kind: 'slips' }} className="dash-btn">
                {lc.print}
              </Link>
            )}
            <Link to="/dashboard/orders" className="dash-btn">
              {s.backToOrders}
            </Link>
          </>
        }
      />
      {body}
      {actions.dialog}
    </>
  );
}

type OrderActions = ReturnType<typeof useOrderActions>;

/**
 * "Dorëzuar" is offered once the order is with the courier, or, for an order staff took themselves (a counter
 * sale), as its own step "Dorëzuar në dyqan"; the way back to pending is a plain button (decision 248).
 */
function deliverLabel(order: OrderDto): string | null {
  if (order.status !== 'pending') return null;
  if (order.stage === 'shipped') return s.markDelivered;
  return order.createdByUserId !== null ? s.markHandedOver : null;
}

/** The order's state at a glance, with the step forward it is ready for ("Shëno si të dorëzuar"). */
function OrderStateBar({ order, actions }: { order: OrderDto; actions: OrderActions }) {
  const deliver = deliverLabel(order);
  return (
    <div
      className="dash-card"
      style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', marginBottom: 16 }}
    >
      <OrderStatusBadge status={order.status} />
      <StageBadge stage={order.stage} />
      <RiskBadges order={order} />
      <span className="dash-muted">
        {s.orderDate}: {formatDateTime(order.orderDate)}
      </span>
      {order.orderShipDate && (
        <span className="dash-muted">
          {s.shipDate}: {formatDateTime(order.orderShipDate)}
        </span>
      )}
      {order.createdByUserId !== null && <span className="dash-chip">{s.manualOrder}</span>}
      {deliver && (
        <span style={{ marginLeft: 'auto' }}>
          <button
            type="button"
            className={order.stage === 'shipped' ? 'dash-btn dash-btn--primary' : 'dash-btn'}
            onClick={() => actions.onToggle(order)}
            disabled={actions.busy}
          >
            {deliver}
          </button>
        </span>
      )}
    </div>
  );
}

/**
 * The steps back and the ones that end the order (cancel, returned, back to pending, delete): last on the page, so
 * the next stage comes first and a thumb on a phone does not meet "Fshij" on the way to "Konfirmuar" (issue 35).
 */
function OrderEndActions({ order, actions }: { order: OrderDto; actions: OrderActions }) {
  const { busy } = actions;
  return (
    <section className="dash-card sales-end-actions" aria-labelledby="order-end-actions" style={{ marginTop: 16 }}>
      <h2 className="sales-card-title" id="order-end-actions">
        {s.otherActions}
      </h2>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {order.status === 'pending' && (
          <button type="button" className="dash-btn" onClick={() => actions.onClose('cancelled')} disabled={busy}>
            {lc.cancel}
          </button>
        )}
        {order.status === 'delivered' && (
          <button type="button" className="dash-btn" onClick={() => actions.onClose('returned')} disabled={busy}>
            {lc.markReturned}
          </button>
        )}
        {order.status === 'delivered' && (
          <button type="button" className="dash-btn" onClick={() => actions.onToggle(order)} disabled={busy}>
            {s.markPending}
          </button>
        )}
        <button type="button" className="dash-btn dash-btn--danger" onClick={actions.onDelete} disabled={busy}>
          {messages.common.delete}
        </button>
      </div>
    </section>
  );
}

/** A change of state as its coloured badge; a stage move, unanswered call or edit as a plain one (decision 229). */
function HistoryBadge({ state }: { state: OrderHistoryEntryDto['state'] }) {
  if (state === 'created') return <span className="sales-badge">{lc.created}</span>;
  if (state in staffMessages.returns.events)
    return (
      <span className="sales-badge">
        {staffMessages.returns.events[state as keyof typeof staffMessages.returns.events]}
      </span>
    );
  if (state in staffMessages.orderStages.events)
    return (
      <span className="sales-badge">
        {staffMessages.orderStages.events[state as keyof typeof staffMessages.orderStages.events]}
      </span>
    );
  return <OrderStatusBadge status={state as OrderStatus} />;
}

function OrderHistory({ order }: { order: OrderDto }) {
  return (
    <section className="dash-card" aria-labelledby="order-history" style={{ marginTop: 16 }}>
      <h2 className="sales-card-title" id="order-history">
        {lc.history}
      </h2>
      <ol className="sales-history" data-testid="order-history">
        {order.history.map((h, i) => (
          <li key={i}>
            <HistoryBadge state={h.state} />
            <span className="dash-muted">{formatDateTime(h.at)}</span>
            {h.detail && <span>{h.detail}</span>}
            <span>
              {h.userId === null
                ? h.state === 'created'
                  ? lc.shopper
                  : lc.unknownStaff
                : (h.userName ?? lc.unknownStaff)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The order's return requests (decision 235), with their steps. */
function OrderReturns({ orderId }: { orderId: number }) {
  const requests = useQuery(trpc.returns.ofOrder.queryOptions({ orderId }));
  return <OrderReturnsPanel orderId={orderId} requests={requests.data} />;
}

function OrderBody({ order, actions }: { order: OrderDto; actions: OrderActions }) {
  return (
    <>
      <OrderStateBar order={order} actions={actions} />
      <StageCard order={order} />
      <div className="sales-grid-2">
        <CustomerCard order={order} />
        <MoneyCard order={order} />
      </div>
      <LinesCard order={order} />
      <div className="sales-edit">
        <OrderEdit order={order} />
      </div>
      <OrderReturns orderId={order.orderId} />
      <RiskCard order={order} />
      <OrderHistory order={order} />
      <NotesCard order={order} />
      <OrderEndActions order={order} actions={actions} />
    </>
  );
}

function CustomerCard({ order }: { order: OrderDto }) {
  return (
    <section className="dash-card" aria-labelledby="order-customer">
      <h2 className="sales-card-title" id="order-customer">
        {s.customer}
      </h2>
      <dl className="sales-dl">
        <dt>{s.firstName}</dt>
        <dd>
          {order.firstName} {order.lastName}
        </dd>
        <dt>{s.email}</dt>
        <dd>{order.email ? <a href={`mailto:${order.email}`}>{order.email}</a> : s.noEmail}</dd>
        <dt>{s.phoneNumber}</dt>
        <dd>
          <a href={`tel:${order.phoneNumber}`}>{order.phoneNumber}</a>
        </dd>
        <dt>{checkoutMessages.checkout.address}</dt>
        <dd>{order.address}</dd>
        <dt>{checkoutMessages.checkout.city}</dt>
        <dd>
          {order.city} {order.zipCode}
        </dd>
        <dt>{s.country}</dt>
        <dd>{order.countryName || '—'}</dd>
      </dl>
    </section>
  );
}

/** What the order's code was worth: ", −20%" or ", −5,00 €" (a fixed code, decision 222). */
function promoWorth(order: OrderDto): string {
  if (order.promoAmount !== null) return `, −${formatEuro(order.promoAmount)}`;
  return order.promoPercentage ? `, −${order.promoPercentage}%` : '';
}

function MoneyCard({ order }: { order: OrderDto }) {
  return (
    <section className="dash-card" aria-labelledby="order-money">
      <h2 className="sales-card-title" id="order-money">
        {s.total}
      </h2>
      <div className="sales-summary" style={{ marginLeft: 0, maxWidth: 'none' }}>
        <div>
          <span>{s.subtotal}</span>
          <span>{formatEuro(order.subtotal)}</span>
        </div>
        {order.lookDiscount > 0 && (
          <div>
            <span>{lookMessages.discountRow}</span>
            <span data-testid="order-look-discount">−{formatEuro(order.lookDiscount)}</span>
          </div>
        )}
        {order.discount > 0 && (
          <div>
            <span>
              {s.discount}
              {order.promoCode ? ` (${order.promoCode}${promoWorth(order)})` : ''}
            </span>
            <span>−{formatEuro(order.discount)}</span>
          </div>
        )}
        <div>
          <span>{s.shipping}</span>
          <span>{formatEuro(order.shippingCost)}</span>
        </div>
        <div className="is-total">
          <span>{s.total}</span>
          <span>{formatEuro(order.total)}</span>
        </div>
        {order.giftCardAmount > 0 && (
          <div>
            <span>{emailMessages.giftCard}</span>
            <span data-testid="order-gift-card">−{formatEuro(order.giftCardAmount)}</span>
          </div>
        )}
        {order.storeCreditAmount > 0 && (
          <div>
            <span>{checkoutMessages.checkout.storeCreditUsed}</span>
            <span data-testid="order-store-credit">−{formatEuro(order.storeCreditAmount)}</span>
          </div>
        )}
        {order.depositAmount > 0 && (
          <div>
            <span>{staffMessages.codRisk.deposit}</span>
            <span data-testid="order-deposit">−{formatEuro(order.depositAmount)}</span>
          </div>
        )}
        {/* Paid before the door: store credit (273), a gift card (274) and a deposit by transfer (277). */}
        {order.storeCreditAmount + order.giftCardAmount + order.depositAmount > 0 && (
          <div className="is-total">
            <span>{checkoutMessages.checkout.toPay}</span>
            <span data-testid="order-to-pay">
              {formatEuro(
                amountToPay(order.total, order.storeCreditAmount + order.depositAmount, order.giftCardAmount),
              )}
            </span>
          </div>
        )}
      </div>
    </section>
  );
}

function LinesCard({ order }: { order: OrderDto }) {
  return (
    <section className="dash-card" aria-labelledby="order-lines">
      <h2 className="sales-card-title" id="order-lines">
        {s.products}
      </h2>
      {order.orderDetails.length === 0 ? (
        <p className="sales-notice is-error" role="alert">
          {m.noProductsInOrder}
        </p>
      ) : (
        <InnerTable
          columns={[
            { label: s.product },
            { label: s.color },
            { label: s.size },
            { label: s.quantity, className: 'num' },
            { label: s.price, className: 'num' },
            { label: s.total, className: 'num' },
          ]}
        >
          {order.orderDetails.map((l) => (
            <tr key={l.orderDetailsId}>
              <td>
                <span className="sales-line">
                  <Thumb url={l.imageUrl || null} alt={l.productName} />
                  {l.productName}
                </span>
              </td>
              <td>{l.color || '—'}</td>
              <td>{l.size}</td>
              <td className="num">{l.quantity}</td>
              <td className="num">{formatEuro(l.price)}</td>
              <td className="num">{formatEuro(l.lineTotal)}</td>
            </tr>
          ))}
        </InnerTable>
      )}
    </section>
  );
}
