// Page links for the listing (page numbers with gaps, previous/next), kept in the URL.
import { Link } from '@tanstack/react-router';
import type { ListingLink } from './listing-links';
import { fill } from '#shared/messages';
import { listingMessages } from '#shared/messages/listing';
import { ChevronLeftIcon, ChevronRightIcon } from '#client/components/layout/icons';

/** Page numbers to show: first, last, and the current page with its neighbours; null marks a gap. */
export function pageWindow(current: number, total: number): Array<number | null> {
  const pages = new Set<number>([1, total, current - 1, current, current + 1]);
  if (current <= 3) [2, 3, 4].forEach((p) => pages.add(p));
  if (current >= total - 2) [total - 1, total - 2, total - 3].forEach((p) => pages.add(p));
  const sorted = [...pages].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  });
  return out;
}

export interface PaginationProps {
  page: number;
  total: number;
  hrefFor: (page: number) => ListingLink;
}

export function Pagination({ page, total, hrefFor }: PaginationProps) {
  if (total <= 1) return null;
  const link = hrefFor;
  return (
    <nav className="pagination" aria-label={listingMessages.pagination}>
      {page > 1 ? (
        <Link {...link(page - 1)} className="pagination__step" aria-label={listingMessages.previousPage} resetScroll>
          <ChevronLeftIcon />
        </Link>
      ) : (
        <span className="pagination__step pagination__step--disabled" aria-hidden="true">
          <ChevronLeftIcon />
        </span>
      )}
      <ul className="pagination__list">
        {pageWindow(page, total).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                {...link(p)}
                className={p === page ? 'pagination__page pagination__page--current' : 'pagination__page'}
                aria-current={p === page ? 'page' : undefined}
                aria-label={fill(listingMessages.pageN, { n: p })}
                resetScroll
              >
                {p}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < total ? (
        <Link {...link(page + 1)} className="pagination__step" aria-label={listingMessages.nextPage} resetScroll>
          <ChevronRightIcon />
        </Link>
      ) : (
        <span className="pagination__step pagination__step--disabled" aria-hidden="true">
          <ChevronRightIcon />
        </span>
      )}
    </nav>
  );
}
