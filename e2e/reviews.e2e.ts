// Reviews from real buyers (issue 26, decision 234) at 1366 and 375 px: a customer with a delivered order opens it
// from "Porositë e mia" and writes a review (empty fields refused on the fields; the text holds markup), staff see
// it as text in Vlerësimet, reply and approve, and the product page shows it with the reply: the server's HTML
// carries it escaped, and no markup a buyer typed ever runs (no dialog opens, no injected element exists).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { reviewMessages } from '#shared/messages/reviews';
import { staffMessages } from '#shared/messages-staff';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { signInAs } from './support/auth';
import { useJourney } from './support/journey';

const journey = useJourney();
const rm = reviewMessages;
const sm = staffMessages.reviews;
const TITLE = '<script>alert(1)</script> Fustan i bukur';
const BODY = '"><img src=x onerror=alert(2)> </script><script>alert(3)</script> javascript:alert(4) Masa e saktë.';
const REPLY = 'Faleminderit! <b>Ju presim</b> përsëri.';

/** A delivered order of the demo customer for an active product nobody reviewed yet. */
async function deliveredOrder(offset: number): Promise<{ orderId: number; productId: number; name: string }> {
  const db = journey.server.db;
  const user = await db
    .selectFrom('users')
    .select('user_id')
    .where('email', '=', 'klient@butiku.shop')
    .executeTakeFirstOrThrow();
  const product = await db
    .selectFrom('products')
    .select(['product_id', 'name'])
    .where('is_active', '=', 1)
    .where('rating_count', '=', 0)
    .orderBy('product_id')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const order = await db
    .insertInto('orders')
    .values({
      order_date: now,
      order_ship_date: now,
      status: 'delivered',
      user_id: user.user_id,
      first_name: 'Blerina',
      last_name: 'Gashi',
      email: 'klient@butiku.shop',
      phone_number: '+38344111222',
      address: 'Rruga B 1',
      city: 'Prishtinë',
      zip_code: '10000',
      country_name: 'Kosova',
      subtotal_cents: 2500,
      discount_cents: 0,
      shipping_cost_cents: 0,
      total_cents: 2500,
    })
    .returning('order_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_details')
    .values({
      order_id: order.order_id,
      product_id: product.product_id,
      product_name: product.name,
      color: 'E zezë',
      size: 'M',
      quantity: 1,
      unit_price_cents: 2500,
      line_total_cents: 2500,
    })
    .execute();
  return { orderId: order.order_id, productId: product.product_id, name: product.name };
}

/** Fails the journey if any markup a buyer typed runs or lands in the page as an element. */
function watchInjection(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return dialogs;
}
const injected = (page: Page) => page.locator('img[src="x"], b:text("Ju presim")').count();

describe('reviews from real buyers', () => {
  for (const [i, viewport] of [DESKTOP, MOBILE].entries()) {
    it(`a buyer reviews, staff approve and reply, the product page shows it (${viewport.width} px)`, async () => {
      const { orderId, productId } = await deliveredOrder(i);
      const { page, context } = await newPage(journey.browser, viewport);
      const dialogs = watchInjection(page);
      await signInAs(page, journey.server.url, journey.server, 'klient@butiku.shop');
      await page.goto(`${journey.server.url}/profile`);
      await page.locator(`a[href="/review/${orderId}"]`).click();
      await page.waitForURL(new RegExp(`/review/${orderId}$`));
      await page.getByRole('button', { name: rm.page.write }).click();
      await page.getByRole('button', { name: rm.form.submit }).click();
      await expect.poll(() => page.getByText(rm.errors.ratingRequired).count()).toBeGreaterThan(0);
      await expect.poll(() => page.getByText(rm.errors.titleRequired).count()).toBeGreaterThan(0);
      await page.getByText('★★★★★', { exact: true }).click();
      await page.getByLabel(rm.form.title).fill(TITLE);
      await page.getByLabel(rm.form.body).fill(BODY);
      await screenshot(page, `review-form-${viewport.width}`);
      await page.getByRole('button', { name: rm.form.submit }).click();
      await expect.poll(() => page.getByText(rm.form.sent).count()).toBe(1);
      await screenshot(page, `review-sent-${viewport.width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
      await page.goto(`${journey.server.url}/dashboard/reviews`);
      const card = page.getByTestId('staff-review').filter({ hasText: 'Fustan i bukur' });
      await expect.poll(() => card.locator('.reviews-admin__title').textContent()).toBe(TITLE);
      await card.getByRole('button', { name: sm.reply }).click();
      await card.getByLabel(sm.replyLabel).fill(REPLY);
      await card.getByRole('button', { name: sm.saveReply }).click();
      await expect.poll(() => card.locator('.reviews-admin__reply').textContent()).toContain(REPLY);
      await screenshot(page, `reviews-dashboard-${viewport.width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await card.getByRole('button', { name: sm.approve }).click();
      await expect.poll(() => card.count()).toBe(0); // it left the pending list

      // The server's HTML carries the review escaped (no element made of it), before any script runs.
      const html = await (await fetch(`${journey.server.url}/productDetails/${productId}`)).text();
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Fustan i bukur');
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('<img src=x');
      expect(html).toContain('"aggregateRating"');
      await page.goto(`${journey.server.url}/productDetails/${productId}`);
      const review = page.getByTestId('review').first();
      await review.scrollIntoViewIfNeeded();
      await expect.poll(() => review.locator('.review__title').textContent()).toBe(TITLE);
      await expect.poll(() => page.getByTestId('review-reply').textContent()).toContain(REPLY);
      await expect.poll(() => page.getByTestId('reviews-summary').textContent()).toContain('5 nga 5');
      await screenshot(page, `reviews-product-${viewport.width}`);
      expect(await injected(page)).toBe(0);
      expect(dialogs).toEqual([]);
      await context.close();
    });
  }

  it('cards show stars; a product with more reviews than a page pages them by links, newest or highest first', async () => {
    const { page, context } = await newPage(journey.browser, MOBILE);
    const db = journey.server.db;
    const { product_id: productId } = await db
      .selectFrom('products')
      .select('product_id')
      .where('is_active', '=', 1)
      .where('rating_count', '=', 0)
      .orderBy('product_id', 'desc')
      .executeTakeFirstOrThrow();
    const ratings = [5, 4, 3, 5, 4, 2, 5];
    await db
      .insertInto('product_reviews')
      .values(
        ratings.map((rating, n) => ({
          product_id: productId,
          reviewer_key: `email:faqe${n}@example.com`,
          author_name: `Blerëse ${n + 1}`,
          rating,
          title: `Vlerësimi ${n + 1}`,
          body: 'Cilësi e mirë, do të blej përsëri.',
          status: 'approved' as const,
          created_at: new Date(Date.UTC(2026, 10, 1 + n)).toISOString(),
        })),
      )
      .execute();
    const total = ratings.reduce((a, b) => a + b, 0);
    await db
      .updateTable('products')
      .set({ rating_total: total, rating_count: ratings.length })
      .where('product_id', '=', productId)
      .execute();
    await page.goto(`${journey.server.url}/products`);
    await expect.poll(() => page.locator('.product-card__rating').count()).toBeGreaterThan(0);
    await page.goto(`${journey.server.url}/productDetails/${productId}`);
    await expect
      .poll(() => page.getByTestId('review').first().locator('.review__title').textContent())
      .toBe('Vlerësimi 7');
    const next = page.getByRole('link', { name: rm.list.next });
    await next.scrollIntoViewIfNeeded();
    await next.click();
    await page.waitForURL(/reviews=2/);
    await expect.poll(() => page.getByText('Faqja 2 nga').count()).toBe(1);
    await expect.poll(() => page.getByTestId('review').count()).toBe(2);
    await page.getByRole('link', { name: rm.list.highest }).click();
    await page.waitForURL(/reviewSort=highest/);
    await expect
      .poll(() => page.getByTestId('review').first().locator('.review__title').textContent())
      .toBe('Vlerësimi 7');
    await expect.poll(() => page.getByTestId('review').count()).toBe(5);
    await screenshot(page, `reviews-paged-375`);
    await context.close();
  });
});
