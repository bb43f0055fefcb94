// Back in stock (issue 26, decisions 233 and 239) as a shopper and staff meet it, at 1366 and 375 px: on a demo
// product with a sold-out size, the size stays struck through but choosable (keyboard too), the cart buttons are off,
// and "Më njofto kur të kthehet" opens the lazily loaded form (the signed-in shopper's address filled in); the
// request is saved once, pending until the address confirms through the link e-mailed to it (real SMTP), on a page
// that confirms with one tap. Staff see the confirmed demand on "Kërkesa për rikthim" and in the product's variants,
// restock the size in the variants editor, and each waiting shopper's e-mail arrives through the real SMTP server
// with the product link and an unsubscribe link that works without signing in.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { productMessages } from '#shared/messages/product';
import { backInStockMessages } from '#shared/messages/back-in-stock';
import { staffMessages } from '#shared/messages-staff';
import { startSmtp, type TestSmtp } from '#server/testing/smtp';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { signInAs } from './support/auth';
import { useJourney } from './support/journey';

let smtp: TestSmtp;
const journey = useJourney(() => ({
  publicUrl: 'https://butiku.test',
  mail: {
    smtpUrl: smtp.url,
    from: 'Butiku <porosi@butiku.shop>',
    shopEmail: 'a@b.c',
    maxAttempts: 3,
    retryBaseMs: 200,
  },
}));
// The SMTP server must be up before the journey's server starts: a top-level await runs before beforeAll hooks.
smtp = await startSmtp();
afterAll(() => smtp.close());

const t = backInStockMessages.backInStock;
const sb = staffMessages.backInStock;

/** The demo's most wanted sold-out variant (the seed's 3 waiting shoppers) with its product, size and colour. */
async function wanted() {
  return journey.server.db
    .selectFrom('back_in_stock_requests as r')
    .innerJoin('product_variants as v', 'v.variant_id', 'r.variant_id')
    .innerJoin('sizes as s', 's.size_id', 'v.size_id')
    .innerJoin('colors as c', 'c.color_id', 'v.color_id')
    .select((eb) => ['v.variant_id', 'v.product_id', 's.size_name', 'c.color_name', eb.fn.countAll<number>().as('n')])
    .where('r.status', '=', 'open')
    .groupBy(['v.variant_id', 'v.product_id', 's.size_name', 'c.color_name'])
    .orderBy('n', 'desc')
    .orderBy('v.variant_id')
    .executeTakeFirstOrThrow();
}

const requestsIn = (variantId: number, status: 'open' | 'pending') =>
  journey.server.db
    .selectFrom('back_in_stock_requests')
    .select('email')
    .where('variant_id', '=', variantId)
    .where('status', '=', status)
    .execute();
const openRequests = (variantId: number) => requestsIn(variantId, 'open');

/** Opens the confirmation e-mail's link as a guest at 375 px and confirms with the page's one button. */
async function confirmFromMail(to: string) {
  const confirmation = () =>
    smtp.received.find(
      (m) => (m.to as { text: string }).text === to && m.subject?.startsWith(t.confirmMailSubject.split('{')[0]!),
    );
  await expect.poll(confirmation, { timeout: 20_000 }).toBeDefined();
  const mail = confirmation()!;
  const link = /https:\/\/butiku\.test(\/konfirmo-njoftimin\?token=[\w.-]+)/.exec(mail.text!)![1]!;
  const guest = await newPage(journey.browser, MOBILE);
  await guest.page.goto(`${journey.server.url}${link}`);
  await guest.page.getByRole('heading', { name: t.confirmTitle }).waitFor();
  const scrolls = await guest.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(scrolls).toBe(false);
  await screenshot(guest.page, 'back-in-stock-confirm-375');
  await guest.page.getByRole('button', { name: t.confirmButton }).click();
  await guest.page.getByText(t.confirmed).waitFor();
  await screenshot(guest.page, 'back-in-stock-confirmed-375');
  await guest.context.close();
  return link;
}

async function chooseSoldOut(page: Page, v: Awaited<ReturnType<typeof wanted>>) {
  await page.goto(`${journey.server.url}/productDetails/${v.product_id}`);
  const colour = page.locator(`[data-color-name="${v.color_name}"]`);
  if ((await colour.count()) > 0 && (await colour.getAttribute('aria-checked')) !== 'true') await colour.click();
  const size = page
    .getByTestId('size-picker')
    .getByRole('radio', { name: `${v.size_name} — ${productMessages.outOfStock}`, exact: true });
  expect(await size.isDisabled()).toBe(false);
  // Chosen with the keyboard: the sold-out size is a real, focusable button.
  await size.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => size.getAttribute('aria-checked')).toBe('true');
  return size;
}

describe('a shopper asks to be told', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`on a sold-out size, once, with her address filled in (${viewport.width} px)`, async () => {
      const v = await wanted();
      const before = (await openRequests(v.variant_id)).length;
      const { page, context } = await newPage(journey.browser, viewport);
      await signInAs(page, journey.server.url, journey.server, 'klient@butiku.shop');
      await chooseSoldOut(page, v);
      expect(await page.getByRole('button', { name: productMessages.addToCart }).isDisabled()).toBe(true);
      const offer = page.getByTestId('back-in-stock');
      await offer.getByText(t.soldOutChoice).waitFor();
      // The form is not on the page (nor loaded) until asked for.
      expect(await page.locator('form#back-in-stock-form').count()).toBe(0);
      await offer.getByRole('button', { name: t.notifyMe }).click();
      const email = offer.getByLabel(t.email);
      await expect.poll(() => email.inputValue()).toBe('klient@butiku.shop');
      await screenshot(page, `back-in-stock-form-${viewport.width}`);
      await offer.getByRole('button', { name: t.submit, exact: true }).click();
      await offer.getByTestId('back-in-stock-done').waitFor();
      expect(await offer.getByTestId('back-in-stock-done').textContent()).toContain('klient@butiku.shop');
      await screenshot(page, `back-in-stock-done-${viewport.width}`);
      await context.close();
      if (viewport === DESKTOP) {
        // A new address: pending (not counted) until it confirms through the link e-mailed to it.
        expect((await requestsIn(v.variant_id, 'pending')).map((r) => r.email)).toEqual(['klient@butiku.shop']);
        expect((await openRequests(v.variant_id)).length).toBe(before);
        const link = await confirmFromMail('klient@butiku.shop');
        expect((await openRequests(v.variant_id)).length).toBe(before + 1);
        // A broken link is told so, and confirms nothing.
        const broken = await newPage(journey.browser, MOBILE);
        await broken.page.goto(`${journey.server.url}${link.slice(0, -2)}xx`);
        await broken.page.getByRole('button', { name: t.confirmButton }).click();
        await broken.page.getByText(t.badLink).waitFor();
        await broken.context.close();
      } else {
        // The second journey asks again with the same, now confirmed, address: the same thanks, still one request.
        expect((await openRequests(v.variant_id)).length).toBe(before);
        expect(await requestsIn(v.variant_id, 'pending')).toEqual([]);
      }
    });
  }

  it('a guest is told a bad address on the field', async () => {
    const v = await wanted();
    const { page, context } = await newPage(journey.browser, MOBILE);
    await chooseSoldOut(page, v);
    const offer = page.getByTestId('back-in-stock');
    await offer.getByRole('button', { name: t.notifyMe }).click();
    await offer.getByLabel(t.email).fill('jo-adresë');
    await offer.getByRole('button', { name: t.submit, exact: true }).click();
    await offer.getByText(t.invalidEmail).waitFor();
    await context.close();
  });
});

describe('staff restock what shoppers wait for', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`see the demand, and the list and product show it (${viewport.width} px)`, async () => {
      const v = await wanted();
      const { page, context } = await newPage(journey.browser, viewport);
      await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
      await page.goto(`${journey.server.url}/dashboard/back-in-stock`);
      await page.getByRole('heading', { name: sb.title, level: 1 }).waitFor();
      await page.getByTestId('demand-waiting').first().waitFor();
      expect(Number(await page.getByTestId('demand-waiting').first().textContent())).toBe(Number(v.n));
      const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(scrolls).toBe(false);
      await screenshot(page, `back-in-stock-demand-${viewport.width}`);
      await context.close();
    });
  }

  it('restock in the variants editor e-mails each waiting shopper once; the unsubscribe link works', async () => {
    const v = await wanted();
    const waiting = (await openRequests(v.variant_id)).map((r) => r.email).sort();
    const { page, context } = await newPage(journey.browser, DESKTOP);
    await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
    await page.goto(`${journey.server.url}/dashboard/edit-product/${v.product_id}`);
    const cells = page.getByTestId('variant-waiting');
    const shown = `${waiting.length} në pritje`;
    await expect.poll(() => cells.allTextContents()).toContain(shown);
    const row = (await cells.allTextContents()).indexOf(shown);
    await cells.nth(row).scrollIntoViewIfNeeded();
    await screenshot(page, 'back-in-stock-variants-1366');
    await page.getByLabel(`Sasia në stok ${row + 1}`, { exact: true }).fill('4');
    const earlier = smtp.received.length; // the confirmation e-mails of the journeys above
    await page.getByRole('button', { name: messages.common.save, exact: true }).click();
    await page.waitForURL(/\/dashboard\/products$/, { timeout: 20_000 });
    const mails = await smtp.waitFor(earlier + waiting.length, 20_000);
    const notices = mails.filter((m) => m.subject?.startsWith('U kthye në stok'));
    expect(notices.map((m) => (m.to as { text: string }).text).sort()).toEqual(waiting);
    expect(await openRequests(v.variant_id)).toEqual([]);
    const text = notices[0]!.text!;
    expect(text).toContain(`https://butiku.test/productDetails/${v.product_id}`);
    const link = /https:\/\/butiku\.test(\/cregjistrimi\?token=[\w.-]+)/.exec(text)![1]!;
    await context.close();

    // The link, opened by someone not signed in, unsubscribes after one tap.
    for (const viewport of [DESKTOP, MOBILE]) {
      const guest = await newPage(journey.browser, viewport);
      await guest.page.goto(`${journey.server.url}${link}`);
      await guest.page.getByRole('heading', { name: t.unsubscribeTitle }).waitFor();
      await screenshot(guest.page, `back-in-stock-unsubscribe-${viewport.width}`);
      await guest.page.getByRole('button', { name: t.unsubscribeButton }).click();
      await guest.page.getByText(t.unsubscribed).waitFor();
      await guest.context.close();
    }
    const broken = await newPage(journey.browser, MOBILE);
    await broken.page.goto(`${journey.server.url}${link.slice(0, -2)}xx`);
    await broken.page.getByRole('button', { name: t.unsubscribeButton }).click();
    await broken.page.getByText(t.badLink).waitFor();
    await broken.context.close();
  });

  it('close the least wanted waiting list at 375 px: asked once, the row leaves the list, nobody is told', async () => {
    const { page, context } = await newPage(journey.browser, MOBILE);
    await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
    await page.goto(`${journey.server.url}/dashboard/back-in-stock`);
    const rows = page.getByTestId('demand-dismiss');
    await rows.first().waitFor();
    const before = await rows.count();
    await rows.last().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Blerës', { exact: false }).waitFor();
    await screenshot(page, 'back-in-stock-dismiss-375');
    await dialog.getByRole('button', { name: sb.dismissKeep }).click();
    expect(await rows.count()).toBe(before);
    await rows.last().click();
    await page.getByRole('dialog').getByRole('button', { name: sb.dismiss, exact: true }).click();
    await expect.poll(() => rows.count()).toBe(before - 1);
    const dismissed = await journey.server.db
      .selectFrom('back_in_stock_requests')
      .select('status')
      .where('status', '=', 'dismissed')
      .execute();
    expect(dismissed.length).toBeGreaterThan(0);
    await context.close();
  });
});
