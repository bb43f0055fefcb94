// The shop's cash-on-delivery refusal rule on the buyers screen (issue 37, decisions 272 and 277): the number of
// refusals from which an order waits for staff, what it then needs (a call, or a deposit), and the blocked phones.
// The server decides every move (409 with the reason); this only shows it.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffMessages } from '#shared/messages-staff';
import type { RefusalRequirement } from '#shared/schemas/cod-risk';
import { trpc } from '#client/lib/trpc';
import { readError } from '#client/lib/api-error';
import { notify } from '#client/lib/notify';

const m = staffMessages.codRisk;

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
