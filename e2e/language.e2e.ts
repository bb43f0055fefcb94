// The shop speaks Albanian (decision 209): every route of the storefront and of the dashboard, on the demo
// catalogue, is read after it settles — its visible text, page title and meta description, and the aria-label,
// title, placeholder, alt and aria-roledescription of every element — and scanned for common English words
// (src/shared/english-words.ts). The spec's main toasts are shown on the way: a failed login, a sign-up with
// lowercase names, the promo code's three answers, wishlist add, adding to the cart, logout.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '#shared/messages';
import { productMessages } from '#shared/messages/product';
import { cartMessages } from '#shared/messages/cart';
import { accountMessages } from '#shared/messages/account';
import { checkoutMessages } from '#shared/messages/checkout';
import { englishWordsIn } from '#shared/english-words';
import { DESKTOP, networkQuiet, newPage, openInApp } from './support/browser';
import { signInAs } from './support/auth';
import { variantsInStock } from './support/catalog';
import { useJourney } from './support/journey';

const journey = useJourney();
const db = () => journey.server.db;

/** What a person reads or hears on the page, each with where it was found. */
function pageTexts(page: Page): Promise<Array<[string, string]>> {
  return page.evaluate(() => {
    const out: Array<[string, string]> = [
      ['text', document.body.innerText],
      ['<title>', document.title],
    ];
    const description = document.querySelector('meta[name="description"]')?.getAttribute('content');
    if (description) out.push(['meta description', description]);
    const attributes = ['aria-label', 'title', 'placeholder', 'alt', 'aria-roledescription', 'aria-valuetext'];
    for (const el of document.body.querySelectorAll(attributes.map((a) => `[${a}]`).join(','))) {
      for (const a of attributes) {
        const v = el.getAttribute(a);
        if (v) out.push([`<${el.tagName.toLowerCase()} ${a}>`, v]);
      }
    }
    for (const t of document.body.querySelectorAll('svg title'))
      if (t.textContent) out.push(['<svg title>', t.textContent]);
    return out;
  });
}

/** Waits until the page has no request in flight and no loading text or skeleton left. */
async function settle(page: Page): Promise<void> {
  await networkQuiet(page);
  await page
    .waitForFunction(
      (loading) => !document.body.innerText.includes(loading) && !document.querySelector('.skeleton'),
      messages.common.loading,
      { timeout: 8_000 },
    )
    .catch(() => undefined); // a screen that keeps a skeleton is still scanned
}

/**
 * The catalogue's brands are proper names, not texts of the shop ("The Body Shop", "The Ordinary"): data, read from
 * the database and left out of the scan like the catalogue's allow-list.
 */
let brands: string[] = [];

/** Scans the page as it is now; returns one line per text with English in it. */
async function scan(page: Page, label: string): Promise<string[]> {
  const found: string[] = [];
  for (const [where, text] of await pageTexts(page)) {
    for (const line of text.split('\n')) {
      const words = englishWordsIn(line, brands);
      if (words.length)
        found.push(`${label} ${where}: ${JSON.stringify(line.trim().slice(0, 160))} (${words.join(', ')})`);
    }
  }
  return [...new Set(found)];
}

async function visit(page: Page, path: string, inApp = false): Promise<string[]> {
  if (inApp) await openInApp(page, path);
  else await page.goto(`${journey.server.url}${path}`);
  await settle(page);
  return scan(page, path);
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first();

async function ids() {
  const first = async <T>(q: Promise<T | undefined>) => {
    const row = await q;
    if (!row) throw new Error('the demo catalogue lacks a row this journey visits');
    return row;
  };
  const d = db();
  brands = (await d.selectFrom('products').select('brand').distinct().execute()).flatMap((r) =>
    r.brand ? [r.brand] : [],
  );
  const category = (main: number) =>
    first(
      d
        .selectFrom('categories')
        .select('category_id')
        .where('main_category_id', '=', main)
        .orderBy('category_id')
        .executeTakeFirst(),
    );
  return {
    clothes: (await category(1)).category_id,
    glow: (await category(2)).category_id,
    product: (
      await first(
        d
          .selectFrom('products')
          .select('product_id')
          .where('is_active', '=', 1)
          .orderBy('product_id')
          .executeTakeFirst(),
      )
    ).product_id,
    guestOrder: await first(
      d
        .selectFrom('orders')
        .select(['order_id', 'guest_id'])
        .where('guest_id', 'is not', null)
        .orderBy('order_id', 'desc')
        .executeTakeFirst(),
    ),
    pendingOrder: (
      await first(
        d
          .selectFrom('orders')
          .select('order_id')
          .where('status', '=', 'pending')
          .orderBy('order_id', 'desc')
          .executeTakeFirst(),
      )
    ).order_id,
    size: (await first(d.selectFrom('sizes').select('size_id').orderBy('size_id').executeTakeFirst())).size_id,
    event: (await first(d.selectFrom('events').select('event_id').orderBy('event_id').executeTakeFirst())).event_id,
    country: (await first(d.selectFrom('countries').select('country_id').orderBy('country_id').executeTakeFirst()))
      .country_id,
    discount: (
      await first(
        d
          .selectFrom('product_discounts')
          .select('product_discount_id')
          .orderBy('product_discount_id')
          .executeTakeFirst(),
      )
    ).product_discount_id,
    promo: (
      await first(
        d
          .selectFrom('promo_codes')
          .select('promo_code_discount_id')
          .orderBy('promo_code_discount_id')
          .executeTakeFirst(),
      )
    ).promo_code_discount_id,
    customer: (
      await first(d.selectFrom('users').select('user_id').where('email', '=', 'klient@butiku.shop').executeTakeFirst())
    ).user_id,
  };
}

describe('the shop speaks Albanian on every route', () => {
  it('storefront, as a guest: every page, a failed login, a sign-up with lowercase names, the promo code answers', async () => {
    const id = await ids();
    const { page } = await newPage(journey.browser, DESKTOP);
    const found: string[] = [];
    // The first page loads in full; the app's own navigation opens the others (openInApp).
    for (const [i, path] of [
      '/',
      '/products',
      `/products/${id.clothes}`,
      '/glow-outlet',
      `/glow-outlet/${id.glow}`,
      `/productDetails/${id.product}`,
      '/kerko?q=fustan',
      '/kerko?q=zzzzqqq',
      '/contactus',
      '/order-status',
      `/order-confirmation/${id.guestOrder.order_id}?guest=${id.guestOrder.guest_id}`,
      '/forgot-password',
      '/reset-password',
      '/reset-password?token=jo-e-vlefshme',
      '/wishlist',
      '/cart',
      '/checkout',
      '/nuk-ekziston-kjo-faqe',
    ].entries())
      found.push(...(await visit(page, path, i > 0)));

    // A failed login: the server's message as a toast.
    await page.goto(`${journey.server.url}/account`);
    const login = page.locator('form[aria-labelledby="acc-login-title"]');
    await login.getByLabel(accountMessages.account.email, { exact: true }).fill('askush@example.com');
    await login.getByLabel(accountMessages.account.password, { exact: true }).fill('Gabim#2026');
    await login.getByTestId('login-submit').click();
    await toast(page, accountMessages.account.invalidCredentials).waitFor();
    found.push(...(await scan(page, '/account (failed login)')));

    // Sign-up with names typed in lowercase: accepted, stored with capitals, the success toast.
    await page.getByTestId('to-signup').click();
    const signUp = page.locator('form[aria-labelledby="acc-signup-title"]');
    const fields: Array<[string, string]> = [
      [accountMessages.account.firstName, 'arta'],
      [accountMessages.account.lastName, 'berisha-gashi'],
      [accountMessages.account.phoneNumber, '044 123 456'],
      [accountMessages.account.email, 'gjuha@example.com'],
      [accountMessages.account.password, 'Gjuha#2026'],
      [accountMessages.account.confirmPassword, 'Gjuha#2026'],
    ];
    for (const [label, value] of fields) await signUp.getByLabel(label, { exact: true }).fill(value);
    await expect.poll(() => signUp.getByTestId('signup-submit').isEnabled()).toBe(true);
    await signUp.getByTestId('signup-submit').click();
    await toast(page, accountMessages.account.signUpSuccess).waitFor();
    // The sign-up signed the shopper in (decision 215): the profile follows.
    await page.waitForURL(`${journey.server.url}/profile`);
    await settle(page);
    found.push(...(await scan(page, '/profile (signed up)')));
    const user = await db()
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('email', '=', 'gjuha@example.com')
      .executeTakeFirstOrThrow();
    expect([user.first_name, user.last_name]).toEqual(['Arta', 'Berisha-Gashi']);

    // The cart and the checkout overlay, with the promo code's answers.
    const [v] = await variantsInStock(db(), 2);
    await page.goto(`${journey.server.url}/productDetails/${v!.productId}`);
    await settle(page);
    await page.locator(`.color-option[data-color-name="${v!.colorName}"]`).click();
    await page.getByRole('radio', { name: v!.sizeName, exact: true }).click();
    await page.getByRole('button', { name: productMessages.addToCart, exact: true }).click();
    await toast(page, productMessages.addedToCart).waitFor();
    found.push(...(await scan(page, '/productDetails (added to cart)')));
    found.push(...(await visit(page, '/checkout')));
    await page.goto(`${journey.server.url}/cart`);
    await settle(page);
    found.push(...(await scan(page, '/cart (one line)')));
    await page.getByRole('button', { name: cartMessages.cart.checkout }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await settle(page);
    await dialog.getByRole('button', { name: checkoutMessages.promo.apply }).click();
    await dialog.getByText(checkoutMessages.promo.enterCode).waitFor();
    found.push(...(await scan(page, '/cart checkout (no code)')));
    await dialog.locator('[name="promoCode"]').fill('NUKEKZISTON');
    await dialog.getByRole('button', { name: checkoutMessages.promo.apply }).click();
    await dialog.getByText(checkoutMessages.promo.expired).waitFor();
    found.push(...(await scan(page, '/cart checkout (unknown code)')));
    await dialog.locator('[name="promoCode"]').fill('MIRESEVINI10');
    await dialog.getByRole('button', { name: checkoutMessages.promo.apply }).click();
    await dialog.getByText('Kodi promocional u aplikua: 10% zbritje.').waitFor();
    await dialog.getByRole('button', { name: checkoutMessages.checkout.placeOrder, exact: true }).click();
    await settle(page);
    found.push(...(await scan(page, '/cart checkout (code applied, placed with empty fields)')));
    expect(found).toEqual([]);
  });

  it('storefront, signed in: profile, wishlist (with its toast), my orders, logout', async () => {
    const id = await ids();
    const { page } = await newPage(journey.browser, DESKTOP);
    await signInAs(page, journey.server.url, journey.server, 'klient@butiku.shop');
    const found: string[] = [];
    for (const path of ['/profile', '/wishlist', '/order-status', `/productDetails/${id.product}`])
      found.push(...(await visit(page, path)));
    const heart = page.locator('.product__action [data-testid="wishlist-heart"]');
    await heart.click();
    await expect.poll(() => page.locator('[data-sonner-toast]').count()).toBeGreaterThan(0);
    found.push(...(await scan(page, '/productDetails (wishlist toast)')));
    found.push(...(await visit(page, '/wishlist')));
    await page.goto(`${journey.server.url}/profile`);
    await settle(page);
    await page.getByRole('button', { name: accountMessages.profile.logout }).click();
    await toast(page, accountMessages.profile.loggedOut).waitFor();
    found.push(...(await scan(page, '/profile (logged out)')));
    expect(found).toEqual([]);
  });

  it('dashboard, as the administrator: every screen', async () => {
    const id = await ids();
    const { page } = await newPage(journey.browser, { width: 1366, height: 900 });
    await signInAs(page, journey.server.url, journey.server, 'admin@butiku.shop');
    const found: string[] = [];
    for (const [i, path] of [
      '/dashboard',
      '/dashboard/products',
      '/dashboard/add-products',
      `/dashboard/edit-product/${id.product}`,
      '/dashboard/import-products',
      '/dashboard/categories',
      '/dashboard/add-categories',
      `/dashboard/edit-category/${id.clothes}`,
      '/dashboard/customers',
      '/dashboard/add-customer',
      `/dashboard/edit-user/${id.customer}`,
      '/dashboard/colors',
      '/dashboard/add-colors',
      '/dashboard/sizes',
      '/dashboard/add-sizes',
      `/dashboard/edit-size/${id.size}`,
      '/dashboard/events',
      '/dashboard/add-events',
      `/dashboard/edit-event/${id.event}`,
      '/dashboard/country',
      '/dashboard/add-country',
      `/dashboard/edit-country/${id.country}`,
      '/dashboard/contactus',
      '/dashboard/discount',
      '/dashboard/discount/promo',
      '/dashboard/add-discount',
      '/dashboard/add-discount/promo',
      `/dashboard/edit-discount/${id.discount}`,
      `/dashboard/edit-discount/promo/${id.promo}`,
      '/dashboard/orders',
      '/dashboard/orders/pending',
      `/dashboard/orderDetails/${id.pendingOrder}`,
      '/dashboard/add-orders',
      '/dashboard/emails',
      '/dashboard/reports',
      `/dashboard/print?ids=${id.pendingOrder}&kind=slips`,
      `/dashboard/print?ids=${id.pendingOrder}&kind=packing`,
    ].entries())
      found.push(...(await visit(page, path, i > 0)));

    // The manual order's refusals (empty cart; a product without colour and size).
    await page.goto(`${journey.server.url}/dashboard/add-orders`);
    await settle(page);
    await page.getByRole('button', { name: 'Porosit', exact: true }).click();
    await page.getByText(checkoutMessages.checkout.emptyCart).first().waitFor();
    await page.locator('.sales-product:not([disabled])').first().click();
    await page.getByRole('button', { name: 'Shto në shportë' }).click();
    await settle(page);
    found.push(...(await scan(page, '/dashboard/add-orders (refusals)')));
    expect(found).toEqual([]);
  });
});
