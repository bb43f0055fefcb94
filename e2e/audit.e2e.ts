// The audit trail (issue 28, decision 228): staff edits a product's price; the administrator finds the row on
// /dashboard/audit (who, the price before -> after) and through the product's "Historiku" link, at 1366 and 375 px,
// and the page never scrolls sideways on the phone. Staff sees no audit trail in the sidebar.
import { describe, expect, it } from 'vitest';
import { formatCents } from '../src/shared/money';
import { staffMessages } from '../src/shared/messages-staff';
import { signInAs } from './support/auth';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { useJourney } from './support/journey';

const journey = useJourney();
const a = staffMessages.audit;

async function productToEdit() {
  return journey.server.db
    .selectFrom('products')
    .select(['product_id', 'price_cents', 'name'])
    .where('name', 'not like', '%Cop%')
    .orderBy('product_id', 'desc')
    .executeTakeFirstOrThrow();
}

describe('audit trail', () => {
  it('staff edits a price; the administrator sees the row on /dashboard/audit and via Historiku (1366 and 375 px)', async () => {
    const product = await productToEdit();
    const newCents = product.price_cents + 123;
    const { context, page } = await newPage(journey.browser, DESKTOP);
    try {
      await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
      await page.goto(`${journey.server.url}/dashboard/edit-product/${product.product_id}`);
      await page.locator('#p-price').waitFor();
      expect(await page.getByTestId('history-link').count()).toBe(0); // staff: no trail link
      await page.fill('#p-price', (newCents / 100).toFixed(2));
      await page.getByRole('button', { name: 'Ruaj' }).click();
      await page.waitForURL(/\/dashboard\/products$/, { timeout: 20_000 });
      expect(await page.getByRole('link', { name: a.title }).count()).toBe(0);
    } finally {
      await context.close();
    }

    for (const viewport of [DESKTOP, MOBILE]) {
      const tag = viewport === DESKTOP ? 'desktop' : 'phone';
      const { context: ctx, page: admin } = await newPage(journey.browser, viewport);
      try {
        await signInAs(admin, journey.server.url, journey.server, 'admin@butiku.shop');
        await admin.goto(`${journey.server.url}/dashboard/audit`);
        const row = admin.locator('tr', { hasText: `${a.entities.product} nr. ${product.product_id}` }).first();
        await row.waitFor({ timeout: 15_000 });
        const text = await row.innerText();
        expect(text).toContain('Blerim Gashi');
        expect(text).toContain(formatCents(product.price_cents));
        expect(text).toContain(formatCents(newCents));
        expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await screenshot(admin, `audit-list-${tag}`);

        await admin.goto(`${journey.server.url}/dashboard/edit-product/${product.product_id}`);
        await admin.getByTestId('history-link').click();
        await admin.waitForURL(/\/dashboard\/audit\?.*entityId=/);
        await admin.getByTestId('audit-scope').waitFor();
        await admin
          .locator('tbody tr', { hasText: formatCents(newCents) })
          .first()
          .waitFor();
        const rows = await admin.locator('tbody tr').allInnerTexts();
        for (const r of rows) expect(r).toContain(`nr. ${product.product_id}`);
        expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await screenshot(admin, `audit-history-${tag}`);
      } finally {
        await ctx.close();
      }
    }
  });
});
