// A customer's store credit on the customers screen (decision 271): the balance (the sum of the ledger's rows), the
// latest rows with their notes and who wrote them, and the administrator's add / remove form with a required note.
// The server refuses a removal below zero (409 on the amount) and audits every change.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffCreditEntryDto } from '#shared/dto/store-credit';
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { formatEuro } from '#shared/money';
import { AdjustCreditInput } from '#shared/schemas/store-credit';
import { CREDIT_ADJUSTMENTS, CREDIT_NOTE_MAX } from '#shared/store-credit';
import { MoneyInput } from '#client/components/dashboard/money-input';
import { Field } from '#client/components/ui/field';
import { readError } from '#client/lib/api-error';
import { useForm } from '#client/lib/forms/use-form';
import { notify } from '#client/lib/notify';
import { trpc } from '#client/lib/trpc';
import { useModalDialog } from '#client/lib/use-modal-dialog';
import { formatDateTime } from '#client/components/dashboard/sales-kit';

const s = staffMessages.storeCredit;

/** The dialog for one account's credit (open while `userId` is set). */
export function CustomerCreditDialog({
  userId,
  name,
  onClose,
}: {
  userId: number | null;
  name: string;
  onClose: () => void;
}) {
  const ref = useModalDialog(userId !== null);
  return (
    <dialog
      ref={ref}
      className="dash-dialog credit-dialog"
      aria-labelledby="credit-dialog-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id="credit-dialog-title">{fill(s.openFor, { name })}</h2>
      {userId !== null && <CustomerCredit userId={userId} />}
      <div className="dash-dialog-actions">
        <button type="button" className="dash-btn" onClick={onClose}>
          {s.close}
        </button>
      </div>
    </dialog>
  );
}

function CustomerCredit({ userId }: { userId: number }) {
  const credit = useQuery(trpc.storeCredit.ofCustomer.queryOptions({ userId }));
  if (credit.isPending) return <p className="dash-muted">…</p>;
  if (credit.isError) return <p className="dash-error">{readError(credit.error, s.loadFailed).message}</p>;
  return (
    <div className="credit-panel" data-testid="customer-credit">
      <p className="credit-panel__balance" data-testid="customer-credit-balance">
        {fill(s.balance, { amount: formatEuro(credit.data.balance) })}
      </p>
      <AdjustForm userId={userId} />
      <h3 className="credit-panel__subtitle">{s.history}</h3>
      {credit.data.items.length === 0 ? (
        <p className="dash-muted">{s.empty}</p>
      ) : (
        <ul className="credit-panel__list">
          {credit.data.items.map((e) => (
            <EntryRow key={e.entryId} entry={e} />
          ))}
        </ul>
      )}
    </div>
  );
}

function EntryRow({ entry: e }: { entry: StaffCreditEntryDto }) {
  return (
    <li className="credit-panel__row">
      <span>
        <strong>{s.reasons[e.reason]}</strong>
        {e.orderNumber && ` · ${e.orderNumber}`}
        {e.staffName && ` · ${fill(s.by, { name: e.staffName })}`}
      </span>
      <span className={e.amount < 0 ? 'credit-panel__minus' : 'credit-panel__plus'}>
        {e.amount > 0 ? '+' : ''}
        {formatEuro(e.amount)}
      </span>
      <span className="dash-muted">{formatDateTime(e.createdAt)}</span>
      {e.note && <span className="credit-panel__note">{e.note}</span>}
    </li>
  );
}

function AdjustForm({ userId }: { userId: number }) {
  const qc = useQueryClient();
  const adjust = useMutation(trpc.storeCredit.adjust.mutationOptions());
  const form = useForm({
    initialValues: { action: 'add', amount: '', note: '' },
    schema: AdjustCreditInput,
    toInput: (v) => ({ userId, action: v.action, amount: v.amount, note: v.note }),
    errorFallback: s.failed,
    onSubmit: async (input, helpers) => {
      await adjust.mutateAsync(input);
      await qc.invalidateQueries({ queryKey: trpc.storeCredit.pathKey() });
      helpers.reset({ action: 'add', amount: '', note: '' });
      notify.success(s.saved);
    },
  });
  return (
    <form {...form.formProps} className="credit-panel__form" aria-label={s.title}>
      <Field label={s.action} {...form.field('action', `credit-action-${userId}`)}>
        {(control) => (
          <select {...control} {...form.input('action')} className="dash-input">
            {CREDIT_ADJUSTMENTS.map((a) => (
              <option key={a} value={a}>
                {s[a]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={s.amount} {...form.field('amount', `credit-amount-${userId}`)}>
        {(control) => <MoneyInput {...control} {...form.input('amount')} className="dash-input" />}
      </Field>
      <Field label={s.note} {...form.field('note', `credit-note-${userId}`)}>
        {(control) => <input {...control} {...form.input('note')} className="dash-input" maxLength={CREDIT_NOTE_MAX} />}
      </Field>
      <button type="submit" className="dash-btn dash-btn--primary" disabled={form.submitting}>
        {form.submitting ? s.saving : s.save}
      </button>
      {form.formError && <p className="dash-error">{form.formError}</p>}
    </form>
  );
}
