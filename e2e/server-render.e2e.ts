// Server-rendered storefront (decision 194): the catalogue pages arrive with their content in the HTML (read
// here with JavaScript off), then hydrate into the same page, signed in and with a cart too, without React
// discarding the server's HTML (useJourney checks every journey for `[hydration]` errors).
import { describe, expect, it } from 'vitest';
import { messages, plural } from '#shared/messages';
import { productMessages } from '#shared/messages/product';
import { listingMessages } from '#shared/messages/listing';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { signInAs } from './support/auth';

const journey = useJourney();

/** An active product with a single variant in stock: it comes chosen, so "add to cart" adds it at once. */
async function productWithStock() {
  const rows = await journey.server.db
    .selectFrom('products as p')
    .innerJoin('product_variants as v', 'v.product_id', 'p.product_id')
    .select([
      'p.product_id',
      'p.name',
      (eb) => eb.fn.countAll<number>().as('variants'),
      (eb) => eb.fn.min('v.stock_quantity').as('stock'),
    ])
    .where('p.is_active', '=', 1)
    .groupBy(['p.product_id', 'p.name'])
    .orderBy('p.product_id')
    .execute();
  const one = rows.find((r) => Number(r.variants) === 1 && Number(r.stock) > 2);
  if (!one) throw new Error('the demo catalogue has no single-variant product in stock');
  return one;
}

describe('server render', () => {
  it('home, a listing and a product page hold their content without JavaScript', async () => {
    const product = await productWithStock();
    const context = await journey.browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();

    await page.goto(`${journey.server.url}/productDetails/${product.product_id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('button', { name: productMessages.addToCart }).waitFor();
    expect(await page.getByTestId('gallery-main').getAttribute('fetchpriority')).toBe('high');
    await page.getByRole('heading', { name: productMessages.related }).waitFor();
    expect(await page.locator('.product-grid--related [data-testid="product-card"]').count()).toBeGreaterThan(0);
    // The header's category menus come with the page.
    expect(await page.locator('a.nav-dropdown__link[href^="/products/"]').count()).toBeGreaterThan(0);
    await screenshot(page, 'server-render-product-no-js-1366');

    await page.goto(`${journey.server.url}/products`);
    expect(await page.locator('[data-testid="product-card"]').count()).toBe(24);
    // The filters beside the grid on a wide screen, before any script ran.
    expect(await page.locator('#listing-filters').isVisible()).toBe(true);
    // The wishlist hearts are styled before their route's script arrives: their stylesheet is linked in the head.
    const heart = await page
      .locator('.wl-heart')
      .first()
      .evaluate((el) => ({ w: el.getBoundingClientRect().width, radius: getComputedStyle(el).borderRadius }));
    expect(heart).toEqual({ w: 40, radius: '50%' });
    await screenshot(page, 'server-render-listing-no-js-1366');

    await page.goto(`${journey.server.url}/`);
    expect(await page.locator('.hero__img').first().getAttribute('fetchpriority')).toBe('high');
    expect(await page.locator('[data-testid="product-card"]').count()).toBeGreaterThan(0);
    await context.close();

    const phone = await journey.browser.newContext({ viewport: MOBILE, javaScriptEnabled: false });
    const small = await phone.newPage();
    await small.goto(`${journey.server.url}/products`);
    expect(await small.locator('#listing-filters').isVisible()).toBe(false); // closed on a phone
    await screenshot(small, 'server-render-listing-no-js-375');
    await phone.close();
  });

  it('hydrates for a signed-in shopper and a guest with a cart: the header catches up and the page works', async () => {
    const product = await productWithStock();
    for (const [viewport, email] of [
      [DESKTOP, 'klient@butiku.shop'],
      [MOBILE, null],
    ] as const) {
      const { context, page } = await newPage(journey.browser, viewport);
      if (email) await signInAs(page, journey.server.url, journey.server, email);
      await page.goto(`${journey.server.url}/productDetails/${product.product_id}`);
      await page.getByRole('button', { name: productMessages.addToCart }).click();
      const badge = page.getByTestId('cart-badge').first();
      await expect.poll(() => badge.textContent()).toBe('1');
      await page.waitForLoadState('networkidle'); // the signed-in cart's server copy is written

      // Reloaded: the server's page has the signed-out, empty-cart header; the browser's state follows hydration.
      await page.reload();
      await expect.poll(() => badge.textContent()).toBe('1');
      expect(await page.locator('header.site-header a[href="/cart"]').first().getAttribute('aria-label')).toBe(
        plural(messages.nav.cartCount, 1),
      );
      await page.goto(`${journey.server.url}/products`);
      const filterButton = page.getByRole('button', { name: listingMessages.filter, exact: true });
      await expect.poll(() => filterButton.getAttribute('aria-expanded')).toBe(viewport === DESKTOP ? 'true' : 'false');
      await filterButton.click();
      await expect.poll(() => filterButton.getAttribute('aria-expanded')).toBe(viewport === DESKTOP ? 'false' : 'true');
      await screenshot(page, `server-render-listing-hydrated-${viewport.width}`);
      await context.close();
    }
  });
});
