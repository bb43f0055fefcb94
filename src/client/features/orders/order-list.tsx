// Order lists (all, or only pending): newest first, by state on the server (Në pritje, Dorëzuar, Anuluar, Kthyer),
// paged and searched on the server (orders.page, decision 134).
import { Link } from '@tanstack/react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fill, messages, plural } from '#shared/messages';
import { orderMessages } from '#shared/messages/orders';
import { staffMessages } from '#shared/messages-staff';
import type { OrderStage, OrderStatus, OrderSummaryDto } from '#shared/dto/orders';
import { ORDER_STAGES, ORDER_STATES } from '#shared/schemas/orders';
import { PAGE_SIZE_DEFAULT } from '#shared/schemas/paging';
import { formatEuro } from '#shared/money';
import { orderNumberOf } from '#shared/order-number';
import { trpc } from '#client/lib/trpc';
import { readError } from '#client/lib/api-error';
import { PageHeader } from '#client/components/dashboard/page-header';
import { DataTable, type Column } from '#client/components/dashboard/data-table';
import { Pager, usePageNumber } from '#client/components/dashboard/pager';
import { useDashboardSearch } from '#client/components/dashboard/search-store';
import { OrderStatusBadge, formatDateTime } from '#client/components/dashboard/sales-kit';
import { OrderExport } from './order-export';
import { StageBadge } from './order-stages';
import { RiskBadges } from './refusal-risk';
import { downloadFile } from '#client/components/dashboard/download';
import { notify } from '#client/lib/notify';

const m = staffMessages.dashboard;
const s = staffMessages.dashboardSales;

const lc = staffMessages.orderLifecycle;
const st = staffMessages.orderStages;

const columns: Column<OrderSummaryDto>[] = [
  {
    key: 'id',
    header: s.orderColumn,
    className: 'sales-nowrap',
    cell: (o) => (
      <Link to="/dashboard/orderDetails/$id" params={{ id: String(o.orderId) }}>
        {orderNumberOf(o.orderId)}
      </Link>
    ),
  },
  { key: 'date', header: s.orderDate, className: 'sales-nowrap', cell: (o) => formatDateTime(o.orderDate) },
  {
    key: 'customer',
    header: s.customer,
    cell: (o) => (
      <>
        {o.firstName} {o.lastName}
        <br />
        {/* A manual order may have no e-mail (decision 221): its phone is the way to reach the customer. */}
        <span className="dash-muted">{o.email || o.phoneNumber}</span>
      </>
    ),
  },
  {
    key: 'city',
    header: s.country,
    className: 'sales-hide-narrow',
    cell: (o) => `${o.city}${o.countryName ? `, ${o.countryName}` : ''}`,
  },
  { key: 'items', header: s.items, className: 'num sales-hide-narrow', cell: (o) => o.itemCount },
  { key: 'total', header: s.total, className: 'num', cell: (o) => formatEuro(o.total) },
  {
    key: 'status',
    header: s.status,
    cell: (o) => (
      <span className="sales-badges">
        <OrderStatusBadge status={o.status} />
        {o.stage && o.stage !== 'new' && <StageBadge stage={o.stage} />}
        <RiskBadges order={o} />
      </span>
    ),
  },
  {
    key: 'actions',
    header: s.actions,
    className: 'actions',
    cell: (o) => (
      <Link to="/dashboard/orderDetails/$id" params={{ id: String(o.orderId) }} className="dash-btn dash-btn--sm">
        {s.details}
      </Link>
    ),
  },
];

/** A checkbox column for choosing the orders to print; the header box selects every row shown. */
function selectColumn(
  rows: readonly OrderSummaryDto[],
  selected: ReadonlySet<number>,
  setSelected: (next: Set<number>) => void,
): Column<OrderSummaryDto> {
  const all = rows.length > 0 && rows.every((o) => selected.has(o.orderId));
  return {
    key: 'select',
    header: (
      <input
        type="checkbox"
        aria-label={lc.selectAll}
        checked={all}
        onChange={() => setSelected(all ? new Set() : new Set(rows.map((o) => o.orderId)))}
      />
    ),
    cell: (o) => (
      <input
        type="checkbox"
        aria-label={fill(lc.selectOrder, { number: orderNumberOf(o.orderId) })}
        checked={selected.has(o.orderId)}
        onChange={() => {
          const next = new Set(selected);
          if (next.has(o.orderId)) next.delete(o.orderId);
          else next.add(o.orderId);
          setSelected(next);
        }}
      />
    ),
  };
}

/** The selected orders as the courier portal's CSV (decision 229). */
async function downloadCourierCsv(ids: string) {
  try {
    const res = await downloadFile(`/api/Orders/courier.csv?ids=${ids}`, 'korrieri.csv');
    if (!res.ok) notify.error(res.message ?? lc.exportFailed);
  } catch {
    notify.error(lc.exportFailed);
  }
}

function SelectionBar({ selected }: { selected: ReadonlySet<number> }) {
  const ids = [...selected].join(',');
  const none = selected.size === 0;
  return (
    <div className={`sales-selection${none ? '' : ' has-selection'}`} data-testid="order-selection">
      <span className="dash-muted">{plural(lc.selectedCount, selected.size)}</span>
      <button type="button" className="dash-btn" disabled={none} onClick={() => void downloadCourierCsv(ids)}>
        {st.courierCsv}
      </button>
      {none ? (
        <>
          <button type="button" className="dash-btn" disabled>
            {lc.printSlips}
          </button>
          <button type="button" className="dash-btn" disabled>
            {lc.packingList}
          </button>
        </>
      ) : (
        <>
          <Link to="/dashboard/print" search={{ ids, kind: 'slips' }} className="dash-btn">
            {lc.printSlips}
          </Link>
          <Link to="/dashboard/print" search={{ ids, kind: 'packing' }} className="dash-btn">
            {lc.packingList}
          </Link>
        </>
      )}
    </div>
  );
}

function StateFilter({ state, onChange }: { state: OrderStatus | ''; onChange: (s: OrderStatus | '') => void }) {
  return (
    <label className="sales-state-filter">
      <span>{lc.filterByState}</span>
      <select
        className="dash-input"
        style={{ width: 'auto' }}
        value={state}
        onChange={(e) => onChange(e.target.value as OrderStatus | '')}
        data-testid="order-state-filter"
      >
        <option value="">{lc.allStates}</option>
        {ORDER_STATES.map((st) => (
          <option key={st} value={st}>
            {orderMessages.orderStatus[st]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The stage chips of pending orders with their counts (decision 229); the chosen one filters the list. */
function StageFilter({ stage, onChange }: { stage: OrderStage | ''; onChange: (s: OrderStage | '') => void }) {
  const counts = useQuery(trpc.orders.stageCounts.queryOptions());
  return (
    <nav className="sales-stage-filter" aria-label={st.filterByStage} data-testid="stage-filter">
      <button
        type="button"
        className={stage === '' ? 'is-active' : ''}
        aria-pressed={stage === ''}
        onClick={() => onChange('')}
      >
        {st.allStages}
      </button>
      {ORDER_STAGES.map((sg) => (
        <button
          key={sg}
          type="button"
          className={stage === sg ? 'is-active' : ''}
          aria-pressed={stage === sg}
          onClick={() => onChange(sg)}
        >
          {st.names[sg]} <span className="sales-count">{counts.data?.[sg] ?? '…'}</span>
        </button>
      ))}
    </nav>
  );
}

export function OrderList({ pendingOnly }: { pendingOnly: boolean }) {
  const search = useDashboardSearch();
  const [state, setState] = useState<OrderStatus | ''>('');
  const [stage, setStage] = useState<OrderStage | ''>('');
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const status = pendingOnly ? 'pending' : state || undefined;
  const [page, setPage] = usePageNumber(`${status ?? ''}|${stage}|${search}`);
  const orders = useQuery({
    ...trpc.orders.page.queryOptions({
      ...(status ? { status } : {}),
      ...(stage ? { stage } : {}),
      ...(search ? { q: search } : {}),
      page,
      pageSize: PAGE_SIZE_DEFAULT,
    }),
    placeholderData: keepPreviousData,
  });
  const rows = orders.data?.items;
  return (
    <>
      <PageHeader
        title={pendingOnly ? m.pendingOrders : m.orders}
        actions={
          <>
            <nav className="sales-tabs" aria-label={m.orders}>
              <Link to="/dashboard/orders" className={pendingOnly ? '' : 'is-active'}>
                {m.orders}
              </Link>
              <Link to="/dashboard/orders/pending" className={pendingOnly ? 'is-active' : ''}>
                {m.pendingOrders}
              </Link>
            </nav>
            {!pendingOnly && (
              <StateFilter
                state={state}
                onChange={(st) => {
                  setState(st);
                  setSelected(new Set());
                }}
              />
            )}
            <OrderExport status={status} />
            <Link to="/dashboard/add-orders" className="dash-btn dash-btn--primary">
              {m.addOrder}
            </Link>
          </>
        }
      />
      <StageFilter
        stage={stage}
        onChange={(sg) => {
          setStage(sg);
          setSelected(new Set());
        }}
      />
      <SelectionBar selected={selected} />
      <DataTable
        columns={[selectColumn(rows ?? [], selected, setSelected), ...columns]}
        rows={rows}
        rowKey={(o) => o.orderId}
        loading={orders.isPending}
        stale={orders.isPlaceholderData}
        error={orders.isError ? readError(orders.error, s.loadFailed).message : null}
        emptyText={search ? messages.common.noResults : m.noOrders}
        caption={pendingOnly ? m.pendingOrders : m.orders}
      />
      {orders.data && <Pager page={page} pageSize={orders.data.pageSize} total={orders.data.total} onPage={setPage} />}
    </>
  );
}
