// The listing and search pages (issue 25): a page of products and what the filters offer, for a main category
// (the listing) or a search text over both (the search page), narrowed by category, sizes, colours, events,
// brands and the shown price's range. Each question is normalised first (known ids, the catalogue's brand
// spellings, cents, the text's search terms), so any spelling of it makes one cache key (decision 201).
import { centsToEuros, eurosToCents } from '#shared/money';
import { hasSearchTerms, searchTerms, type SearchTerms } from '#shared/search-words';
import { sortSizes } from '#shared/sizes';
import type { ListingFacetsDto, ProductFilterResultDto } from '#shared/dto/catalog';
import type { ListingFacetsInput, ProductFilterInput, ProductSearchInput } from '#shared/schemas/catalog';
import type { DB } from '#server/db/client';
import * as q from './listing.queries';
import { knownIds, NO_MATCH, vocabulary, type Vocabulary } from './normalised-input';
import { cardsFor } from './products.service';
import { answerOnly, freshState, readIn, type CacheState, type CachedRead } from './read-cache';
import { searchIndex, searchMatches } from './search-index';

/** What any of the three reads is asked: where (main category or text), the category and the filters. */
type ListingQuestion = Pick<ProductFilterInput, 'size' | 'eventID' | 'colorID' | 'brand' | 'minPrice' | 'maxPrice'> & {
  mainCategoryID?: 1 | 2;
  categoryID?: number;
  q?: string;
};

/** A question in one spelling: the filter (without the text's products) and the text's terms. */
interface NormalQuestion {
  filter: q.ListingFilter;
  terms?: SearchTerms;
}

/** The price range in cents, the smaller end first; a lower end of 0 is no lower end. */
function centsRange(input: ListingQuestion): Pick<q.ListingFilter, 'minCents' | 'maxCents'> {
  let min = input.minPrice === undefined ? undefined : eurosToCents(input.minPrice);
  let max = input.maxPrice === undefined ? undefined : eurosToCents(input.maxPrice);
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  return { ...(min ? { minCents: min } : {}), ...(max !== undefined ? { maxCents: max } : {}) };
}

/** Known ids only, a category of the other main category matches nothing; brands as the catalogue spells them. */
function normalQuestion(input: ListingQuestion, v: Vocabulary): NormalQuestion {
  const { mainCategoryID, categoryID } = input;
  const categoryMain = categoryID === undefined ? undefined : v.categories.get(categoryID);
  const brands = [...new Set(input.brand.flatMap((b) => v.brandSpellings.get(b.toLowerCase()) ?? []))].sort();
  const filter: q.ListingFilter = {
    ...(mainCategoryID !== undefined ? { mainCategoryID } : {}),
    ...(categoryID === undefined
      ? {}
      : {
          categoryID:
            categoryMain !== undefined && (mainCategoryID ?? categoryMain) === categoryMain ? categoryID : NO_MATCH,
        }),
    sizeIds: knownIds(input.size, v.sizes),
    colorIds: knownIds(input.colorID, v.colors),
    eventIds: knownIds(input.eventID, v.events),
    brands,
    ...centsRange(input),
    // Brands the catalogue does not have: nothing matches (as unknown ids do).
    ...(input.brand.length && !brands.length ? { productIds: [] } : {}),
  };
  const terms = input.q === undefined ? undefined : searchTerms(input.q);
  return terms ? { filter, terms } : { filter };
}

async function normalised(state: CacheState, db: DB, input: ListingQuestion) {
  const n = normalQuestion(input, (await vocabulary(state, db)).value);
  return { ...n, key: JSON.stringify(n) };
}

/** The SQL filter of a question: with a text, only the products it matches (none for a text of no terms). */
async function sqlFilter(state: CacheState, db: DB, n: NormalQuestion): Promise<q.ListingFilter> {
  if (!n.terms || n.filter.productIds) return n.filter;
  return { ...n.filter, productIds: hasSearchTerms(n.terms) ? await searchMatches(state, db, n.terms) : [] };
}

type Paging = Pick<ProductFilterInput, 'page' | 'pageSize' | 'sort'>;

/**
 * A page of a listing or search. The count per question is kept; a page is kept only when it has products, so a
 * page past the last one (any of 100 000) is answered from the count without a query and without a cache entry.
 */
async function productPage(db: DB, input: ListingQuestion & Paging): Promise<CachedRead<ProductFilterResultDto>> {
  const state = await freshState(db);
  const n = await normalised(state, db, input);
  const count = await readIn(state, `filter-count:${n.key}`, async (today) =>
    q.filterProductCount(db, await sqlFilter(state, db, n), today),
  );
  const totalCount = count.value;
  const { page, pageSize, sort } = input;
  const offset = (page - 1) * pageSize;
  if (offset >= totalCount) return answerOnly({ products: [], totalCount, page, pageSize });
  return readIn(state, `filter:${n.key}:${page}:${pageSize}:${sort}`, async (today) => {
    const f = await sqlFilter(state, db, n);
    const ids = await q.filterProductIds(db, f, { sort, limit: pageSize, offset }, today);
    return { products: await cardsFor(db, ids, today), totalCount, page, pageSize };
  });
}

/** A page of a main category's listing (GET /api/Product/filters, catalog.filter). */
export function filterProducts(db: DB, input: ProductFilterInput): Promise<CachedRead<ProductFilterResultDto>> {
  return productPage(db, input);
}

/** A page of the search page: the text's products over both main categories (catalog.search). */
export function searchProducts(db: DB, input: ProductSearchInput): Promise<CachedRead<ProductFilterResultDto>> {
  return productPage(db, input);
}

/**
 * Builds the search index of the catalogue as it is now, if nobody has: the shop calls it once it listens (main.ts),
 * so the first shopper's search does not wait for it (at 10 000 products about 250 ms of reads in slices).
 */
export async function prepareSearch(db: DB): Promise<void> {
  await searchIndex(await freshState(db), db);
}

const collator = new Intl.Collator('sq', { sensitivity: 'base' });

/** What a listing's or search's filters offer: categories, sizes, brands and the price range of what the rest leaves. */
export async function listingFacets(db: DB, input: ListingFacetsInput): Promise<CachedRead<ListingFacetsDto>> {
  const state = await freshState(db);
  const n = await normalised(state, db, input);
  const v = (await vocabulary(state, db)).value;
  return readIn(state, `facets:${n.key}`, async (today) => {
    const f = await sqlFilter(state, db, n);
    const [categoryIDs, sizes, brands, price] = await Promise.all([
      q.facetCategoryIds(db, f, today),
      q.facetSizeRows(db, f, today),
      q.facetBrands(db, f, today),
      q.facetPriceRange(db, f, today),
    ]);
    const brandNames = new Set(brands.map((b) => v.brands.get(b.toLowerCase()) ?? b));
    return {
      categoryIDs,
      sizes: sortSizes(sizes.map((s) => ({ sizeID: s.size_id, sizeName: s.size_name }))),
      brands: [...brandNames].sort(collator.compare),
      minPrice: price.min === null ? null : centsToEuros(price.min),
      maxPrice: price.max === null ? null : centsToEuros(price.max),
    };
  });
}
