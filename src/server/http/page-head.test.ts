// The server's HTML head per storefront route (title, description, canonical, Open Graph, JSON-LD, LCP preload)
// and the page's ETag, over the real app on a real SQLite file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import superjson, { type SuperJSONResult } from 'superjson';
import { facetsInput, listingFilterInput, relatedProductsInput, type InitialQuery } from '#shared/initial-queries';
import type { ProductDto } from '#shared/dto/catalog';
import { createTestApp, type TestApp } from '../testing/app';
import { resolvePageMeta } from './page-meta';
import {
  createCategory,
  createColor,
  createProduct,
  createProductDiscount,
  createSize,
  updateProduct,
} from '../testing/factories';

let t: TestApp;
const ids: Record<string, number> = {};
const ORIGIN = 'https://butiku.shop';

beforeAll(async () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="sq"><head><!--app-meta--><title>x</title><!--/app-meta--></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ clientDistDir: dist, publicUrl: ORIGIN });
  ids.dresses = await createCategory(t.db, {
    name: 'Fustane',
    description: 'Fustane për çdo rast.',
    mainCategoryID: 1,
  });
  ids.perfume = await createCategory(t.db, { name: 'Parfume', description: '', mainCategoryID: 2 });
  ids.red = await createColor(t.db, { name: 'E kuqe' });
  ids.s = await createSize(t.db, { name: 'S' });
  const dress = await createProduct(t.db, {
    name: 'Fustan </script><b>verore</b>',
    brand: 'Zara',
    barcode: '4006381333931',
    categoryId: ids.dresses,
    priceCents: 4500,
    variants: [{ colorId: ids.red, sizeId: ids.s, stock: 2 }],
    images: [{ colorId: ids.red, fileName: 'dress1.webp', sortOrder: 0 }],
  });
  ids.dress = dress.productId;
  await createProductDiscount(t.db, {
    productIds: [ids.dress],
    percentage: 20,
    start: '2026-01-01',
    end: '2099-12-31',
  });
  ids.soldOut = (
    await createProduct(t.db, {
      name: 'Parfum',
      brand: null,
      categoryId: ids.perfume,
      priceCents: 1999,
      variants: [{ colorId: ids.red, sizeId: ids.s, stock: 0 }],
    })
  ).productId;
});
afterAll(() => t.db.destroy());

const page = async (p: string) => {
  const res = await t.request(p);
  expect(res.status, p).toBe(200);
  return res.text();
};
const attr = (html: string, selector: RegExp) => selector.exec(html)?.[1];
const canonical = (html: string) => attr(html, /<link rel="canonical" href="([^"]*)">/);
const title = (html: string) => attr(html, /<title>([^<]*)<\/title>/);
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, any>,
  );

describe('a product page head (its declaration, src/shared/pages.ts)', () => {
  it('gives title, description with brand and euro price, the large picture and the price', async () => {
    const { productId } = await createProduct(t.db, {
      name: 'Atlete të bardha',
      brand: 'Nike',
      // Its own category, so the listings the tests below read do not change.
      categoryId: (await createCategory(t.db, { name: 'Atlete', description: '', mainCategoryID: 1 }))!,
      priceCents: 1250,
      description: 'Atlete lëkure të bardha, të lehta dhe të rehatshme për çdo ditë.',
      variants: [{ colorId: ids.red!, sizeId: ids.s!, stock: 1 }],
      images: [{ colorId: ids.red!, fileName: 'meta0001.webp', sortOrder: 0 }],
    });
    const meta = await resolvePageMeta(t, new URL(`${ORIGIN}/productDetails/${productId}`));
    expect(meta).toMatchObject({
      title: 'Atlete të bardha | Butiku',
      description: 'Nike · 12,50\u00a0€ · Atlete lëkure të bardha, të lehta dhe të rehatshme për çdo ditë.',
      image: '/api/Product/images/meta0001.webp',
      type: 'product',
      priceEuros: 12.5,
    });
    expect((await resolvePageMeta(t, new URL(`${ORIGIN}/productDetails/987654`))).notFound).toBe(true);
  });
});

describe('product page head', () => {
  it('carries Open Graph price and stock, the absolute picture and a high-priority preload of the main image', async () => {
    const html = await page(`/productDetails/${ids.dress}`);
    expect(canonical(html)).toBe(`${ORIGIN}/productDetails/${ids.dress}`);
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain('<meta property="product:price:amount" content="36.00">');
    expect(html).toContain('<meta property="product:price:currency" content="EUR">');
    expect(html).toContain('<meta property="og:availability" content="instock">');
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}/api/Product/images/dress1.webp">`);
    expect(html).toContain(
      '<link rel="preload" as="image" href="/api/Product/images/dress1.webp" fetchpriority="high">',
    );
    const sold = await page(`/productDetails/${ids.soldOut}`);
    expect(sold).toContain('<meta property="og:availability" content="oos">');
    expect(sold).toContain('<link rel="preload" as="image" href="/images/default-image.jpg" fetchpriority="high">');
  });

  it('has schema.org Product with an Offer (sale price while discounted) and a BreadcrumbList, safe inside the script element', async () => {
    const html = await page(`/productDetails/${ids.dress}`);
    // The name holds "</script>": it must not close the JSON-LD elements (2) or the first-view data element early.
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    const [product, crumbs] = jsonLd(html);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Fustan </script><b>verore</b>',
      image: [`${ORIGIN}/api/Product/images/dress1.webp`],
      sku: '4006381333931',
      gtin: '4006381333931',
      brand: { '@type': 'Brand', name: 'Zara' },
      offers: {
        '@type': 'Offer',
        url: `${ORIGIN}/productDetails/${ids.dress}`,
        price: '36.00',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          priceType: 'https://schema.org/StrikethroughPrice',
          price: '45.00',
          priceCurrency: 'EUR',
        },
      },
    });
    expect(product!.description).toEqual(expect.any(String));
    expect(crumbs).toMatchObject({ '@context': 'https://schema.org', '@type': 'BreadcrumbList' });
    expect(crumbs!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Kryesore', item: `${ORIGIN}/` },
      { '@type': 'ListItem', position: 2, name: 'Produktet', item: `${ORIGIN}/products` },
      { '@type': 'ListItem', position: 3, name: 'Fustane', item: `${ORIGIN}/products/${ids.dresses}` },
      {
        '@type': 'ListItem',
        position: 4,
        name: 'Fustan </script><b>verore</b>',
        item: `${ORIGIN}/productDetails/${ids.dress}`,
      },
    ]);
    const [sold] = jsonLd(await page(`/productDetails/${ids.soldOut}`));
    expect(sold!.offers).toMatchObject({ price: '19.99', availability: 'https://schema.org/OutOfStock' });
    expect(sold!.offers.priceSpecification).toBeUndefined();
    expect(sold!.brand).toEqual({ '@type': 'Brand', name: 'Butiku' });
    expect(sold!.sku).toMatch(/^BC\d{8}$/);
    expect(sold!.gtin).toBeUndefined();
  });

  it('follows a catalogue write on the next request (cached with the catalogue)', async () => {
    await updateProduct(t.db, ids.dress!, { priceCents: 5000 });
    const html = await page(`/productDetails/${ids.dress}`);
    expect(html).toContain('<meta property="product:price:amount" content="40.00">');
    await updateProduct(t.db, ids.dress!, { priceCents: 4500 });
  });
});

describe('home page head', () => {
  it('describes the shop as a ClothingStore with the Ferizaj address and both phones, and preloads the first hero picture', async () => {
    const html = await page('/');
    expect(canonical(html)).toBe(`${ORIGIN}/`);
    expect(html).toContain('<link rel="preload" as="image" href="/images/hero/slide-1.webp" fetchpriority="high">');
    const [store] = jsonLd(html);
    expect(store).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ClothingStore',
      name: 'Butiku',
      url: `${ORIGIN}/`,
      telephone: '+383 44 123 456',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Rruga Adem Jashari 12',
        addressLocality: 'Ferizaj',
        postalCode: '70000',
        addressCountry: 'XK',
      },
    });
    expect(store!.openingHoursSpecification).toMatchObject({ opens: '09:00', closes: '20:00' });
    expect(store!.contactPoint.map((c: { telephone: string }) => c.telephone)).toEqual([
      '+383 44 123 456',
      '+383 49 654 321',
    ]);
  });
});

describe('listing heads', () => {
  it('gives each listing and category its own title, description and canonical, without filters other than the category', async () => {
    const products = await page('/products?colorID=3&size=1&sort=price-asc');
    expect(title(products)).toBe('Produktet | Butiku');
    expect(canonical(products)).toBe(`${ORIGIN}/products`);
    const glow = await page('/glow-outlet');
    expect(title(glow)).toBe('Glow Outlet | Butiku');
    expect(canonical(glow)).toBe(`${ORIGIN}/glow-outlet`);
    expect(attr(glow, /<meta name="description" content="([^"]*)">/)).not.toBe(
      attr(products, /<meta name="description" content="([^"]*)">/),
    );

    const cat = await page(`/products/${ids.dresses}?eventID=2&sort=discount`);
    expect(title(cat)).toBe('Fustane | Produktet | Butiku');
    expect(cat).toContain('<meta name="description" content="Fustane për çdo rast.">');
    expect(canonical(cat)).toBe(`${ORIGIN}/products/${ids.dresses}`);
    // A Glow Outlet category reached under /products still names its own listing; an empty description gets one.
    const perfume = await page(`/products/${ids.perfume}`);
    expect(title(perfume)).toBe('Parfume | Glow Outlet | Butiku');
    expect(canonical(perfume)).toBe(`${ORIGIN}/glow-outlet/${ids.perfume}`);
    expect(attr(perfume, /<meta name="description" content="([^"]*)">/)).toContain('Parfume');
    const second = await page(`/products/${ids.dresses}?page=2&colorID=1`);
    expect(canonical(second)).toBe(`${ORIGIN}/products/${ids.dresses}?page=2`);
    expect(title(second)).toBe('Fustane | Produktet · Faqja 2 | Butiku');
  });

  it('preloads the first card picture of the unfiltered listing', async () => {
    expect(await page(`/products/${ids.dresses}`)).toContain(
      '<link rel="preload" as="image" href="/api/Product/images/dress1.webp?w=400" fetchpriority="high">',
    );
    expect(await page(`/products/${ids.dresses}?colorID=${ids.red}`)).not.toContain('rel="preload"');
  });
});

/** The page's first-view data entries, each answer decoded as the client decodes it. */
const firstView = (html: string) => {
  const raw = /<script type="application\/json" id="butiku-queries">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (raw === undefined) return null;
  return (JSON.parse(raw) as InitialQuery[]).map((q) => ({
    path: q.path,
    input: q.input,
    data: superjson.deserialize(q.data as SuperJSONResult),
  }));
};
/** The tRPC API's answer for the same read (what the page would otherwise fetch). */
const apiAnswer = async (path: string, input: unknown) => {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
  const res = await t.request(`/api/trpc/catalog.${path}${query}`);
  expect(res.status, path).toBe(200);
  return superjson.deserialize((await res.json()).result.data as SuperJSONResult);
};

describe('first-view data (decision 192)', () => {
  it('a product page carries the product, its related products, its size guide, its reviews and the menu categories, equal to the API answers, and safe inside its element', async () => {
    const html = await page(`/productDetails/${ids.dress}`);
    const entries = firstView(html)!;
    expect(entries.map((e) => e.path)).toEqual([
      'product',
      'related',
      'sizeGuide',
      'productLooks',
      'productReviews',
      'categories',
    ]);
    expect(entries[0]!.input).toEqual({ productID: ids.dress });
    expect(entries[1]!.input).toEqual(JSON.parse(JSON.stringify(relatedProductsInput(entries[0]!.data as ProductDto))));
    for (const e of entries) expect(e.data, e.path).toEqual(await apiAnswer(e.path, e.input));
    expect((entries[0]!.data as { name: string }).name).toContain('</script>'); // the name survived the escaping
  });

  it('an unfiltered listing carries its page of products, category and filter lists with the inputs the page sends', async () => {
    const entries = firstView(await page(`/products/${ids.dresses}`))!;
    expect(entries.map((e) => e.path)).toEqual([
      'category',
      'filter',
      'categoriesByMain',
      'facets',
      'sizes',
      'events',
      'filterColors',
      'categories',
    ]);
    expect(entries.find((e) => e.path === 'filter')!.input).toEqual(listingFilterInput(1, ids.dresses, {}));
    // What the filters offer, with the input the sidebar sends (issue 25).
    expect(entries.find((e) => e.path === 'facets')!.input).toEqual(
      facetsInput({ mainCategoryID: 1, categoryID: ids.dresses }, {}),
    );
    for (const e of entries) expect(e.data, e.path).toEqual(await apiAnswer(e.path, e.input));
    const home = firstView(await page('/'))!;
    expect(home.map((e) => e.path)).toEqual(['homepage', 'categories']);
    expect(home[0]!.data).toEqual(await apiAnswer('homepage', undefined));
    const sorted = firstView(await page('/glow-outlet?sort=price-asc'))!;
    expect(sorted.find((e) => e.path === 'filter')!.input).toEqual(
      listingFilterInput(2, undefined, { sort: 'price-asc' }),
    );
    // A page past the last one carries none: every such page has the listing's own head (decision 201).
    const past = await page('/glow-outlet?page=2&sort=price-asc');
    expect(firstView(past)).toBeNull();
    expect(canonical(past)).toBe(`${ORIGIN}/glow-outlet`);
  });

  it('a filtered listing, an unknown product and other pages carry none', async () => {
    expect(firstView(await page(`/products/${ids.dresses}?colorID=${ids.red}`))).toBeNull();
    const missing = await t.request('/productDetails/999999');
    expect(missing.status).toBe(404); // decision 202: the app is sent, with a 404 status
    expect(firstView(await missing.text())).toBeNull();
    expect(firstView(await page('/contactus'))).toBeNull();
  });

  it('a missing category, a bad id and an unknown path are 404 with noindex; malformed search values are dropped', async () => {
    for (const url of ['/products/999999', '/glow-outlet/0', '/productDetails/abc', '/nope', '/products/1/2']) {
      const res = await t.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).toContain('<meta name="robots" content="noindex">');
    }
    // The page's declaration reads the search as the route does: a cut-short list and an unknown order are dropped.
    const lenient = firstView(await page(`/products/${ids.dresses}?size=%5B3&sort=zzz&page=x`))!;
    expect(lenient.find((e) => e.path === 'filter')!.input).toEqual(listingFilterInput(1, ids.dresses, {}));
  });
});

describe('page caching', () => {
  it('sends HTML with no-cache and an ETag, and 304 when the page is unchanged', async () => {
    const res = await t.request(`/productDetails/${ids.dress}`);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await t.request(`/productDetails/${ids.dress}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    await updateProduct(t.db, ids.dress!, { name: 'Fustan i ri' });
    const changed = await t.request(`/productDetails/${ids.dress}`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('Fustan i ri');
  });
});
