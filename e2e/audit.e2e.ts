// The audit trail (issue 28, decision 228): staff edits a product's price; the administrator finds the row on
// /dashboard/audit (who, the price before -> after) and through the product's "Historiku" link, at 1366 and 375 px,
// and the page never scrolls sideways on the phone. Staff sees no audit trail in the sidebar. Every other audited
// entity's edit screen (category, size, event, country, discount, promo code) links the administrator to its history.
import { describe, expect, it } from 'vitest';
import { formatCents } from '#shared/money';
import { staffMessages } from '#shared/messages-staff';
import { signInAs } from './support/auth';
import { DESKTOP, MOBILE, newPage, openInApp, screenshot } from './support/browser';
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

  it('every edit screen of an audited entity links the administrator to its history (1366 and 375 px)', async () => {
    const db = journey.server.db;
    const one = <R>(q: { executeTakeFirstOrThrow(): Promise<R> }) => q.executeTakeFirstOrThrow();
    const category = (await one(db.selectFrom('categories').select('category_id'))).category_id;
    const size = (await one(db.selectFrom('sizes').select('size_id'))).size_id;
    const event = (await one(db.selectFrom('events').select('event_id'))).event_id;
    const country = (await one(db.selectFrom('countries').select('country_id'))).country_id;
    const discount = (await one(db.selectFrom('product_discounts').select('product_discount_id'))).product_discount_id;
    const promo = (await one(db.selectFrom('promo_codes').select('promo_code_discount_id'))).promo_code_discount_id;
    const screens = [
      ['category', `/dashboard/edit-category/${category}`],
      ['size', `/dashboard/edit-size/${size}`],
      ['event', `/dashboard/edit-event/${event}`],
      ['country', `/dashboard/edit-country/${country}`],
      ['discount', `/dashboard/edit-discount/${discount}`],
      ['promo', `/dashboard/edit-discount/promo/${promo}`],
    ] as const;
    for (const viewport of [DESKTOP, MOBILE]) {
      const { context, page } = await newPage(journey.browser, viewport);
      try {
        await signInAs(page, journey.server.url, journey.server, 'admin@butiku.shop');
        // The first screen loads in full; the app's own navigation opens the others (openInApp).
        for (const [i, [entity, path]] of screens.entries()) {
          if (i === 0) await page.goto(`${journey.server.url}${path}`);
          else await openInApp(page, path);
          const id = path.split('/').pop();
          const link = page.getByTestId('history-link');
          await link.waitFor({ timeout: 15_000 });
          await expect.poll(() => link.getAttribute('href')).toBe(`/dashboard/audit?entity=${entity}&entityId=${id}`);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
          if (entity === 'promo') await screenshot(page, `audit-link-promo-${viewport.width}`);
        }
        await page.getByTestId('history-link').click();
        await page.waitForURL(/\/dashboard\/audit\?.*entity=promo/);
        await page.getByTestId('audit-scope').waitFor();
      } finally {
        await context.close();
      }
    }
  });
});
