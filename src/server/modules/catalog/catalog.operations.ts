// The catalog module's operations (all public reads, decision 211): the cached service read answers both doors, tRPC
// with its value and REST with its already serialised bytes (ETag-free, gzipped once per cache entry). The fast lane
// (catalog.fast-lane.ts, decision 156) answers the `fastLane` ones for anonymous callers from these declarations.
import type { Context } from 'hono';
import { z } from 'zod';
import {
  CategoryReply,
  ColorReply,
  ColorWithCountReply,
  CountryReply,
  EventReply,
  ListingFacetsReply,
  MainCategoryReply,
  ProductCardReply,
  ProductFilterResultReply,
  ProductReply,
  SizeGuideReply,
  SizeReply,
  VariantStockReply,
} from '#shared/dto/catalog';
import { ProductReviewsReply } from '#shared/dto/reviews';
import { LookCardReply, ProductLookReply } from '#shared/dto/looks';
import { ProductReviewsInput } from '#shared/schemas/reviews';
import {
  catalogQuery,
  CategoriesByMainInput,
  CategoryIdInput,
  ColorsWithCountInput,
  FilterColorsInput,
  ListingFacetsInput,
  ProductFilterInput,
  ProductIdInput,
  ProductListInput,
  ProductSearchInput,
  RelatedProductsInput,
  VariantIdInput,
} from '#shared/schemas/catalog';
import { sendBuiltFile } from '#server/http/built-file-reply';
import type { AppEnv } from '#server/http/env';
import { query, type Caller, type Parsed, type RestRequest, type RestRoute } from '#server/operations/define';
import { pathIds } from '#server/operations/rest-shapes';
import { acceptsGzip, CATALOG_CACHE_HEADERS, encodedRead, JSON_TYPE } from './catalog.body';
import * as catalog from '.';
import { productReviews } from '../reviews';

/**
 * Sends a cached read as its already serialised JSON. Cache-Control and Vary are set here, up front: when the
 * app-wide middlewares add them after the handler (c.header on a finished response), Hono rebuilds the
 * response around a stream and @hono/node-server loses its single-write fast path (a third of the throughput).
 */
const send = (c: Context<AppEnv>, read: catalog.CachedRead<unknown>) => {
  const { bytes, gzip } = encodedRead(read, acceptsGzip(c.req.header('accept-encoding')));
  const headers: Record<string, string> = { 'Content-Type': JSON_TYPE, ...CATALOG_CACHE_HEADERS };
  if (gzip) headers['Content-Encoding'] = 'gzip';
  return c.body(bytes, 200, headers);
};
interface CachedReadDef<S extends z.ZodType | undefined, T> {
  input?: S;
  /** The answer's schema, for the OpenAPI document (documentation only). */
  output: z.ZodType<NoInfer<T>>;
  /** The fast lane answers it over tRPC for anonymous callers (decision 156). */
  fastLane?: true;
  run: (caller: Caller, input: Parsed<S>) => Promise<catalog.CachedRead<T>>;
  /** The spec's GET path, how its input is read (default: the query) and whether the fast lane answers it too. */
  rest: { path: string; input?: RestRoute['input']; fastLane?: true };
}

/** A public cached read: tRPC answers its value, REST its already serialised bytes. */
const cachedRead = <S extends z.ZodType | undefined = undefined, T = unknown>(def: CachedReadDef<S, T>) =>
  query<S, Promise<catalog.CachedRead<T>>, 'public', T>({
    access: 'public',
    ...(def.input ? { input: def.input } : {}),
    output: def.output,
    ...(def.fastLane ? { fastLane: def.fastLane } : {}),
    run: def.run,
    trpc: (read) => read.value,
    rest: { method: 'GET', reply: send, ...def.rest },
  });
/** The brand (a comma list of names) and price range (euro amounts) of a listing's or search's query string. */
const NARROWING_QUERY = { textLists: ['brand'], decimals: ['minPrice', 'maxPrice'] };
/** The query string as the schema's shape (numbers, comma lists). */
const queryOf = (spec: Parameters<typeof catalogQuery>[1]) => (req: RestRequest) => catalogQuery(req.query(), spec);

export const catalogOperations = {
  homepage: cachedRead({
    output: z.array(ProductCardReply),
    fastLane: true,
    run: (caller) => catalog.homepageProducts(caller.db),
    rest: { path: '/Product/homepage' },
  }),
  /** The staff view (inactive products too) depends on the caller, so the fast lane leaves it alone. */
  products: query({
    access: 'public',
    output: z.array(ProductCardReply),
    input: ProductListInput,
    run: (caller, input) => catalog.productList(caller.db, caller.actor, input?.includeInactive ?? false),
    trpc: (read) => read.value,
  }),
  /**
   * The spec's GET /api/Product (every product's card; inactive ones too for staff, decision 100): it grows with the
   * catalogue, so it is a file built off the request path once per catalogue change and streamed (issue 38).
   */
  allProducts: query({
    access: 'public',
    run: (caller) => catalog.allProductsFile(caller.db, caller.actor),
    trpc: false,
    rest: {
      method: 'GET',
      path: '/Product',
      inputIn: 'none',
      output: z.array(ProductCardReply),
      reply: (c, file) => sendBuiltFile(c, file, JSON_TYPE, 'no-store'),
    },
  }),
  /** Inactive products are NOT_FOUND except for staff (decision 202): the dashboard's product form reads this too. */
  product: cachedRead({
    output: ProductReply,
    fastLane: true,
    input: ProductIdInput,
    run: (caller, input) => catalog.productById(caller.db, input.productID, caller.actor),
    rest: { path: '/Product/:id', input: pathIds({ productID: 'id' }), fastLane: true },
  }),
  /** The product's size guide (its own, else its category's; null without one), issue 26. */
  sizeGuide: cachedRead({
    output: SizeGuideReply.nullable(),
    fastLane: true,
    input: ProductIdInput,
    run: (caller, input) => catalog.sizeGuideForProduct(caller.db, input.productID),
    rest: { path: '/Product/:id/SizeGuide', input: pathIds({ productID: 'id' }), fastLane: true },
  }),
  /** The looks holding the product, every piece in full (decision 276); [] without. Its page's "Plotëso stilin". */
  productLooks: cachedRead({
    output: z.array(ProductLookReply),
    fastLane: true,
    input: ProductIdInput,
    run: (caller, input) => catalog.productLooks(caller.db, input.productID),
    rest: { path: '/Product/:id/Looks', input: pathIds({ productID: 'id' }), fastLane: true },
  }),
  /** The looks page: the newest looks with their pieces as cards (decision 276). */
  looks: cachedRead({
    output: z.array(LookCardReply),
    fastLane: true,
    run: (caller) => catalog.looksPage(caller.db),
    rest: { path: '/Looks' },
  }),
  /**
   * A product's approved reviews, a page at a time, newest or highest first (decision 234). The reviews module's read,
   * served beside the product because the product page's first view reads it with the product.
   */
  productReviews: cachedRead({
    output: ProductReviewsReply,
    input: ProductReviewsInput,
    run: (caller, input) => productReviews(caller, input),
    rest: { path: '/Product/:id/Reviews', input: (req) => ({ ...req.query(), productID: req.param('id') }) },
  }),
  related: cachedRead({
    output: z.array(ProductCardReply),
    fastLane: true,
    input: RelatedProductsInput,
    run: (caller, input) => catalog.relatedProducts(caller.db, input),
    rest: {
      path: '/Product/related',
      input: queryOf({
        numbers: ['categoryId', 'currentProductId'],
        lists: ['sizeIds', 'colorIds'],
        strings: ['brand'],
      }),
    },
  }),
  filter: cachedRead({
    output: ProductFilterResultReply,
    fastLane: true,
    input: ProductFilterInput,
    run: (caller, input) => catalog.filterProducts(caller.db, input),
    rest: {
      path: '/Product/filters',
      input: queryOf({
        numbers: ['mainCategoryID', 'categoryID', 'page', 'pageSize'],
        lists: ['size', 'eventID', 'colorID'],
        strings: ['sort'],
        ...NARROWING_QUERY,
      }),
      fastLane: true,
    },
  }),
  /** The search page (issue 25): a text over both main categories, with the listing's filters and orders. */
  search: cachedRead({
    output: ProductFilterResultReply,
    fastLane: true,
    input: ProductSearchInput,
    run: (caller, input) => catalog.searchProducts(caller.db, input),
    rest: {
      path: '/Product/search',
      input: queryOf({
        numbers: ['categoryID', 'page', 'pageSize'],
        lists: ['size', 'eventID', 'colorID'],
        strings: ['q', 'sort'],
        ...NARROWING_QUERY,
      }),
      fastLane: true,
    },
  }),
  /** What a listing's or search's filters offer: sizes, brands and price range of what the other filters leave. */
  facets: cachedRead({
    output: ListingFacetsReply,
    fastLane: true,
    input: ListingFacetsInput,
    run: (caller, input) => catalog.listingFacets(caller.db, input),
    rest: {
      path: '/Product/filters/options',
      input: queryOf({
        numbers: ['mainCategoryID', 'categoryID'],
        lists: ['size', 'eventID', 'colorID'],
        strings: ['q'],
        ...NARROWING_QUERY,
      }),
    },
  }),
  variant: cachedRead({
    output: VariantStockReply,
    fastLane: true,
    input: VariantIdInput,
    run: (caller, input) => catalog.variantStockById(caller.db, input.variantId),
    rest: { path: '/Product/variants/:variantId', input: pathIds({ variantId: 'variantId' }) },
  }),
  categories: cachedRead({
    output: z.array(CategoryReply),
    fastLane: true,
    run: (caller) => catalog.categories(caller.db),
    rest: { path: '/Category' },
  }),
  category: cachedRead({
    output: CategoryReply,
    fastLane: true,
    input: CategoryIdInput,
    run: (caller, input) => catalog.categoryById(caller.db, input.categoryID),
    rest: { path: '/Category/:id', input: pathIds({ categoryID: 'id' }) },
  }),
  categoriesByMain: cachedRead({
    output: z.array(CategoryReply),
    fastLane: true,
    input: CategoriesByMainInput,
    run: (caller, input) => catalog.categoriesByMain(caller.db, input.mainCategoryID),
    rest: { path: '/Category/filter', input: queryOf({ numbers: ['mainCategoryID'] }) },
  }),
  mainCategories: cachedRead({
    output: z.array(MainCategoryReply),
    fastLane: true,
    run: (caller) => catalog.mainCategories(caller.db),
    rest: { path: '/MainCategories' },
  }),
  sizes: cachedRead({
    output: z.array(SizeReply),
    fastLane: true,
    run: (caller) => catalog.sizes(caller.db),
    rest: { path: '/Size' },
  }),
  events: cachedRead({
    output: z.array(EventReply),
    fastLane: true,
    run: (caller) => catalog.events(caller.db),
    rest: { path: '/Event' },
  }),
  colors: cachedRead({
    output: z.array(ColorReply),
    fastLane: true,
    run: (caller) => catalog.colors(caller.db),
    rest: { path: '/Color' },
  }),
  colorsWithCount: cachedRead({
    output: z.array(ColorWithCountReply),
    fastLane: true,
    input: ColorsWithCountInput.optional(),
    run: (caller, input) => catalog.colorsWithCount(caller.db, input?.minProductCount ?? 1),
    rest: { path: '/Color/color/with-count', input: queryOf({ numbers: ['minProductCount'] }) },
  }),
  filterColors: cachedRead({
    output: z.array(ColorWithCountReply),
    fastLane: true,
    input: FilterColorsInput.optional(),
    run: (caller, input) => catalog.colorsWithCount(caller.db, input?.minProductCount ?? 4),
    rest: { path: '/Product/color/filtered', input: queryOf({ numbers: ['minProductCount'] }) },
  }),
  countries: cachedRead({
    output: z.array(CountryReply),
    fastLane: true,
    run: (caller) => catalog.countries(caller.db),
    rest: { path: '/countries' },
  }),
};
