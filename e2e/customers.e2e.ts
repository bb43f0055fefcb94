// The customers screen (issue 35 point 10, decision 256): a guest orders by phone typed "044 …" without an e-mail,
// a new account orders with the same phone typed "+383 44 …" and an e-mail; the administrator sees one buyer
// with two orders and an account, finds it by the phone in a third writing, at 1366 and 375 px without the page
// scrolling sideways; the accounts list is the second tab.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { staffMessages } from '#shared/messages-staff';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { variantsInStock } from './support/catalog';
import { useJourney } from './support/journey';
import { signInAs } from './support/auth';
import { fillCheckoutForm } from './support/checkout';
import { createCustomer } from '#server/testing/auth';

const c = staffMessages.customers;
const journey = useJourney();

/** A shopper buys one unit of a stocked variant with `phone` and `email` ('' for none), up to the confirmation. */
async function buy(page: Page, phone: string, email: string): Promise<void> {
  const [v] = await variantsInStock(journey.server.db, 2);
  await page.goto(`${journey.server.url}/productDetails/${v!.productId}`);
  await page.locator(`.color-option[data-color-name="${v!.colorName}"]`).click();
  await page.getByRole('radio', { name: v!.sizeName, exact: true }).click();
  await page.getByRole('button', { name: 'Blej tani', exact: true }).click();
  await page.waitForURL(`${journey.server.url}/cart`);
  await page.getByTestId('cart-subtotal').filter({ hasNotText: '…' }).waitFor();
  await page.getByRole('button', { name: 'Vazhdo me porosinë' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await fillCheckoutForm(dialog, {
    email,
    firstName: 'Vesa',
    lastName: 'Bllaca',
    phoneNumber: phone,
    country: { index: 1 },
    city: 'Prishtinë',
    address: 'Rr. Nënë Tereza 3',
    zipCode: '10000',
  });
  await dialog.getByTestId('quote-shipping').filter({ hasText: '€' }).waitFor();
  await dialog.getByRole('button', { name: 'Porosit', exact: true }).click();
  await page.waitForURL(/\/order-confirmation\/\d+$/);
}

/** How far the page itself scrolls sideways, in pixels (0: it fits; a table may scroll inside itself). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('customers: every buyer, merged by phone', () => {
  it('a guest phone order and an account order with the phone typed two ways are one buyer with two orders', async () => {
    const guest = await newPage(journey.browser, DESKTOP);
    await buy(guest.page, '044 612 345', '');
    await guest.context.close();
    // A new account (the demo customer has orders of its own, which its account would join).
    const account = await createCustomer(journey.server);
    const shopper = await newPage(journey.browser, DESKTOP);
    await signInAs(shopper.page, journey.server.url, journey.server, account.email);
    await buy(shopper.page, '+383 44 612 345', account.email);
    await shopper.context.close();

    for (const [label, viewport] of [
      ['1366', DESKTOP],
      ['375', MOBILE],
    ] as const) {
      const { context, page } = await newPage(journey.browser, viewport);
      await signInAs(page, journey.server.url, journey.server, 'admin@butiku.shop');
      await page.goto(`${journey.server.url}/dashboard/customers`);
      const rows = page.locator('tbody tr').filter({ hasText: 'Vesa Bllaca' });
      await rows.first().waitFor();
      expect(await rows.count()).toBe(1);
      const cell = (name: string) => rows.first().locator(`td[data-label="${name}"]`).textContent();
      expect(await cell(c.orders)).toBe('2');
      expect(await cell(c.account)).toBe(c.yes);
      expect(await cell(c.contact)).toContain('+383 44 612 345');
      await screenshot(page, `customers-list-${label}`);
      expect(await sideways(page), label).toBe(0);
      // The phone in a third writing finds it, alone.
      const search = page.locator('#dash-search-input');
      if (await search.isVisible()) {
        await search.fill('+38344612345');
        await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
        await page.locator('tbody tr').filter({ hasText: 'Vesa Bllaca' }).waitFor();
        await screenshot(page, `customers-search-${label}`);
        await search.fill('');
      }
      await page.getByRole('link', { name: c.accountsTab }).click();
      await page.waitForURL(/tab=accounts/);
      await page.locator('tbody tr').filter({ hasText: 'klient@butiku.shop' }).waitFor();
      await screenshot(page, `customers-accounts-${label}`);
      expect(await sideways(page), label).toBe(0);
      await context.close();
    }
  });
});
