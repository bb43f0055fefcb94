// The results side of a listing or of the search page: the chips of the active filters, the grid of the current
// page (skeletons while loading, the spec's failure and empty texts, a way out of filters that leave nothing or of
// a page past the last one) and its pagination.
import { Suspense, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { ProductCardDto, ProductFilterResultDto } from '#shared/dto/catalog';
import { fill } from '#shared/messages';
import { listingMessages } from '#shared/messages/listing';
import { SkeletonCards } from '#client/components/ui/skeleton';
import { ActiveFilters, ClearFilters } from './listing-controls';
import { hasFilters, pageCount, type ListingSearch } from './listing-search';
import { Pagination, type PaginationProps } from './pagination';
import { ProductCard } from '#client/components/ui/product-card';

interface ListingMainProps {
  /** The results' accessible name (the page's title). */
  title: string;
  search: ListingSearch;
  /** Another search on the same page (a chip taken off, filters cleared). */
  onChange: (next: ListingSearch) => void;
  loading: boolean;
  /** The cards shown are the previous search's, while this one's load (they dim; the grid is busy). */
  updating?: boolean;
  failed: boolean;
  data: ProductFilterResultDto | undefined;
  hrefFor: PaginationProps['hrefFor'];
  /** Control over each card's picture (the wishlist heart), supplied by the route. */
  renderAction?: (p: ProductCardDto) => ReactNode;
}

export function ListingMain({
  title,
  search,
  onChange,
  loading,
  updating = false,
  failed,
  data,
  hrefFor,
  renderAction,
}: ListingMainProps) {
  const page = search.page ?? 1;
  const pages = pageCount(data?.totalCount ?? 0);
  return (
    <div className="listing__main">
      <ActiveFilters search={search} onChange={onChange} />
      <ListingResults
        title={title}
        loading={loading}
        updating={updating}
        failed={failed}
        data={data}
        page={Math.min(page, pages)}
        pages={pages}
        hrefFor={hrefFor}
        renderAction={renderAction}
        empty={
          page > pages ? (
            <PastLastPage page={page} pages={pages} hrefFor={hrefFor} />
          ) : hasFilters(search) ? (
            <EmptyWithFilters search={search} onChange={onChange} />
          ) : undefined
        }
      />
    </div>
  );
}

interface ResultsProps {
  title: string;
  loading: boolean;
  updating: boolean;
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
      <p className="status-text">{listingMessages.noProducts}</p>
      <p>{listingMessages.noProductsWithFilters}</p>
      <ClearFilters search={search} onChange={onChange} />
    </div>
  );
}

/** A page number past the last one (an old link, a hand-edited URL): says so, with the pages that exist. */
function PastLastPage({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: PaginationProps['hrefFor'] }) {
  const last = hrefFor(pages);
  return (
    <div className="listing__empty">
      <p className="status-text">{fill(listingMessages.pastLastPage, { page, pages })}</p>
      <Link {...last} className="button">
        {listingMessages.toLastPage}
      </Link>
      <Pagination page={pages} total={pages} hrefFor={hrefFor} />
    </div>
  );
}

const HYDRATION_GROUP = 4;

function rowsOf<T>(items: T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}

/** The grid of the current page (skeletons while loading, the spec's failure and empty texts) and its pagination. */
function ListingResults(props: ResultsProps) {
  const { title, loading, updating, failed, data, page, pages, hrefFor, renderAction, empty } = props;
  return (
    <section
      className={`listing__results${updating ? ' listing__results--updating' : ''}`}
      aria-label={title}
      aria-busy={loading || updating}
    >
      {loading ? (
        <SkeletonCards count={12} />
      ) : failed ? (
        <p className="status-text status-text--error" role="alert">
          {listingMessages.failed}
        </p>
      ) : !data || data.products.length === 0 ? (
        (empty ?? <p className="status-text">{listingMessages.noProducts}</p>)
      ) : (
        <>
          <div className="product-grid">
            {rowsOf(data.products, HYDRATION_GROUP).map((group, g) => (
              // Each group of cards hydrates in its own pass and commit (React's selective hydration), so the
              // page's hydration is several short tasks instead of one long one (decision 214). No DOM of its own.
              <Suspense key={group[0]!.productID} fallback={null}>
                {group.map((p, i) => (
                  <ProductCard
                    key={p.productID}
                    product={p}
                    headingLevel={2}
                    eager={g === 0 && i < 4}
                    action={renderAction?.(p)}
                  />
                ))}
              </Suspense>
            ))}
          </div>
          <Pagination page={page} total={pages} hrefFor={hrefFor} />
        </>
      )}
    </section>
  );
}
