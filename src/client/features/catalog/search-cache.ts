// The header search works over a local copy of the catalogue: spec key cachedGlowData {timestamp, categories,
// products}, kept 24 h, fetched only when the shopper first focuses the search box (not on every page load), together
// with the matching code (search-match.ts), which is not part of any page's first load (decision 214).
import { useQuery } from '@tanstack/react-query';
import type { CategoryDto, ProductCardDto } from '../../../shared/dto/catalog';
import { STORAGE } from '../../lib/storage-keys';
import { queryClient, trpc } from '../../lib/trpc';

export const SEARCH_CACHE_LIFETIME_MS = 86_400_000;

export interface CachedGlowData {
  timestamp: number;
  categories: CategoryDto[];
  products: ProductCardDto[];
}

export function readSearchCache(now = Date.now()): CachedGlowData | null {
  try {
    const raw = localStorage.getItem(STORAGE.cachedGlowData);
    if (!raw) return null;
    const data = JSON.parse(raw) as CachedGlowData;
    if (typeof data?.timestamp !== 'number' || !Array.isArray(data.products) || !Array.isArray(data.categories))
      return null;
    if (now - data.timestamp >= SEARCH_CACHE_LIFETIME_MS || data.timestamp > now) return null;
    return data;
  } catch {
    return null;
  }
}

async function loadSearchData(): Promise<CachedGlowData> {
  const cached = readSearchCache();
  if (cached) return cached;
  const [products, categories] = await Promise.all([
    queryClient.fetchQuery(trpc.catalog.products.queryOptions()),
    queryClient.fetchQuery(trpc.catalog.categories.queryOptions()),
  ]);
  const data: CachedGlowData = { timestamp: Date.now(), categories, products };
  try {
    localStorage.setItem(STORAGE.cachedGlowData, JSON.stringify(data));
  } catch {
    // Storage full or disabled: the search still works from memory for this visit.
  }
  return data;
}

/** The cached catalogue and the function that searches it, both loaded on the first focus. */
export interface SearchData {
  data: CachedGlowData;
  searchProducts: typeof import('./search-match').searchProducts;
}

async function loadSearch(): Promise<SearchData> {
  const [data, { searchProducts }] = await Promise.all([loadSearchData(), import('./search-match')]);
  return { data, searchProducts };
}

export function useSearchData(enabled: boolean) {
  return useQuery({
    queryKey: ['catalog', 'searchCache'],
    queryFn: loadSearch,
    enabled,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
