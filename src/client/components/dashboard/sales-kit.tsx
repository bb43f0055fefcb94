// Small pieces shared by the sales screens: status badges (orders, discounts, e-mails), thumbnails with the
// "S’ka foto" placeholder, dates, a plain inner table.
import type { ReactNode } from 'react';
import { useState } from 'react';
import { SHOP_TIME_ZONE } from '#shared/dates';
import { orderMessages } from '#shared/messages/orders';
import { staffMessages } from '#shared/messages-staff';
import type { DiscountState } from '#shared/dto/discounts';
import type { OutboxStatusDto } from '#shared/dto/outbox';
import type { OrderStatus } from '#shared/dto/orders';
import './sales.css';

const s = staffMessages.dashboardSales;

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`sales-badge is-${status}`}>{orderMessages.orderStatus[status]}</span>;
}

export function DiscountStateBadge({ state }: { state: DiscountState }) {
  const label = state === 'active' ? s.active : state === 'scheduled' ? s.scheduled : s.expired;
  return <span className={`sales-badge is-${state}`}>{label}</span>;
}

const OUTBOX_BADGE: Record<OutboxStatusDto, string> = {
  queued: 'is-pending',
  sending: 'is-scheduled',
  sent: 'is-delivered',
  failed: 'is-cancelled',
};

/** An outbox e-mail's state (the outbox screen, a contact reply's e-mail). */
export function MailStatusBadge({ status }: { status: OutboxStatusDto }) {
  return <span className={`sales-badge ${OUTBOX_BADGE[status]}`}>{staffMessages.outbox.statuses[status]}</span>;
}

/** Small product picture (400 px variant); "S’ka foto" when there is none or it fails to load. */
export function Thumb({
  url,
  alt,
  className = 'sales-thumb',
}: {
  url: string | null | undefined;
  alt: string;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (!url || failed)
    return (
      <span className={className} role="img" aria-label={alt}>
        {staffMessages.dashboard.noPhoto}
      </span>
    );
  const src = url.startsWith('/api/Product/images/') && !url.includes('?') ? `${url}?w=400` : url;
  return (
    <img className={className} src={src} alt={alt} loading="lazy" decoding="async" onError={() => setFailed(true)} />
  );
}

const dateTimeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO timestamp in shop time as "22.11.2026 15:32". */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = Object.fromEntries(dateTimeParts.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

export interface InnerColumn {
  label: ReactNode;
  /** 'num', 'actions', optionally with 'sales-hide-narrow' (a column phones do without). */
  className?: string;
}

/** A plain table inside a card (order lines, the builder's cart, low stock): header cells from `columns`. */
export function InnerTable({ columns, children }: { columns: InnerColumn[]; children: ReactNode }) {
  return (
    <div className="dash-table-wrap" style={{ boxShadow: 'none' }}>
      <table className="dash-table">
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col" className={c.className}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
