// /dashboard/emails: the e-mail outbox (issue 13, decision 170) — recipient, subject, kind, status, attempts and
// last error, paged and searchable (decision 134), a status filter, a preview of the rendered HTML and text parts,
// and "Ridërgo" for failed messages. A sent message past MAIL_KEEP_DAYS shows a note where its body was (decision 241).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fill, messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import type { OutboxStatusDto, OutboxRowDto } from '#shared/dto/outbox';
import { OUTBOX_STATUSES } from '#shared/schemas/outbox';
import { PAGE_SIZE_DEFAULT } from '#shared/schemas/paging';
import { PageHeader } from '#client/components/dashboard/page-header';
import { DataTable, type Column } from '#client/components/dashboard/data-table';
import { Pager, usePageNumber } from '#client/components/dashboard/pager';
import { useDashboardSearch } from '#client/components/dashboard/search-store';
import { readError } from '#client/lib/api-error';
import { notify } from '#client/lib/notify';
import { trpc } from '#client/lib/trpc';
import { MailStatusBadge, formatDateTime } from '#client/components/dashboard/sales-kit';

const e = staffMessages.outbox;

const kindLabel = (kind: string) => (e.kinds as Record<string, string>)[kind] ?? kind;

function StatusFilter({
  status,
  onChange,
}: {
  status: OutboxStatusDto | '';
  onChange: (s: OutboxStatusDto | '') => void;
}) {
  return (
    <label className="sales-state-filter">
      <span>{e.filterByStatus}</span>
      <select
        className="dash-input"
        style={{ width: 'auto' }}
        value={status}
        onChange={(ev) => onChange(ev.target.value as OutboxStatusDto | '')}
        data-testid="mail-status-filter"
      >
        <option value="">{e.allStatuses}</option>
        {OUTBOX_STATUSES.map((st) => (
          <option key={st} value={st}>
            {e.statuses[st]}
          </option>
        ))}
      </select>
    </label>
  );
}

function Preview({ id, onClose }: { id: number; onClose: () => void }) {
  const mail = useQuery(trpc.outbox.byId.queryOptions({ id }));
  if (mail.isPending) return <section className="dash-card mail-preview">{messages.common.loading}</section>;
  if (mail.isError)
    return (
      <section className="dash-card mail-preview" role="alert">
        {readError(mail.error, e.loadFailed).message}
      </section>
    );
  const m = mail.data;
  return (
    <section className="dash-card mail-preview" aria-label={e.preview} data-testid="mail-preview">
      <header className="mail-preview__head">
        <div>
          <h2>{m.subject}</h2>
          <p>
            {e.to}: {m.recipient}
            {m.replyTo ? ` · ${e.replyTo}: ${m.replyTo}` : ''}
          </p>
        </div>
        <button type="button" className="dash-btn dash-btn--sm" onClick={onClose}>
          {e.closePreview}
        </button>
      </header>
      {m.bodyClearedAt ? (
        <p className="mail-preview__cleared" data-testid="mail-body-cleared">
          {clearedNote(m.sentAt, m.bodyClearedAt)}
        </p>
      ) : (
        <>
          <iframe className="mail-preview__html" title={e.htmlPart} sandbox="" srcDoc={m.html} />
          <details className="mail-preview__text">
            <summary>{e.textPart}</summary>
            <pre>{m.text}</pre>
          </details>
        </>
      )}
    </section>
  );
}

/** "The body was cleared N days after sending (date)": a sent message past MAIL_KEEP_DAYS (decision 241). */
function clearedNote(sentAt: string | null, clearedAt: string): string {
  const days = sentAt ? Math.floor((Date.parse(clearedAt) - Date.parse(sentAt)) / 86_400_000) : 0;
  return fill(e.bodyCleared, { days, date: formatDateTime(clearedAt) });
}

export function EmailOutbox() {
  const search = useDashboardSearch();
  const [status, setStatus] = useState<OutboxStatusDto | ''>('');
  const [open, setOpen] = useState<number | null>(null);
  const [page, setPage] = usePageNumber(`${status}|${search}`);
  const list = useOutboxPage(status, search, page);
  const { onResend, resending } = useResendMail();
  const columns = outboxColumns({ onView: setOpen, onResend, resending });
  return (
    <>
      <PageHeader title={e.title} actions={<StatusFilter status={status} onChange={setStatus} />} />
      <p className="mail-intro">{e.intro}</p>
      {open !== null && <Preview id={open} onClose={() => setOpen(null)} />}
      <DataTable
        columns={columns}
        rows={list.data?.items}
        rowKey={(r) => r.mailID}
        loading={list.isPending}
        error={list.isError ? readError(list.error, e.loadFailed).message : null}
        emptyText={search ? messages.common.noResults : e.empty}
        caption={e.title}
      />
      {list.data && <Pager page={page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />}
    </>
  );
}

/** One page of the outbox, filtered by status and search; the previous page stays shown while the next loads. */
function useOutboxPage(status: OutboxStatusDto | '', search: string, page: number) {
  return useQuery({
    ...trpc.outbox.page.queryOptions({
      ...(status ? { status } : {}),
      ...(search ? { q: search } : {}),
      page,
      pageSize: PAGE_SIZE_DEFAULT,
    }),
    placeholderData: keepPreviousData,
  });
}

/** Sends a failed message again, tells the user how it went and refreshes the outbox. */
function useResendMail() {
  const qc = useQueryClient();
  const resend = useMutation(trpc.outbox.resend.mutationOptions());

  async function onResend(row: OutboxRowDto) {
    try {
      await resend.mutateAsync({ id: row.mailID });
      notify.success(e.resent);
      await qc.invalidateQueries({ queryKey: trpc.outbox.pathKey() });
    } catch (err) {
      notify.error(readError(err, e.resendFailed).message);
    }
  }

  return { onResend, resending: resend.isPending };
}

interface OutboxActions {
  onView: (mailID: number) => void;
  onResend: (row: OutboxRowDto) => Promise<void>;
  resending: boolean;
}

/** The outbox table's columns; the last one views a message and, when it failed, sends it again. */
function outboxColumns({ onView, onResend, resending }: OutboxActions): Column<OutboxRowDto>[] {
  return [
    { key: 'date', header: e.created, className: 'sales-nowrap', cell: (r) => formatDateTime(r.createdAt) },
    { key: 'to', header: e.to, cell: (r) => r.recipient },
    { key: 'subject', header: e.subject, cell: (r) => r.subject },
    { key: 'kind', header: e.kind, cell: (r) => kindLabel(r.kind) },
    {
      key: 'status',
      header: e.status,
      cell: (r) => <MailStatusBadge status={r.status} />,
    },
    { key: 'attempts', header: e.attempts, className: 'num', cell: (r) => r.attempts },
    { key: 'error', header: e.lastError, className: 'mail-error', cell: (r) => r.lastError ?? '—' },
    {
      key: 'actions',
      header: staffMessages.dashboardSales.actions,
      className: 'actions',
      cell: (r) => (
        <>
          <button
            type="button"
            className="dash-btn dash-btn--sm"
            onClick={() => onView(r.mailID)}
            aria-label={`${e.view} #${r.mailID}`}
          >
            {e.view}
          </button>
          {r.status === 'failed' && (
            <button
              type="button"
              className="dash-btn dash-btn--sm dash-btn--primary"
              onClick={() => void onResend(r)}
              disabled={resending}
            >
              {e.resend}
            </button>
          )}
        </>
      ),
    },
  ];
}
