// robots.txt, sitemap.xml and the product feeds over the real app and a real SQLite file; the XML is read back
// with fast-xml-parser (a real parser: malformed or unescaped output fails here).
import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopToday } from '#shared/dates';
import { createTestApp, type TestApp } from '#server/testing/app';
import {
  createCategory,
  createColor,
  createProduct,
  createProductDiscount,
  createSize,
} from '#server/testing/factories';
import { createStaff } from '#server/testing/auth';
import { bumpCatalogVersion, productList } from '../catalog';
import { isGtin, productFeedFiles, sitemapFiles } from './seo.service';

let t: TestApp;
const ids: Record<string, number> = {};
const ORIGIN = 'https://butiku.shop';
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  isArray: (name) => ['url', 'item', 'g:additional_image_link'].includes(name),
  parseTagValue: false,
});

beforeAll(async () => {
  t = await createTestApp({ publicUrl: `${ORIGIN}/` });
  ids.dresses = await createCategory(t.db, { name: 'Fustane & "Funde" <të reja>', mainCategoryID: 1 });
  ids.perfume = await createCategory(t.db, { name: 'Parfume', mainCategoryID: 2 });
  ids.red = await createColor(t.db, { name: 'E kuqe' });
  ids.blue = await createColor(t.db, { name: 'Blu' });
  ids.s = await createSize(t.db, { name: 'S' });
  ids.m = await createSize(t.db, { name: 'M' });
  const dress = await createProduct(t.db, {
    name: 'Fustan <b>verore</b> & "i lehtë"',
    brand: 'Zara & Co',
    categoryId: ids.dresses,
    priceCents: 4500,
    barcode: '4006381333931',
    description: 'Pambuk 100%\u0007 <i>i butë</i>',
    updatedAt: '2026-03-04T10:00:00.000Z',
    variants: [
      { colorId: ids.red, sizeId: ids.s, stock: 3 },
      { colorId: ids.red, sizeId: ids.m, stock: 0 },
      { colorId: ids.blue, sizeId: ids.s, stock: 1 },
    ],
    images: [
      { colorId: ids.red, fileName: 'red1.webp', sortOrder: 0 },
      { colorId: ids.red, fileName: 'red2.webp', sortOrder: 1 },
      { colorId: ids.blue, fileName: 'blue1.webp', sortOrder: 0 },
    ],
  });
  ids.dress = dress.productId;
  ids.dressRedS = dress.variantIds[0]!;
  ids.dressRedM = dress.variantIds[1]!;
  ids.dressBlueS = dress.variantIds[2]!;
  const today = shopToday();
  await createProductDiscount(t.db, {
    productIds: [ids.dress],
    percentage: 20,
    start: '2026-01-01',
    end: '2099-12-31',
  });
  await createProductDiscount(t.db, {
    productIds: [ids.dress],
    percentage: 50,
    start: '2099-01-01',
    end: '2099-01-02',
  });
  expect(today < '2099-01-01').toBe(true);
  ids.perfumeProduct = (
    await createProduct(t.db, {
      name: 'Parfum',
      brand: null,
      categoryId: ids.perfume,
      priceCents: 1999,
      variants: [{ colorId: ids.red, sizeId: ids.m, stock: 5 }],
    })
  ).productId;
  ids.hidden = (await createProduct(t.db, { name: 'Fshehur', categoryId: ids.dresses, isActive: false })).productId;
  bumpCatalogVersion();
});
afterAll(() => t.db.destroy());

describe('robots.txt', () => {
  it('keeps crawlers out of staff and shopper pages and points to the sitemap', async () => {
    const res = await t.request('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    for (const p of ['/dashboard', '/account', '/profile', '/cart', '/checkout', '/wishlist'])
      expect(text).toContain(`Disallow: ${p}\n`);
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(text).not.toMatch(/Disallow: \/\n/);
  });
});

describe('sitemap.xml', () => {
  it('lists home, both listings, every category and every active product with lastmod', async () => {
    const res = await t.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = parser.parse(xml);
    expect(doc.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = doc.urlset.url as Array<{ loc: string; lastmod?: string }>;
    const locs = urls.map((u) => u.loc);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/products`,
        `${ORIGIN}/glow-outlet`,
        `${ORIGIN}/products/${ids.dresses}`,
        `${ORIGIN}/glow-outlet/${ids.perfume}`,
        `${ORIGIN}/productDetails/${ids.dress}`,
        `${ORIGIN}/productDetails/${ids.perfumeProduct}`,
      ]),
    );
    expect(locs).not.toContain(`${ORIGIN}/productDetails/${ids.hidden}`);
    expect(urls.find((u) => u.loc === `${ORIGIN}/productDetails/${ids.dress}`)?.lastmod).toBe('2026-03-04');
    expect(urls.find((u) => u.loc === `${ORIGIN}/productDetails/${ids.perfumeProduct}`)?.lastmod).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
  });

  it('follows a catalogue write at once (cached with the catalogue) and revalidates with 304', async () => {
    const first = await t.request('/sitemap.xml');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.request('/sitemap.xml', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const added = await createProduct(t.db, { name: 'E re', categoryId: ids.dresses });
    const after = await t.request('/sitemap.xml', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain(`/productDetails/${added.productId}</loc>`);
    await t.db.deleteFrom('product_variants').where('product_id', '=', added.productId).execute();
    await t.db.deleteFrom('products').where('product_id', '=', added.productId).execute();
  });
});

interface FeedItemXml {
  'g:id': string;
  'g:item_group_id': string;
  title: string;
  description: string;
  link: string;
  'g:image_link': string;
  'g:additional_image_link'?: string[];
  'g:price': string;
  'g:sale_price'?: string;
  'g:sale_price_effective_date'?: string;
  'g:availability': string;
  'g:condition': string;
  'g:brand': string;
  'g:gtin'?: string;
  'g:mpn'?: string;
  'g:color': string;
  'g:size': string;
  'g:product_type': string;
}

describe('/feeds/products.xml', () => {
  it('is well-formed RSS 2.0 in the g: namespace with one item per variant and every field Meta and Google read', async () => {
    const res = await t.request('/feeds/products.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toContain('\u0007');
    const doc = parser.parse(xml);
    expect(doc.rss['@_version']).toBe('2.0');
    expect(doc.rss['@_xmlns:g']).toBe('http://base.google.com/ns/1.0');
    expect(doc.rss.channel.link).toBe(`${ORIGIN}/`);
    const items = doc.rss.channel.item as FeedItemXml[];
    const byId = new Map(items.map((i) => [i['g:id'], i]));
    expect(items.filter((i) => i['g:item_group_id'] === String(ids.dress))).toHaveLength(3);
    expect(items.some((i) => i['g:item_group_id'] === String(ids.hidden))).toBe(false);

    const redS = byId.get(String(ids.dressRedS))!;
    expect(redS).toMatchObject({
      'g:item_group_id': String(ids.dress),
      title: 'Fustan <b>verore</b> & "i lehtë" - E kuqe - S', // escaped in the XML, text again once parsed
      description: 'Pambuk 100% <i>i butë</i>',
      link: `${ORIGIN}/productDetails/${ids.dress}?colorID=${ids.red}`,
      'g:image_link': `${ORIGIN}/api/Product/images/red1.webp`,
      'g:additional_image_link': [`${ORIGIN}/api/Product/images/red2.webp`],
      'g:price': '45.00 EUR',
      'g:sale_price': '36.00 EUR',
      'g:availability': 'in_stock',
      'g:condition': 'new',
      'g:brand': 'Zara & Co',
      'g:gtin': '4006381333931',
      'g:color': 'E kuqe',
      'g:size': 'S',
      'g:product_type': `Produktet > Fustane & "Funde" <të reja>`,
    });
    // The window of the discount that sets today's price (20 %), not the later, larger one.
    expect(redS['g:sale_price_effective_date']).toMatch(/^2026-01-01T00:00:00\+01:00\/2099-12-31T23:59:59\+01:00$/);
    expect(byId.get(String(ids.dressRedM))!['g:availability']).toBe('out_of_stock');
    expect(byId.get(String(ids.dressBlueS))!['g:image_link']).toBe(`${ORIGIN}/api/Product/images/blue1.webp`);

    const perfume = items.find((i) => i['g:item_group_id'] === String(ids.perfumeProduct))!;
    expect(perfume['g:price']).toBe('19.99 EUR');
    expect(perfume['g:sale_price']).toBeUndefined();
    expect(perfume['g:brand']).toBe('Butiku');
    expect(perfume['g:gtin']).toBeUndefined();
    expect(perfume['g:mpn']).toMatch(/^BC\d{8}$/); // the factory's barcode is no GTIN: sent as the part number
    expect(perfume['g:image_link']).toBe(`${ORIGIN}/images/default-image.jpg`);
    expect(perfume['g:product_type']).toMatch(/ > Parfume$/);
    for (const i of items) {
      for (const url of [i.link, i['g:image_link'], ...(i['g:additional_image_link'] ?? [])])
        expect(url.startsWith(`${ORIGIN}/`)).toBe(true);
    }
  });

  it('escapes markup in the raw XML', async () => {
    const xml = await (await t.request('/feeds/products.xml')).text();
    expect(xml).toContain('Fustan &lt;b&gt;verore&lt;/b&gt; &amp; &quot;i lehtë&quot;');
    expect(xml).not.toContain('<b>');
  });
});

describe('/feeds/products.csv', () => {
  it('has Meta’s columns and one row per variant, quoted where needed', async () => {
    const res = await t.request('/feeds/products.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = parseCsv(await res.text(), { columns: true }) as Array<Record<string, string>>;
    const redS = rows.find((r) => r.id === String(ids.dressRedS))!;
    expect(redS).toMatchObject({
      item_group_id: String(ids.dress),
      title: 'Fustan <b>verore</b> & "i lehtë" - E kuqe - S',
      availability: 'in stock',
      condition: 'new',
      price: '45.00 EUR',
      sale_price: '36.00 EUR',
      link: `${ORIGIN}/productDetails/${ids.dress}?colorID=${ids.red}`,
      image_link: `${ORIGIN}/api/Product/images/red1.webp`,
      additional_image_link: `${ORIGIN}/api/Product/images/red2.webp`,
      brand: 'Zara & Co',
      gtin: '4006381333931',
      color: 'E kuqe',
      size: 'S',
    });
    expect(rows.find((r) => r.id === String(ids.dressRedM))!.availability).toBe('out of stock');
    expect(rows.filter((r) => r.item_group_id === String(ids.dress))).toHaveLength(3);
  });
});

describe('isGtin', () => {
  it('accepts GTIN-8/12/13/14 with the right check digit only', () => {
    expect(isGtin('4006381333931')).toBe(true);
    expect(isGtin('96385074')).toBe(true);
    expect(isGtin('036000291452')).toBe(true);
    expect(isGtin('4006381333932')).toBe(false);
    expect(isGtin('BC00000001')).toBe(false);
    expect(isGtin('')).toBe(false);
  });
});

describe('built off the request path (issue 38)', () => {
  it('splits the sitemap into an index of files of at most the bound, each served at /sitemaps/N.xml', async () => {
    const set = await sitemapFiles(t, 3);
    const index = parser.parse(fs.readFileSync(set.files.get('')!.path, 'utf8'));
    const parts: Array<{ loc: string }> = [index.sitemapindex.sitemap].flat();
    expect(parts.length).toBeGreaterThan(1);
    expect(parts[0]!.loc).toBe(`${ORIGIN}/sitemaps/1.xml`);
    const urls = parts.flatMap((_, i) => {
      const text = fs.readFileSync(set.files.get(String(i + 1))!.path, 'utf8');
      expect(XMLValidator.validate(text)).toBe(true);
      const u: Array<{ loc: string }> = parser.parse(text).urlset.url;
      expect(u.length).toBeLessThanOrEqual(3);
      return u.map((x) => x.loc);
    });
    // Every URL of the one-file sitemap, once, in the same order.
    const whole = parser
      .parse(await (await t.request('/sitemap.xml')).text())
      .urlset.url.map((u: { loc: string }) => u.loc);
    expect(urls).toEqual(whole);
  });

  it('has no sitemap parts while one file holds every URL', async () => {
    expect((await t.request('/sitemaps/1.xml')).status).toBe(404);
  });

  it('answers gzip to clients that accept it, Last-Modified, and 304 for If-Modified-Since', async () => {
    const res = await t.request('/feeds/products.csv', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const csv = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
    expect(csv).toBe(await (await t.request('/feeds/products.csv')).text());
    const modified = res.headers.get('last-modified')!;
    expect(new Date(modified).getTime()).toBeGreaterThan(0);
    const again = await t.request('/feeds/products.csv', { headers: { 'if-modified-since': modified } });
    expect(again.status).toBe(304);
  });

  it('builds the feeds once for many fetches of an unchanged catalogue', async () => {
    const before = await productFeedFiles(t);
    await Promise.all(Array.from({ length: 5 }, () => t.request('/feeds/products.xml')));
    expect(await productFeedFiles(t)).toBe(before);
  });

  it('answers the spec’s GET /api/Product with the bytes of the product list, inactive products for staff only', async () => {
    const staff = await createStaff(t);
    const asStaff = await t.request('/api/Product', { token: staff.token });
    expect(asStaff.headers.get('cache-control')).toBe('no-store');
    const staffList = (await asStaff.json()) as Array<{ productID: number }>;
    expect(staffList.map((p) => p.productID)).toContain(ids.hidden);
    const publicText = await (await t.request('/api/Product')).text();
    const publicList = JSON.parse(publicText) as Array<{ productID: number }>;
    expect(publicList.map((p) => p.productID)).not.toContain(ids.hidden);
    expect(publicText).toBe(JSON.stringify((await productList(t.db, null, false)).value));
  });
});
