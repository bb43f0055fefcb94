// Search parameters of the storefront's pages, read leniently (decision 212): whatever a URL carries (a link a chat
// app cut short, a hand-edited address, a bot's guess), a page keeps what is well formed and drops the rest,
// never fails. Written without zod: these run in the route tree of the first page load (decision 023).
// The router reads `?a=1` as the number 1 and `?a=[3]` as an array (JSON), so every reader takes any value.
import { isListingSort, type ListingSort } from './listing-sorts';

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

/** A listing's filters, page and order as its URL carries them (absent: none, page 1, newest first). */
export interface ListingSearch {
  size?: number[];
  eventID?: number[];
  colorID?: number[];
  page?: number;
  /** Absent for the default order (newest first). */
  sort?: Exclude<ListingSort, 'newest'>;
}

/** A listing page's search: well-formed ids, a page 2 … 100 000 and a known order; nothing else (idempotent). */
export function parseListingSearch(input: Record<string, unknown>): ListingSearch {
  const out: ListingSearch = {};
  const size = idList(input.size);
  const eventID = idList(input.eventID);
  const colorID = idList(input.colorID);
  const page = parseId(input.page);
  if (size) out.size = size;
  if (eventID) out.eventID = eventID;
  if (colorID) out.colorID = colorID;
  if (page && page > 1 && page <= MAX_LISTING_PAGE) out.page = page;
  if (isListingSort(input.sort) && input.sort !== 'newest') out.sort = input.sort;
  return out;
}

/** True when the shopper narrowed the listing by size, event or colour. */
export function hasListingFilters(s: ListingSearch): boolean {
  return Boolean(s.size?.length || s.eventID?.length || s.colorID?.length);
}

/** `/kerko?q=`: the search text, at most 100 characters. */
export function parseSearchPageSearch(input: Record<string, unknown>): { q?: string } {
  const q = textParam(input.q, 100);
  return q ? { q } : {};
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
