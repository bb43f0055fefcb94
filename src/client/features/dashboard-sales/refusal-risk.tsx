// Refusal risk for cash on delivery on the staff screens (issue 37, decision 272): the badge with the buyer's
// refusals at the door (orders list and order screen), the held order's notice and "Liro porosinë", why packing waits
// for "Konfirmuar" under the shop's rule, and the risk card (the phone's history, block or unblock with a note).
// The server decides every move (409 with the reason); these only show it.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { plural } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import type { OrderDto, OrderSummaryDto } from '../../../shared/dto/orders';
import type { RefusalRequirement } from '../../../shared/schemas/cod-risk';
import { trpc } from '../../lib/trpc';
import { readError } from '../../lib/api-error';
import { notify } from '../../lib/notify';
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

/** What a risky order needs before packing (decision 277): a call, or a call and a deposit by transfer. */
function RequirementSelect({
  value,
  onChange,
}: {
  value: RefusalRequirement;
  onChange: (v: RefusalRequirement) => void;
}) {
  return (
    <>
      <label className="dash-label" htmlFor="refusal-requirement">
        {m.requirement}
      </label>
      <select
        id="refusal-requirement"
        className="dash-input"
        value={value}
        onChange={(e) => onChange(e.target.value as RefusalRequirement)}
      >
        <option value="call">{m.requirementCall}</option>
        <option value="deposit">{m.requirementDeposit}</option>
      </select>
    </>
  );
}

/** The shop's rule (administrators) and the blocked phones, under the buyers list. */
export function RefusalRuleCard() {
  const qc = useQueryClient();
  const rule = useQuery(trpc.codRisk.rule.queryOptions());
  const blocked = useQuery(trpc.codRisk.blockedPhones.queryOptions());
  const save = useMutation(trpc.codRisk.setRule.mutationOptions());
  const unblock = useMutation(trpc.codRisk.unblock.mutationOptions());
  const [value, setValue] = useState<string | null>(null);
  const [requirement, setRequirement] = useState<RefusalRequirement | null>(null);
  const shown = value ?? (rule.data ? String(rule.data.threshold) : '');
  const needs = requirement ?? rule.data?.requirement ?? 'call';
  return (
    <section className="dash-card" aria-labelledby="refusal-rule" style={{ marginTop: 16 }} data-testid="refusal-rule">
      <h2 className="sales-card-title" id="refusal-rule">
        {m.ruleTitle}
      </h2>
      <form
        className="sales-note-form"
        onSubmit={async (e) => {
          e.preventDefault();
          try {
            await save.mutateAsync({ threshold: Number(shown), requirement: needs });
            setValue(null);
            await qc.invalidateQueries({ queryKey: trpc.codRisk.rule.pathKey() });
            await qc.invalidateQueries({ queryKey: trpc.orders.pathKey() });
            notify.success(m.ruleSaved);
          } catch (err) {
            notify.error(readError(err, m.ruleInvalid).message);
          }
        }}
      >
        <label className="dash-label" htmlFor="refusal-threshold">
          {m.rule}
        </label>
        <input
          id="refusal-threshold"
          className="dash-input"
          type="number"
          min={0}
          max={20}
          step={1}
          value={shown}
          aria-describedby="refusal-threshold-hint"
          onChange={(e) => setValue(e.target.value)}
        />
        <span id="refusal-threshold-hint" className="dash-muted">
          {m.ruleHint}
        </span>
        <RequirementSelect value={needs} onChange={setRequirement} />
        <button type="submit" className="dash-btn" disabled={save.isPending}>
          {m.ruleSave}
        </button>
      </form>
      <h3 className="sales-card-title">{m.blockedTitle}</h3>
      {blocked.data && blocked.data.length === 0 && <p className="dash-muted">{m.noBlocked}</p>}
      <ul className="sales-notes">
        {(blocked.data ?? []).map((b) => (
          <li key={b.phone}>
            <strong>{b.phone}</strong> {b.note && <span className="dash-muted">· {b.note}</span>}{' '}
            <button
              type="button"
              className="dash-btn dash-btn--sm"
              disabled={unblock.isPending}
              onClick={async () => {
                try {
                  await unblock.mutateAsync({ phone: b.phone });
                  await qc.invalidateQueries({ queryKey: trpc.codRisk.blockedPhones.pathKey() });
                  notify.success(m.unblocked);
                } catch (err) {
                  notify.error(readError(err, m.notBlocked).message);
                }
              }}
            >
              {m.unblock}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
