// Staff's return requests (decision 235): a card per request with its lines, state and the steps it allows now:
// approve, refuse with a reason, mark received, record the refund, send the exchange. Used by /dashboard/returns and
// the order details screen's panel. Every step is the server's guarded move: a 409 shows its message.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReturnRequestDto } from '#shared/dto/returns';
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { returnMessages } from '#shared/messages/returns';
import { formatEuro } from '#shared/money';
import { orderNumberOf } from '#shared/order-number';
import { REFUND_METHODS } from '#shared/returns';
import { RefundReturnInput, RefuseReturnInput } from '#shared/schemas/returns';
import { Field, FieldLook } from '../ui/field';
import { readError } from '#client/lib/api-error';
import { useForm } from '#client/lib/forms/use-form';
import { notify } from '#client/lib/notify';
import { trpc } from '#client/lib/trpc';
import { formatDateTime } from './sales-kit';

const s = staffMessages.returns;
const variantOf = (size: string | null, color: string | null) => [size, color].filter(Boolean).join(', ');

/** Refreshes every returns list, the order panels and the orders (their history gained a row). */
function useRefreshReturns() {
  const qc = useQueryClient();
  return async () => {
    await qc.invalidateQueries({ queryKey: trpc.returns.pathKey() });
    await qc.invalidateQueries({ queryKey: trpc.orders.pathKey() });
    // A refund as store credit wrote a row of the customer's credit (decision 271).
    await qc.invalidateQueries({ queryKey: trpc.storeCredit.pathKey() });
  };
}

function RefuseForm({ r }: { r: ReturnRequestDto }) {
  const refresh = useRefreshReturns();
  const refuse = useMutation(trpc.returns.refuse.mutationOptions());
  const form = useForm({
    initialValues: { reason: '' },
    schema: RefuseReturnInput,
    toInput: (v) => ({ id: r.returnRequestId, reason: v.reason }),
    errorFallback: s.failed,
    onSubmit: async (input) => {
      await refuse.mutateAsync(input);
      await refresh();
      notify.success(s.done);
    },
  });
  return (
    <form {...form.formProps} className="returns-step" aria-label={s.refuse}>
      <Field label={s.refuseReason} {...form.field('reason', `refuse-${r.returnRequestId}`)}>
        {(control) => <input {...control} {...form.input('reason')} className="dash-input" maxLength={500} />}
      </Field>
      <button type="submit" className="dash-btn dash-btn--danger" disabled={form.submitting}>
        {s.refuse}
      </button>
      {form.formError && <p className="dash-error">{form.formError}</p>}
    </form>
  );
}

function RefundForm({ r }: { r: ReturnRequestDto }) {
  const refresh = useRefreshReturns();
  const refund = useMutation(trpc.returns.refund.mutationOptions());
  const form = useForm({
    initialValues: { method: 'cash', amount: r.paidTotal.toFixed(2).replace('.', ',') },
    schema: RefundReturnInput,
    toInput: (v) => ({ id: r.returnRequestId, method: v.method, amount: v.amount }),
    errorFallback: s.failed,
    onSubmit: async (input) => {
      await refund.mutateAsync(input);
      await refresh();
      notify.success(s.done);
    },
  });
  return (
    <form {...form.formProps} className="returns-step" aria-label={s.recordRefund}>
      <Field label={s.refundMethod} {...form.field('method', `refund-method-${r.returnRequestId}`)}>
        {(control) => (
          <select {...control} {...form.input('method')} className="dash-input">
            {/* A guest order has no account to credit (decision 271): store credit is not offered (277). */}
            {REFUND_METHODS.filter((m) => !(r.guestOrder && m === 'store_credit')).map((m) => (
              <option key={m} value={m}>
                {returnMessages.refundMethods[m]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={s.refundAmount} {...form.field('amount', `refund-amount-${r.returnRequestId}`)}>
        {(control) => <input {...control} {...form.input('amount')} className="dash-input" inputMode="decimal" />}
      </Field>
      <button type="submit" className="dash-btn dash-btn--primary" disabled={form.submitting}>
        {s.recordRefund}
      </button>
      {form.formError && <p className="dash-error">{form.formError}</p>}
    </form>
  );
}

/** A one-click step (approve, receive, send the exchange). */
function StepButton({
  r,
  step,
  label,
}: {
  r: ReturnRequestDto;
  step: 'approve' | 'receive' | 'sendExchange';
  label: string;
}) {
  const refresh = useRefreshReturns();
  const move = useMutation(trpc.returns[step].mutationOptions());
  return (
    <button
      type="button"
      className="dash-btn dash-btn--primary"
      disabled={move.isPending}
      data-testid={`return-${step}`}
      onClick={async () => {
        try {
          await move.mutateAsync({ id: r.returnRequestId });
          await refresh();
          notify.success(s.done);
        } catch (err) {
          notify.error(readError(err, s.failed).message);
        }
      }}
    >
      {label}
    </button>
  );
}

function Steps({ r }: { r: ReturnRequestDto }) {
  if (r.state === 'refused' || r.state === 'withdrawn' || r.state === 'refunded' || r.state === 'exchanged')
    return null;
  return (
    <FieldLook.Provider value="dashboard">
      <div className="returns-steps">
        {r.state === 'requested' && <StepButton r={r} step="approve" label={s.approve} />}
        {r.state === 'approved' && <StepButton r={r} step="receive" label={s.receive} />}
        {r.state === 'received' && r.kind === 'exchange' && (
          <StepButton r={r} step="sendExchange" label={s.sendExchange} />
        )}
        {(r.state === 'requested' || r.state === 'approved') && <RefuseForm r={r} />}
        {r.state === 'received' && <RefundForm r={r} />}
      </div>
    </FieldLook.Provider>
  );
}

export function ReturnCard({ r, customerName }: { r: ReturnRequestDto; customerName?: string }) {
  return (
    <article
      className="dash-card returns-card"
      data-testid="return-card"
      aria-label={fill(s.request, { id: r.returnRequestId })}
    >
      <header className="returns-card-head">
        <strong>{fill(s.request, { id: r.returnRequestId })}</strong>
        <span className={`sales-badge returns-state is-${r.state}`}>{s.states[r.state]}</span>
      </header>
      <dl className="returns-facts">
        <dt>{s.order}</dt>
        <dd>
          <Link to="/dashboard/orderDetails/$id" params={{ id: String(r.orderId) }}>
            {r.orderNumber}
          </Link>
          {customerName && ` · ${customerName}`}
        </dd>
        <dt>{s.kind}</dt>
        <dd>{returnMessages.kinds[r.kind]}</dd>
        <dt>{s.reason}</dt>
        <dd>{returnMessages.reasons[r.reason]}</dd>
        <dt>{s.askedAt}</dt>
        <dd>{formatDateTime(r.createdAt)}</dd>
        <dt>{s.paidValue}</dt>
        <dd>{formatEuro(r.paidTotal)}</dd>
      </dl>
      <ul className="returns-lines">
        {r.lines.map((l) => (
          <li key={l.orderDetailsId}>
            {l.quantity} × {l.productName} ({variantOf(l.size, l.color)})
            {l.exchangeVariantId !== null && (
              <span className="dash-muted">
                {' '}
                · {fill(s.wanted, { variant: variantOf(l.exchangeSize, l.exchangeColor) })}
                {l.reserved && ` (${s.reserved})`}
              </span>
            )}
          </li>
        ))}
      </ul>
      {r.comment && <p className="dash-muted">{`${s.comment}: ${r.comment}`}</p>}
      {r.refusalReason && <p className="dash-muted">{`${s.refusalReason}: ${r.refusalReason}`}</p>}
      {r.refund !== null && r.refundMethod && (
        <p>{fill(s.refund, { amount: formatEuro(r.refund), method: returnMessages.refundMethods[r.refundMethod] })}</p>
      )}
      {r.exchangeOrderId !== null && (
        <p>
          {s.exchangeOrder}:{' '}
          <Link to="/dashboard/orderDetails/$id" params={{ id: String(r.exchangeOrderId) }}>
            {orderNumberOf(r.exchangeOrderId)}
          </Link>
        </p>
      )}
      <Steps r={r} />
    </article>
  );
}

/** The order details screen's panel: this order's requests (nothing when it has none). */
export function OrderReturnsPanel({
  orderId,
  requests,
}: {
  orderId: number;
  requests: ReturnRequestDto[] | undefined;
}) {
  if (!requests || requests.length === 0) return null;
  return (
    <section className="returns-panel" aria-labelledby={`order-returns-${orderId}`} style={{ marginTop: 16 }}>
      <h2 className="sales-card-title" id={`order-returns-${orderId}`}>
        {s.panelTitle}
      </h2>
      {requests.map((r) => (
        <ReturnCard key={r.returnRequestId} r={r} />
      ))}
    </section>
  );
}
