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

export function ProductList() {
  const search = useDashboardSearch();
  const list = useQuery(trpc.catalogAdmin.productTable.queryOptions());
  const { toggleFeature, onDelete, dialog } = useProductActions();
  const rows = filterRows(list.data, search, (p) => [p.name, p.barcode]);
  const columns = productColumns((p) => (
    <ProductRowActions p={p} onToggleFeature={toggleFeature} onDelete={onDelete} />
  ));

  return (
    <>
      <PageHeader title={m.products} actions={<ProductListHeaderActions />} />
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

/** The page's own actions: export, import and add a product. */
function ProductListHeaderActions() {
  return (
    <>
      <ProductExportButton />
      <Link to="/dashboard/import-products" className="dash-btn">
        {staffMessages.productCsv.import}
      </Link>
      <Link to="/dashboard/add-products" className="dash-btn dash-btn--primary">
        {m.addProduct}
      </Link>
    </>
  );
}

/** Feature or unfeature a product, or delete it after a confirmation; either refreshes the catalogue. */
function useProductActions() {
  const feature = useMutation(trpc.catalogAdmin.setFeatured.mutationOptions());
  const remove = useMutation(trpc.catalogAdmin.deleteProduct.mutationOptions());
  const { confirm, dialog } = useConfirm();

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

  return { toggleFeature, onDelete, dialog };
}

interface ProductRowActionsProps {
  p: ProductTableRowDto;
  onToggleFeature: (p: ProductTableRowDto) => Promise<void>;
  onDelete: (p: ProductTableRowDto) => Promise<void>;
}

/** A row's actions: the feature star, edit and delete. */
function ProductRowActions({ p, onToggleFeature, onDelete }: ProductRowActionsProps) {
  return (
    <>
      <button
        type="button"
        className={`dash-btn dash-btn--sm dash-star${p.isFeatured ? ' is-on' : ''}`}
        aria-pressed={p.isFeatured}
        title={p.isFeatured ? m.unfeature : m.feature}
        aria-label={`${p.isFeatured ? m.unfeature : m.feature}: ${p.name}`}
        onClick={() => onToggleFeature(p)}
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
