// Issue 25 at 1366 px and 375 px: the listing's price range and brand filters, the sizes offered per category (no
// shoe sizes on dresses), the colour section within reach in the sticky sidebar (1366 × 768) and in the phone's
// drawer, the search page with the listing's order and filters in its URL, "fustan e zezë" finding the black
// dresses, and a price typed before the app is live (the filter form is a real GET form).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { listingMessages } from '#shared/messages/listing';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { useJourney } from './support/journey';

const journey = useJourney();
const m = listingMessages;

async function cardIds(page: Page): Promise<number[]> {
  return page
    .locator('[data-testid="product-card"]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-product-id'))));
}

/** The prices the cards show now (after a discount), in euros. */
async function shownPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('[data-testid="product-card"] .price-tag__now').allTextContents();
  return texts.map((t) => Number(t.replace(/[^\d,]/g, '').replace(',', '.')));
}

/** The listing shows the page of its URL: the previous choice's cards (dimmed, busy) are gone (decision 249). */
async function settled(page: Page): Promise<void> {
  await page.locator('.listing__results[aria-busy="false"]').waitFor();
}

const countText = (n: number) => (n === 1 ? `${n} produkt` : `${n} produkte`);

/** The filters panel, opened on a phone (beside the grid on a wide screen). */
async function openFilters(page: Page) {
  const panel = page.locator('#listing-filters');
  await page.locator('.listing__head').waitFor();
  // Until the layout has its state the panel is CSS's ("auto": beside the grid when wide, hidden attribute set); a
  // click on "Filtro" then would toggle the state the layout is about to take. Decide once it is open or shut.
  await page.locator('#listing-filters.filters--open, #listing-filters.filters--shut').waitFor({ state: 'attached' });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: m.filter, exact: true }).click();
  await panel.waitFor();
  return panel;
}

/** Opens a closed filter group by its summary. */
async function openGroup(panel: ReturnType<Page['locator']>, title: string) {
  const group = panel.locator('details.filters__group', { has: panel.page().locator('summary', { hasText: title }) });
  if ((await group.getAttribute('open')) === null) await group.locator('summary').click();
  return group;
}

async function categoryId(name: string): Promise<number> {
  const row = await journey.server.db
    .selectFrom('categories')
    .select('category_id')
    .where('category_name', '=', name)
    .executeTakeFirstOrThrow();
  return row.category_id;
}

/** Size names of the active products of a category, from the database. */
async function sizesOf(category: number): Promise<string[]> {
  const rows = await journey.server.db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.product_id', 'v.product_id')
    .innerJoin('sizes as s', 's.size_id', 'v.size_id')
    .select('s.size_name')
    .distinct()
    .where('p.is_active', '=', 1)
    .where('p.category_id', '=', category)
    .execute();
  return rows.map((r) => r.size_name).sort();
}

for (const [label, viewport] of [
  ['desktop 1366', DESKTOP],
  ['mobile 375', MOBILE],
] as const) {
  describe(`listing filters (${label})`, () => {
    const w = viewport.width;

    it('price range typed "40,50" to "60" and a brand narrow the listing; the chips name them', async () => {
      const { context, page } = await newPage(journey.browser, viewport);
      await page.goto(`${journey.server.url}/products`);
      let panel = await openFilters(page);
      await panel.getByLabel(m.priceFrom).fill('40,50');
      // A price applies when it is committed: Enter, or leaving the field (decision 249); no button to find.
      await panel.getByLabel(m.priceFrom).press('Enter');
      await page.waitForURL((url) => url.searchParams.has('minPrice'));
      await panel.getByLabel(m.priceTo).fill('60');
      await panel.getByLabel(m.priceTo).blur();
      await page.waitForURL((url) => url.searchParams.has('maxPrice'));
      // The brands offered now are those with products at that price; the drawer stayed open.
      panel = await openFilters(page);
      const brands = await openGroup(panel, m.brand);
      const brand = brands.getByRole('checkbox').first();
      const brandName = (await brand.getAttribute('value'))!;
      await brand.check();
      await page.waitForURL((url) => url.searchParams.has('minPrice') && url.searchParams.has('brand'));
      expect(await brand.isChecked()).toBe(true);
      await screenshot(page, `filters-price-brand-form-${w}`);
      // On a phone the drawer stayed open across the choices; its button closes it on the results.
      if (w < 1024) await panel.locator('button[type="submit"]').click();
      const url = new URL(page.url());
      expect(url.searchParams.get('minPrice')).toBe('40.5');
      expect(url.searchParams.get('maxPrice')).toBe('60');
      await page.getByRole('button', { name: `Hiq filtrin Nga 40,50\u00a0€` }).waitFor();
      await page.getByRole('button', { name: `Hiq filtrin ${brandName}` }).waitFor();
      // Every card is of that brand and shown at 40,50 … 60,00 €.
      await settled(page);
      const ids = await cardIds(page);
      expect(ids.length).toBeGreaterThan(0);
      const rows = await journey.server.db
        .selectFrom('products')
        .select(['product_id', 'brand'])
        .where('product_id', 'in', ids)
        .execute();
      expect(rows.every((r) => r.brand?.toLowerCase() === brandName.toLowerCase())).toBe(true);
      expect((await shownPrices(page)).every((p) => p >= 40.5 && p <= 60)).toBe(true);
      await expect.poll(() => page.locator('.listing__count').textContent()).toBe(countText(ids.length));
      await screenshot(page, `filters-price-brand-${w}`);
      // Taking the price chip off keeps the brand.
      await page.getByRole('button', { name: `Hiq filtrin Nga 40,50\u00a0€` }).click();
      await page.waitForURL((u) => !u.searchParams.has('minPrice') && u.searchParams.has('brand'));
      await context.close();
    });

    it('a choice answers at once: count and cards change, the drawer stays open and names the count', async () => {
      const { context, page } = await newPage(journey.browser, viewport);
      await page.goto(`${journey.server.url}/products`);
      const toggle = page.getByRole('button', { name: m.filter, exact: true });
      const panel = await openFilters(page);
      const count = page.locator('.listing__count');
      await count.waitFor();
      const before = await count.textContent();
      const sizeGroup = panel.locator('details.filters__group', { has: page.locator('summary', { hasText: m.size }) });
      const sizeM = sizeGroup.getByRole('checkbox', { name: 'M', exact: true });
      await sizeM.check();
      // No button: the URL, the count and the cards follow the tick (decision 249).
      await page.waitForURL((u) => u.searchParams.get('size') !== null);
      await expect.poll(() => count.textContent()).not.toBe(before);
      const ids = await cardIds(page);
      expect(ids.length).toBeGreaterThan(0);
      const withM = await journey.server.db
        .selectFrom('product_variants as v')
        .innerJoin('sizes as s', 's.size_id', 'v.size_id')
        .select('v.product_id')
        .distinct()
        .where('s.size_name', '=', 'M')
        .where('v.product_id', 'in', ids)
        .execute();
      expect(withM.length).toBe(ids.length);
      // The box keeps its tick and its focus (the form is not drawn again from the URL it sent).
      expect(await sizeM.isChecked()).toBe(true);
      expect(await sizeM.evaluate((el) => el === document.activeElement)).toBe(true);
      if (w === 1366) {
        // Beside the grid the panel has no button of its own: the filters have applied.
        expect(await panel.locator('button[type="submit"]').isVisible()).toBe(false);
        await screenshot(page, `filters-live-${w}`);
      } else {
        // The drawer stays open; its button reads what the filters found and closes it.
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        const show = panel.locator('button[type="submit"]');
        await expect.poll(async () => show.textContent()).toBe(`Shfaq ${await count.textContent()}`);
        await screenshot(page, `filters-live-${w}`);
        const url = page.url();
        await show.click();
        await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
        expect(page.url()).toBe(url);
        // A category tapped in the drawer opens its listing with the drawer still open.
        await toggle.click();
        await panel.getByRole('link', { name: 'Fustane', exact: true }).click();
        await page.getByRole('heading', { level: 1, name: 'Fustane' }).waitFor();
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        await panel.getByRole('link', { name: 'Fustane', exact: true }).waitFor();
        expect(await panel.getByRole('link', { name: 'Fustane', exact: true }).isVisible()).toBe(true);
        await screenshot(page, `filters-live-category-${w}`);
      }
      await context.close();
    });

    it('on a slow network the listing stays while a choice loads: cards dim, the focus and the drawer stay', async () => {
      const { context, page } = await newPage(journey.browser, viewport);
      await page.goto(`${journey.server.url}/products`);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const panel = await openFilters(page);
      // Every next page of products takes 2.5 s to arrive, past the router's wait before its pending view (1 s).
      await page.route(/\/api\/trpc\/.*catalog\.filter/, async (route) => {
        await new Promise((r) => setTimeout(r, 2500));
        await route.continue();
      });
      const sizeGroup = panel.locator('details.filters__group', { has: page.locator('summary', { hasText: m.size }) });
      const sizeS = sizeGroup.getByRole('checkbox', { name: 'S', exact: true });
      await sizeS.check();
      await page.waitForURL((u) => u.searchParams.get('size') !== null);
      const results = page.locator('.listing__results');
      await expect.poll(() => results.getAttribute('aria-busy')).toBe('true');
      await page.waitForTimeout(1500);
      // Still loading: the page was not swapped for the listing's pending view.
      expect(await results.getAttribute('aria-busy')).toBe('true');
      expect(await page.locator('.listing__head').count()).toBe(1);
      expect(await page.locator('[data-testid="product-card"]').count()).toBeGreaterThan(0);
      expect(await panel.isVisible()).toBe(true);
      expect(await sizeS.evaluate((el) => el === document.activeElement)).toBe(true);
      await expect.poll(() => results.getAttribute('aria-busy'), { timeout: 10_000 }).toBe('false');
      expect(await sizeS.isChecked()).toBe(true);
      expect(await sizeS.evaluate((el) => el === document.activeElement)).toBe(true);
      await context.close();
    });

    it('sizes are those of the category: no shoe sizes on dresses, only shoe sizes on shoes', async () => {
      const { context, page } = await newPage(journey.browser, viewport);
      const dresses = await categoryId('Fustane');
      const shoes = await categoryId('Këpucë');
      await page.goto(`${journey.server.url}/products`);
      let panel = await openFilters(page);
      // The category is a link: the dresses' listing, whose sizes are letters.
      await panel.getByRole('link', { name: 'Fustane', exact: true }).click();
      await page.waitForURL(new RegExp(`/products/${dresses}$`));
      await page.getByRole('heading', { level: 1, name: 'Fustane' }).waitFor();
      panel = await openFilters(page);
      const sizeGroup = panel.locator('details.filters__group', {
        has: page.locator('summary', { hasText: m.size }),
      });
      const offered = async () => (await sizeGroup.locator('.chip-check span').allTextContents()).sort();
      await expect.poll(offered).toEqual(await sizesOf(dresses));
      expect(await offered()).not.toContain('36');
      expect(await panel.getByRole('link', { name: 'Fustane', exact: true }).getAttribute('aria-current')).toBe('page');
      await screenshot(page, `filters-sizes-dresses-${w}`);
      await page.goto(`${journey.server.url}/products/${shoes}`);
      panel = await openFilters(page);
      await expect.poll(offered).toEqual(await sizesOf(shoes));
      expect(await offered()).not.toContain('M');
      await context.close();
    });

    it('the colour section shows without scrolling inside the sidebar or the drawer', async () => {
      // A laptop screen: 1366 × 768 (the phone keeps its own height).
      const size = w === 1366 ? { width: 1366, height: 768 } : viewport;
      const { context, page } = await newPage(journey.browser, size);
      await page.goto(`${journey.server.url}/products`);
      const panel = await openFilters(page);
      const colours = panel.locator('details.filters__group', { has: page.locator('summary', { hasText: m.color }) });
      await colours.locator('.swatch').first().waitFor();
      // On a laptop the page is scrolled a little, so the sidebar sticks under the header as it does while browsing.
      if (w === 1366) await page.mouse.wheel(0, 300);
      await expect.poll(() => panel.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(200);
      // Every colour shows inside the panel's box and the window, the panel not scrolled.
      const panelBox = (await panel.boundingBox())!;
      const bottom = Math.min(size.height, panelBox.y + panelBox.height);
      expect(await panel.evaluate((el) => el.scrollTop)).toBe(0);
      for (const box of await colours
        .locator('.swatch')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
        expect(box.top).toBeGreaterThanOrEqual(panelBox.y);
        expect(box.bottom).toBeLessThanOrEqual(bottom);
      }
      // Every colour a shown product comes in has its swatch, however few products wear it (decision 253).
      const worn = await journey.server.db
        .selectFrom('product_variants as v')
        .innerJoin('products as p', 'p.product_id', 'v.product_id')
        .innerJoin('colors as co', 'co.color_id', 'v.color_id')
        .select('co.color_name')
        .distinct()
        .where('p.is_active', '=', 1)
        .where('co.hex_code', '<>', '')
        .execute();
      const offered = await colours
        .getByRole('checkbox')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
      expect(offered.sort()).toEqual(worn.map((c) => c.color_name).sort());
      // A colour can be chosen right away.
      await colours.getByRole('checkbox').first().check();
      await screenshot(page, `filters-colour-visible-${w}`);
      await context.close();
    });

    it('search keeps the listing order and filters in its URL', async () => {
      const { context, page } = await newPage(journey.browser, viewport);
      await page.goto(`${journey.server.url}/kerko?q=fustan`);
      await page.getByTestId('product-card').first().waitFor();
      const all = await cardIds(page);
      await page.locator('.listing__sort select').selectOption('price-asc');
      await page.waitForURL((u) => u.searchParams.get('sort') === 'price-asc' && u.searchParams.get('q') === 'fustan');
      // The URL changes first; the cards follow when the sorted page arrives (the earlier ones stay until then).
      const ascending = (p: number[]) => p.length > 0 && p.every((x, i) => i === 0 || p[i - 1]! <= x);
      await expect.poll(async () => ascending(await shownPrices(page))).toBe(true);
      const panel = await openFilters(page);
      // Only the categories the text finds products in.
      await panel.getByRole('link', { name: 'Fustane', exact: true }).waitFor();
      expect(await panel.getByRole('link', { name: 'Parfume', exact: true }).count()).toBe(0);
      const sizeGroup = panel.locator('details.filters__group', { has: page.locator('summary', { hasText: m.size }) });
      await sizeGroup.getByRole('checkbox', { name: 'S', exact: true }).check();
      await page.waitForURL((u) => u.searchParams.has('size'));
      await panel.getByLabel(m.priceTo).fill('70.00');
      await panel.getByLabel(m.priceTo).press('Enter');
      await page.waitForURL((u) => u.searchParams.has('size') && u.searchParams.has('maxPrice'));
      const url = new URL(page.url());
      expect([url.pathname, url.searchParams.get('q'), url.searchParams.get('sort')]).toEqual([
        '/kerko',
        'fustan',
        'price-asc',
      ]);
      // The cards of the earlier choice stay (dimmed) until this one's arrive; the URL can change a frame before the
      // page marks itself busy, so wait for the settled page whose cards all cost at most 70 €.
      await expect
        .poll(async () => {
          const busy = await page.locator('.listing__results').getAttribute('aria-busy');
          const prices = await shownPrices(page);
          return busy === 'false' && prices.length > 0 && prices.every((p) => p <= 70);
        })
        .toBe(true);
      const narrowed = await cardIds(page);
      expect(narrowed.join()).not.toBe(all.join());
      const withS = await journey.server.db
        .selectFrom('product_variants as v')
        .innerJoin('sizes as s', 's.size_id', 'v.size_id')
        .select('v.product_id')
        .where('s.size_name', '=', 'S')
        .where('v.product_id', 'in', narrowed)
        .distinct()
        .execute();
      expect(withS.length).toBe(narrowed.length);
      // The reloaded page reads the same URL (filters checked, order chosen).
      await page.reload();
      const again = await openFilters(page);
      expect(
        await again
          .locator('details.filters__group', { has: page.locator('summary', { hasText: m.size }) })
          .getByRole('checkbox', { name: 'S', exact: true })
          .isChecked(),
      ).toBe(true);
      expect(await page.locator('.listing__sort select').inputValue()).toBe('price-asc');
      await screenshot(page, `filters-search-${w}`);
      await context.close();
    });

    it('"fustan e zezë" in the header search finds the black dresses', async () => {
      const { context, page } = await newPage(journey.browser, viewport);
      await page.goto(`${journey.server.url}/contactus`);
      const box = page.locator(w < 768 ? '.search--mobile' : '.search--desktop').getByRole('combobox');
      await box.click();
      await box.pressSequentially('fustan e zezë');
      await box.press('Enter');
      await page.waitForURL((u) => u.pathname === '/kerko' && u.searchParams.get('q') === 'fustan e zezë');
      await page.getByTestId('product-card').first().waitFor();
      const black = await journey.server.db
        .selectFrom('products as p')
        .innerJoin('categories as c', 'c.category_id', 'p.category_id')
        .select('p.product_id')
        .where('p.is_active', '=', 1)
        .where('c.category_name', '=', 'Fustane')
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('product_variants as v')
              .innerJoin('colors as co', 'co.color_id', 'v.color_id')
              .select('v.variant_id')
              .whereRef('v.product_id', '=', 'p.product_id')
              .where('co.color_name', '=', 'E zezë'),
          ),
        )
        .execute();
      expect(black.length).toBeGreaterThan(0);
      await expect.poll(() => page.locator('.listing__count').textContent()).toBe(countText(black.length));
      const shown = await cardIds(page);
      expect(shown.sort()).toEqual(
        black
          .map((b) => b.product_id)
          .slice(0, 24)
          .sort(),
      );
      // Other spellings find the same.
      await page.goto(`${journey.server.url}/kerko?q=${encodeURIComponent('Fustan i zi')}`);
      await expect.poll(() => page.locator('.listing__count').textContent()).toBe(countText(black.length));
      await screenshot(page, `filters-fustan-e-zeze-${w}`);
      await context.close();
    });
  });
}

describe('before the app is live', () => {
  it('the filter form is a GET form: a price typed and sent with Enter opens the filtered page', async () => {
    // A slow machine (4× CPU) opened without waiting for the app: the server-rendered sidebar's form works alone.
    const context = await journey.browser.newContext({ viewport: DESKTOP, locale: 'sq-AL' });
    const page = await context.newPage();
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${journey.server.url}/products`, { waitUntil: 'commit' });
    const form = page.locator('#listing-filters form');
    await form.waitFor();
    expect(await form.getAttribute('method')).toBe('get');
    expect(await form.getAttribute('action')).toBe('/products');
    const min = page.locator('#listing-filters input[name="minPrice"]');
    await min.fill('59,90');
    const live = await page.evaluate(() => document.documentElement.dataset.hydrated === 'true');
    await min.press('Enter');
    await page.waitForURL((u) => u.searchParams.has('minPrice'));
    console.log(`[filters] price sent ${live ? 'after' : 'before'} the app was live: ${page.url()}`);
    await page.getByRole('button', { name: `Hiq filtrin Nga 59,90\u00a0€` }).waitFor();
    await page.getByTestId('product-card').first().waitFor();
    await settled(page);
    expect((await shownPrices(page)).every((p) => p >= 59.9)).toBe(true);
    await context.close();
  });
});
