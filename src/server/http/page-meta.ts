// The server's half of a page's declaration (src/shared/pages.ts, decisions 212 and 282): the declaration gives the
// page, its parameters, search, first view (page-first-view.ts) and title and description; this adds what only the
// HTML carries (canonical, Open Graph, JSON-LD, the picture to preload: page-head-tags.ts) and caches the result.
// A path no declaration matches, or whose id or category names nothing, is 404. Pages that read the catalogue are rendered once per catalogue version (catalog.service cachedRead), so a
// product page costs what the product API read costs (docs/decisions/191-server-html-head.md).
// A missing or inactive product's page is a 404 with one head for them all (decision 202); heads an arbitrary URL
// can multiply (a listing page past the last one) are not kept, and nothing but the page and sort shown is part
// of a head's key or render URL (decision 201).
import { messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import type { AppDeps } from '../deps';
import { cachedRead, categories } from '../modules/catalog';
import { notFoundAsNull, serverFirstView } from './page-first-view';
import { renderMetaTags, type PageMeta } from './page-head-tags';
import { catalogPageKey, pagePath, renderUrl, reviewSearchOf } from './page-urls';
import type { InitialQuery } from '#shared/initial-queries';
import { hasListingFilters, searchFromQuery, type ListingSearch } from '#shared/page-search';
import { listingBaseOf, matchPage, pages, type PageDeclaration, type ListingBase } from '#shared/pages';
import { initialQuery } from './initial-queries';
import { productReviews } from '../modules/reviews';
import { productReviewsInput, type ReviewSearch } from '#shared/reviews';
import { DEFAULT_IMAGE, breadcrumbJsonLd, productJsonLd, storeJsonLd } from '../modules/seo';
import { publicOrigin } from './origin';
import { returnPolicy } from '../modules/returns';
import type { StaticVersions } from '#shared/static-url';

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
  const first = view.products?.products[0];
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

/** What the server knows of a page: its head tags and, for a page it renders, the app's URL and first-view data. */
export interface PageParts {
  head: string;
  render?: { url: string; queries: InitialQuery[] };
  /** 404: the path names no page, or a missing product or category (decisions 202, 212); the browser still gets the app. */
  status?: 404;
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
