// /dashboard/back-in-stock, "Kërkesa për rikthim" (issue 26, decision 233): the sold-out variants shoppers wait for,
// most wanted first (then the longest waiting), so staff know what to reorder. Restocking one from its product's
// variants e-mails every waiting shopper once; the row then leaves the list. "Mbyll kërkesat" closes a variant's
// waiting list without notices (a variant that will not come back).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { DemandRowDto } from '#shared/dto/back-in-stock';
import { isNoColour } from '#shared/colours';
import { formatShopDateTime } from '#shared/dates';
import { plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { readError } from '#client/lib/api-error';
import { notify } from '#client/lib/notify';
import { trpc } from '#client/lib/trpc';
import { useConfirm } from '#client/components/dashboard/confirm-dialog';
import { DataTable, type Column } from '#client/components/dashboard/data-table';
import { PageHeader } from '#client/components/dashboard/page-header';
import { Swatch } from '#client/components/dashboard/swatch';

const t = staffMessages.backInStock;

const variantOf = (r: DemandRowDto) =>
  `${r.productName} (${[r.sizeName, isNoColour(r) ? '' : r.colorName].filter(Boolean).join(', ')})`;

const columns = (dismiss: (r: DemandRowDto) => void): Column<DemandRowDto>[] => [
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
  {
    key: 'dismiss',
    header: t.dismiss,
    className: 'actions',
    cell: (r) => (
      <button
        type="button"
        className="dash-btn dash-btn--sm dash-btn--danger"
        onClick={() => dismiss(r)}
        data-testid="demand-dismiss"
      >
        {t.dismiss}
      </button>
    ),
  },
];

/** "Mbyll kërkesat": asks once (nobody will be told), then closes the variant's waiting list on the server. */
function useDismiss() {
  const client = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const close = useMutation(trpc.backInStock.dismiss.mutationOptions());
  const dismiss = async (r: DemandRowDto) => {
    const question = plural(t.dismissConfirm, r.waiting, { variant: variantOf(r) });
    if (!(await confirm(question, { confirm: t.dismiss, keep: t.dismissKeep }))) return;
    try {
      const { dismissed } = await close.mutateAsync({ variantID: r.variantID });
      notify.success(plural(t.dismissed, dismissed));
      await client.invalidateQueries({ queryKey: trpc.backInStock.pathKey() });
    } catch (err) {
      notify.error(readError(err, t.dismissFailed).message);
    }
  };
  return { dismiss, dialog };
}

export function BackInStockDemand() {
  const demand = useQuery(trpc.backInStock.demand.queryOptions());
  const { dismiss, dialog } = useDismiss();
  return (
    <div className="back-in-stock-demand">
      <PageHeader title={t.title} />
      <p className="dash-hint">{t.intro}</p>
      {demand.data && demand.data.length > 0 && <p className="dash-hint">{plural(t.total, demand.data.length)}</p>}
      {dialog}
      <DataTable
        columns={columns(dismiss)}
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
