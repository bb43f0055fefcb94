// /dashboard/products: the spec's product table, one page at a time from the server (decision 220): searched by
// the dashboard search (name or barcode), sorted (date added, name, price, stock) and filtered (category, state,
// low stock) with the order and filters in the URL; the feature toggle, edit and delete per row, and a bulk action
// on the rows chosen with their checkboxes.
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { ProductTableRowDto } from '#shared/dto/catalog-admin';
import { fill, messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { PAGE_SIZE_DEFAULT } from '#shared/schemas/paging';
import { defaultDirection, type ProductListSearch, type ProductSort } from '#shared/schemas/product-list';
import { readError } from '#client/lib/api-error';
import { notify } from '#client/lib/notify';
import { trpc } from '#client/lib/trpc';
import { useConfirm } from '#client/components/dashboard/confirm-dialog';
import { DataTable } from '#client/components/dashboard/data-table';
import { PageHeader } from '#client/components/dashboard/page-header';
import { Pager } from '#client/components/dashboard/pager';
import { useDashboardSearch } from '#client/components/dashboard/search-store';
import { invalidateCatalog } from '#client/components/dashboard/invalidate-catalog';
import { BulkBar, BulkReport, useProductBulk } from './product-bulk';
import { ProductExportButton } from './product-export';
import { productColumns } from './product-list-columns';
import { ProductFilters, withOrder } from './product-list-filters';
import './product-list.css';

const m = staffMessages.dashboard;
const l = staffMessages.productList;

export interface ProductListProps {
  /** The list's state as the URL carries it (read leniently by the route). */
  search: ProductListSearch;
  /** Puts a new state in the URL (replace: no new history entry). */
  onSearch: (next: ProductListSearch, replace?: boolean) => void;
}

export function ProductList({ search, onSearch }: ProductListProps) {
  const q = useDashboardSearch();
  const page = search.page ?? 1;
  useFirstPageOnNewSearch(q, search, onSearch);
  const list = useQuery({
    ...trpc.catalogAdmin.productPage.queryOptions({
      ...search,
      ...(q ? { q } : {}),
      page,
      pageSize: PAGE_SIZE_DEFAULT,
    }),
    placeholderData: keepPreviousData,
  });
  const [selected, setSelected] = useSelection(JSON.stringify([search, q]));
  const rows = list.data?.items;
  const bulk = useProductBulk(() => setSelected(new Set()));
  const { toggleFeature, onDelete, dialog } = useProductActions();
  const columns = productColumns({
    // Numbered by the page the rows are of: while the next page loads, the previous one keeps its own numbers.
    firstNumber: ((list.data?.page ?? page) - 1) * PAGE_SIZE_DEFAULT + 1,
    selected,
    onToggle: (id) => setSelected(toggled(selected, id)),
    search,
    onSort: (sort) => onSearch(nextOrder(search, sort)),
    actions: (p) => <ProductRowActions p={p} onToggleFeature={toggleFeature} onDelete={onDelete} />,
  });
  const filtered = q !== '' || search.categoryID !== undefined || search.active !== undefined || search.lowStock;

  return (
    <div className="dash-products">
      <PageHeader title={m.products} actions={<ProductListHeaderActions />} />
      <ProductFilters search={search} onSearch={onSearch} />
      <BulkBar
        rows={rows ?? []}
        selected={selected}
        onSelect={setSelected}
        busy={bulk.busy}
        onAction={(action) =>
          bulk.run(
            action,
            (rows ?? []).filter((p) => selected.has(p.productID)),
          )
        }
      />
      {bulk.report && <BulkReport report={bulk.report} onClose={bulk.closeReport} />}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(p) => p.productID}
        loading={list.isPending}
        stale={list.isPlaceholderData}
        error={list.isError ? readError(list.error, messages.common.serverError).message : null}
        emptyText={filtered ? l.noMatches : messages.common.noResults}
        caption={m.products}
        compact
      />
      {list.data && (
        <Pager
          page={page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          onPage={(next) => onSearch({ ...search, page: next > 1 ? next : undefined })}
        />
      )}
      {dialog}
      {bulk.dialog}
    </div>
  );
}

/** Clicking a sortable header: the other direction when already sorted by it, else its first direction. */
function nextOrder(search: ProductListSearch, sort: ProductSort): ProductListSearch {
  const current = search.sort ?? 'date';
  const dir = search.dir ?? defaultDirection(current);
  if (current !== sort) return withOrder(search, sort, defaultDirection(sort));
  return withOrder(search, sort, dir === 'asc' ? 'desc' : 'asc');
}

/** A new search text starts again on page 1 (the URL's page is of the old text's list). */
function useFirstPageOnNewSearch(q: string, search: ProductListSearch, onSearch: ProductListProps['onSearch']) {
  const seen = useRef(q);
  useEffect(() => {
    if (seen.current === q) return;
    seen.current = q;
    if (search.page) onSearch({ ...search, page: undefined }, true);
  }, [q, search, onSearch]);
}

const toggled = (set: ReadonlySet<number>, id: number) => {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
};

/** The rows chosen on the page shown; a new page, order, filter or search starts with none. */
function useSelection(key: string): [ReadonlySet<number>, (ids: Set<number>) => void] {
  const [state, setState] = useState<{ key: string; ids: ReadonlySet<number> }>({ key, ids: new Set() });
  const ids = state.key === key ? state.ids : new Set<number>();
  return [ids, (next) => setState({ key, ids: next })];
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
