// Complete the look (issue 37, decision 276) as a shopper meets it, at 1366 and 375 px: the product page of a look's
// piece shows the other pieces (in the server's HTML), each added in the size chosen in its own picker with one tap;
// with every piece in the cart, the cart shows the set discount the server priced. A product without a look fetches
// no look chunk. Screenshots: looks-product-<width>, looks-cart-<width>.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lookMessages } from '#shared/messages/looks';
import { staffMessages } from '#shared/messages-staff';
import { signInAs } from './support/auth';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { useJourney } from './support/journey';

const journey = useJourney();
const LOOK = 'Mbrëmje në qytet';

/** The demo look's pieces in order, each with an in-stock variant (its id). */
async function lookPieces(): Promise<Array<{ productId: number; variantId: number }>> {
  const rows = await journey.server.db
    .selectFrom('looks as l')
    .innerJoin('look_products as lp', 'lp.look_id', 'l.look_id')
    .innerJoin('product_variants as v', 'v.product_id', 'lp.product_id')
    .select(['lp.product_id', 'lp.position', 'v.variant_id'])
    .where('l.name', '=', LOOK)
    .where('v.stock_quantity', '>', 0)
    .orderBy('lp.position')
    .orderBy('v.variant_id')
    .execute();
  const pieces = new Map<number, number>();
  for (const r of rows) if (!pieces.has(r.product_id)) pieces.set(r.product_id, r.variant_id);
  return [...pieces].map(([productId, variantId]) => ({ productId, variantId }));
}

const cartVariantIds = (page: Page) =>
  page.evaluate(() =>
    (JSON.parse(localStorage.getItem('cartItems') ?? '[]') as Array<{ productVariantId: number }>).map(
      (i) => i.productVariantId,
    ),
  );

/** On a piece's product page: choose the other piece's size in its own picker and tap "Shto". */
async function addFromLook(page: Page, piece: { productId: number; variantId: number }) {
  const card = page.locator(`[data-testid="look-piece"][data-product-id="${piece.productId}"]`);
  await card.getByLabel(lookMessages.chooseSize).selectOption(String(piece.variantId));
  await card.getByRole('button', { name: lookMessages.add, exact: true }).click();
  await expect.poll(() => cartVariantIds(page)).toContain(piece.variantId);
}

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

describe('complete the look', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`adds the look's pieces in chosen sizes from the product page; the cart shows the set discount (${viewport.width} px)`, async () => {
      const [first, second, third] = await lookPieces();
      expect(third, 'the demo look has three pieces in stock').toBeDefined();
      const { page, context } = await newPage(journey.browser, viewport);
      const scripts: string[] = [];
      page.on('request', (r) => void (r.url().endsWith('.js') && scripts.push(r.url())));
      const res = await page.goto(`${journey.server.url}/productDetails/${first!.productId}`);
      // Server-rendered: the block and the other pieces are in the HTML itself.
      const html = await res!.text();
      expect(html).toContain('data-testid="product-looks"');
      expect(html).toContain(`data-product-id="${second!.productId}"`);
      await hydrated(page);
      const block = page.getByTestId('product-looks');
      await expect.poll(() => block.getByRole('heading', { name: LOOK }).count()).toBe(1);
      await expect.poll(() => block.getByTestId('look-piece').count()).toBe(2);
      await expect.poll(() => scripts.some((u) => /look-block-/.test(u))).toBe(true);
      await addFromLook(page, second!);
      await addFromLook(page, third!);
      await block.scrollIntoViewIfNeeded();
      await screenshot(page, `looks-product-${viewport.width}`);

      // The page's own product, added from another piece's look block.
      await page.goto(`${journey.server.url}/productDetails/${second!.productId}`);
      await hydrated(page);
      await addFromLook(page, first!);

      await page.goto(`${journey.server.url}/cart`);
      const discount = page.getByTestId('look-discount');
      await expect.poll(() => discount.textContent()).toContain(LOOK);
      await expect.poll(() => page.getByTestId('cart-after-looks').count()).toBe(1);
      await discount.scrollIntoViewIfNeeded();
      await screenshot(page, `looks-cart-${viewport.width}`);
      await context.close();
    });
  }

  it('a size chosen in the server HTML before the look chunk arrives is kept, and "Shto" adds it (4× CPU)', async () => {
    const [first, second] = await lookPieces();
    const { page, context } = await newPage(journey.browser, DESKTOP);
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The block's chunk is held back so the choice lands in the server's HTML, before React hydrates the block.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(/look-block-.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${journey.server.url}/productDetails/${first!.productId}`, { waitUntil: 'commit' });
    const card = page.locator(`[data-testid="look-piece"][data-product-id="${second!.productId}"]`);
    await card.getByLabel(lookMessages.chooseSize).selectOption(String(second!.variantId));
    release();
    await card.getByRole('button', { name: lookMessages.add, exact: true }).click();
    await expect.poll(() => cartVariantIds(page)).toContain(second!.variantId);
    await context.close();
  });

  it('a product without a look fetches no look chunk, and the looks page lists the looks', async () => {
    const inLooks = journey.server.db.selectFrom('look_products').select('product_id');
    const plain = await journey.server.db
      .selectFrom('products')
      .select('product_id')
      .where('is_active', '=', 1)
      .where('product_id', 'not in', inLooks)
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    const { page, context } = await newPage(journey.browser);
    const scripts: string[] = [];
    page.on('request', (r) => void (r.url().endsWith('.js') && scripts.push(r.url())));
    await page.goto(`${journey.server.url}/productDetails/${plain.product_id}`, { waitUntil: 'networkidle' });
    await hydrated(page);
    expect(await page.getByTestId('product-looks').count()).toBe(0);
    expect(scripts.filter((u) => /look-block-/.test(u))).toEqual([]);
    await page.goto(`${journey.server.url}/stilet`);
    await expect.poll(() => page.getByRole('heading', { level: 2, name: LOOK }).count()).toBe(1);
    await context.close();
  });

  it("staff change a look's set discount on /dashboard/looks and the product page shows it", async () => {
    const { page, context } = await newPage(journey.browser);
    await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
    await page.goto(`${journey.server.url}/dashboard/looks`);
    const row = page.getByTestId('staff-look').filter({ hasText: 'E përditshme me xhinse' });
    await row.getByRole('button', { name: staffMessages.looks.edit }).click();
    await page.getByLabel(staffMessages.looks.discount).fill('40');
    await page.getByRole('button', { name: staffMessages.looks.save }).click();
    await expect.poll(() => page.getByText(staffMessages.looks.discountInvalid).count()).toBeGreaterThan(0);
    await page.getByLabel(staffMessages.looks.discount).fill('15');
    await page.getByRole('button', { name: staffMessages.looks.save }).click();
    await expect.poll(() => row.textContent()).toContain('−15%');
    await screenshot(page, 'looks-dashboard-1366');
    const [piece] = await journey.server.db
      .selectFrom('looks as l')
      .innerJoin('look_products as lp', 'lp.look_id', 'l.look_id')
      .select('lp.product_id')
      .where('l.name', '=', 'E përditshme me xhinse')
      .execute();
    await page.goto(`${journey.server.url}/productDetails/${piece!.product_id}`);
    const badge = page.getByTestId('product-looks').getByTestId('look-discount-badge');
    await expect.poll(() => badge.textContent()).toContain('15%');
    await context.close();
  });
});
