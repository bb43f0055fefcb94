// Per-page <head> for the HTML the server sends: title, description, canonical, Open Graph (shared links show a
// preview with price and stock), schema.org JSON-LD and a preload of the page's largest picture (LCP).
// Pages that read the catalogue are rendered once per catalogue version (catalog.service cachedRead), so a
// product page costs what the product API read costs (docs/decisions/191-server-html-head.md).
// A missing or inactive product's page is a 404 with one head for them all (decision 202); heads an arbitrary URL
// can multiply (a listing page past the last one) are not kept, and nothing but the page and sort shown is part
// of a head's key or render URL (decision 201).
import { fill, messages } from '../../shared/messages';
import { staffMessages } from '../../shared/messages-staff';
import { isListingSort } from '../../shared/listing-sorts';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { productPageMeta } from '../modules/catalog/catalog.meta';
import {
  cachedRead,
  categories,
  categoriesByMain,
  categoryById,
  colorsWithCount,
  events,
  filterProducts,
  homepageProducts,
  productById,
  relatedProducts,
  sizes,
} from '../modules/catalog/catalog.service';
import { listingFilterInput, relatedProductsInput, type InitialQuery } from '../../shared/initial-queries';
import { initialQueriesScript, initialQuery } from './initial-queries';
import { DEFAULT_IMAGE, listingBase } from '../modules/seo/seo.service';
import { breadcrumbJsonLd, jsonLdScript, productJsonLd, storeJsonLd } from '../modules/seo/structured-data';
import { publicOrigin } from './origin';
import { versionedUrl, type StaticVersions } from '../../shared/static-url';

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
const STATIC: Record<string, Omit<PageMeta, 'type'>> = {
  '/': { title: m.home.title, description: m.home.description },
  '/contactus': { title: `${m.contact.title} | Butiku`, description: m.contact.intro },
  '/products': { title: `${m.nav.products} | Butiku`, description: m.seo.productsDescription },
  '/glow-outlet': { title: `${m.nav.glowOutlet} | Butiku`, description: m.seo.glowDescription },
  '/account': { title: `${m.account.login} | Butiku`, description: m.home.description },
  '/wishlist': { title: `${m.wishlist.title} | Butiku`, description: m.home.description },
  '/profile': { title: `${m.profile.title} | Butiku`, description: m.home.description },
  '/cart': { title: `${m.cart.title} | Butiku`, description: m.home.description },
  '/checkout': { title: `${m.checkout.title} | Butiku`, description: m.home.description },
  '/order-status': { title: `${m.orderTracking.title} | Butiku`, description: m.orderTracking.intro },
  '/forgot-password': { title: `${m.account.forgotTitle} | Butiku`, description: m.account.forgotIntro },
  '/reset-password': { title: `${m.account.resetTitle} | Butiku`, description: m.home.description },
};

/** The head of every missing or inactive product's page (decision 202): the same for all of them. */
const PRODUCT_NOT_FOUND: PageMeta = {
  title: `${m.seo.notFoundTitle} | Butiku`,
  description: m.nav.notFoundText,
  type: 'website',
  canonicalPath: '/',
  notFound: true,
};

/** The first hero slide (src/client/features/catalog/hero-slideshow.tsx): the home page's LCP element. */
export const HERO_IMAGE = '/images/hero/slide-1.svg';

const notFoundAsNull = async <T>(read: () => Promise<T>): Promise<T | null> => {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
    throw err;
  }
};

/** A product's page as anyone sees it (no caller: an inactive product is not found, decision 202). */
async function productMeta(deps: AppDeps, productId: number, origin: string): Promise<PageMeta> {
  const base = await productPageMeta(deps, productId);
  const product = base && (await notFoundAsNull(() => productById(deps.db, productId)))?.value;
  if (!base || !product) return PRODUCT_NOT_FOUND;
  const input = relatedProductsInput(product);
  const related = { input, value: (await relatedProducts(deps.db, input)).value };
  const main = product.images.find((g) => g.imageURLs.length > 0)?.imageURLs[0] ?? product.imageURLs[0];
  return {
    ...base,
    canonicalPath: `/productDetails/${productId}`,
    inStock: product.productVariants.some((v) => v.stockQuantity > 0),
    jsonLd: [productJsonLd(product, origin), breadcrumbJsonLd(product, origin)],
    preloadImage: main ?? DEFAULT_IMAGE,
    queries: [
      initialQuery('product', { productID: productId }, product),
      initialQuery('related', related.input, related.value),
    ],
    serverRender: true,
  };
}

/**
 * The default view of a listing page (no filters): its first card's picture (the small variant the card shows)
 * and the catalogue answers its first render asks for (the page of products, the category, the filter lists),
 * with the inputs the page itself sends (listingFilterInput).
 */
async function listingFirstView(
  deps: AppDeps,
  mainCategoryID: 1 | 2,
  categoryID: number | undefined,
  page: number,
  sort: string | null,
): Promise<{ preloadImage?: string; queries: InitialQuery[]; empty: boolean }> {
  const input = listingFilterInput(mainCategoryID, categoryID, {
    page,
    sort: sort && isListingSort(sort) ? sort : undefined,
  });
  const products = await filterProducts(deps.db, input);
  // A page past the last one carries no first-view data (listingMeta gives it the listing's own head).
  if (page > 1 && products.value.products.length === 0) return { queries: [], empty: true };
  const [byMain, sizeList, eventList, colors] = await Promise.all([
    categoriesByMain(deps.db, mainCategoryID),
    sizes(deps.db),
    events(deps.db),
    colorsWithCount(deps.db, 4),
  ]);
  const queries = [
    initialQuery('filter', input, products.value),
    initialQuery('categoriesByMain', { mainCategoryID }, byMain.value),
    initialQuery('sizes', undefined, sizeList.value),
    initialQuery('events', undefined, eventList.value),
    initialQuery('filterColors', { minProductCount: 4 }, colors.value),
  ];
  const first = products.value.products[0];
  if (!first) return { queries, empty: true };
  const url = first.imageURLs[0];
  return { preloadImage: url ? `${url}${url.includes('?') ? '&' : '?'}w=400` : DEFAULT_IMAGE, queries, empty: false };
}

function listingPage(search: URLSearchParams): number {
  const n = Number(search.get('page'));
  return Number.isInteger(n) && n > 1 && n <= 100_000 ? n : 1;
}

const hasFilters = (search: URLSearchParams) => ['size', 'eventID', 'colorID'].some((k) => search.get(k));

/** A listing head for page `page` (> 1: its number in the title and the canonical URL). */
function onPage(meta: PageMeta, page: number): PageMeta {
  if (page === 1) return meta;
  return {
    ...meta,
    title: meta.title.replace(/ \| Butiku$/, ` · ${fill(m.seo.page, { n: page })} | Butiku`),
    canonicalPath: `${meta.canonicalPath}?page=${page}`,
  };
}

async function listingMeta(
  deps: AppDeps,
  base: '/products' | '/glow-outlet',
  categoryId: number | null,
  search: URLSearchParams,
): Promise<PageMeta> {
  const page = listingPage(search);
  let meta: PageMeta = { ...STATIC[base]!, type: 'website', canonicalPath: base };
  let main: 1 | 2 = base === '/glow-outlet' ? 2 : 1;
  let categoryID: number | undefined;
  const categoryQueries: InitialQuery[] = [];
  if (categoryId !== null) {
    const cat = (await notFoundAsNull(() => categoryById(deps.db, categoryId)))?.value;
    if (!cat) return { ...onPage(meta, page), keep: false }; // the client shows its not-found page
    categoryQueries.push(initialQuery('category', { categoryID: categoryId }, cat));
    categoryID = cat.categoryID;
    main = cat.mainCategoryID === 2 ? 2 : 1;
    const home = listingBase(cat.mainCategoryID);
    const homeName = home === '/glow-outlet' ? m.nav.glowOutlet : m.nav.products;
    const description =
      cat.description.trim() || fill(m.seo.categoryDescription, { category: cat.categoryName, listing: homeName });
    meta = {
      title: `${cat.categoryName} | ${homeName} | Butiku`,
      description,
      type: 'website',
      canonicalPath: `${home}/${cat.categoryID}`,
    };
  }
  if (hasFilters(search)) return onPage(meta, page);
  const firstView = await listingFirstView(deps, main, categoryID, page, search.get('sort'));
  // Every page past the last one (any of 100 000) gets the listing's own head, without first-view data: one
  // page for them all, and not kept in the catalogue cache under each number (decision 201).
  if (page > 1 && firstView.empty) return { ...meta, keep: false };
  meta = onPage(meta, page);
  if (firstView.preloadImage) meta.preloadImage = firstView.preloadImage;
  meta.queries = [...categoryQueries, ...firstView.queries];
  meta.serverRender = !firstView.empty;
  return meta;
}

export async function resolvePageMeta(deps: AppDeps, url: URL): Promise<PageMeta> {
  const pathname = url.pathname.replace(/(.)\/$/, '$1');
  const origin = publicOrigin(deps.config);
  const product = /^\/productDetails\/(\d{1,15})$/.exec(pathname);
  if (product) return productMeta(deps, Number(product[1]), origin);
  const listing = /^\/(products|glow-outlet)(?:\/(\d{1,15}))?$/.exec(pathname);
  if (listing)
    return listingMeta(
      deps,
      `/${listing[1]}` as '/products' | '/glow-outlet',
      listing[2] ? Number(listing[2]) : null,
      url.searchParams,
    );
  if (pathname === '/') {
    const featured = (await homepageProducts(deps.db)).value;
    return {
      ...STATIC['/']!,
      type: 'website',
      canonicalPath: '/',
      jsonLd: [storeJsonLd(origin)],
      preloadImage: HERO_IMAGE,
      queries: [initialQuery('homepage', undefined, featured)],
      serverRender: true,
    };
  }
  if (pathname.startsWith('/dashboard'))
    return { title: `${staffMessages.dashboard.title} | Butiku`, description: m.home.description, type: 'website' };
  if (pathname.startsWith('/products/')) return { ...STATIC['/products']!, type: 'website' };
  if (pathname.startsWith('/glow-outlet/')) return { ...STATIC['/glow-outlet']!, type: 'website' };
  const known = STATIC[pathname];
  return { ...(known ?? STATIC['/']!), type: 'website' };
}

/** Key of the pages whose head depends on the catalogue (cached with it); null for the rest (no database read). */
export function catalogPageKey(url: URL): string | null {
  const pathname = url.pathname.replace(/(.)\/$/, '$1');
  if (/^\/productDetails\/\d{1,15}$/.test(pathname) || pathname === '/') return pathname;
  if (/^\/(products|glow-outlet)(?:\/\d{1,15})?$/.test(pathname)) {
    const s = url.searchParams;
    return `${pathname}?${listingPage(s)}:${hasFilters(s) ? 'f' : ''}:${isListingSort(s.get('sort')) ? s.get('sort') : ''}`;
  }
  return null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

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
  /** 404: the page names a missing or inactive product (decision 202); the browser still gets the app. */
  status?: 404;
}

/**
 * The URL a server-rendered page is rendered at: the path and the query parameters the page shows (a listing's
 * page and sort), so tracking parameters (fbclid, utm_*) do not make another render of the same page.
 */
function renderUrl(url: URL): string {
  const pathname = url.pathname.replace(/(.)\/$/, '$1');
  const keep = new URLSearchParams();
  if (/^\/(products|glow-outlet)(\/|$)/.test(pathname)) {
    const page = listingPage(url.searchParams);
    const sort = url.searchParams.get('sort');
    if (page > 1) keep.set('page', String(page));
    if (isListingSort(sort) && sort !== 'newest') keep.set('sort', sort);
  }
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
