// Per-page <head> for the HTML the server sends: title, description, canonical, Open Graph (shared links show a
// preview with price and stock), schema.org JSON-LD and a preload of the page's largest picture (LCP).
// The page, its parameters and search come from the pages' declarations (src/shared/pages.ts, decision 212), and
// its first-view data from running the declaration's reads on the cached catalogue service: the same reads the
// route's loader makes in the browser. A path no declaration matches, or whose id or category names nothing, is 404.
// Pages that read the catalogue are rendered once per catalogue version (catalog.service cachedRead), so a
// product page costs what the product API read costs (docs/decisions/191-server-html-head.md).
// A missing or inactive product's page is a 404 with one head for them all (decision 202); heads an arbitrary URL
// can multiply (a listing page past the last one) are not kept, and nothing but the page and sort shown is part
// of a head's key or render URL (decision 201).
import { messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import {
  cachedRead,
  categories,
  categoriesByMain,
  categoryById,
  colorsWithCount,
  events,
  filterProducts,
  homepageProducts,
  listingFacets,
  productById,
  sizeGuideForProduct,
  looksPage,
  productLooks,
  relatedProducts,
  searchProducts,
  sizes,
} from '../modules/catalog';
import type { InitialQuery } from '#shared/initial-queries';
import { hasListingFilters, parseListingSearch, searchFromQuery, type ListingSearch } from '#shared/page-search';
import {
  listingBaseOf,
  matchPage,
  pages,
  type FirstViewRead,
  type PageDeclaration,
  type FirstViewReader,
  type FirstViewReads,
  type ListingBase,
  type PageName,
} from '#shared/pages';
import { initialQueriesScript, initialQuery } from './initial-queries';
import { productReviews } from '../modules/reviews';
import { parseReviewSearch, productReviewsInput, type ReviewSearch } from '#shared/reviews';
import { DEFAULT_IMAGE, breadcrumbJsonLd, jsonLdScript, productJsonLd, storeJsonLd } from '../modules/seo';
import { publicOrigin } from './origin';
import { returnPolicy } from '../modules/returns';
import { versionedUrl, type StaticVersions } from '#shared/static-url';
import { escapeHtml } from '#shared/text';

export interface PageMeta {
  title: string;
  description: string;
  image?: string;
  type?: 'website' | 'product';
  priceEuros?: number;
  /** Path (and query) of the canonical URL; the request's path when absent. */
  canonicalPath?: string;
  /** Product pages: whether any variant is in stock. */
  inStock?: boolean;
  jsonLd?: Record<string, unknown>[];
  /** The page's largest picture, preloaded with fetchpriority=high. */
  preloadImage?: string;
  /** First-view data: the catalogue answers the page's first render asks for (decision 192). */
  queries?: InitialQuery[];
  /**
   * Rendered by the server (decision 194): the catalogue pages whose content is known (an existing product or
   * category, a listing page with products, home); never a page an arbitrary URL can multiply.
   */
  serverRender?: boolean;
  /** The page names nothing that is shown (a missing or inactive product): answered 404 and not indexed. */
  notFound?: boolean;
  /** Kept in the catalogue cache (default); false for a head any number of URLs could each make. */
  keep?: boolean;
}

const m = messages;

/** The head of every missing or inactive product's page (decision 202): the same for all of them. */
const PRODUCT_NOT_FOUND: PageMeta = {
  title: `${m.seo.notFoundTitle} | Butiku`,
  description: m.nav.notFoundText,
  type: 'website',
  canonicalPath: '/',
  notFound: true,
};

/** The first hero slide (src/client/features/catalog/hero-slideshow.tsx): the home page's LCP element. */
export const HERO_IMAGE = '/images/hero/slide-1.webp';

/** A URL's path as the pages' declarations name it: without a trailing slash (but `/`). */
const pagePath = (url: URL): string => url.pathname.replace(/(.)\/$/, '$1');

const notFoundAsNull = async <T>(read: () => Promise<T>): Promise<T | null> => {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
    throw err;
  }
};

/** The cached catalogue read behind each first-view read of the page declarations (src/shared/pages.ts). */
const SERVICE_READS: {
  [P in FirstViewRead]: (db: AppDeps['db'], input: FirstViewReads[P][0]) => Promise<{ value: FirstViewReads[P][1] }>;
} = {
  homepage: (db) => homepageProducts(db),
  product: (db, input) => productById(db, input.productID),
  sizeGuide: (db, input) => sizeGuideForProduct(db, input.productID),
  productLooks: (db, input) => productLooks(db, input.productID),
  looks: (db) => looksPage(db),
  related: (db, input) => relatedProducts(db, input),
  filter: (db, input) => filterProducts(db, input),
  category: (db, input) => categoryById(db, input.categoryID),
  categories: (db) => categories(db),
  categoriesByMain: (db, input) => categoriesByMain(db, input.mainCategoryID),
  sizes: (db) => sizes(db),
  events: (db) => events(db),
  filterColors: (db, input) => colorsWithCount(db, input.minProductCount),
  search: (db, input) => searchProducts(db, input),
  facets: (db, input) => listingFacets(db, input),
};

/**
 * Runs a page's declared first view on the cached catalogue service (as anyone sees it: no caller, so an inactive
 * product is not found, decision 202) and records every read, in the order the page asks, as first-view data.
 */
async function serverFirstView<Params, Search, View>(
  deps: AppDeps,
  firstView: (reader: FirstViewReader, params: Params, search: Search) => Promise<View>,
  params: Params,
  search: Search,
): Promise<{ view: View; queries: InitialQuery[] }> {
  const slots: (InitialQuery | null)[] = [];
  const pending: Promise<unknown>[] = [];
  const run = async <P extends FirstViewRead>(path: P, input: FirstViewReads[P][0]) => {
    const slot = slots.push(null) - 1;
    const value = (await SERVICE_READS[path](deps.db, input)).value;
    slots[slot] = initialQuery(path, input, value);
    return value;
  };
  const reader: FirstViewReader = {
    read: run,
    prefetch: (path, input) => void pending.push(run(path, input).catch(() => undefined)),
  };
  const view = await firstView(reader, params, search);
  await Promise.all(pending);
  return { view, queries: slots.filter((q): q is InitialQuery => q !== null) };
}

/** A product's page as anyone sees it (an inactive product is not found, decision 202). */
async function productMeta(deps: AppDeps, productId: number, origin: string, search: ReviewSearch): Promise<PageMeta> {
  const read = () => serverFirstView(deps, pages.product.firstView, { productID: productId }, {});
  const first = await notFoundAsNull(read);
  if (!first) return PRODUCT_NOT_FOUND;
  const { view: product, queries } = first;
  const main = product.images.find((g) => g.imageURLs.length > 0)?.imageURLs[0] ?? product.imageURLs[0];
  // The reviews shown (the cached read the first view just made): in the JSON-LD only when approved ones exist.
  // Read by the page's reviews section itself (its own chunk, decision 234), so not part of the declared first view.
  const reviewsInput = productReviewsInput(productId, search);
  const reviews = (await productReviews(deps, reviewsInput)).value;
  return {
    ...pages.product.head(product, {}),
    type: 'product',
    image: product.images[0]?.imageURLs[0] ?? product.imageURLs[0],
    priceEuros: product.discountedPrice ?? product.price,
    canonicalPath: `/productDetails/${productId}`,
    inStock: product.productVariants.some((v) => v.stockQuantity > 0),
    jsonLd: [productJsonLd(product, origin, reviews), breadcrumbJsonLd(product, origin)],
    preloadImage: main ?? DEFAULT_IMAGE,
    queries: [...queries, initialQuery('productReviews', reviewsInput, reviews)],
    serverRender: true,
    // A reviews page past the last is rendered but not kept: arbitrary page numbers must not fill the cache.
    keep: reviews.page === 1 || reviews.items.length > 0,
  };
}

type ListingPageName = 'products' | 'productsCategory' | 'glowOutlet' | 'glowOutletCategory';

/**
 * A listing page: the declaration's first view on the cached catalogue (a missing category rejects it: a 404).
 * A filtered view gets the head of its unfiltered first page and no first-view data or render (no filter is run
 * per request, decision 192); a page past the last one the listing's own head, not kept (decision 201).
 */
async function listingMeta(
  deps: AppDeps,
  name: ListingPageName,
  params: { categoryID?: number },
  search: ListingSearch,
): Promise<PageMeta> {
  // One first view for the four listings (a category page's parameters are the listing's, with its category).
  const firstView = pages[name].firstView as typeof pages.products.firstView;
  const base: ListingBase = name.startsWith('glow') ? '/glow-outlet' : '/products';
  const page = search.page ?? 1;
  const filtered = hasListingFilters(search);
  const { view, queries } = await serverFirstView(deps, firstView, params, filtered ? {} : search);
  const { category } = view;
  const listingPath = category ? `${listingBaseOf(category.mainCategoryID)}/${category.categoryID}` : base;
  const headOn = (n: number): PageMeta => ({
    ...pages[name].head(view, { ...search, page: n }),
    type: 'website',
    canonicalPath: n > 1 ? `${listingPath}?page=${n}` : listingPath,
  });
  const onPage = headOn(page);
  if (filtered) return onPage;
  const first = view.products.products[0];
  // A page past the last one has the listing's own head (decision 201), not kept.
  if (!first) return page > 1 ? { ...headOn(1), keep: false } : { ...onPage, queries, serverRender: false };
  const url = first.imageURLs[0];
  return {
    ...onPage,
    preloadImage: url ? `${url}${url.includes('?') ? '&' : '?'}w=400` : DEFAULT_IMAGE,
    queries,
    serverRender: true,
  };
}

/** The head of an unknown path or of a path whose id or category names nothing (decision 212). */
const PAGE_NOT_FOUND: PageMeta = { ...PRODUCT_NOT_FOUND };

async function declaredPageMeta(deps: AppDeps, url: URL, pathname: string, origin: string): Promise<PageMeta> {
  const match = matchPage(pathname);
  if (!match) return PAGE_NOT_FOUND;
  if (match.params === null) return match.name === 'product' ? PRODUCT_NOT_FOUND : PAGE_NOT_FOUND;
  const search = match.decl.parseSearch(searchFromQuery(url.search));
  switch (match.name) {
    case 'product':
      return productMeta(deps, (match.params as { productID: number }).productID, origin, reviewSearchOf(url));
    case 'products':
    case 'productsCategory':
    case 'glowOutlet':
    case 'glowOutletCategory':
      return (
        (await notFoundAsNull(() =>
          listingMeta(deps, match.name as ListingPageName, match.params as object, search),
        )) ?? PAGE_NOT_FOUND
      );
    case 'home': {
      const { queries } = await serverFirstView(deps, pages.home.firstView, {}, {});
      return {
        ...pages.home.head(undefined, {}),
        type: 'website',
        canonicalPath: '/',
        jsonLd: [storeJsonLd(origin)],
        preloadImage: HERO_IMAGE,
        queries,
        serverRender: true,
      };
    }
    case 'looks': {
      const { view, queries } = await serverFirstView(deps, pages.looks.firstView, {}, {});
      const photo = view.find((l) => l.photoURL)?.photoURL ?? view[0]?.pieces[0]?.imageURLs[0];
      return {
        ...pages.looks.head(view, {}),
        type: 'website',
        canonicalPath: '/stilet',
        ...(photo ? { preloadImage: `${photo}?w=400` } : {}),
        queries,
        serverRender: true,
      };
    }
    case 'returnPolicy': // the deployment's window, address and instructions come with the page (decision 235)
      return {
        ...pages.returnPolicy.head(undefined, {}),
        type: 'website',
        serverRender: true,
        queries: [initialQuery('returns.policy', undefined, returnPolicy(deps))],
      };
    default: // a page without first-view data: its declared head
      return { ...(match.decl as PageDeclaration<unknown, unknown, unknown>).head(undefined, search), type: 'website' };
  }
}

export async function resolvePageMeta(deps: AppDeps, url: URL): Promise<PageMeta> {
  const pathname = pagePath(url);
  if (pathname === '/dashboard' || pathname.startsWith('/dashboard/'))
    return { title: `${staffMessages.dashboard.title} | Butiku`, description: m.home.description, type: 'website' };
  return declaredPageMeta(deps, url, pathname, publicOrigin(deps.config));
}

const LISTING_PAGES = new Set<PageName>(['products', 'productsCategory', 'glowOutlet', 'glowOutletCategory']);

/** A declared page's parsed listing search, or null for other pages. */
function listingSearchOf(url: URL): { pathname: string; search: ListingSearch } | null {
  const pathname = pagePath(url);
  const match = matchPage(pathname);
  if (!match || !LISTING_PAGES.has(match.name)) return null;
  return { pathname, search: parseListingSearch(searchFromQuery(url.search)) };
}

/** A product page's review page and order as its query (decision 234): '' for the first page, newest first. */
const reviewSearchOf = (url: URL): ReviewSearch => parseReviewSearch(searchFromQuery(url.search));

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

export function renderMetaTags(
  meta: PageMeta,
  origin: string,
  pathname: string,
  messengerUrl?: string,
  versions: StaticVersions = {},
): string {
  const url = origin + (meta.canonicalPath ?? pathname);
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:site_name" content="Butiku">`,
    `<meta property="og:locale" content="sq_AL">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
  ];
  if (meta.preloadImage)
    tags.push(
      `<link rel="preload" as="image" href="${escapeHtml(versionedUrl(meta.preloadImage, versions))}" fetchpriority="high">`,
    );
  if (meta.image)
    tags.push(
      `<meta property="og:image" content="${escapeHtml(meta.image.startsWith('http') ? meta.image : origin + meta.image)}">`,
    );
  if (meta.priceEuros !== undefined) {
    tags.push(`<meta property="product:price:amount" content="${meta.priceEuros.toFixed(2)}">`);
    tags.push(`<meta property="product:price:currency" content="EUR">`);
  }
  if (meta.inStock !== undefined) {
    tags.push(`<meta property="og:availability" content="${meta.inStock ? 'instock' : 'oos'}">`);
    tags.push(`<meta property="product:availability" content="${meta.inStock ? 'in stock' : 'out of stock'}">`);
    tags.push(`<meta property="product:condition" content="new">`);
  }
  if (messengerUrl) tags.push(`<meta name="butiku:messenger" content="${escapeHtml(messengerUrl)}">`);
  if (meta.notFound) tags.push(`<meta name="robots" content="noindex">`);
  tags.push(`<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`);
  for (const data of meta.jsonLd ?? []) tags.push(jsonLdScript(data));
  if (meta.queries?.length) tags.push(initialQueriesScript(meta.queries));
  return tags.join('\n    ');
}

/** What the server knows of a page: its head tags and, for a page it renders, the app's URL and first-view data. */
export interface PageParts {
  head: string;
  render?: { url: string; queries: InitialQuery[] };
  /** 404: the path names no page, or a missing product or category (decisions 202, 212); the browser still gets the app. */
  status?: 404;
}

/**
 * The URL a server-rendered page is rendered at: the path and the query parameters the page shows (a listing's
 * page and sort), so tracking parameters (fbclid, utm_*) do not make another render of the same page.
 */
function renderUrl(url: URL): string {
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

/** What a kept head holds: its strings (two bytes a character at worst) and the first-view data as objects. */
const headBytes = (p: PageParts): number =>
  2 * (p.head.length + (p.render?.url.length ?? 0)) + 3 * JSON.stringify(p.render?.queries ?? []).length;

/**
 * The head tags for a request, and what the server renders of it: pages that read the catalogue come from the
 * catalogue cache. `versions` (the built public files' content versions) name the preloaded /images/ picture
 * exactly as the client requests it.
 */
export async function pageParts(deps: AppDeps, url: URL, versions: StaticVersions = {}): Promise<PageParts> {
  const origin = publicOrigin(deps.config);
  const build = async (): Promise<PageParts & { keep: boolean }> => {
    const meta = await resolvePageMeta(deps, url);
    // A rendered page shows the header's category menus: their data comes with the page too.
    if (meta.serverRender)
      meta.queries = [
        ...(meta.queries ?? []),
        initialQuery('categories', undefined, (await categories(deps.db)).value),
      ];
    const head = renderMetaTags(meta, origin, url.pathname, deps.config.messengerUrl, versions);
    const keep = meta.keep !== false && !meta.notFound;
    if (meta.notFound) return { head, status: 404, keep };
    return meta.serverRender
      ? { head, render: { url: renderUrl(url), queries: meta.queries ?? [] }, keep }
      : { head, keep };
  };
  const key = catalogPageKey(url);
  if (key === null) return build();
  return (await cachedRead(deps.db, `head:${origin}:${key}`, build, { keep: (p) => p.keep, bytes: headBytes })).value;
}
