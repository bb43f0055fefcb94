// robots.txt, sitemap.xml and the product feeds (Google Merchant Center / Meta Commerce Manager). The sitemap and
// the feeds grow with the catalogue, so they are built off the request path (issue 38, decision 242): written to
// disk in slices once per catalogue version and shop date (catalog's built documents) and streamed from there.
// XML is written with fast-xml-parser's builder (it escapes every text and attribute), CSV with csv-stringify
// (docs/decisions/190-sitemap-and-product-feeds.md).
import { createHash } from 'node:crypto';
import { XMLBuilder } from 'fast-xml-parser';
import { lineColour } from '#shared/colours';
import { messages } from '#shared/messages';
import { SHOP_TIME_ZONE } from '#shared/dates';
import type { ProductDto } from '#shared/dto/catalog';
import type { AppDeps } from '#server/deps';
import { csvText } from '#server/lib/csv';
import { publicOrigin } from '#server/http/origin';
import type { BuiltSet, SetWriter } from '#server/built-files';
import type { TimeSlices } from '#server/time-slices';
import {
  activeDiscountWindows,
  activeProductDates,
  activeProductDetailChunks,
  catalogDocument,
  categories,
  mainCategories,
} from '../catalog';

/** Where the storefront lists a main category (1: fashion, 2: Glow Outlet). */
export const listingBase = (mainCategoryID: number): '/products' | '/glow-outlet' =>
  mainCategoryID === 2 ? '/glow-outlet' : '/products';

/** Picture used when a product has none (public/images/default-image.jpg). */
export const DEFAULT_IMAGE = '/images/default-image.jpg';

export const absolute = (origin: string, url: string): string =>
  /^https?:\/\//i.test(url) ? url : origin + (url.startsWith('/') ? url : `/${url}`);

/** Characters XML 1.0 does not allow at all (control characters other than tab, newline, carriage return). */
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const clean = (s: string) => s.replace(XML_INVALID, '');

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressEmptyNode: true,
  format: true,
});
const XML_DECLARATION = { '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' } };

export interface TextAsset {
  body: string;
  /** Strong validator of body (quoted). */
  etag: string;
}

const asset = (body: string): TextAsset => ({ body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` });

/** Paths robots should not crawl (issue #16): staff, accounts and the shopper's own pages. */
export const DISALLOWED_PATHS = [
  '/dashboard',
  '/account',
  '/profile',
  '/cart',
  '/checkout',
  '/wishlist',
  '/order-confirmation',
  '/porosite',
  '/forgot-password',
  '/reset-password',
  '/api/',
];

export function robotsTxt(deps: AppDeps): TextAsset {
  const origin = publicOrigin(deps.config);
  return asset(
    ['User-agent: *', ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join(
      '\n',
    ),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Sitemap

const isoDate = (s: string) => (/^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : undefined);

/** URLs per sitemap file: the protocol's bound (sitemaps.org); past it /sitemap.xml is an index of files. */
export const SITEMAP_MAX_URLS = 50_000;
/** URLs written per slice check. */
const URL_CHUNK = 1000;
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A document's text before and after its repeated elements: built once with a marker where they go. */
function around(doc: Record<string, unknown>, element: string): [string, string] {
  const placeholder = `<${element}>@@ELEMENTS@@</${element}>`;
  const text = builder.build(doc);
  const at = text.indexOf(placeholder);
  return [text.slice(0, at), text.slice(at + placeholder.length)];
}

interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

async function sitemapUrls(deps: AppDeps, origin: string): Promise<SitemapUrl[]> {
  const { db } = deps;
  const [cats, dates] = await Promise.all([categories(db), activeProductDates({ db })]);
  return [
    { loc: `${origin}/` },
    { loc: `${origin}/products` },
    { loc: `${origin}/glow-outlet` },
    ...cats.value.map((c) => ({ loc: `${origin}${listingBase(c.mainCategoryID)}/${c.categoryID}` })),
    { loc: `${origin}/contactus` },
    ...dates.map((d) => ({
      loc: `${origin}/productDetails/${d.product_id}`,
      lastmod: [isoDate(d.updated_at), isoDate(d.date_added)].filter(Boolean).sort().at(-1),
    })),
  ];
}

async function writeUrlset(out: SetWriter, name: string, urls: SitemapUrl[]): Promise<void> {
  const file = out.file(name);
  const [head, tail] = around({ ...XML_DECLARATION, urlset: { '@_xmlns': SITEMAP_NS, url: '@@ELEMENTS@@' } }, 'url');
  await file.write(head);
  for (let i = 0; i < urls.length; i += URL_CHUNK) {
    if (out.slices.spent()) await out.slices.next();
    await file.write(builder.build({ url: urls.slice(i, i + URL_CHUNK) }));
  }
  await file.write(tail);
}

/**
 * The sitemap's files: '' is /sitemap.xml, the one urlset while the shop has at most `maxUrls` URLs, else an index
 * of the urlsets '1', '2', … (/sitemaps/1.xml …), each of at most `maxUrls` URLs, as the protocol requires.
 */
export async function sitemapFiles(deps: AppDeps, maxUrls = SITEMAP_MAX_URLS): Promise<BuiltSet> {
  const origin = publicOrigin(deps.config);
  return catalogDocument(deps.db, `seo:sitemap:${origin}:${maxUrls}`, async (out) => {
    const urls = await sitemapUrls(deps, origin);
    if (urls.length <= maxUrls) return writeUrlset(out, '', urls);
    const sitemap: SitemapUrl[] = [];
    for (let part = 1; (part - 1) * maxUrls < urls.length; part += 1) {
      const slice = urls.slice((part - 1) * maxUrls, part * maxUrls);
      await writeUrlset(out, String(part), slice);
      const lastmod = slice
        .map((u) => u.lastmod ?? '')
        .sort()
        .at(-1);
      sitemap.push({ loc: `${origin}/sitemaps/${part}.xml`, ...(lastmod ? { lastmod } : {}) });
    }
    await out.file('').write(builder.build({ ...XML_DECLARATION, sitemapindex: { '@_xmlns': SITEMAP_NS, sitemap } }));
  });
}

// ---------------------------------------------------------------------------------------------------------
// Product feeds: one item per variant

export interface FeedItem {
  id: string;
  itemGroupId: string;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  /** "45.00 EUR" */
  price: string;
  salePrice?: string;
  /** ISO 8601 interval of the discount window in shop time, e.g. 2026-11-20T00:00:00+01:00/2026-11-30T23:59:59+01:00 */
  salePriceEffectiveDate?: string;
  inStock: boolean;
  condition: 'new';
  brand: string;
  gtin?: string;
  mpn?: string;
  /** Absent for a variant without a colour (decision 216). */
  color?: string;
  size: string;
  productType: string;
}

const money = (euros: number) => `${euros.toFixed(2)} EUR`;

/** A GTIN-8/12/13/14 with a correct check digit. */
export function isGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** "+01:00" for a shop date (the offset of Europe/Belgrade that day at noon). */
function shopOffset(date: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: SHOP_TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${date}T12:00:00Z`))
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-]\d{2}:\d{2})/.exec(part ?? '');
  return m ? m[1]! : '+00:00';
}

const discountWindow = (start: string, end: string) =>
  `${start}T00:00:00${shopOffset(start)}/${end}T23:59:59${shopOffset(end)}`;

const flat = (s: string) => clean(s).replace(/\s+/g, ' ').trim();

function itemsOf(
  p: ProductDto,
  origin: string,
  productType: string,
  window: { start: string; end: string } | undefined,
): FeedItem[] {
  const allImages = p.images.flatMap((g) => g.imageURLs);
  return p.productVariants.map((v) => {
    const own = p.images.find((g) => g.colorID === v.colorID)?.imageURLs ?? [];
    const pictures = (own.length ? own : allImages).map((u) => absolute(origin, u));
    const barcode = p.barcode.trim();
    const discounted = p.discountedPrice !== null && p.discountedPrice < p.price;
    return {
      id: String(v.variantID),
      itemGroupId: String(p.productID),
      title: flat([p.name, lineColour(v), v.sizeName].filter(Boolean).join(' - ')).slice(0, 150),
      description: flat(p.description || p.name).slice(0, 5000),
      link: `${origin}/productDetails/${p.productID}?colorID=${v.colorID}`,
      imageLink: pictures[0] ?? absolute(origin, DEFAULT_IMAGE),
      additionalImageLinks: pictures.slice(1, 11),
      price: money(p.price),
      salePrice: discounted ? money(p.discountedPrice!) : undefined,
      salePriceEffectiveDate: discounted && window ? discountWindow(window.start, window.end) : undefined,
      inStock: v.stockQuantity > 0,
      condition: 'new',
      brand: flat(p.brand || 'Butiku'),
      gtin: isGtin(barcode) ? barcode : undefined,
      mpn: barcode && !isGtin(barcode) ? flat(barcode) : undefined,
      color: lineColour(v) ? flat(v.colorName) : undefined,
      size: flat(v.sizeName),
      productType,
    };
  });
}

/** The feeds' context, read once per build: category names and the discount window that sets each price. */
async function feedContext(deps: AppDeps, today: string) {
  const { db } = deps;
  const [cats, mains, windows] = await Promise.all([
    categories(db),
    mainCategories(db),
    activeDiscountWindows({ db }, today),
  ]);
  const mainName = new Map(mains.value.map((m) => [m.mainCategoryID, m.mainCategoryName]));
  const catName = new Map(cats.value.map((c) => [c.categoryID, c.categoryName]));
  // The window of the discount that sets the price: the highest percentage, as catalog.service prices it.
  const best = new Map<number, { pct: number; start: string; end: string }>();
  for (const w of windows) {
    const cur = best.get(w.product_id);
    if (!cur || w.discount_percentage > cur.pct || (w.discount_percentage === cur.pct && w.end_date > cur.end)) {
      best.set(w.product_id, { pct: w.discount_percentage, start: w.start_date, end: w.end_date });
    }
  }
  const typeOf = (p: ProductDto) =>
    [mainName.get(p.mainCategoryID), catName.get(p.categoryID) ?? p.categoryName]
      .filter(Boolean)
      .map((s) => flat(s!))
      .join(' > ');
  return { typeOf, windowOf: (p: ProductDto) => best.get(p.productID) };
}

/** Feed items of every active product's variants, a chunk of products at a time, yielding between chunks. */
export async function* feedItemChunks(deps: AppDeps, today: string, slices: TimeSlices): AsyncGenerator<FeedItem[]> {
  const origin = publicOrigin(deps.config);
  const { typeOf, windowOf } = await feedContext(deps, today);
  for await (const products of activeProductDetailChunks(deps.db, today, slices)) {
    yield products.flatMap((p) => itemsOf(p, origin, typeOf(p), windowOf(p)));
  }
}

const xmlItem = (i: FeedItem) => ({
  'g:id': i.id,
  'g:item_group_id': i.itemGroupId,
  title: i.title,
  description: i.description,
  link: i.link,
  'g:image_link': i.imageLink,
  'g:additional_image_link': i.additionalImageLinks,
  'g:price': i.price,
  'g:sale_price': i.salePrice,
  'g:sale_price_effective_date': i.salePriceEffectiveDate,
  'g:availability': i.inStock ? 'in_stock' : 'out_of_stock',
  'g:condition': i.condition,
  'g:brand': i.brand,
  'g:gtin': i.gtin,
  'g:mpn': i.mpn,
  'g:identifier_exists': i.gtin || i.mpn ? undefined : 'no',
  'g:color': i.color,
  'g:size': i.size,
  'g:product_type': i.productType,
});

/** Columns of Meta Commerce Manager's data-feed spreadsheet. */
export const CSV_COLUMNS = [
  'id',
  'item_group_id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'sale_price',
  'sale_price_effective_date',
  'link',
  'image_link',
  'additional_image_link',
  'brand',
  'gtin',
  'mpn',
  'color',
  'size',
  'product_type',
] as const;

const csvRow = (i: FeedItem) => [
  i.id,
  i.itemGroupId,
  i.title,
  i.description,
  i.inStock ? 'in stock' : 'out of stock',
  i.condition,
  i.price,
  i.salePrice ?? '',
  i.salePriceEffectiveDate ?? '',
  i.link,
  i.imageLink,
  i.additionalImageLinks.join(','),
  i.brand,
  i.gtin ?? '',
  i.mpn ?? '',
  i.color ?? '',
  i.size,
  i.productType,
];

/** Both product feeds, built in one pass over the catalogue: 'xml' (Google's RSS 2.0) and 'csv' (Meta's columns). */
export async function productFeedFiles(deps: AppDeps): Promise<BuiltSet> {
  const origin = publicOrigin(deps.config);
  return catalogDocument(deps.db, `seo:feeds:${origin}`, async (out, today) => {
    const xml = out.file('xml');
    const csv = out.file('csv');
    const channel = { title: 'Butiku', link: `${origin}/`, description: flat(messages.home.description) };
    const rss = { '@_version': '2.0', '@_xmlns:g': 'http://base.google.com/ns/1.0', channel };
    const [head, tail] = around(
      { ...XML_DECLARATION, rss: { ...rss, channel: { ...channel, item: '@@ELEMENTS@@' } } },
      'item',
    );
    await xml.write(head);
    await csv.write(csvText([], { header: true, columns: [...CSV_COLUMNS], bom: false }));
    for await (const items of feedItemChunks(deps, today, out.slices)) {
      if (!items.length) continue;
      await xml.write(builder.build({ item: items.map(xmlItem) }));
      await csv.write(csvText(items.map(csvRow), { header: false, bom: false }));
    }
    await xml.write(tail);
  });
}
