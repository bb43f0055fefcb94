// The product list's toolbar (decision 220): category, state, low stock and the order, all kept in the URL.
import { useQuery } from '@tanstack/react-query';
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { LOW_STOCK_THRESHOLD } from '#shared/limits';
import {
  defaultDirection,
  type ProductListSearch,
  type ProductSort,
  type SortDirection,
} from '#shared/schemas/product-list';
import { trpc } from '#client/lib/trpc';

const l = staffMessages.productList;

/** The orders the sort menu offers: field and direction, as `date-desc`. */
const SORT_OPTIONS: Array<{ sort: ProductSort; dir: SortDirection; label: string }> = [
  { sort: 'date', dir: 'desc', label: l.sortDateDesc },
  { sort: 'date', dir: 'asc', label: l.sortDateAsc },
  { sort: 'name', dir: 'asc', label: l.sortNameAsc },
  { sort: 'name', dir: 'desc', label: l.sortNameDesc },
  { sort: 'price', dir: 'asc', label: l.sortPriceAsc },
  { sort: 'price', dir: 'desc', label: l.sortPriceDesc },
  { sort: 'stock', dir: 'asc', label: l.sortStockAsc },
  { sort: 'stock', dir: 'desc', label: l.sortStockDesc },
];

/** The search for a new order, filter or category: always back to page 1, defaults left out of the URL. */
export function withOrder(search: ProductListSearch, sort: ProductSort, dir: SortDirection): ProductListSearch {
  const { page: _page, sort: _sort, dir: _dir, ...rest } = search;
  return {
    ...rest,
    ...(sort !== 'date' ? { sort } : {}),
    ...(dir !== defaultDirection(sort) ? { dir } : {}),
  };
}

function CategorySelect({ value, onChange }: { value?: number; onChange: (id?: number) => void }) {
  const categories = useQuery(trpc.catalog.categories.queryOptions());
  const mains = useQuery(trpc.catalog.mainCategories.queryOptions());
  return (
    <label className="pl-filter">
      <span>{l.categoryLabel}</span>
      <select
        className="dash-input"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
        data-testid="product-category-filter"
      >
        <option value="">{l.allCategories}</option>
        {(mains.data ?? []).map((main) => (
          <optgroup key={main.mainCategoryID} label={main.mainCategoryName}>
            {(categories.data ?? [])
              .filter((c) => c.mainCategoryID === main.mainCategoryID)
              .map((c) => (
                <option key={c.categoryID} value={c.categoryID}>
                  {c.categoryName}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
    </label>
  );
}

export function ProductFilters({
  search,
  onSearch,
}: {
  search: ProductListSearch;
  onSearch: (next: ProductListSearch) => void;
}) {
  const { page: _page, ...filters } = search;
  const set = (patch: Partial<ProductListSearch>) => {
    const next: ProductListSearch = { ...filters, ...patch };
    for (const k of Object.keys(patch) as Array<keyof ProductListSearch>) if (patch[k] === undefined) delete next[k];
    onSearch(next);
  };
  const sort = search.sort ?? 'date';
  const dir = search.dir ?? defaultDirection(sort);
  const filtered = search.categoryID !== undefined || search.active !== undefined || search.lowStock;
  return (
    <div className="pl-filters" role="group" aria-label={l.filters}>
      <CategorySelect value={search.categoryID} onChange={(categoryID) => set({ categoryID })} />
      <label className="pl-filter">
        <span>{l.stateLabel}</span>
        <select
          className="dash-input"
          value={search.active === undefined ? '' : String(search.active)}
          onChange={(e) => set({ active: e.target.value === '' ? undefined : e.target.value === 'true' })}
          data-testid="product-state-filter"
        >
          <option value="">{l.allStates}</option>
          <option value="true">{l.activeOnly}</option>
          <option value="false">{l.inactiveOnly}</option>
        </select>
      </label>
      <label className="pl-filter pl-filter--check">
        <input
          type="checkbox"
          checked={search.lowStock === true}
          onChange={(e) => set({ lowStock: e.target.checked ? true : undefined })}
        />
        <span>{fill(l.lowStockOnly, { n: LOW_STOCK_THRESHOLD })}</span>
      </label>
      <label className="pl-filter">
        <span>{l.sortLabel}</span>
        <select
          className="dash-input"
          value={`${sort}-${dir}`}
          onChange={(e) => {
            const [s, d] = e.target.value.split('-') as [ProductSort, SortDirection];
            onSearch(withOrder(search, s, d));
          }}
          data-testid="product-sort"
        >
          {SORT_OPTIONS.map((o) => (
            <option key={`${o.sort}-${o.dir}`} value={`${o.sort}-${o.dir}`}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      {filtered && (
        <button
          type="button"
          className="dash-btn dash-btn--sm dash-btn--ghost"
          onClick={() => onSearch(withOrder({}, sort, dir))}
        >
          {l.clearFilters}
        </button>
      )}
    </div>
  );
}
