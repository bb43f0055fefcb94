// The header search works over a local copy of the catalogue: spec key cachedGlowData {timestamp, categories,
// products}, kept 24 h, fetched only when the shopper first focuses the search box (not on every page load).
import { useQuery } from '@tanstack/react-query';
import type { CategoryDto, ProductCardDto } from '../../../shared/dto/catalog';
import { formatEuro } from '../../../shared/money';
import { hasSearchTerms, matchesSearch, searchDoc, searchTerms } from '../../../shared/search-words';
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

export function useSearchData(enabled: boolean) {
  return useQuery({
    queryKey: ['catalog', 'searchCache'],
    queryFn: loadSearchData,
    enabled,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/**
 * Products whose name, brand or price text (or category name: "këpucë" finds the shoes) match the query, ignoring
 * case and diacritics, and that come in the colours it names ("fustan e zezë"): the search page's matching
 * (shared/search-words.ts), over the cached catalogue.
 */
export function searchProducts(
  data: Pick<CachedGlowData, 'products' | 'categories'>,
  query: string,
  limit: number = 8,
): ProductCardDto[] {
  const terms = searchTerms(query);
  if (!hasSearchTerms(terms)) return [];
  const categoryNames = new Map(data.categories.map((c) => [c.categoryID, c.categoryName]));
  const out: ProductCardDto[] = [];
  for (const p of data.products) {
    const prices = [p.price, p.discountedPrice].filter((v): v is number => v != null);
    const priceTexts = prices.flatMap((v) => [formatEuro(v), v.toFixed(2), String(v)]);
    const fields = [p.name, p.brand, categoryNames.get(p.categoryID), ...priceTexts];
    if (
      matchesSearch(
        terms,
        searchDoc(
          fields,
          (p.colors ?? []).map((c) => c.colorName),
        ),
      )
    )
      out.push(p);
    if (out.length >= limit) break;
  }
  return out;
}
