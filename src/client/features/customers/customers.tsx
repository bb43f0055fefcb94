// The customers screen (decision 256): every buyer (account, guest or phone order, merged by e-mail or phone) with
// orders, spend, returns and refusals, searched and paged on the server; the accounts list is its second tab. A buyer
// with an account opens her store credit (decision 271): the balance, its history and the add / remove form.
import { Link } from '@tanstack/react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fill, messages, plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { formatEuro } from '#shared/money';
import type { CustomerDto } from '#shared/dto/customers';
import { PAGE_SIZE_DEFAULT } from '#shared/schemas/paging';
import { trpc } from '#client/lib/trpc';
import { readError } from '#client/lib/api-error';
import { PageHeader } from '#client/components/dashboard/page-header';
import { DataTable, type Column } from '#client/components/dashboard/data-table';
import { Pager, usePageNumber } from '#client/components/dashboard/pager';
import { useDashboardSearch } from '#client/components/dashboard/search-store';
import { CustomerCreditDialog } from './customer-credit';
import { formatDateTime } from '#client/components/dashboard/sales-kit';
import { UserList } from './users';
import { RefusalRuleCard } from './refusal-rule';

const m = staffMessages.dashboard;
const s = staffMessages.dashboardSales;
const c = staffMessages.customers;
const sc = staffMessages.storeCredit;

export type CustomersTab = 'buyers' | 'accounts';

/** The screen: its title, the two tabs and the chosen list. */
export function CustomersScreen({ tab }: { tab: CustomersTab }) {
  return (
    <>
      <PageHeader
        title={m.customers}
        actions={
          <>
            <nav className="sales-tabs" aria-label={c.tabs}>
              <Link to="/dashboard/customers" search={{}} className={tab === 'buyers' ? 'is-active' : ''}>
                {c.buyersTab}
              </Link>
              <Link
                to="/dashboard/customers"
                search={{ tab: 'accounts' }}
                className={tab === 'accounts' ? 'is-active' : ''}
              >
                {c.accountsTab}
              </Link>
            </nav>
            {tab === 'accounts' && (
              <Link to="/dashboard/add-customer" className="dash-btn dash-btn--primary">
                {m.addCustomer}
              </Link>
            )}
          </>
        }
      />
      {tab === 'buyers' ? <BuyerList /> : <UserList />}
    </>
  );
}

/** The list's columns; `onCredit` opens a buyer's store credit (accounts only: credit is held on an account). */
const buyerColumns = (onCredit: (b: CustomerDto) => void): Column<CustomerDto>[] => [
  { key: 'name', header: c.name, cell: (b) => b.name || '—' },
  {
    key: 'contact',
    header: c.contact,
    cell: (b) => {
      // The latest e-mail and the two latest phones; the rest counted (a demo or family buyer may have many).
      const shown = [...b.emails.slice(0, 1), ...b.phones.slice(0, 2)];
      const more = b.emails.length + b.phones.length - shown.length;
      return (
        <span className="sales-contact">
          {shown.map((v) => (
            <span key={v}>{v}</span>
          ))}
          {more > 0 && <span className="sales-contact-more">{plural(c.moreContacts, more)}</span>}
        </span>
      );
    },
  },
  { key: 'orders', header: c.orders, className: 'num', cell: (b) => b.orders },
  {
    key: 'spend',
    header: c.spend,
    className: 'num',
    cell: (b) => <span title={c.spendHint}>{formatEuro(b.spend)}</span>,
  },
  { key: 'returns', header: c.returns, className: 'num', cell: (b) => b.returns },
  { key: 'delivered', header: c.delivered, className: 'num', cell: (b) => b.delivered },
  { key: 'refusals', header: c.refusals, className: 'num', cell: (b) => b.refusals },
  { key: 'last', header: c.lastOrder, className: 'sales-nowrap', cell: (b) => formatDateTime(b.lastOrderAt) },
  { key: 'account', header: c.account, cell: (b) => (b.userId === null ? c.no : c.yes) },
  {
    key: 'credit',
    header: sc.title,
    cell: (b) =>
      b.userId === null ? (
        <span className="dash-muted" title={sc.noAccount}>
          —
        </span>
      ) : (
        <button
          type="button"
          className="dash-btn dash-btn--sm"
          aria-label={fill(sc.openFor, { name: b.name || b.emails[0] || '' })}
          data-testid="open-credit"
          onClick={() => onCredit(b)}
        >
          {sc.open}
        </button>
      ),
  },
];

/** Buyers, latest order first, 25 a page, searched by the dashboard's search box. */
export function BuyerList() {
  const search = useDashboardSearch();
  const [page, setPage] = usePageNumber(search);
  const [credit, setCredit] = useState<CustomerDto | null>(null);
  const buyers = useQuery({
    ...trpc.customers.page.queryOptions({ ...(search ? { q: search } : {}), page, pageSize: PAGE_SIZE_DEFAULT }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <p className="sales-intro">{c.intro}</p>
      <DataTable
        columns={buyerColumns(setCredit)}
        rows={buyers.data?.items}
        rowKey={(b) => b.customerId}
        loading={buyers.isPending}
        stale={buyers.isPlaceholderData}
        error={buyers.isError ? readError(buyers.error, s.loadFailed).message : null}
        emptyText={search ? messages.common.noResults : c.noBuyers}
        caption={c.caption}
      />
      {buyers.data && <Pager page={page} pageSize={buyers.data.pageSize} total={buyers.data.total} onPage={setPage} />}
      <RefusalRuleCard />
      <CustomerCreditDialog
        userId={credit?.userId ?? null}
        name={credit ? credit.name || credit.emails[0] || '' : ''}
        onClose={() => setCredit(null)}
      />
    </>
  );
}
