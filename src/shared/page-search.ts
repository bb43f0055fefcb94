// Search parameters of the storefront's pages, read leniently (decision 212): whatever a URL carries (a link a chat
// app cut short, a hand-edited address, a bot's guess), a page keeps what is well formed and drops the rest,
// never fails. Written without zod: these run in the route tree of the first page load (decision 023).
// The router reads `?a=1` as the number 1 and `?a=[3]` as an array (JSON), so every reader takes any value.
import { isListingSort, type ListingSort } from './listing-sorts';
import { eurosToCents } from './money';

/**
 * The search object the router reads from a query string (TanStack Router's default parseSearch: repeated keys
 * become a list, `true`/`false` and numbers their values, JSON-looking text parsed as JSON when it is JSON), so the
 * server reads a URL exactly as the page will (page-search.test.ts compares the two on generated query strings).
 */
export function searchFromQuery(query: string): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, text] of new URLSearchParams(query)) {
    const value = scalar(text);
    const previous = out[key];
    if (previous == null) out[key] = value;
    else if (Array.isArray(previous)) previous.push(value);
    else out[key] = [previous, value];
  }
  for (const key in out) {
    const value = out[key];
    if (typeof value !== 'string' || !/^(?:\s|["[{\d-]|fa|nu|tr)/.test(value)) continue;
    try {
      out[key] = JSON.parse(value) as unknown;
    } catch {
      // not JSON: kept as text
    }
  }
  return out;
}

function scalar(text: string): unknown {
  if (!text) return '';
  if (text === 'false') return false;
  if (text === 'true') return true;
  return +text * 0 === 0 && String(+text) === text ? +text : text;
}

/** Largest page number a listing URL may ask for. */
const MAX_LISTING_PAGE = 100_000;

const ID_TEXT = /^[1-9]\d{0,9}$/;

/** A catalogue id (decision 130): 1 … 2^31-1, digits without a leading zero (or the number itself); else null. */
export function parseId(raw: unknown): number | null {
  const text = typeof raw === 'number' ? String(raw) : raw;
  return typeof text === 'string' && ID_TEXT.test(text) && Number(text) < 2 ** 31 ? Number(text) : null;
}

function idList(v: unknown): number[] | undefined {
  const raw = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : typeof v === 'number' ? [v] : [];
  const ids = [...new Set(raw.map(parseId).filter((n): n is number => n !== null))].slice(0, 100);
  return ids.length ? ids.sort((a, b) => a - b) : undefined;
}

/** A text parameter (`?q=`, `?order=`): a string or what the router read as a number or boolean, trimmed. */
function textParam(v: unknown, max: number): string | undefined {
  const text = typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v).trim() : '';
  return text ? text.slice(0, max) : undefined;
}

/** Highest price a filter takes, in euros. */
const MAX_PRICE_EUROS = 1_000_000;

/**
 * A price as a shopper types it ("59,90", "59.90", "59", "1 299,90 €", "1.299,90") or the router read it (59.9):
 * euros with at most two decimals, 0 … 1 000 000; anything else undefined. The last `,` or `.` followed by one or
 * two digits is the decimal mark; followed by three it groups thousands ("1.299" is 1299), like the others.
 */
export function parsePrice(v: unknown): number | undefined {
  let euros: number;
  if (typeof v === 'number') euros = v;
  else if (typeof v === 'string') {
    const text = v.replace(/[\s\u00a0]/g, '').replace(/^€|€$/, '');
    const m = /^(\d{1,7}(?:[.,]\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(text);
    if (!m) return undefined;
    euros = Number(`${m[1]!.replace(/[.,]/g, '')}.${m[2] ?? '0'}`);
  } else return undefined;
  if (!Number.isFinite(euros) || euros < 0 || euros > MAX_PRICE_EUROS) return undefined;
  const cents = eurosToCents(euros);
  return Math.abs(cents - euros * 100) < 1e-6 ? cents / 100 : undefined;
}

/** Longest brand name a filter takes, and how many brands at most. */
const MAX_BRAND_LENGTH = 100;
const MAX_BRANDS = 30;

/** Brand names (a list, or one text): trimmed, at most 100 characters, without repeats (ignoring case), sorted. */
function brandList(v: unknown): string[] | undefined {
  const raw = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
  const seen = new Map<string, string>();
  for (const item of raw) {
    const text = textParam(item, MAX_BRAND_LENGTH + 1);
    if (text && text.length <= MAX_BRAND_LENGTH && !seen.has(text.toLowerCase())) seen.set(text.toLowerCase(), text);
  }
  const brands = [...seen.values()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).slice(0, MAX_BRANDS);
  return brands.length ? brands : undefined;
}

/** A listing's filters, page and order as its URL carries them (absent: none, page 1, newest first). */
export interface ListingSearch {
  size?: number[];
  eventID?: number[];
  colorID?: number[];
  brand?: string[];
  /** The shown price's range, in euros (either end may be absent). */
  minPrice?: number;
  maxPrice?: number;
  page?: number;
  /** Absent for the default order (newest first). */
  sort?: Exclude<ListingSort, 'newest'>;
}

/** The price range of a search: well-formed ends only, the smaller one first. */
function priceRange(input: Record<string, unknown>): Pick<ListingSearch, 'minPrice' | 'maxPrice'> {
  let min = parsePrice(input.minPrice);
  let max = parsePrice(input.maxPrice);
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  return {
    ...(min !== undefined && min > 0 ? { minPrice: min } : {}),
    ...(max !== undefined ? { maxPrice: max } : {}),
  };
}

/** A listing page's search: well-formed ids, brands and prices, a page 2 … 100 000 and a known order (idempotent). */
export function parseListingSearch(input: Record<string, unknown>): ListingSearch {
  const out: ListingSearch = {};
  const size = idList(input.size);
  const eventID = idList(input.eventID);
  const colorID = idList(input.colorID);
  const brand = brandList(input.brand);
  const page = parseId(input.page);
  if (size) out.size = size;
  if (eventID) out.eventID = eventID;
  if (colorID) out.colorID = colorID;
  if (brand) out.brand = brand;
  Object.assign(out, priceRange(input));
  if (page && page > 1 && page <= MAX_LISTING_PAGE) out.page = page;
  if (isListingSort(input.sort) && input.sort !== 'newest') out.sort = input.sort;
  return out;
}

/** True when the shopper narrowed the listing by size, event, colour, brand or price. */
export function hasListingFilters(s: ListingSearch): boolean {
  return Boolean(
    s.size?.length ||
    s.eventID?.length ||
    s.colorID?.length ||
    s.brand?.length ||
    s.minPrice !== undefined ||
    s.maxPrice !== undefined,
  );
}

/** The search page's search: the text, a category and the listing's filters, page and order. */
export interface SearchPageSearch extends ListingSearch {
  q?: string;
  categoryID?: number;
}

/** `/kerko?q=…`: the search text (at most 100 characters), a category, and the listing's filters, page and order. */
export function parseSearchPageSearch(input: Record<string, unknown>): SearchPageSearch {
  const q = textParam(input.q, 100);
  const categoryID = parseId(input.categoryID);
  return { ...(q ? { q } : {}), ...(categoryID ? { categoryID } : {}), ...parseListingSearch(input) };
}

/** `/order-status?order=`: the order number to fill in. */
export function parseOrderStatusSearch(input: Record<string, unknown>): { order?: string } {
  const order = textParam(input.order, 20);
  return order ? { order } : {};
}

/** `/order-confirmation/{id}?guest=`: the guest id the confirmation e-mail's link carries (decision 175). */
export function parseConfirmationSearch(input: Record<string, unknown>): { guest?: string } {
  const guest = textParam(input.guest, 65);
  return guest && guest.length <= 64 ? { guest } : {};
}

/** `/reset-password?token=`: the reset link's token. */
export function parseResetSearch(input: Record<string, unknown>): { token?: string } {
  const token = textParam(input.token, 2000);
  return token ? { token } : {};
}

/** `/cart?checkout=true`: open the checkout at once. */
export function parseCartSearch(input: Record<string, unknown>): { checkout?: true } {
  return input.checkout === true || input.checkout === 'true' ? { checkout: true } : {};
}
