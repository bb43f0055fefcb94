// One declaration per storefront page (decision 212): its URL pattern (the route file's path), how its search is
// read (page-search.ts, lenient) and the catalogue reads its first view makes. The route files use them for
// validateSearch, loaderDeps and loader (React Query's ensureQueryData in the browser and in the server render);
// the server (http/page-meta.ts) matches a URL against the same patterns (an unmatched path is a 404) and runs the
// same reads on the cached catalogue service for the page's head, first-view data and render. Its `head` (title and
// description, from the first view) is the route's head() in the browser and the <head> the server sends (decision 282).
// React-free and zod-free: it is in the first page load's route tree and in the server.
import type {
  CategoryDto,
  ColorWithCountDto,
  EventDto,
  ListingFacetsDto,
  ProductCardDto,
  ProductDto,
  ProductFilterResultDto,
  SizeDto,
  SizeGuideDto,
} from './dto/catalog';
import type { LookCardDto, ProductLookDto } from './dto/looks';
import { facetsInput, listingFilterInput, relatedProductsInput, searchPageInput } from './initial-queries';
import { fill, messages as m } from './messages';
import { pageHeadMessages as h } from './messages/page-heads';
import { formatEuro } from './money';
import {
  parseId,
  parseListingSearch,
  parseSearchPageSearch,
  type ListingSearch,
  type SearchPageSearch,
} from './page-search';

/** The listings' main categories: 1 Produktet, 2 Glow Outlet (every other id shows as 1). */
export type MainCategoryId = 1 | 2;
export type ListingBase = '/products' | '/glow-outlet';

export const mainCategoryOf = (category: { mainCategoryID: number }): MainCategoryId =>
  category.mainCategoryID === 2 ? 2 : 1;
export const listingBaseOf = (main: number): ListingBase => (main === 2 ? '/glow-outlet' : '/products');

/**
 * The colours the listing's filters offer: every colour a shown product comes in (decision 253; the spec's 4 hid a
 * colour sold on three products, although `?colorID=` found them).
 */
export const FILTER_COLORS_INPUT = { minProductCount: 1 };

/** The catalogue reads a first view may make (catalog.* procedures), with their input and answer. */
export interface FirstViewReads {
  homepage: [undefined, ProductCardDto[]];
  product: [{ productID: number }, ProductDto];
  sizeGuide: [{ productID: number }, SizeGuideDto | null];
  productLooks: [{ productID: number }, ProductLookDto[]];
  looks: [undefined, LookCardDto[]];
  related: [ReturnType<typeof relatedProductsInput>, ProductCardDto[]];
  filter: [ReturnType<typeof listingFilterInput>, ProductFilterResultDto];
  category: [{ categoryID: number }, CategoryDto];
  categories: [undefined, CategoryDto[]];
  categoriesByMain: [{ mainCategoryID: MainCategoryId }, CategoryDto[]];
  sizes: [undefined, SizeDto[]];
  events: [undefined, EventDto[]];
  filterColors: [typeof FILTER_COLORS_INPUT, ColorWithCountDto[]];
  search: [ReturnType<typeof searchPageInput>, ProductFilterResultDto];
  facets: [ReturnType<typeof facetsInput>, ListingFacetsDto];
}
export type FirstViewRead = keyof FirstViewReads;
type Read = <P extends FirstViewRead>(path: P, input: FirstViewReads[P][0]) => Promise<FirstViewReads[P][1]>;

/**
 * How a first view reads: `read` what the page needs to show (the browser's loader waits for it), `prefetch` what
 * may arrive a moment later (the browser starts it; the server reads it too, so the first view carries it). A
 * missing record rejects `read` (NOT_FOUND on the server, a 404 from the API in the browser): the page is a 404.
 * `keep` reads what the page keeps showing from its last answer while the next one loads (a listing's products:
 * `keepPreviousData`): like `read` when the page is entered, but when the route stays (another filter, order or
 * category on the listing already shown) the browser only starts it and answers `undefined`, so the route does not
 * wait, and never swaps the page for its pending view (with the focus and the open drawer in it, decision 249).
 */
export interface FirstViewReader {
  read: Read;
  prefetch: <P extends FirstViewRead>(path: P, input: FirstViewReads[P][0]) => void;
  keep: <P extends FirstViewRead>(path: P, input: FirstViewReads[P][0]) => Promise<FirstViewReads[P][1] | undefined>;
}

/** A page's title (whole, with the shop's name) and description. */
export interface PageHead {
  title: string;
  description: string;
}

export interface PageDeclaration<Params, Search, View> {
  /** The route file's path (TanStack Router's syntax, `$name` for a parameter). */
  path: string;
  /** The path parameters from their text, or null when they name nothing (a 404). */
  parseParams: (raw: Record<string, string>) => Params | null;
  parseSearch: (raw: Record<string, unknown>) => Search;
  firstView?: (reader: FirstViewReader, params: Params, search: Search) => Promise<View>;
  /** The page's head from what its first view read (undefined for a page without one) and its search. */
  head: (view: View, search: Search) => PageHead;
}

const SITE = ' | Butiku';
/** A page's head: its title with the shop's name, and its description (the shop's own when it has none). */
const titled = (title: string, description: string = m.home.description): PageHead => ({
  title: title + SITE,
  description,
});
const fixedHead = (head: { title: string; description?: string }) => () => titled(head.title, head.description);

const SHORT = 140;
/** A description cut at a word to at most 140 characters, with an ellipsis when cut. */
function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SHORT) return flat;
  const cut = flat.slice(0, SHORT);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), SHORT - 20)).trimEnd()}…`;
}

const noSearch = (): Record<string, never> => ({});
const idParam =
  <K extends string>(name: K) =>
  (raw: Record<string, string>): Record<K, number> | null => {
    const id = parseId(raw[name]);
    return id === null ? null : ({ [name]: id } as Record<K, number>);
  };

/** A page whose first view reads the catalogue. */
const withData = <Params, Search, View>(
  decl: Required<PageDeclaration<Params, Search, View>>,
): Required<PageDeclaration<Params, Search, View>> => decl;

/** A page without first-view data (its search readers are in page-search.ts, used by its route file). */
const plain = (
  path: string,
  head: { title: string; description?: string },
  parseParams: PageDeclaration<unknown, unknown, unknown>['parseParams'] = () => ({}),
): PageDeclaration<unknown, Record<string, never>, undefined> => ({
  path,
  parseParams,
  parseSearch: noSearch,
  head: fixedHead(head),
});

/**
 * What a listing's first view read: its category (category pages), main category and page of products (not waited
 * for when the listing stays: `keep`).
 */
interface ListingView {
  category?: CategoryDto;
  main: MainCategoryId;
  products?: ProductFilterResultDto;
}

const listing = (base: ListingBase) =>
  async function listingFirstView(
    { read, prefetch, keep }: FirstViewReader,
    params: { categoryID?: number },
    search: ListingSearch,
  ): Promise<ListingView> {
    const { categoryID } = params;
    const category = categoryID === undefined ? undefined : await read('category', { categoryID });
    const main = category ? mainCategoryOf(category) : base === '/glow-outlet' ? 2 : 1;
    const products = keep('filter', listingFilterInput(main, category?.categoryID, search));
    prefetch('categoriesByMain', { mainCategoryID: main });
    prefetch('facets', facetsInput({ mainCategoryID: main, categoryID: category?.categoryID }, search));
    prefetch('sizes', undefined);
    prefetch('events', undefined);
    prefetch('filterColors', FILTER_COLORS_INPUT);
    return { category, main, products: await products };
  };

const listingRoot = (): { categoryID?: number } => ({});

/**
 * A listing's head: its category's name and description (or the listing's own), and past the first page its number
 * in the title.
 */
const listingHead =
  (base: ListingBase) =>
  ({ category }: ListingView, search: ListingSearch): PageHead => {
    const home = category ? listingBaseOf(category.mainCategoryID) : base;
    const homeName = home === '/glow-outlet' ? m.nav.glowOutlet : m.nav.products;
    const page = search.page ?? 1;
    const title =
      (category ? `${category.categoryName} | ${homeName}` : homeName) +
      (page > 1 ? ` · ${fill(m.seo.page, { n: page })}` : '');
    const own = home === '/glow-outlet' ? m.seo.glowDescription : m.seo.productsDescription;
    const description = category
      ? category.description.trim() ||
        fill(m.seo.categoryDescription, { category: category.categoryName, listing: homeName })
      : own;
    return titled(title, description);
  };

/** A product's head: its name; its brand, price and the start of its description. */
function productHead(product: ProductDto): PageHead {
  const price = product.discountedPrice ?? product.price;
  return titled(
    product.name,
    [product.brand, formatEuro(price), shorten(product.description)].filter(Boolean).join(' · '),
  );
}

/** The search page's first view: its page of products (with a text), then what its filters offer. */
async function searchFirstView(
  { prefetch, keep }: FirstViewReader,
  _params: unknown,
  search: SearchPageSearch,
): Promise<ProductFilterResultDto | null> {
  const { q } = search;
  if (q === undefined) return null;
  const products = keep('search', searchPageInput({ ...search, q }));
  prefetch('facets', facetsInput({ q, categoryID: search.categoryID }, search));
  prefetch('categories', undefined);
  prefetch('sizes', undefined);
  prefetch('events', undefined);
  prefetch('filterColors', FILTER_COLORS_INPUT);
  return (await products) ?? null;
}

export const pages = {
  home: withData({
    path: '/',
    parseParams: () => ({}),
    parseSearch: noSearch,
    firstView: async ({ prefetch }) => prefetch('homepage', undefined),
    head: () => ({ title: m.home.title, description: m.home.description }),
  }),
  products: withData({
    path: '/products/',
    parseParams: listingRoot,
    parseSearch: parseListingSearch,
    firstView: listing('/products'),
    head: listingHead('/products'),
  }),
  productsCategory: withData({
    path: '/products/$categoryID',
    parseParams: idParam('categoryID'),
    parseSearch: parseListingSearch,
    firstView: listing('/products'),
    head: listingHead('/products'),
  }),
  glowOutlet: withData({
    path: '/glow-outlet/',
    parseParams: listingRoot,
    parseSearch: parseListingSearch,
    firstView: listing('/glow-outlet'),
    head: listingHead('/glow-outlet'),
  }),
  glowOutletCategory: withData({
    path: '/glow-outlet/$categoryID',
    parseParams: idParam('categoryID'),
    parseSearch: parseListingSearch,
    firstView: listing('/glow-outlet'),
    head: listingHead('/glow-outlet'),
  }),
  product: withData({
    path: '/productDetails/$productID',
    parseParams: idParam('productID'),
    parseSearch: noSearch,
    // The product, then its related products (their input depends on the product) and its size guide.
    firstView: async ({ read, prefetch }, params: { productID: number }) => {
      const product = await read('product', params);
      prefetch('related', relatedProductsInput(product));
      prefetch('sizeGuide', params);
      prefetch('productLooks', params);
      return product;
    },
    head: productHead,
  }),
  orderConfirmation: plain('/order-confirmation/$orderId', h.orderConfirmation, idParam('orderId')),
  account: plain('/account', h.account),
  cart: plain('/cart', h.cart),
  checkout: plain('/checkout', h.checkout),
  contact: plain('/contactus', h.contact),
  forgotPassword: plain('/forgot-password', h.forgotPassword),
  search: withData({
    path: '/kerko',
    parseParams: () => ({}),
    parseSearch: parseSearchPageSearch,
    firstView: searchFirstView,
    head: (_view, { q }) => titled(q ? fill(m.nav.searchPageTitle, { q }) : m.nav.searchResults),
  }),
  orderStatus: plain('/order-status', h.orderStatus),
  profile: plain('/profile', h.profile),
  resetPassword: plain('/reset-password', h.resetPassword),
  backInStockUnsubscribe: plain('/cregjistrimi', h.backInStockUnsubscribe),
  backInStockConfirm: plain('/konfirmo-njoftimin', h.backInStockConfirm),
  // A reminder's link restores the cart; with ndalo=1 it unsubscribes (decision 275).
  cartReminderLink: {
    path: '/kujtesa',
    parseParams: () => ({}),
    parseSearch: (raw: Record<string, unknown>) => ({ stop: String(raw.ndalo) === '1' }),
    head: (_view: undefined, { stop }: { stop: boolean }) => titled((stop ? h.cartUnsubscribe : h.cartRestore).title),
  },
  emailChangeConfirm: plain('/konfirmo-e-mailin', h.emailChange),
  wishlist: plain('/wishlist', h.wishlist),
  returnPolicy: plain('/kthimet', h.returnPolicy),
  // The looks page (decision 276): the newest looks with their pieces.
  looks: withData({
    path: '/stilet',
    parseParams: () => ({}),
    parseSearch: noSearch,
    firstView: async ({ read }) => read('looks', undefined),
    head: fixedHead(h.looks),
  }),
  review: plain('/review/$orderId', h.review),
  myOrder: plain('/porosite/$orderId', h.myOrder, idParam('orderId')),
};

export type PageName = keyof typeof pages;
type AnyPage = PageDeclaration<any, any, unknown>;

/** The regular expression of a route path: `$name` is one path segment, a trailing `/` optional. */
function pathPattern(path: string): RegExp {
  const body = path
    .replace(/\/$/, '')
    .split('/')
    .map((part) => (part.startsWith('$') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body || ''}/?$`);
}

const matchers = (Object.entries(pages) as unknown as [PageName, AnyPage][]).map(([name, decl]) => ({
  name,
  decl,
  pattern: pathPattern(decl.path),
  keys: [...decl.path.matchAll(/\$(\w+)/g)].map((m) => m[1]!),
}));

/** A storefront page a path names: its declaration and parameters (null when they name nothing), or null. */
export function matchPage(pathname: string): { name: PageName; decl: AnyPage; params: unknown } | null {
  for (const { name, decl, pattern, keys } of matchers) {
    const m = pattern.exec(pathname);
    if (!m) continue;
    const raw = Object.fromEntries(keys.map((k, i) => [k, decodeURIComponent(m[i + 1]!)]));
    return { name, decl, params: decl.parseParams(raw) };
  }
  return null;
}
