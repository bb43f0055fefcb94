// A page's head as HTML: title, description, canonical, Open Graph (shared links show a preview with price and
// stock), schema.org JSON-LD, the preload of its largest picture (LCP) and its first-view data. Every value is
// escaped (one escaper, src/shared/text.ts).
import type { InitialQuery } from '#shared/initial-queries';
import { versionedUrl, type StaticVersions } from '#shared/static-url';
import { escapeHtml } from '#shared/text';
import { jsonLdScript } from '../modules/seo';
import { initialQueriesScript } from './initial-queries';

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
