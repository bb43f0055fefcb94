// The header search's matching over the cached catalogue (search-cache.ts loads this module with the data, on the
// search box's first focus): the search page's rules (shared/search-words.ts).
import type { ProductCardDto } from '../../../shared/dto/catalog';
import { formatEuro } from '../../../shared/money';
import { hasSearchTerms, matchesSearch, searchDoc, searchTerms } from '../../../shared/search-words';
import type { CachedGlowData } from './search-cache';

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
