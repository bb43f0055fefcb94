// Gift cards (decision 274), administrators only: the list (last four, value, balance, expiry, state), the issue form
// (value, expiry prefilled by the shop's policy, recipient, optional e-mail, message) and, right after issuing, the
// code shown once with a printable card in Albanian (window.print prints the card alone: gift-cards.css).
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addMonths, formatDate, shopToday } from '#shared/dates';
import type { GiftCardSummaryDto, IssuedGiftCardDto } from '#shared/dto/gift-cards';
import { GIFT_CARD_DEFAULT_MONTHS } from '#shared/gift-cards';
import { fill, messages } from '#shared/messages';
import { giftCardMessages as g } from '#shared/messages/gift-cards';
import { staffMessages } from '#shared/messages-staff';
import { formatEuro } from '#shared/money';
import { orderNumberOf } from '#shared/order-number';
import { IssueGiftCardInput } from '#shared/schemas/gift-cards';
import { trpc } from '#client/lib/trpc';
import { readError } from '#client/lib/api-error';
import { notify } from '#client/lib/notify';
import { useForm } from '#client/lib/forms/use-form';
import { Field } from '#client/components/ui/field';
import { FormCard } from '#client/components/dashboard/form-card';
import { PageHeader } from '#client/components/dashboard/page-header';
import { DataTable, type Column } from '#client/components/dashboard/data-table';
import './gift-cards.css';

const s = staffMessages.giftCards;

function IssueForm({ onIssued }: { onIssued: (card: IssuedGiftCardDto) => void }) {
  const qc = useQueryClient();
  const issue = useMutation(trpc.giftCards.issue.mutationOptions());
  const policy = addMonths(shopToday(), GIFT_CARD_DEFAULT_MONTHS);
  const initialValues = { amount: '', expiresOn: policy, recipientName: '', recipientEmail: '', message: '' };
  const form = useForm({
    initialValues,
    schema: IssueGiftCardInput,
    errorFallback: s.failed,
    onSubmit: async (input, helpers) => {
      const card = await issue.mutateAsync(input);
      await qc.invalidateQueries({ queryKey: trpc.giftCards.list.queryKey() });
      helpers.reset(initialValues);
      notify.success(s.issued);
      onIssued(card);
    },
  });
  return (
    <FormCard form={form} submitLabel={s.save} labelledBy="gift-card-form">
      <h2 className="sales-card-title" id="gift-card-form">
        {s.issue}
      </h2>
      <Field label={s.amount} {...form.field('amount', 'gift-amount')} required>
        {(control) => <input {...control} {...form.input('amount')} inputMode="decimal" />}
      </Field>
      <Field
        label={s.expiresOn}
        {...form.field('expiresOn', 'gift-expires')}
        hint={fill(s.expiryHint, { months: GIFT_CARD_DEFAULT_MONTHS })}
      >
        {(control) => <input {...control} {...form.input('expiresOn')} type="date" />}
      </Field>
      <Field label={s.recipientName} {...form.field('recipientName', 'gift-name')} required>
        {(control) => <input {...control} {...form.input('recipientName')} maxLength={100} />}
      </Field>
      <Field label={s.recipientEmail} {...form.field('recipientEmail', 'gift-email')}>
        {(control) => <input {...control} {...form.input('recipientEmail')} type="email" maxLength={254} />}
      </Field>
      <Field label={s.message} {...form.field('message', 'gift-message')}>
        {(control) => <textarea {...control} {...form.input('message')} maxLength={500} rows={3} />}
      </Field>
      {form.formError && (
        <p className="dash-error" role="alert">
          {form.formError}
        </p>
      )}
    </FormCard>
  );
}

/** The card as printed and shown once: value, recipient, message, code, expiry, in Albanian. */
function IssuedCard({ card, onClose }: { card: IssuedGiftCardDto; onClose: () => void }) {
  return (
    <section className="gift-issued" aria-labelledby="gift-issued-title" data-testid="gift-card-issued">
      <p className="gift-issued__once">{s.codeOnce}</p>
      <article className="gift-print" data-testid="gift-card-print">
        <p className="gift-print__shop">{messages.common.shopName}</p>
        <h2 id="gift-issued-title" className="gift-print__title">
          {g.printTitle}
        </h2>
        <p className="gift-print__value">
          <span>{g.printValue}</span> <strong>{formatEuro(card.initial)}</strong>
        </p>
        <p>{fill(g.printFor, { name: card.recipientName })}</p>
        {card.message && <p className="gift-print__message">{card.message}</p>}
        <p className="gift-print__code">
          <span>{g.printCode}</span> <code data-testid="gift-card-code">{card.code}</code>
        </p>
        <p>{card.expiresOn ? fill(g.mailExpires, { date: formatDate(card.expiresOn) }) : g.mailNoExpiry}</p>
        <p className="gift-print__how">{g.mailHow}</p>
      </article>
      {card.mailed && <p>{s.mailed}</p>}
      <p className="sales-row-actions">
        <button type="button" className="dash-btn dash-btn--primary" onClick={() => window.print()}>
          {s.print}
        </button>
        <button type="button" className="dash-btn" onClick={onClose}>
          {s.close}
        </button>
      </p>
    </section>
  );
}

export function GiftCardsScreen() {
  const [page, setPage] = useState(1);
  const list = useQuery(trpc.giftCards.list.queryOptions({ page }));
  const [issued, setIssued] = useState<IssuedGiftCardDto | null>(null);
  const columns: Column<GiftCardSummaryDto>[] = [
    { key: 'last4', header: s.last4, cell: (c) => <code>••••{c.last4}</code> },
    { key: 'initial', header: s.initial, cell: (c) => formatEuro(c.initial) },
    { key: 'balance', header: s.balance, cell: (c) => <strong>{formatEuro(c.balance)}</strong> },
    { key: 'expiry', header: s.expiry, cell: (c) => (c.expiresOn ? formatDate(c.expiresOn) : s.noExpiry) },
    { key: 'status', header: s.status, cell: (c) => s.statuses[c.status] },
    { key: 'recipient', header: s.recipient, cell: (c) => c.recipientName || '—' },
    {
      key: 'source',
      header: s.source,
      cell: (c) => (c.sourceOrderId ? fill(s.fromOrder, { number: orderNumberOf(c.sourceOrderId) }) : s.byStaff),
    },
  ];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / (list.data?.pageSize ?? 25)));
  return (
    <>
      <PageHeader title={s.title} />
      <p className="gift-intro">{s.intro}</p>
      {issued && <IssuedCard card={issued} onClose={() => setIssued(null)} />}
      <DataTable
        columns={columns}
        rows={list.data?.items}
        rowKey={(c) => c.giftCardId}
        loading={list.isPending}
        error={list.isError ? readError(list.error, s.loadFailed).message : null}
        emptyText={s.empty}
        caption={s.caption}
      />
      {pages > 1 && (
        <p className="sales-row-actions">
          <button type="button" className="dash-btn" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {s.previous}
          </button>
          <button type="button" className="dash-btn" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {s.next}
          </button>
        </p>
      )}
      <div style={{ marginTop: 16 }}>
        <IssueForm onIssued={setIssued} />
      </div>
    </>
  );
}
