// The listing's URL search params (filters, page and order), so a filtered page can be shared and reloaded. Read
// leniently by the page's declaration (src/shared/page-search.ts, decision 212): bad values are dropped.
import { LISTING_PAGE_SIZE } from '#shared/initial-queries';
import { hasListingFilters, parseListingSearch, type ListingSearch } from '#shared/page-search';

export type { ListingSearch };

/** validateSearch for the listing routes: keeps well-formed ids, page and order, drops the rest. */
export const validateListingSearch = parseListingSearch;

export const PAGE_SIZE = LISTING_PAGE_SIZE;

/** Page count for a total: ceil(total / 24), at least 1. */
export function pageCount(totalCount: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(totalCount / pageSize));
}

/** True when the shopper narrowed the listing by size, event or colour. */
export const hasFilters = hasListingFilters;

/** Drops empty lists, page 1 and the default order so the URL stays short. */
export function cleanSearch(s: ListingSearch): ListingSearch {
  return parseListingSearch(s as Record<string, unknown>);
}
