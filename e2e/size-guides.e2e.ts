// Size guides (issue 26, decision 232) as a shopper and a staff member meet them, at 1366 and 375 px: the product
// page's "Udhëzuesi i masave" opens the table even when tapped before the app is live (4× CPU, at first paint), the
// chosen size's row is marked, a product whose category has no guide shows no link; staff edit a cell, a bad cell
// is refused on the cell, and the shop shows the new figure.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { productMessages } from '#shared/messages/product';
import { staffMessages } from '#shared/messages-staff';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { signInAs } from './support/auth';
import { useJourney } from './support/journey';

const journey = useJourney();
const m = productMessages;
const sg = staffMessages.sizeGuides;

/** An active product of the named demo category with a variant of the size in stock. */
async function productOf(category: string, size?: string): Promise<number> {
  let q = journey.server.db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.category_id', 'p.category_id')
    .innerJoin('product_variants as v', 'v.product_id', 'p.product_id')
    .innerJoin('sizes as s', 's.size_id', 'v.size_id')
    .select('p.product_id')
    .where('c.category_name', '=', category)
    .where('p.is_active', '=', 1)
    .where('v.stock_quantity', '>', 0);
  if (size) q = q.where('s.size_name', '=', size);
  return (await q.orderBy('p.product_id').executeTakeFirstOrThrow()).product_id;
}

const guideDialog = (page: Page) => page.locator('dialog#size-guide');

describe('the size guide on the product page', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`opens at first paint under 4× CPU and marks the chosen size (${viewport.width} px)`, async () => {
      const id = await productOf('Fustane', 'M');
      // A fast runner may hydrate before the first tap lands; such a try proves nothing, so it is made again on a
      // fresh context (empty cache) up to five times. The check below needs one tap that landed first.
      let tapped: { context: BrowserContext; page: Page } | undefined;
      for (let attempt = 0; attempt < 5 && !tapped; attempt += 1) {
        const context = await journey.browser.newContext({
          viewport,
          isMobile: viewport.width < 500,
          hasTouch: viewport.width < 500,
          locale: 'sq-AL',
        });
        const page = await context.newPage();
        await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto(`${journey.server.url}/productDetails/${id}`, { waitUntil: 'commit' });
        await page.getByRole('button', { name: m.sizeGuide }).click();
        const wasLive = await page.evaluate(() => document.documentElement.dataset.hydrated === 'true');
        if (wasLive) await context.close();
        else tapped = { context, page };
      }
      expect(
        tapped,
        'a tap should land before the app is live in one of five tries, or this proves nothing',
      ).toBeDefined();
      const { context, page } = tapped!;
      const open = page.getByRole('button', { name: m.sizeGuide });
      await expect.poll(() => guideDialog(page).evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
      const dialog = page.getByRole('dialog', { name: new RegExp(m.sizeGuide) });
      await expect.poll(() => dialog.getByRole('columnheader').allTextContents()).toContain('Gjoksi');
      await page.keyboard.press('Escape');
      await expect.poll(() => guideDialog(page).evaluate((d: HTMLDialogElement) => d.open)).toBe(false);

      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await page.getByTestId('size-picker').getByRole('radio', { name: 'M', exact: true }).click();
      await open.click();
      const chosen = dialog.locator('th[aria-current="true"]');
      await expect.poll(() => chosen.textContent()).toContain('M');
      await screenshot(page, `size-guide-${viewport.width}`);
      // The dialog fits the screen: no side scrolling of the page.
      const box = await guideDialog(page).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      await context.close();
    });
  }

  it('a product whose category has no guide shows no link', async () => {
    const { page, context } = await newPage(journey.browser);
    await page.goto(`${journey.server.url}/productDetails/${await productOf('Parfume')}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.getByRole('button', { name: m.sizeGuide }).count()).toBe(0);
    expect(await guideDialog(page).count()).toBe(0);
    await context.close();
  });
});

describe('staff keep the size guides', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`edit a cell, a bad one is refused on the cell, the shop shows the new figure (${viewport.width} px)`, async () => {
      const { page, context } = await newPage(journey.browser, viewport);
      await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
      await page.goto(`${journey.server.url}/dashboard/size-guides`);
      const row = page.getByRole('row', { name: /Fustane/ });
      await row.getByRole('link', { name: new RegExp(sg.edit) }).click();
      const cell = page.getByRole('textbox', { name: `M, Gjoksi (cm)` });
      await cell.fill('nëntëdhjetë');
      await page.getByRole('button', { name: messages.common.save }).click();
      await expect.poll(() => cell.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => page.getByRole('alert').allTextContents()).toContain(sg.valueInvalid);
      await screenshot(page, `size-guide-edit-error-${viewport.width}`);
      const figure = viewport.width < 500 ? '89-93' : '90 - 94';
      await cell.fill(figure);
      await page.getByRole('button', { name: messages.common.save }).click();
      await page.waitForURL(/\/dashboard\/size-guides$/);
      await screenshot(page, `size-guide-list-${viewport.width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await page.goto(`${journey.server.url}/productDetails/${await productOf('Fustane', 'M')}`);
      await page.getByRole('button', { name: m.sizeGuide }).click();
      const expected = figure.replace(/\s*-\s*/, '–');
      await expect
        .poll(() =>
          guideDialog(page)
            .locator('tbody tr', { has: page.getByRole('rowheader', { name: 'M', exact: true }) })
            .textContent(),
        )
        .toContain(expected);
      await context.close();
    });
  }
});
