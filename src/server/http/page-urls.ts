// What of a storefront URL makes a page (decisions 201, 234): its path as the declarations name it, and only the
// query parameters the page shows (a listing's page and sort, a product's reviews page and order), so tracking
// parameters, a made-up id or page number make no new head, render or cache entry.
import { hasListingFilters, parseListingSearch, searchFromQuery, type ListingSearch } from '#shared/page-search';
import { matchPage, type PageName } from '#shared/pages';
import { parseReviewSearch, type ReviewSearch } from '#shared/reviews';

/** A URL's path as the pages' declarations name it: without a trailing slash (but `/`). */
export const pagePath = (url: URL): string => url.pathname.replace(/(.)\/$/, '$1');

const LISTING_PAGES = new Set<PageName>(['products', 'productsCategory', 'glowOutlet', 'glowOutletCategory']);

/** A declared page's parsed listing search, or null for other pages. */
function listingSearchOf(url: URL): { pathname: string; search: ListingSearch } | null {
  const pathname = pagePath(url);
  const match = matchPage(pathname);
  if (!match || !LISTING_PAGES.has(match.name)) return null;
  return { pathname, search: parseListingSearch(searchFromQuery(url.search)) };
}

/** A product page's review page and order as its query (decision 234): '' for the first page, newest first. */
export const reviewSearchOf = (url: URL): ReviewSearch => parseReviewSearch(searchFromQuery(url.search));

function reviewQuery(url: URL): string {
  const r = reviewSearchOf(url);
  const keep = new URLSearchParams();
  if (r.reviews) keep.set('reviews', String(r.reviews));
  if (r.reviewSort) keep.set('reviewSort', r.reviewSort);
  const query = keep.toString();
  return query ? `?${query}` : '';
}

/** Key of the pages whose head depends on the catalogue (cached with it); null for the rest (no database read). */
export function catalogPageKey(url: URL): string | null {
  const pathname = pagePath(url);
  const match = matchPage(pathname);
  if (!match || match.params === null) return null;
  if (match.name === 'home') return pathname;
  if (match.name === 'product') return `${pathname}${reviewQuery(url)}`;
  const listing = listingSearchOf(url);
  if (!listing) return null;
  const s = listing.search;
  return `${pathname}?${s.page ?? 1}:${hasListingFilters(s) ? 'f' : ''}:${s.sort ?? ''}`;
}

/**
 * The URL a server-rendered page is rendered at: the path and the query parameters the page shows (a listing's
 * page and sort), so tracking parameters (fbclid, utm_*) do not make another render of the same page.
 */
export function renderUrl(url: URL): string {
  const path = pagePath(url);
  if (matchPage(path)?.name === 'product') return `${path}${reviewQuery(url)}`;
  const listing = listingSearchOf(url);
  const pathname = listing?.pathname ?? path;
  const keep = new URLSearchParams();
  if (listing?.search.page) keep.set('page', String(listing.search.page));
  if (listing?.search.sort) keep.set('sort', listing.search.sort);
  const query = keep.toString();
  return query ? `${pathname}?${query}` : pathname;
}
