// The dashboard search text (set by the debounced search bar, read by every list screen to filter loaded rows).
import { useSyncExternalStore } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

let current = '';
const listeners = new Set<() => void>();

export function setDashboardSearch(text: string): void {
  if (text === current) return;
  current = text;
  for (const l of listeners) l();
}

export function getDashboardSearch(): string {
  return current;
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The committed (debounced or submitted) search text; list screens filter their loaded rows with it. */
export function useDashboardSearch(): string {
  return useSyncExternalStore(subscribe, getDashboardSearch, () => '');
}

/** Path fragments on which the spec shows the search bar. */
const SEARCH_PATHS = [
  'products',
  'categories',
  'customers',
  'sizes',
  'events',
  'contactus',
  'discount',
  'orders',
  'pending',
  'stock-count',
];

export function showsSearch(pathname: string): boolean {
  return SEARCH_PATHS.some((p) => pathname.includes(p));
}
