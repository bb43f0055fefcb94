// Wishlist journeys: heart on a listing card and on the product page, the /wishlist screen (badge, removal
// with confirmation, empty state), phone layout below 480 px, and the guest modal with the 1.5 s redirect.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '#shared/messages';
import { wishlistMessages } from '#shared/messages/wishlist';
import { accountMessages } from '#shared/messages/account';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { signInAs } from './support/auth';
import { addToWishlist } from '#server/testing/factories';
import { emptyWishlistOf } from './support/catalog';

const journey = useJourney();

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first();

async function activeProducts(n: number) {
  return journey.server.db
    .selectFrom('products')
    .select(['product_id', 'name'])
    .where('is_active', '=', 1)
    .orderBy('product_id')
    .limit(n)
    .execute();
}

async function loginThroughForm(page: Page, email: string, password: string) {
  await page.goto(`${journey.server.url}/account`);
  const form = page.locator('form[aria-labelledby="acc-login-title"]');
  await form.getByLabel(accountMessages.account.email, { exact: true }).fill(email);
  await form.getByLabel(accountMessages.account.password, { exact: true }).fill(password);
  await form.getByTestId('login-submit').click();
  await page.waitForURL(`${journey.server.url}/profile`);
}

describe('wishlist (desktop 1366)', () => {
  it('heart a card and a product page, see them on /wishlist, remove with confirmation, empty state', async () => {
    const { context, page } = await newPage(journey.browser, DESKTOP);
    await loginThroughForm(page, 'klient@butiku.shop', 'Klient#2026');
    const userId = await emptyWishlistOf(journey.server.db, 'klient@butiku.shop');

    // 1. A card in the listing.
    await page.goto(`${journey.server.url}/products`);
    const card = page.getByTestId('product-card').first();
    await card.waitFor();
    const cardId = Number(await card.getAttribute('data-product-id'));
    const cardName = (await card.locator('.product-card__name').textContent())!.trim();
    const heart = card.getByTestId('wishlist-heart');
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expect.poll(() => toast(page, messages.wishlist.added).isVisible()).toBe(true);
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    // Still on the listing: the heart does not open the product.
    expect(new URL(page.url()).pathname).toBe('/products');
    await expect.poll(() => page.getByTestId('wishlist-badge').textContent()).toBe('1');

    // 2. The product page of another product.
    const other = (await activeProducts(40)).find((p) => p.product_id !== cardId)!;
    await page.goto(`${journey.server.url}/productDetails/${other.product_id}`);
    const detailHeart = page.locator('.product__action [data-testid="wishlist-heart"]');
    await detailHeart.waitFor();
    await detailHeart.click();
    await expect.poll(() => detailHeart.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('wishlist-badge').textContent()).toBe('2');
    await screenshot(page, 'wishlist-detail-heart-desktop');
    // The heart and the badge change at once (optimistically); the row is written when the request lands.
    const savedIds = async () =>
      (
        await journey.server.db
          .selectFrom('wishlist_items')
          .select('product_id')
          .where('user_id', '=', userId)
          .execute()
      )
        .map((r) => r.product_id)
        .sort((a, b) => a - b);
    await expect.poll(savedIds).toEqual([cardId, other.product_id].sort((a, b) => a - b));

    // 3. The wishlist screen.
    await page.goto(`${journey.server.url}/wishlist`);
    const items = page.getByTestId('wishlist-item');
    await expect.poll(() => items.count()).toBe(2);
    expect(await page.getByText(cardName).first().isVisible()).toBe(true);
    expect(await page.getByText(other.name).first().isVisible()).toBe(true);
    expect(await items.first().locator('.price-tag').textContent()).toMatch(/€/);
    await screenshot(page, 'wishlist-desktop');

    // 4. Remove with confirmation: "Jo" keeps it, "Po" removes it.
    await items.first().getByTestId('wishlist-remove').click();
    const dialog = page.getByTestId('wishlist-confirm');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain(wishlistMessages.wishlistPage.confirmRemove);
    await screenshot(page, 'wishlist-confirm-desktop');
    await dialog.getByRole('button', { name: messages.common.no }).click();
    expect(await items.count()).toBe(2);
    for (let i = 0; i < 2; i++) {
      await items.first().getByTestId('wishlist-remove').click();
      await page.getByTestId('wishlist-confirm').getByRole('button', { name: messages.common.yes }).click();
      await expect.poll(() => items.count()).toBe(1 - i);
    }
    await expect.poll(() => toast(page, messages.wishlist.removed).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByTestId('wishlist-empty').textContent())
      .toContain(wishlistMessages.wishlistPage.empty);
    // The list empties on screen at once; the last removal's request may still be on its way to the server.
    await expect
      .poll(() =>
        journey.server.db.selectFrom('wishlist_items').select('product_id').where('user_id', '=', userId).execute(),
      )
      .toEqual([]);
    await screenshot(page, 'wishlist-empty-desktop');
    await context.close();
  });

  it('a heart the server cannot save fills at once, then empties again with the error; nothing is saved', async () => {
    const { context, page } = await newPage(journey.browser, DESKTOP);
    await loginThroughForm(page, 'klient@butiku.shop', 'Klient#2026');
    const userId = await emptyWishlistOf(journey.server.db, 'klient@butiku.shop');
    await page.goto(`${journey.server.url}/products`);
    const heart = page.getByTestId('product-card').first().getByTestId('wishlist-heart');
    await heart.waitFor();
    // The network fails the save after a moment (the server never sees it).
    let release = () => {};
    const answered = new Promise<void>((r) => (release = r));
    await page.route(/\/api\/trpc\/.*wishlist\.add/, async (route) => {
      await answered;
      await route.fulfill({ status: 500, body: '{}', contentType: 'application/json' });
    });
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    release();
    await expect.poll(() => toast(page, messages.wishlist.error).isVisible()).toBe(true);
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    const rows = await journey.server.db
      .selectFrom('wishlist_items')
      .select('product_id')
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toEqual([]);
    await context.close();
  });

  it('a guest clicking a heart sees the login modal, then lands on /account (which will bring them back) after 1.5 s', async () => {
    const { context, page } = await newPage(journey.browser, DESKTOP);
    await page.goto(`${journey.server.url}/products`);
    const heart = page.getByTestId('product-card').first().getByTestId('wishlist-heart');
    await heart.waitFor();
    const clickedAt = Date.now();
    await heart.click();
    const modal = page.getByTestId('wishlist-login-modal');
    await expect.poll(() => modal.isVisible()).toBe(true);
    expect(await modal.textContent()).toContain('Ju lutemi kyçuni për të shtuar produkte në listën e dëshirave.');
    await screenshot(page, 'wishlist-guest-modal');
    await page.waitForURL(`${journey.server.url}/account?redirect=${encodeURIComponent('/products')}`);
    const elapsed = Date.now() - clickedAt;
    expect(elapsed).toBeGreaterThanOrEqual(1400);
    expect(elapsed).toBeLessThan(5000);
    await context.close();
  });

  for (const [size, name] of [
    [DESKTOP, '1366'],
    [MOBILE, '375'],
  ] as const)
    it(`a heart tapped before login is saved after the login it led to (decision 215), ${name} px`, async () => {
      const { context, page } = await newPage(journey.browser, size);
      const { user_id: userId } = await journey.server.db
        .selectFrom('users')
        .select('user_id')
        .where('email', '=', 'klient@butiku.shop')
        .executeTakeFirstOrThrow();
      await journey.server.db.deleteFrom('wishlist_items').where('user_id', '=', userId).execute();
      const [product] = await activeProducts(1);
      await page.goto(`${journey.server.url}/productDetails/${product!.product_id}`);
      const heart = page.locator('.product__action [data-testid="wishlist-heart"]');
      await heart.click();
      const modal = page.getByTestId('wishlist-login-modal');
      await expect.poll(() => modal.isVisible()).toBe(true);
      expect(await modal.textContent()).toContain(messages.wishlist.savedAfterLogin);
      await screenshot(page, `wishlist-guest-heart-modal-${name}`);
      await page.waitForURL(/\/account\?redirect=/);
      const form = page.locator('form[aria-labelledby="acc-login-title"]');
      await form.getByLabel(accountMessages.account.email, { exact: true }).fill('klient@butiku.shop');
      await form.getByLabel(accountMessages.account.password, { exact: true }).fill('Klient#2026');
      await form.getByTestId('login-submit').click();
      await page.waitForURL(`${journey.server.url}/productDetails/${product!.product_id}`);
      await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => toast(page, messages.wishlist.added).isVisible()).toBe(true);
      await screenshot(page, `wishlist-guest-heart-saved-${name}`);
      const rows = await journey.server.db
        .selectFrom('wishlist_items')
        .select('product_id')
        .where('user_id', '=', userId)
        .execute();
      expect(rows).toEqual([{ product_id: product!.product_id }]);
      // Saved once: a reload does not add it again or show another toast.
      await page.reload();
      await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
      expect(await page.evaluate(() => sessionStorage.getItem('butiku:pendingWishlist'))).toBeNull();
      await context.close();
    });

  it('a guest opening /wishlist sees the modal, then /account', async () => {
    const { context, page } = await newPage(journey.browser, DESKTOP);
    await page.goto(`${journey.server.url}/wishlist`);
    await expect.poll(() => page.getByTestId('wishlist-login-modal').isVisible()).toBe(true);
    await page.waitForURL(`${journey.server.url}/account?redirect=${encodeURIComponent('/wishlist')}`);
    await context.close();
  });
});

describe('wishlist (mobile 375)', () => {
  it('stacks the saved products below 480 px without sideways scrolling', async () => {
    const { context, page } = await newPage(journey.browser, MOBILE);
    const { userId } = await signInAs(page, journey.server.url, journey.server, 'klient@butiku.shop');
    await journey.server.db.deleteFrom('wishlist_items').where('user_id', '=', userId).execute();
    const products = await activeProducts(3);
    await addToWishlist(
      journey.server.db,
      userId,
      products.map((p) => p.product_id),
    );
    await page.goto(`${journey.server.url}/wishlist`);
    await expect.poll(() => page.getByTestId('wishlist-item').count()).toBe(3);
    // Below 480 px the actions ("Shto në shportë" and remove) share one full-width row under the product.
    const row = await page.locator('.wl-item__actions').first().boundingBox();
    expect(row!.width).toBeGreaterThan(300);
    for (const id of ['wishlist-add-to-cart', 'wishlist-remove']) {
      const box = await page.getByTestId(id).first().boundingBox();
      expect(box!.width).toBeGreaterThan(140);
      expect(box!.height).toBeGreaterThanOrEqual(40);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'wishlist-mobile');
    await page.goto(`${journey.server.url}/productDetails/${products[0]!.product_id}`);
    const heart = page.locator('.product__action [data-testid="wishlist-heart"]');
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'wishlist-detail-heart-mobile');
    await context.close();
  });
});
