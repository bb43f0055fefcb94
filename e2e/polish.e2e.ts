// Rough edges a new staff member trips over (issue 15), at 1366 px and 375 px: editing a user saves what it
// loaded (grouped phone, double last name), staff meet a clear "no permission" page on administrators' screens,
// promo codes with spaces are refused at the field, and toasts neither cover the header nor pile up.
import { describe, expect, it } from 'vitest';
import { fill, messages } from '#shared/messages';
import { productMessages } from '#shared/messages/product';
import { listingMessages } from '#shared/messages/listing';
import { cartMessages } from '#shared/messages/cart';
import { accountMessages } from '#shared/messages/account';
import { staffMessages } from '#shared/messages-staff';
import { signInAs } from './support/auth';
import { DESKTOP, MOBILE, newPage, openInApp, screenshot } from './support/browser';
import { variantsInStock } from './support/catalog';
import { useJourney } from './support/journey';

const journey = useJourney();
const m = staffMessages.dashboard;
const s = staffMessages.dashboardSales;

describe('edit user', () => {
  it('an administrator changes only the last name of a user with a grouped phone and saves', async () => {
    const { context, page } = await newPage(journey.browser, DESKTOP);
    await signInAs(page, journey.server.url, journey.server, 'admin@butiku.shop');
    const staff = await journey.server.db
      .selectFrom('users')
      .select(['user_id', 'phone_number'])
      .where('email', '=', 'staf@butiku.shop')
      .executeTakeFirstOrThrow();
    await page.goto(`${journey.server.url}/dashboard/edit-user/${staff.user_id}`);
    const phone = page.getByLabel(s.phoneNumber);
    await expect.poll(() => phone.inputValue()).toBe('+383 44 100 201');
    await page.getByLabel(s.lastName).fill('Berisha-Test');
    await screenshot(page, 'polish-edit-user-1366');
    await page.getByRole('button', { name: 'Ruaj' }).click();
    // A saved account returns to the accounts tab of the customers screen (decision 256).
    await page.waitForURL(`${journey.server.url}/dashboard/customers?tab=accounts`);
    const row = await journey.server.db
      .selectFrom('users')
      .select(['last_name', 'phone_number'])
      .where('user_id', '=', staff.user_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ last_name: 'Berisha-Test', phone_number: '+38344100201' });
    await context.close();
  });
});

for (const [label, viewport] of [
  ['1366', DESKTOP],
  ['375', MOBILE],
] as const) {
  describe(`staff on administrators' screens (${label})`, () => {
    it('shows "Nuk keni leje" instead of the form or the list, and asks the server nothing', async () => {
      const { context, page } = await newPage(journey.browser, viewport);
      await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
      const usersCalls: string[] = [];
      page.on('request', (r) => {
        if (/users\.(list|get|create|update)|\/api\/Users/.test(r.url())) usersCalls.push(r.url());
      });
      // The first screen loads in full; the app's own navigation opens the others (openInApp).
      for (const [i, path] of ['/dashboard/add-customer', '/dashboard/customers', '/dashboard/edit-user/1'].entries()) {
        if (i === 0) await page.goto(`${journey.server.url}${path}`);
        else await openInApp(page, path);
        await page.getByRole('heading', { name: m.noPermissionTitle }).waitFor();
        await page.getByText(m.noPermissionText).waitFor();
        expect(await page.getByLabel(s.firstName).count(), path).toBe(0);
      }
      await screenshot(page, `polish-no-permission-${label}`);
      await page.getByRole('link', { name: m.backToOverview }).click();
      await page.waitForURL(`${journey.server.url}/dashboard`);
      expect(usersCalls).toEqual([]);
      await context.close();
    });
  });
}

describe('promo code with a space', () => {
  it('is refused under the code field and nothing is saved', async () => {
    const { context, page } = await newPage(journey.browser, DESKTOP);
    await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
    await page.goto(`${journey.server.url}/dashboard/add-discount/promo`);
    await page.getByLabel('Kodi promocional').fill('DIMRI 15');
    await page.getByLabel('Përqindja (%)').fill('15');
    await page.getByRole('button', { name: 'Ruaj' }).click();
    await page.getByText(s.promoCodeCharacters).waitFor();
    const saved = await journey.server.db
      .selectFrom('promo_codes')
      .select('promo_code_discount_id')
      .where('code_name', 'like', 'DIMRI%')
      .execute();
    expect(saved).toEqual([]);
    await context.close();
  });
});

for (const [label, viewport] of [
  ['1366', DESKTOP],
  ['375', MOBILE],
] as const) {
  describe(`toasts (${label})`, () => {
    it('sit below the header, never stack copies, and a later answer replaces an earlier one', async () => {
      const [v] = await variantsInStock(journey.server.db, 1);
      const { context, page } = await newPage(journey.browser, viewport);
      await page.goto(`${journey.server.url}/productDetails/${v!.productId}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const add = page.getByRole('button', { name: productMessages.addToCart });
      for (let i = 0; i < 4; i++) await add.click();
      const toasts = page.locator('[data-sonner-toast]');
      await toasts.first().waitFor();
      await page.waitForTimeout(300);
      expect(await toasts.count()).toBe(1);
      const headerBottom = await page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().bottom);
      const toastTop = await toasts.first().evaluate((el) => el.getBoundingClientRect().top);
      expect(toastTop).toBeGreaterThanOrEqual(headerBottom);
      await screenshot(page, `polish-toast-${label}`);

      await page.goto(`${journey.server.url}/account`);
      const form = page.locator('form[aria-labelledby="acc-login-title"]');
      await form.getByLabel(accountMessages.account.email, { exact: true }).fill('klient@butiku.shop');
      await form.getByLabel(accountMessages.account.password, { exact: true }).fill('Gabim#2026');
      await form.getByTestId('login-submit').click();
      await toasts.first().waitFor();
      await form.getByLabel(accountMessages.account.password, { exact: true }).fill('Klient#2026');
      await form.getByTestId('login-submit').click();
      await page.locator('[data-sonner-toast]', { hasText: accountMessages.account.loginSuccess }).waitFor();
      await page.waitForTimeout(300);
      const texts = await toasts.allTextContents();
      expect(texts.filter((t) => t.includes(accountMessages.account.loginSuccess))).toHaveLength(1);
      expect(texts.some((t) => !t.includes(accountMessages.account.loginSuccess))).toBe(false);
      await context.close();
    });
  });
}

for (const [label, viewport, skip] of [
  ['1366', DESKTOP, 0],
  ['375', MOBILE, 2],
] as const) {
  describe(`cart line sold out since it was added (${label})`, () => {
    it('is marked sold out, left out of the subtotal, checkout says why it is blocked, and one click removes it', async () => {
      const seen = new Set<number>();
      const picks = (await variantsInStock(journey.server.db, 3))
        .filter((v) => !seen.has(v.productId) && seen.add(v.productId))
        .slice(10 + skip, 12 + skip);
      const [keep, sell] = picks;
      const { context, page } = await newPage(journey.browser, viewport);
      for (const v of [keep!, sell!]) {
        await page.goto(`${journey.server.url}/productDetails/${v.productId}`);
        await page.locator(`.color-option[data-color-name="${v.colorName}"]`).click();
        await page.getByRole('radio', { name: v.sizeName, exact: true }).click();
        await page.getByRole('button', { name: productMessages.addToCart, exact: true }).click();
        await page.locator('[data-sonner-toast]', { hasText: productMessages.addedToCart }).waitFor();
      }
      await page.goto(`${journey.server.url}/cart`);
      const lines = page.locator('.cart-line');
      await expect.poll(() => lines.count()).toBe(2);
      const keptTotal = await page.getByTestId('cart-subtotal').textContent();

      await journey.server.db
        .updateTable('product_variants')
        .set({ stock_quantity: 0 })
        .where('variant_id', '=', sell!.variantId)
        .execute();
      await page.reload();
      const soldLine = lines.filter({ hasText: sell!.productName });
      await soldLine.getByText(cartMessages.cart.soldOutLine).waitFor();
      await soldLine.getByText(productMessages.soldOut, { exact: true }).waitFor();
      expect(await soldLine.getByRole('button', { name: cartMessages.cart.increase }).isDisabled()).toBe(true);
      const keptLine = lines.filter({ hasText: keep!.productName });
      await expect
        .poll(() => page.getByTestId('cart-subtotal').textContent())
        .toBe(await keptLine.locator('.cart-line__total .price').textContent());
      expect(await page.getByRole('button', { name: cartMessages.cart.checkout }).isDisabled()).toBe(true);
      await page.getByText(cartMessages.cart.blockedSoldOut).waitFor();
      await screenshot(page, `polish-cart-sold-out-${label}`);

      await page.getByRole('button', { name: cartMessages.cart.removeUnavailable }).click();
      await expect.poll(() => lines.count()).toBe(1);
      await expect.poll(() => page.getByRole('button', { name: cartMessages.cart.checkout }).isDisabled()).toBe(false);
      expect(await page.getByText(cartMessages.cart.blockedSoldOut).count()).toBe(0);
      expect(keptTotal).not.toBeNull();
      await journey.server.db
        .updateTable('product_variants')
        .set({ stock_quantity: sell!.stock })
        .where('variant_id', '=', sell!.variantId)
        .execute();
      await context.close();
    });
  });
}

describe('dashboard details', () => {
  it('only the current discount tab is the current page, and deleting an order asks for it no more (no 404)', async () => {
    const { context, page } = await newPage(journey.browser, DESKTOP);
    await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
    await page.goto(`${journey.server.url}/dashboard/discount/promo`);
    await page.locator('.sales-tabs a').first().waitFor();
    await expect.poll(() => page.locator('.sales-tabs [aria-current="page"]').count()).toBe(1);
    expect(await page.locator('.sales-tabs [aria-current="page"]').getAttribute('href')).toBe(
      '/dashboard/discount/promo',
    );

    const order = await journey.server.db
      .selectFrom('orders')
      .select('order_id')
      .orderBy('order_id', 'desc')
      .executeTakeFirstOrThrow();
    const notFound: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404) notFound.push(r.url());
    });
    await page.goto(`${journey.server.url}/dashboard/orderDetails/${order.order_id}`);
    await page.getByRole('button', { name: 'Fshij' }).click();
    await page.locator('dialog[open]').getByRole('button', { name: 'Fshij porosinë', exact: true }).click();
    await page.waitForURL(`${journey.server.url}/dashboard/orders`);
    await page.waitForLoadState('networkidle');
    expect(notFound).toEqual([]);
    await context.close();
  });
});

describe('product table at 1280 px', () => {
  it('fits beside the sidebar: every row’s actions are in view without scrolling sideways', async () => {
    const { context, page } = await newPage(journey.browser, { width: 1280, height: 900 });
    await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
    await page.goto(`${journey.server.url}/dashboard/products`);
    await page.locator('.dash-table tbody tr td.actions').first().waitFor();
    const fit = await page.evaluate(() => {
      const wrap = document.querySelector('.dash-table-wrap') as HTMLElement;
      const rights = [...document.querySelectorAll('.dash-table tbody td.actions')].map(
        (td) => td.getBoundingClientRect().right,
      );
      const cols = [...document.querySelectorAll('.dash-table thead th')].map(
        (th) => `${th.textContent}:${Math.round(th.getBoundingClientRect().width)}`,
      );
      return {
        overflow: wrap.scrollWidth - wrap.clientWidth,
        maxRight: Math.max(...rights),
        width: window.innerWidth,
        rows: rights.length,
        cols: cols.join(' '),
      };
    });
    expect(fit.rows).toBeGreaterThan(20);
    await screenshot(page, 'polish-product-table-1280');
    expect(fit.overflow, fit.cols).toBeLessThanOrEqual(1);
    expect(fit.maxRight).toBeLessThanOrEqual(fit.width);
    await screenshot(page, 'polish-product-table-1280');
    await context.close();
  });
});

/** The prices shoppers see on the listing's cards, in grid order. */
async function cardPrices(page: import('playwright-core').Page): Promise<number[]> {
  const texts = await page.locator('.product-grid .price-tag__now').allTextContents();
  return texts.map((t) => Number(t.replace(/[^\d,]/g, '').replace(',', '.')));
}

for (const [label, viewport] of [
  ['1366', DESKTOP],
  ['375', MOBILE],
] as const) {
  describe(`listing order, filter chips and the search page (${label})`, () => {
    it('sorts by the shown price in the URL, shows removable chips, offers to clear an empty result, and Enter opens every match', async () => {
      const { context, page } = await newPage(journey.browser, viewport);
      await page.goto(`${journey.server.url}/products?sort=price-asc`);
      await page.locator('.product-grid .price-tag__now').first().waitFor();
      const up = await cardPrices(page);
      expect(up.length).toBeGreaterThan(10);
      expect([...up].sort((a, b) => a - b)).toEqual(up);
      await page.getByLabel(listingMessages.sortLabel).selectOption('price-desc');
      await page.waitForURL(/sort=price-desc/);
      await expect
        .poll(async () => {
          const p = await cardPrices(page);
          return p.length > 10 && [...p].sort((a, b) => b - a).join() === p.join();
        })
        .toBe(true);

      const size = await journey.server.db
        .selectFrom('sizes')
        .select(['size_id', 'size_name'])
        .where('size_name', '=', 'M')
        .executeTakeFirstOrThrow();
      await page.goto(`${journey.server.url}/products?size=${size.size_id}&sort=discount`);
      const chip = page.getByRole('button', { name: fill(listingMessages.removeFilter, { name: size.size_name }) });
      await chip.waitFor();
      await screenshot(page, `polish-listing-chips-${label}`);
      await page.getByRole('button', { name: listingMessages.clearActiveFilters }).click();
      await page.waitForURL((u) => !u.search.includes('size=') && u.search.includes('sort=discount'));

      await page.goto(`${journey.server.url}/products?size=${size.size_id}&colorID=999999`);
      await page.getByText(listingMessages.noProductsWithFilters).waitFor();
      await page.locator('.listing__empty').getByRole('button', { name: listingMessages.clearActiveFilters }).click();
      await page.locator('.product-grid .product-card').first().waitFor();

      const search = page.locator(viewport === MOBILE ? '.search--mobile input' : '.search--desktop input');
      await search.fill('kepuce');
      await search.press('Enter');
      await page.waitForURL(`${journey.server.url}/kerko?q=kepuce`);
      await page.getByRole('heading', { name: fill(messages.nav.searchPageTitle, { q: 'kepuce' }) }).waitFor();
      await page.locator('.product-grid .product-card').first().waitFor();
      await screenshot(page, `polish-search-page-${label}`);
      await context.close();
    });
  });
}
