// The product listing shared by /products, /glow-outlet and their /{categoryID} forms: filters, grid, pages.
// A path under /glow-outlet selects main category 2, otherwise 1; a category path uses that category's own main.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ProductCardDto, ProductFilterResultDto } from '../../../shared/dto/catalog';
import { fill, messages, plural } from '../../../shared/messages';
import { listingBaseOf, mainCategoryOf, type MainCategoryId } from '../../../shared/pages';
import { FilterIcon } from '../../components/layout/icons';
import { SkeletonCards } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { trpc } from '../../lib/trpc';
import type { FilterSelection } from './filter-groups';
import { FilterSidebar } from './filter-sidebar';
import { filterInput, type ListingBase } from './listing-queries';
import { ActiveFilters, ClearFilters, SortSelect } from './listing-controls';
import { cleanSearch, hasFilters, pageCount, type ListingSearch } from './listing-search';
import { Pagination, type PaginationProps } from './pagination';
import { ProductCard } from './product-card';

interface ListingPageProps {
  base: ListingBase;
  categoryID?: number;
  search: ListingSearch;
  /** Control over each card's picture (the wishlist heart), supplied by the route. */
  renderAction?: (p: ProductCardDto) => ReactNode;
}

// eslint-disable-next-line max-lines-per-function -- over 80 once formatted (issue 23); to be split
export function ListingPage({ base, categoryID, search, renderAction }: ListingPageProps) {
  const navigate = useNavigate();
  // null until hydrated: the filters show beside the grid on a wide screen and stay closed on a phone, by CSS,
  // so the server's page and the first render in the browser are the same and nothing moves; then the state.
  const [filtersState, setFiltersOpen] = useState<boolean | null>(null);
  useEffect(() => setFiltersOpen((o) => o ?? window.matchMedia('(min-width: 1024px)').matches), []);
  const filtersOpen = filtersState === true;
  const filtersAuto = filtersState === null;
  const category = useQuery({
    ...trpc.catalog.category.queryOptions({ categoryID: categoryID ?? 0 }),
    enabled: categoryID !== undefined,
  });
  const mainCategoryID: MainCategoryId | undefined =
    categoryID === undefined ? (base === '/glow-outlet' ? 2 : 1) : category.data && mainCategoryOf(category.data);
  const page = search.page ?? 1;
  const products = useQuery({
    ...trpc.catalog.filter.queryOptions(filterInput(mainCategoryID ?? 1, categoryID, search)),
    enabled: mainCategoryID !== undefined,
  });

  const mainLabel = mainCategoryID === 2 ? messages.nav.glowOutlet : messages.nav.products;
  const title = category.data?.categoryName ?? mainLabel;
  useDocumentTitle(mainCategoryID === undefined ? null : title);

  const applied: FilterSelection = {
    categoryID,
    size: search.size ?? [],
    eventID: search.eventID ?? [],
    colorID: search.colorID ?? [],
  };
  /** To a listing (a category's or the main one) with `nextSearch`, through typed routes. */
  const go = (to: ListingBase, cat: number | undefined, nextSearch: ListingSearch) => {
    if (cat === undefined) {
      void navigate(
        to === '/glow-outlet' ? { to: '/glow-outlet', search: nextSearch } : { to: '/products', search: nextSearch },
      );
    } else if (to === '/glow-outlet') {
      void navigate({ to: '/glow-outlet/$categoryID', params: { categoryID: cat }, search: nextSearch });
    } else void navigate({ to: '/products/$categoryID', params: { categoryID: cat }, search: nextSearch });
  };
  const apply = (sel: FilterSelection) => {
    const nextBase = mainCategoryID ? listingBaseOf(mainCategoryID) : base;
    const nextSearch = cleanSearch({ size: sel.size, eventID: sel.eventID, colorID: sel.colorID, sort: search.sort });
    if (window.matchMedia('(max-width: 1023px)').matches) setFiltersOpen(false);
    go(nextBase, sel.categoryID, nextSearch);
  };
  /** Same page kind and category, another search (order or filters); back to page 1. */
  const setSearch = (next: ListingSearch) => {
    const nextSearch = cleanSearch({ ...next, page: undefined });
    go(base, categoryID, nextSearch);
  };
  const hrefFor = (p: number) =>
    categoryID !== undefined
      ? { to: `${base}/$categoryID`, params: { categoryID }, search: cleanSearch({ ...search, page: p }) }
      : { to: base, search: cleanSearch({ ...search, page: p }) };

  const total = products.data?.totalCount ?? 0;
  const pages = pageCount(total);
  const loading = mainCategoryID === undefined || products.isPending;

  // The grid (24 cards) is the same whatever the filters panel does: opening or closing the panel re-renders the
  // page without it, so the tap's frame is short on a phone (INP, decision 214). What it shows is a function of
  // these values (the callbacks inside are made from them).
  const results = useMemo(
    () => (
      <div className="listing__main">
        <ActiveFilters search={search} onChange={setSearch} />
        <ListingResults
          title={title}
          loading={loading}
          failed={products.isError}
          data={products.data}
          page={Math.min(page, pages)}
          pages={pages}
          hrefFor={hrefFor}
          renderAction={renderAction}
          empty={
            page > pages ? (
              <PastLastPage page={page} pages={pages} hrefFor={hrefFor} />
            ) : hasFilters(search) ? (
              <EmptyWithFilters search={search} onChange={setSearch} />
            ) : undefined
          }
        />
      </div>
    ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setSearch and hrefFor are made from these values
    [search, base, categoryID, navigate, title, loading, products.isError, products.data, page, pages, renderAction],
  );

  return (
    <div className="listing container">
      <div className="listing__head">
        <div>
          <p className="eyebrow">{category.data ? mainLabel : messages.common.shopName}</p>
          <h1 className="page-title">{mainCategoryID === undefined ? '\u00a0' : title}</h1>
          {category.data?.description && <p className="listing__desc">{category.data.description}</p>}
        </div>
        <div className="listing__tools">
          {products.data && (
            <p className="listing__count" aria-live="polite">
              {plural(messages.listing.resultsCount, total)}
            </p>
          )}
          <SortSelect
            value={search.sort ?? 'newest'}
            onChange={(sort) => setSearch({ ...search, sort: sort === 'newest' ? undefined : sort })}
          />
          <button
            type="button"
            className="button button--ghost"
            aria-expanded={filtersOpen}
            aria-controls="listing-filters"
            onClick={() => setFiltersOpen((o) => !o)}
          >
            <FilterIcon />
            {messages.listing.filter}
          </button>
        </div>
      </div>
      <div
        className={`listing__layout${filtersOpen ? ' listing__layout--filters' : filtersAuto ? ' listing__layout--filters-auto' : ''}`}
      >
        {filtersOpen && <div className="filters-backdrop" aria-hidden="true" onClick={() => setFiltersOpen(false)} />}
        {mainCategoryID !== undefined && (
          <FilterSidebar
            id="listing-filters"
            open={filtersOpen}
            auto={filtersAuto}
            mainCategoryID={mainCategoryID}
            applied={applied}
            onApply={apply}
            onClose={() => setFiltersOpen(false)}
          />
        )}
        {results}
      </div>
    </div>
  );
}

interface ResultsProps {
  title: string;
  loading: boolean;
  failed: boolean;
  data: ProductFilterResultDto | undefined;
  page: number;
  pages: number;
  hrefFor: PaginationProps['hrefFor'];
  renderAction?: (p: ProductCardDto) => ReactNode;
  /** What an empty result shows instead of the spec's text alone (with filters: a way to clear them). */
  empty?: ReactNode;
}

function EmptyWithFilters({ search, onChange }: { search: ListingSearch; onChange: (next: ListingSearch) => void }) {
  return (
    <div className="listing__empty">
      <p className="status-text">{messages.listing.noProducts}</p>
      <p>{messages.listing.noProductsWithFilters}</p>
      <ClearFilters search={search} onChange={onChange} />
    </div>
  );
}

/** A page number past the last one (an old link, a hand-edited URL): says so, with the pages that exist. */
function PastLastPage({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: PaginationProps['hrefFor'] }) {
  const last = hrefFor(pages) as unknown as { to: '/products' };
  return (
    <div className="listing__empty">
      <p className="status-text">{fill(messages.listing.pastLastPage, { page, pages })}</p>
      <Link {...last} className="button">
        {messages.listing.toLastPage}
      </Link>
      <Pagination page={pages} total={pages} hrefFor={hrefFor} />
    </div>
  );
}

/** The grid of the current page (skeletons while loading, the spec's failure and empty texts) and its pagination. */
function ListingResults({ title, loading, failed, data, page, pages, hrefFor, renderAction, empty }: ResultsProps) {
  return (
    <section className="listing__results" aria-label={title} aria-busy={loading}>
      {loading ? (
        <SkeletonCards count={12} />
      ) : failed ? (
        <p className="status-text status-text--error" role="alert">
          {messages.listing.failed}
        </p>
      ) : !data || data.products.length === 0 ? (
        (empty ?? <p className="status-text">{messages.listing.noProducts}</p>)
      ) : (
        <>
          <div className="product-grid">
            {data.products.map((p, i) => (
              <ProductCard key={p.productID} product={p} headingLevel={2} eager={i < 4} action={renderAction?.(p)} />
            ))}
          </div>
          <Pagination page={page} total={pages} hrefFor={hrefFor} />
        </>
      )}
    </section>
  );
}
