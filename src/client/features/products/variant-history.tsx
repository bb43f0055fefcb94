// A variant's stock history on the product screen, in the row under the variant (decision 231): when, who, why, before → after, the order and the
// note, newest first, from the stock ledger.
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { orderNumberOf } from '#shared/order-number';
import { SHOP_TIME_ZONE, formatDate } from '#shared/dates';
import type { StockChangeDto } from '#shared/dto/stock';
import { trpc } from '#client/lib/trpc';
import { DataTable, type Column } from '#client/components/dashboard/data-table';

const t = staffMessages.stock;
const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** "24.11.2026 09:05" in shop time. */
const formatDateTime = (iso: string) => `${formatDate(iso)} ${clock.format(new Date(iso))}`;

const columns: Column<StockChangeDto>[] = [
  { key: 'at', header: t.colWhen, cell: (c) => formatDateTime(c.at) },
  { key: 'who', header: t.colWho, cell: (c) => c.actorName ?? (c.reason === 'sale' ? t.guest : t.system) },
  { key: 'reason', header: t.colReason, cell: (c) => t.reasons[c.reason] },
  {
    key: 'change',
    header: t.colChange,
    className: 'num',
    cell: (c) => (
      <span>
        {c.before} → <strong>{c.after}</strong> ({c.delta > 0 ? `+${c.delta}` : c.delta})
      </span>
    ),
  },
  {
    key: 'order',
    header: t.colOrder,
    cell: (c) =>
      c.orderID === null ? (
        ''
      ) : (
        <Link to="/dashboard/orderDetails/$id" params={{ id: String(c.orderID) }}>
          {orderNumberOf(c.orderID)}
        </Link>
      ),
  },
  { key: 'note', header: t.colNote, cell: (c) => c.note ?? '' },
];

export function VariantHistory({ variantID, onClose }: { variantID: number; onClose: () => void }) {
  const history = useQuery(trpc.catalogAdmin.variantHistory.queryOptions({ variantID }));
  const v = history.data?.variant;
  const title = useRef<HTMLHeadingElement>(null);
  // Opened under its row: the title takes the focus (a screen reader hears which variant) and the section scrolls
  // into view only as far as it must.
  useEffect(() => {
    title.current?.focus({ preventScroll: true });
    title.current?.closest('section')?.scrollIntoView({ block: 'nearest' });
  }, [variantID]);
  return (
    <section className="dash-card stock-history" aria-labelledby="stock-history-title" data-testid="stock-history">
      <h3 className="dash-section-title" id="stock-history-title" tabIndex={-1} ref={title}>
        {v ? fill(t.historyOf, { variant: `${v.colorName} · ${v.sizeName}` }) : t.historyTitle}
      </h3>
      <DataTable
        columns={columns}
        rows={history.data?.changes}
        rowKey={(c) => c.changeID}
        loading={history.isPending}
        error={history.isError ? history.error.message : null}
        emptyText={t.historyEmpty}
      />
      <button type="button" className="dash-btn dash-btn--sm" onClick={onClose}>
        {t.historyClose}
      </button>
    </section>
  );
}
