// /dashboard/back-in-stock, "Kërkesa për rikthim" (issue 26, decision 233): the sold-out variants shoppers wait for,
// most wanted first (then the longest waiting), so staff know what to reorder. Restocking one from its product's
// variants e-mails every waiting shopper once; the row then leaves the list.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { DemandRowDto } from '../../../shared/dto/back-in-stock';
import { isNoColour } from '../../../shared/colours';
import { formatShopDateTime } from '../../../shared/dates';
import { plural } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import { trpc } from '../../lib/trpc';
import { DataTable, type Column } from '../../components/dashboard/data-table';
import { PageHeader } from '../../components/dashboard/page-header';
import { Swatch } from '../../components/dashboard/swatch';

const t = staffMessages.backInStock;

const columns: Column<DemandRowDto>[] = [
  {
    key: 'product',
    header: t.colProduct,
    cell: (r) => (
      <Link to="/dashboard/edit-product/$productID" params={{ productID: String(r.productID) }}>
        {r.productName}
      </Link>
    ),
  },
  {
    key: 'colour',
    header: t.colColor,
    cell: (r) =>
      isNoColour(r) ? (
        '—'
      ) : (
        <span className="dash-color-pick">
          <Swatch colour={r} /> {r.colorName}
        </span>
      ),
  },
  { key: 'size', header: t.colSize, cell: (r) => r.sizeName },
  { key: 'stock', header: t.colStock, cell: (r) => r.stockQuantity },
  { key: 'waiting', header: t.colWaiting, cell: (r) => <strong data-testid="demand-waiting">{r.waiting}</strong> },
  { key: 'oldest', header: t.colOldest, cell: (r) => formatShopDateTime(r.oldest) },
];

export function BackInStockDemand() {
  const demand = useQuery(trpc.backInStock.demand.queryOptions());
  return (
    <div className="back-in-stock-demand">
      <PageHeader title={t.title} />
      <p className="dash-hint">{t.intro}</p>
      {demand.data && demand.data.length > 0 && <p className="dash-hint">{plural(t.total, demand.data.length)}</p>}
      <DataTable
        columns={columns}
        rows={demand.data}
        rowKey={(r) => r.variantID}
        loading={demand.isLoading}
        error={demand.isError ? t.loadFailed : null}
        emptyText={t.empty}
        caption={t.title}
      />
    </div>
  );
}
