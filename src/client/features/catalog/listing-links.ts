// Where a listing's controls lead (issue 25): a main category's listing (or one of its categories) or the search
// page, with a search (filters, page, order). The filter form is a real GET form to the same place (it works before
// the app is live, decision 213); the app reads a submitted form exactly as the router reads the URL it would open.
import { parseListingSearch, parseSearchPageSearch, searchFromQuery } from '#shared/page-search';
import type { ListingSearch } from '#shared/page-search';
import type { ListingBase } from '#shared/pages';
import type { RegisteredRouter, ToOptions } from '@tanstack/react-router';

export type ListingPlace =
  { kind: 'listing'; base: ListingBase; categoryID?: number } | { kind: 'search'; q: string; categoryID?: number };

/** A typed router link to a listing or the search page: Link and navigate take it as it is (no cast). */
export type ListingLink = ToOptions<
  RegisteredRouter,
  string,
  '/products' | '/glow-outlet' | '/products/$categoryID' | '/glow-outlet/$categoryID' | '/kerko'
>;

/** The link to `place` with `search`, cleaned (no empty lists, page 1 or default order in the URL). */
export function listingLink(place: ListingPlace, search: ListingSearch): ListingLink {
  const clean = parseListingSearch(search as Record<string, unknown>);
  if (place.kind === 'search')
    return { to: '/kerko', search: parseSearchPageSearch({ ...clean, q: place.q, categoryID: place.categoryID }) };
  if (place.categoryID === undefined) return { to: place.base, search: clean };
  return { to: `${place.base}/$categoryID`, params: { categoryID: place.categoryID }, search: clean };
}

/** `place` narrowed to another category (undefined: all of them). */
export function withCategory(place: ListingPlace, categoryID: number | undefined): ListingPlace {
  return { ...place, categoryID };
}

/** The path a filter form is sent to. */
export function formAction(place: ListingPlace): string {
  if (place.kind === 'search') return '/kerko';
  return place.categoryID === undefined ? place.base : `${place.base}/${place.categoryID}`;
}

/** The fields a filter form carries besides the filters: the search text and category, and the order. */
export function hiddenFields(place: ListingPlace, search: ListingSearch): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  if (place.kind === 'search') {
    fields.push(['q', place.q]);
    if (place.categoryID !== undefined) fields.push(['categoryID', String(place.categoryID)]);
  }
  if (search.sort) fields.push(['sort', search.sort]);
  return fields;
}

/** What a submitted filter form asks for, read as the router reads the URL the form would open. */
export function searchFromForm(form: HTMLFormElement): ListingSearch {
  const pairs: string[][] = [];
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') pairs.push([key, value]);
  return parseListingSearch(searchFromQuery(new URLSearchParams(pairs).toString()));
}
