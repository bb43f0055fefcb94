// Bad URLs never blank the page (issue 24, decision 212): generated storefront URLs (fast-check) with cut-short,
// malformed and unknown search parameters, garbage ids and unknown paths. Over HTTP: never a 5xx, always the app's
// page, 404 with noindex for a path that names nothing. In Chromium, on a sample: the shop's header and some content,
// and no `[hydration]` error (useJourney fails on any) nor React's #418. Plus the cases the issue names, the
// not-found and error pages at both widths.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { listingMessages } from '#shared/messages/listing';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { useJourney } from './support/journey';

const journey = useJourney();

const ids = fc.oneof(
  fc.constantFrom('1', '2', '3', '5', '8'),
  fc.constantFrom('0', '-3', '99999', '2147483648', '1.5', 'abc', '%5B3', '1e3', '007'),
);
const paths = fc.oneof(
  fc.constantFrom('/', '/products', '/glow-outlet', '/kerko', '/contactus', '/cart', '/order-status', '/account'),
  ids.map((id) => `/products/${id}`),
  ids.map((id) => `/glow-outlet/${id}`),
  ids.map((id) => `/productDetails/${id}`),
  fc.constantFrom('/nope', '/products/1/2', '/productDetails', '/PRODUCTS', '/index.php', '/wp-admin/x', '/kerko/'),
);
const values = fc.oneof(
  fc.constantFrom('1', '2', '3', '1,2', '2,1,2', '[3]', '%5B3', '[3', '{', '{"a":1}', 'null', 'true', '-1', '0'),
  fc.constantFrom('99999', '100001', '1e5', 'zzz', 'newest', 'price-asc', 'price-desc', 'discount', '', '%', '%zz'),
  fc.string({ maxLength: 8 }).map(encodeURIComponent),
);
const keys = fc.constantFrom('size', 'eventID', 'colorID', 'page', 'sort', 'q', 'checkout', 'order', 'redirect', 'x');
const queries = fc
  .array(fc.tuple(keys, values), { maxLength: 5 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));
const urls = fc.tuple(paths, queries).map(([p, q]) => p + q);

const UNKNOWN = /^\/(nope|PRODUCTS|index\.php|wp-admin|productDetails$|products\/1\/2)/;

describe('bad URLs', () => {
  it('generated URLs: never a 5xx, always the app page, a 404 with noindex where the path names nothing', async () => {
    const seen = fc.sample(urls, { numRuns: 300, seed: 2026_11_23 });
    const statuses: Record<number, number> = {};
    for (const url of seen) {
      const res = await fetch(journey.server.url + url);
      const html = await res.text();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      expect(res.status, url).toBeLessThan(500);
      expect(html, url).toContain('<div id="root">');
      if (UNKNOWN.test(url)) expect([res.status, url]).toEqual([404, url]);
      if (res.status === 404) expect(html, url).toContain('<meta name="robots" content="noindex">');
    }
    console.log(`[bad-urls] ${seen.length} generated URLs over HTTP:`, statuses);
  });

  it('a sample of them in Chromium: header, content, no hydration error', async () => {
    const sample = fc.sample(urls, { numRuns: 30, seed: 24 });
    const { context, page } = await newPage(journey.browser, DESKTOP);
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /\[hydration\]|#418|\[route\]/.test(msg.text())) errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    for (const url of sample) {
      await page.goto(journey.server.url + url);
      await page.locator('main').waitFor();
      await expect.poll(() => page.locator('main').innerText(), { message: url }).not.toBe('');
      expect(await page.locator('header.site-header').isVisible(), url).toBe(true);
      expect(await page.getByText('Something went wrong').count(), url).toBe(0);
    }
    expect(errors).toEqual([]);
    console.log(`[bad-urls] ${sample.length} generated URLs in Chromium, no hydration or route error`);
    await context.close();
  });

  it('the issue’s URLs: a cut-short size and an unknown sort show the listing, hydrated', async () => {
    const { context, page } = await newPage(journey.browser, DESKTOP);
    const errors: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && /hydration|#418/.test(msg.text()) && errors.push(msg.text()));
    for (const url of ['/products?size=%5B3', '/products?sort=zzz', '/glow-outlet?page=x&colorID={']) {
      const res = await page.goto(journey.server.url + url);
      expect(res?.status()).toBe(200);
      expect(await page.locator('[data-testid="product-card"]').count(), url).toBeGreaterThan(0);
      expect(await page.getByText(listingMessages.failed).count(), url).toBe(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a page past the last one says so, with the pages that exist', async () => {
    const { context, page } = await newPage(journey.browser, DESKTOP);
    await page.goto(`${journey.server.url}/products?page=999`);
    await page.getByText(listingMessages.toLastPage).waitFor();
    await page.getByRole('navigation', { name: listingMessages.pagination }).waitFor();
    await page.getByText(listingMessages.toLastPage).click();
    await expect.poll(() => page.locator('[data-testid="product-card"]').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get('page')).not.toBe('999');
    await context.close();
  });

  it('unknown paths, a missing category and a missing product: 404, noindex, a search box and the categories', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { context, page } = await newPage(journey.browser, viewport);
      for (const url of ['/nope', '/products/99999', '/productDetails/99999']) {
        const res = await page.goto(journey.server.url + url);
        expect(res?.status(), url).toBe(404);
        expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
        await page.getByRole('heading', { level: 1, name: messages.common.pageNotFound }).waitFor();
        await page.getByRole('searchbox').last().waitFor();
        // 404 pages are rendered in the browser (decision 212), and the categories arrive with their query.
        await expect
          .poll(() => page.locator('.not-found__categories a').count(), { timeout: 10_000 })
          .toBeGreaterThan(0);
      }
      await page.goto(`${journey.server.url}/nope`);
      await screenshot(page, `bad-urls-404-${viewport.width}`);
      // The not-found page's search goes to the search page.
      await page.locator('#not-found-q').fill('fustan');
      await page.locator('#not-found-q').press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/kerko');
      await context.close();
    }
  });

  it('a failing page keeps the shop frame and offers to try again or go home', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { context, page } = await newPage(journey.browser, viewport);
      await page.goto(`${journey.server.url}/`);
      let failing = true;
      await page.route(/\/api\/trpc\/.*catalog\.filter/, (route) =>
        failing ? route.fulfill({ status: 500, body: '{}', contentType: 'application/json' }) : route.continue(),
      );
      await page.goto(`${journey.server.url}/products?size=1`);
      await page.getByRole('heading', { level: 1, name: messages.nav.errorTitle }).waitFor();
      expect(await page.locator('header.site-header').isVisible()).toBe(true);
      expect(await page.locator('footer').count()).toBeGreaterThan(0);
      await screenshot(page, `bad-urls-error-${viewport.width}`);
      failing = false;
      await page.getByRole('button', { name: messages.nav.tryAgain }).click();
      await expect.poll(() => page.locator('[data-testid="product-card"]').count()).toBeGreaterThan(0);
      await context.close();
    }
  });
});
