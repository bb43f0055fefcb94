// Products table: the spec's columns, filtered by the dashboard search (name or barcode), with feature
// toggle, edit and delete-with-confirmation actions.
import { notify } from '../../lib/notify';
import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ProductTableRowDto } from '../../../shared/dto/catalog-admin';
import { fill, messages } from '../../../shared/messages';
import { staffMessages } from '../../../shared/messages-staff';
import { formatEuro } from '../../../shared/money';
import { readError } from '../../lib/api-error';
import { trpc } from '../../lib/trpc';
import { useConfirm } from '../../components/dashboard/confirm-dialog';
import { DataTable, filterRows, type Column } from '../../components/dashboard/data-table';
import { PageHeader } from '../../components/dashboard/page-header';
import { useDashboardSearch } from '../../components/dashboard/search-store';
import { invalidateCatalog } from './invalidate';
import { ProductExportButton } from './product-export';

const m = staffMessages.dashboard;

// eslint-disable-next-line max-lines-per-function -- over 80 once formatted (issue 23); to be split
export function ProductList() {
  const search = useDashboardSearch();
  const list = useQuery(trpc.catalogAdmin.productTable.queryOptions());
  const feature = useMutation(trpc.catalogAdmin.setFeatured.mutationOptions());
  const remove = useMutation(trpc.catalogAdmin.deleteProduct.mutationOptions());
  const { confirm, dialog } = useConfirm();
  const rows = filterRows(list.data, search, (p) => [p.name, p.barcode]);

  async function toggleFeature(p: ProductTableRowDto) {
    try {
      await feature.mutateAsync({ productID: p.productID, isFeatured: !p.isFeatured });
      await invalidateCatalog();
    } catch (err) {
      notify.error(readError(err, m.saveFailed).message);
    }
  }

  async function onDelete(p: ProductTableRowDto) {
    if (!(await confirm(fill(m.confirmDeleteProduct, { name: p.name })))) return;
    try {
      await remove.mutateAsync({ productID: p.productID });
      notify.success(m.productDeleted);
      await invalidateCatalog();
    } catch (err) {
      notify.error(readError(err, m.saveFailed).message);
    }
  }

  const columns = productColumns((p) => (
    <>
      <button
        type="button"
        className={`dash-btn dash-btn--sm dash-star${p.isFeatured ? ' is-on' : ''}`}
        aria-pressed={p.isFeatured}
        title={p.isFeatured ? m.unfeature : m.feature}
        aria-label={`${p.isFeatured ? m.unfeature : m.feature}: ${p.name}`}
        onClick={() => toggleFeature(p)}
      >
        {p.isFeatured ? '★' : '☆'}
      </button>
      <Link
        to="/dashboard/edit-product/$productID"
        params={{ productID: String(p.productID) }}
        className="dash-btn dash-btn--sm"
        aria-label={`${messages.common.edit}: ${p.name}`}
      >
        {messages.common.edit}
      </Link>
      <button
        type="button"
        className="dash-btn dash-btn--sm dash-btn--danger"
        onClick={() => onDelete(p)}
        aria-label={`${messages.common.delete}: ${p.name}`}
      >
        {messages.common.delete}
      </button>
    </>
  ));

  return (
    <>
      <PageHeader
        title={m.products}
        actions={
          <>
            <ProductExportButton />
            <Link to="/dashboard/import-products" className="dash-btn">
              {staffMessages.productCsv.import}
            </Link>
            <Link to="/dashboard/add-products" className="dash-btn dash-btn--primary">
              {m.addProduct}
            </Link>
          </>
        }
      />
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(p) => p.productID}
        loading={list.isPending}
        error={list.isError ? readError(list.error, messages.common.serverError).message : null}
        caption={m.products}
        compact
      />
      {dialog}
    </>
  );
}

/** The spec's product table columns; the last holds the row's actions. */
function productColumns(actions: (p: ProductTableRowDto) => ReactNode): Column<ProductTableRowDto>[] {
  return [
    { key: 'n', header: m.colNumber, cell: (_p, i) => i + 1, className: 'num' },
    {
      key: 'name',
      header: m.colName,
      cell: (p) => (
        <span className="dash-product-name">
          {p.thumbnailURL ? (
            <img src={p.thumbnailURL} alt="" width={36} height={36} loading="lazy" />
          ) : (
            <span className="dash-noimg">{m.noPhoto}</span>
          )}
          <span className="dash-clip-2" title={p.name}>
            {p.name}
            {!p.isActive && <span className="dash-chip">{messages.product.outOfStock}</span>}
          </span>
        </span>
      ),
    },
    { key: 'barcode', header: m.colBarcode, cell: (p) => p.barcode || '—', className: 'code' },
    {
      key: 'brand',
      header: m.colBrand,
      cell: (p) => (
        <span className="dash-clip-2" title={p.brand ?? ''}>
          {p.brand ?? '—'}
        </span>
      ),
      className: 'narrow',
    },
    {
      key: 'description',
      header: m.colDescription,
      cell: (p) => <span title={p.description}>{p.description || '—'}</span>,
      className: 'clip',
    },
    {
      key: 'category',
      header: m.colCategory,
      cell: (p) => (
        <span className="dash-clip-2" title={p.categoryName}>
          {p.categoryName}
        </span>
      ),
      className: 'narrow',
    },
    { key: 'price', header: m.colPrice, cell: (p) => formatEuro(p.price), className: 'num' },
    {
      key: 'sizes',
      header: m.colSizes,
      cell: (p) => <ClippedList items={p.sizes} separator=" · " />,
      className: 'clip clip--sm',
    },
    { key: 'stock', header: m.colStock, cell: (p) => p.stockQuantity, className: 'num' },
    {
      key: 'colors',
      header: m.colColors,
      cell: (p) => <Swatches colors={p.colors} />,
      className: 'nowrap',
    },
    { key: 'photos', header: m.colPhotos, cell: (p) => p.photoCount, className: 'num' },
    {
      key: 'events',
      header: m.colEvents,
      cell: (p) => <ClippedList items={p.events} separator=", " />,
      className: 'clip clip--sm',
    },
    { key: 'actions', header: m.colActions, className: 'actions', cell: actions },
  ];
}

/** A list as one clipped line; the whole list in the tooltip. */
function ClippedList({ items, separator }: { items: string[]; separator: string }) {
  if (!items.length) return <>—</>;
  const text = items.join(separator);
  return <span title={text}>{text}</span>;
}

const SWATCHES_SHOWN = 4;

/** Up to four colour swatches, then "+n" for the rest (all named in the tooltip). */
function Swatches({ colors }: { colors: ProductTableRowDto['colors'] }) {
  if (!colors.length) return <>—</>;
  const rest = colors.length - SWATCHES_SHOWN;
  return (
    <span title={colors.map((c) => c.colorName).join(', ')}>
      {colors.slice(0, SWATCHES_SHOWN).map((c) => (
        <span
          key={c.colorID}
          className="dash-swatch"
          style={{ background: c.hexCode }}
          aria-label={c.colorName}
          role="img"
        />
      ))}
      {rest > 0 && <span className="dash-more">+{rest}</span>}
    </span>
  );
}
