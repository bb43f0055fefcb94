// The listing's URL search params (filters and page), so a filtered page can be shared and reloaded.
// Bad values are dropped rather than failing the page. Validated by hand, not with zod: this runs in the
// route tree of the first page load, where zod would add ~23 KB gz (docs/decisions/023-listing-url-state.md).

import { isListingSort, type ListingSort } from '../../../shared/listing-sorts';
import { LISTING_PAGE_SIZE } from '../../../shared/initial-queries';

export interface ListingSearch {
  size?: number[];
  eventID?: number[];
  colorID?: number[];
  page?: number;
  /** Absent for the default order (newest first). */
  sort?: Exclude<ListingSort, 'newest'>;
}

const MAX_ID = 2 ** 31;

function asId(v: unknown): number | null {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= MAX_ID ? n : null;
}

function idList(v: unknown): number[] | undefined {
  const raw = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : typeof v === 'number' ? [v] : [];
  const ids = [...new Set(raw.map(asId).filter((n): n is number => n !== null))].slice(0, 100);
  return ids.length ? ids.sort((a, b) => a - b) : undefined;
}

/** validateSearch for the listing routes: keeps well-formed ids and page, drops the rest. */
export function validateListingSearch(input: Record<string, unknown>): ListingSearch {
  const out: ListingSearch = {};
  const size = idList(input.size);
  const eventID = idList(input.eventID);
  const colorID = idList(input.colorID);
  const page = asId(input.page);
  if (size) out.size = size;
  if (eventID) out.eventID = eventID;
  if (colorID) out.colorID = colorID;
  if (page && page > 1 && page <= 100_000) out.page = page;
  if (isListingSort(input.sort) && input.sort !== 'newest') out.sort = input.sort;
  return out;
}

export const PAGE_SIZE = LISTING_PAGE_SIZE;

/** Page count for a total: ceil(total / 24), at least 1. */
export function pageCount(totalCount: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(totalCount / pageSize));
}

/** True when the shopper narrowed the listing by size, event or colour. */
export function hasFilters(s: ListingSearch): boolean {
  return Boolean(s.size?.length || s.eventID?.length || s.colorID?.length);
}

/** Drops empty lists, page 1 and the default order so the URL stays short. */
export function cleanSearch(s: ListingSearch): ListingSearch {
  return validateListingSearch(s as Record<string, unknown>);
}
