// Contact messages table: open a message's thread and reply by e-mail (decision 257), mark as replied (hidden once
// replied) and delete; "No messages found." when empty. The thread opens above the table, the list stays paged.
import { notify } from '#client/lib/notify';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fill, messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import type { ContactMessageDto } from '#shared/dto/contact';
import { trpc } from '#client/lib/trpc';
import { readError } from '#client/lib/api-error';
import { PageHeader } from '#client/components/dashboard/page-header';
import { DataTable, type Column } from '#client/components/dashboard/data-table';
import { Pager, usePageNumber } from '#client/components/dashboard/pager';
import { PAGE_SIZE_DEFAULT } from '#shared/schemas/paging';
import { useConfirm } from '#client/components/dashboard/confirm-dialog';
import { useDashboardSearch } from '#client/components/dashboard/search-store';
import { ContactThread } from './contact-thread';
import { formatDateTime } from '#client/components/dashboard/sales-kit';

const m = staffMessages.dashboard;
const s = staffMessages.dashboardSales;

export function ContactMessages() {
  const search = useDashboardSearch();
  const [page, setPage] = usePageNumber(search);
  const list = useQuery({
    ...trpc.contact.page.queryOptions({ ...(search ? { q: search } : {}), page, pageSize: PAGE_SIZE_DEFAULT }),
    placeholderData: keepPreviousData,
  });
  const [open, setOpen] = useState<number | null>(null);
  const { onReplied, onDelete, replying, dialog } = useContactMessageActions((id) => {
    if (id === open) setOpen(null);
  });
  const columns = contactColumns({ onOpen: setOpen, onReplied, onDelete, replying });
  const rows = list.data?.items;
  return (
    <>
      <PageHeader title={m.messages} />
      {open !== null && <ContactThread id={open} onClose={() => setOpen(null)} />}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.contactID}
        loading={list.isPending}
        error={list.isError ? readError(list.error, s.loadFailed).message : null}
        emptyText={search ? messages.common.noResults : m.noMessages}
        caption={m.messages}
      />
      {list.data && <Pager page={page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />}
      {dialog}
    </>
  );
}

/** Mark a message as replied, or delete it after a confirmation (then `onDeleted`); either refreshes the list. */
function useContactMessageActions(onDeleted: (id: number) => void) {
  const qc = useQueryClient();
  const markReplied = useMutation(trpc.contact.markReplied.mutationOptions());
  const remove = useMutation(trpc.contact.remove.mutationOptions());
  const { confirm, dialog } = useConfirm();
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.contact.pathKey() });

  async function onReplied(row: ContactMessageDto) {
    try {
      await markReplied.mutateAsync({ id: row.contactID });
      notify.success(s.markedReplied);
      await refresh();
    } catch (err) {
      notify.error(readError(err, m.saveFailed).message);
    }
  }

  async function onDelete(row: ContactMessageDto) {
    if (!(await confirm(s.confirmDeleteMessage))) return;
    try {
      await remove.mutateAsync({ id: row.contactID });
      onDeleted(row.contactID);
      notify.success(s.messageDeleted);
      await refresh();
    } catch (err) {
      notify.error(readError(err, m.saveFailed).message);
    }
  }

  return { onReplied, onDelete, replying: markReplied.isPending, dialog };
}

interface ContactMessageActions {
  onOpen: (id: number) => void;
  onReplied: (row: ContactMessageDto) => Promise<void>;
  onDelete: (row: ContactMessageDto) => Promise<void>;
  replying: boolean;
}

/** The table's columns: date, sender, message, replied or not, and the actions (the thread first). */
function contactColumns({ onOpen, onReplied, onDelete, replying }: ContactMessageActions): Column<ContactMessageDto>[] {
  return [
    { key: 'date', header: s.date, className: 'sales-nowrap', cell: (r) => formatDateTime(r.createdAt) },
    {
      key: 'sender',
      header: s.messageName,
      cell: (r) => (
        <span className="sales-sender">
          <strong>{r.name}</strong>
          <a href={`mailto:${r.email}`}>{r.email}</a>
          <a href={`tel:${r.phone}`}>{r.phone}</a>
        </span>
      ),
    },
    {
      key: 'message',
      header: s.messageText,
      className: 'sales-message',
      cell: (r) => <span style={{ whiteSpace: 'pre-wrap' }}>{r.message}</span>,
    },
    {
      key: 'status',
      header: s.status,
      cell: (r) => (
        <span className={`sales-badge ${r.isReplied ? 'is-delivered' : 'is-pending'}`} data-testid="contact-status">
          {r.isReplied ? s.replied : s.notReplied}
        </span>
      ),
    },
    {
      key: 'actions',
      header: s.actions,
      className: 'actions',
      cell: (r) => (
        <>
          <button
            type="button"
            className="dash-btn dash-btn--sm"
            onClick={() => onOpen(r.contactID)}
            aria-label={fill(staffMessages.contactReplies.openFor, { name: r.name })}
          >
            {staffMessages.contactReplies.open}
          </button>
          {!r.isReplied && (
            <button
              type="button"
              className="dash-btn dash-btn--sm"
              onClick={() => void onReplied(r)}
              disabled={replying}
            >
              {m.markReplied}
            </button>
          )}
          <button type="button" className="dash-btn dash-btn--sm dash-btn--danger" onClick={() => void onDelete(r)}>
            {messages.common.delete}
          </button>
        </>
      ),
    },
  ];
}
