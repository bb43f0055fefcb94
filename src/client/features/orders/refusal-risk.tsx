// Refusal risk for cash on delivery on the staff screens (issue 37, decision 272): the badge with the buyer's
// refusals at the door (orders list and order screen), the held order's notice and "Liro porosinë", why packing waits
// for "Konfirmuar" under the shop's rule, and the risk card (the phone's history, block or unblock with a note).
// The rule itself is set on the buyers screen (features/customers/refusal-rule.tsx).
// The server decides every move (409 with the reason); these only show it.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import type { OrderDto, OrderSummaryDto } from '#shared/dto/orders';
import { trpc } from '#client/lib/trpc';
import { readError } from '#client/lib/api-error';
import { notify } from '#client/lib/notify';
import { DepositForm } from './order-deposit';

const m = staffMessages.codRisk;

/** The badges of a live pending order: its buyer's refusals, a blocked phone, an order held for staff. */
export function RiskBadges({ order }: { order: OrderSummaryDto }) {
  if (order.status !== 'pending') return null;
  return (
    <>
      {order.refusals > 0 && (
        <span
          className={`sales-badge sales-risk${order.refusalRisk ? ' is-risky' : ''}`}
          title={plural(m.refusalsTitle, order.refusals)}
          data-testid="refusal-badge"
        >
          {plural(m.refusals, order.refusals)}
        </span>
      )}
      {order.heldAt !== null && (
        <span className="sales-badge sales-risk is-risky" data-testid="held-badge">
          {m.held}
        </span>
      )}
      {order.phoneBlocked && order.heldAt === null && <span className="sales-badge sales-risk">{m.phoneBlocked}</span>}
    </>
  );
}

/** After a change: the order's cache and the lists. */
function useRefresh() {
  const qc = useQueryClient();
  return async (order?: OrderDto) => {
    if (order) qc.setQueryData(trpc.orders.get.queryKey({ id: order.orderId }), order);
    await qc.invalidateQueries({ queryKey: trpc.orders.pathKey() });
    await qc.invalidateQueries({ queryKey: trpc.customers.history.pathKey() });
  };
}

/** Under the stage moves: why the next move waits (a held order, or the shop's rule before packing). */
export function StageRiskNotice({ order }: { order: OrderDto }) {
  const refresh = useRefresh();
  const release = useMutation(trpc.orders.release.mutationOptions());
  if (order.stage === 'new' && order.heldAt !== null)
    return (
      <div className="sales-risk-notice" role="note" data-testid="held-notice">
        <p>{m.heldHint}</p>
        <button
          type="button"
          className="dash-btn dash-btn--primary"
          disabled={release.isPending}
          onClick={async () => {
            try {
              await refresh(await release.mutateAsync({ id: order.orderId }));
              notify.success(m.released);
            } catch (err) {
              notify.error(readError(err, staffMessages.orderStages.moveFailed).message);
            }
          }}
        >
          {m.release}
        </button>
      </div>
    );
  // Under the deposit rule (decision 277) a confirmed order still waits for its deposit: the sentence stays until then.
  const waits = order.depositRequired ? order.stage !== 'packed' && order.depositAmount === 0 : order.stage === 'new';
  return (
    <>
      {waits && order.refusalRisk && order.stage !== 'shipped' && (
        <p className="sales-risk-notice" role="note" data-testid="rule-notice">
          {plural(order.depositRequired ? m.packNeedsDeposit : m.packNeedsCall, order.refusals)}
        </p>
      )}
      <DepositForm order={order} />
    </>
  );
}

/** The buyer's history by the order's phone and e-mail, and blocking or unblocking the phone with a note. */
export function RiskCard({ order }: { order: OrderDto }) {
  const refresh = useRefresh();
  const contact = { phone: order.phoneNumber || undefined, email: order.email || undefined };
  const history = useQuery({
    ...trpc.customers.history.queryOptions(contact),
    enabled: !!(contact.phone || contact.email),
  });
  const block = useMutation(trpc.codRisk.block.mutationOptions());
  const unblock = useMutation(trpc.codRisk.unblock.mutationOptions());
  const [note, setNote] = useState('');
  const h = history.data;
  async function run(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      await refresh();
      notify.success(done);
    } catch (err) {
      notify.error(readError(err, staffMessages.orderStages.moveFailed).message);
    }
  }
  if (!order.phoneNumber && !order.email) return null;
  return (
    <section className="dash-card" aria-labelledby="order-risk" style={{ marginTop: 16 }} data-testid="risk-card">
      <h2 className="sales-card-title" id="order-risk">
        {m.history}
      </h2>
      {h && (
        <dl className="sales-risk-figures">
          <dt>{m.delivered}</dt>
          <dd>{h.delivered}</dd>
          <dt>{m.refused}</dt>
          <dd data-testid="history-refused">{h.refused}</dd>
          <dt>{m.cancelled}</dt>
          <dd>{h.cancelled}</dd>
          <dt>{m.returned}</dt>
          <dd>{h.returned}</dd>
        </dl>
      )}
      {order.phoneNumber &&
        (order.phoneBlocked ? (
          <button
            type="button"
            className="dash-btn"
            disabled={unblock.isPending}
            onClick={() => void run(() => unblock.mutateAsync({ phone: order.phoneNumber }), m.unblocked)}
          >
            {m.unblock}
          </button>
        ) : (
          <form
            className="sales-note-form"
            onSubmit={(e) => {
              e.preventDefault();
              void run(async () => {
                await block.mutateAsync({ phone: order.phoneNumber, note });
                setNote('');
              }, m.blocked);
            }}
          >
            <label className="dash-label" htmlFor="block-note">
              {m.blockNote}
            </label>
            <input
              id="block-note"
              className="dash-input"
              value={note}
              maxLength={500}
              onChange={(e) => setNote(e.target.value)}
            />
            <button type="submit" className="dash-btn" disabled={block.isPending}>
              {m.block}
            </button>
          </form>
        ))}
    </section>
  );
}
