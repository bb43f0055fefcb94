// The overview's low stock (decision 231): only the variants below their threshold (their own, else the shop's),
// one page of 10 from the server, emptiest first, with the pager under it and a link to each product.
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { fill, messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import type { StockVariantDto } from '#shared/dto/stock';
import { trpc } from '#client/lib/trpc';
import { readError } from '#client/lib/api-error';
import { Pager, usePageNumber } from '#client/components/dashboard/pager';
import { InnerTable } from '#client/components/dashboard/sales-kit';

const s = staffMessages.dashboardSales;
const t = staffMessages.stock;
const PAGE_SIZE = 10;

export function LowStockCard() {
  const [page, setPage] = usePageNumber('');
  const low = useQuery({
    ...trpc.catalogAdmin.lowStock.queryOptions({ page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
  return (
    <section className="dash-card" aria-labelledby="ov-low" style={{ marginTop: 16 }} data-testid="low-stock">
      <h2 className="sales-card-title" id="ov-low">
        {t.lowTitle}
      </h2>
      {low.data && <p className="dash-muted">{fill(t.lowIntro, { n: low.data.shopThreshold })}</p>}
      {low.isPending ? (
        <p className="dash-muted">{messages.common.loading}</p>
      ) : low.isError ? (
        <p className="dash-muted" role="alert">
          {readError(low.error, s.loadFailed).message}
        </p>
      ) : low.data.total === 0 ? (
        <p className="dash-muted">{t.lowNone}</p>
      ) : (
        <>
          <InnerTable
            columns={[
              { label: s.product },
              { label: t.colVariant },
              { label: t.colStock, className: 'num' },
              { label: t.colThreshold, className: 'num' },
              { label: s.actions, className: 'actions' },
            ]}
          >
            {low.data.items.map((v) => (
              <LowStockRow key={v.variantID} v={v} shopThreshold={low.data.shopThreshold} />
            ))}
          </InnerTable>
          <Pager page={page} pageSize={PAGE_SIZE} total={low.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function LowStockRow({ v, shopThreshold }: { v: StockVariantDto; shopThreshold: number }) {
  return (
    <tr>
      <td data-label={s.product}>{v.productName}</td>
      <td data-label={t.colVariant}>
        <span className="dash-swatch" style={{ background: v.hexCode }} /> {v.colorName} · {v.sizeName}
      </td>
      <td className="num" data-label={t.colStock}>
        <strong style={{ color: v.stockQuantity === 0 ? 'var(--danger)' : undefined }}>{v.stockQuantity}</strong>
      </td>
      <td className="num" data-label={t.colThreshold}>
        {v.lowStockThreshold ?? shopThreshold}
      </td>
      <td className="actions">
        {/* edit-product is the catalogue screen; a plain href keeps this feature free of its route types. */}
        <a className="dash-btn dash-btn--sm" href={`/dashboard/edit-product/${v.productID}`}>
          {messages.common.edit}
        </a>
      </td>
    </tr>
  );
}
