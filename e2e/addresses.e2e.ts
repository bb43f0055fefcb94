// Saved addresses and the signed-in checkout (issue 25, decision 215): a customer adds, edits and deletes addresses
// on /profile (Kosovo without a postal code, names typed in lowercase), then the checkout opens filled from the
// profile and the most recent address, another saved address is chosen, and the order is placed. 1366 and 375 px.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { productMessages } from '#shared/messages/product';
import { accountMessages } from '#shared/messages/account';
import { checkoutMessages } from '#shared/messages/checkout';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { variantsInStock } from './support/catalog';
import { useJourney } from './support/journey';
import { signInAs } from './support/auth';

const journey = useJourney();
const a = accountMessages.addresses;
const c = checkoutMessages.checkout;

async function fillAddress(page: Page, v: Record<string, string>) {
  const form = page.getByTestId('address-form');
  for (const [label, value] of Object.entries(v)) {
    const control = form.getByLabel(label, { exact: true });
    if (label === c.country) await control.selectOption({ label: value });
    else await control.fill(value);
  }
  await form.getByTestId('address-save').click();
  await expect.poll(() => form.count()).toBe(0);
}

async function countryLabel(name: string) {
  const row = await journey.server.db
    .selectFrom('countries')
    .select(['country_name', 'shipping_price_cents'])
    .where('country_name', '=', name)
    .executeTakeFirstOrThrow();
  return `${row.country_name} — ${(row.shipping_price_cents / 100).toFixed(2).replace('.', ',')} €`;
}

describe('saved addresses and the signed-in checkout', () => {
  for (const [size, name] of [
    [DESKTOP, '1366'],
    [MOBILE, '375'],
  ] as const)
    it(`profile: add (Kosovo, no postal code), edit, delete; checkout filled and chosen, ${name} px`, async () => {
      const { context, page } = await newPage(journey.browser, size);
      const { userId } = await signInAs(page, journey.server.url, journey.server, 'klient@butiku.shop');
      await journey.server.db.deleteFrom('customer_addresses').where('user_id', '=', userId).execute();
      await page.goto(`${journey.server.url}/profile`);
      await page.getByText(a.empty).waitFor();

      await page.getByTestId('address-add').click();
      // Kosovo: the postal code is optional and says so.
      await page
        .getByTestId('address-form')
        .getByLabel(c.country, { exact: true })
        .selectOption({ label: await countryLabel('Kosovë') });
      await page.getByTestId('address-form').getByLabel(c.zipCodeOptional, { exact: true }).waitFor();
      await screenshot(page, `addresses-form-${name}`);
      await fillAddress(page, {
        [c.firstName]: 'drita',
        [c.lastName]: 'krasniqi',
        [c.phoneNumber]: '044 111 222',
        [c.city]: 'Ferizaj',
        [c.address]: 'Rr. Dëshmorët 10',
      });
      await page.getByTestId('address-add').click();
      await fillAddress(page, {
        [c.firstName]: 'Drita',
        [c.lastName]: 'Krasniqi',
        [c.phoneNumber]: '044 111 222',
        [c.country]: await countryLabel('Shqipëri'),
        [c.city]: 'Tiranë',
        [c.address]: 'Rr. e Durrësit 5',
        // Albania's postal code is optional by default (decision 252); typed here all the same.
        [c.zipCodeOptional]: '1001',
      });
      const cards = page.getByTestId('saved-address');
      await expect.poll(() => cards.count()).toBe(2);
      // Edit the Kosovo one (listed second: the newest first), then delete the Albanian one.
      await cards.nth(1).getByTestId('address-edit').click();
      await page.getByTestId('address-form').getByLabel(c.address, { exact: true }).fill('Rr. Adem Jashari 7');
      await page.getByTestId('address-form').getByTestId('address-save').click();
      await expect.poll(() => cards.first().textContent()).toContain('Rr. Adem Jashari 7');
      await cards.first().waitFor();
      expect(await cards.first().textContent()).toContain('Drita Krasniqi');
      await page.getByTestId('address-add').click();
      await fillAddress(page, {
        [c.firstName]: 'Besa',
        [c.lastName]: 'Krasniqi',
        [c.phoneNumber]: '049 333 444',
        [c.country]: await countryLabel('Kosovë'),
        [c.city]: 'Prizren',
        [c.address]: 'Rr. Shadërvani 3',
      });
      await expect.poll(() => cards.count()).toBe(3);
      // Deleting asks on the card in the shop's words (issue 25): keeping it first, then deleting.
      const tirana = cards.filter({ hasText: 'Tiranë' });
      await tirana.getByTestId('address-delete').click();
      await tirana.getByTestId('address-confirm').scrollIntoViewIfNeeded();
      await screenshot(page, `addresses-delete-question-${name}`);
      await tirana.getByRole('button', { name: a.keep }).click();
      expect(await cards.count()).toBe(3);
      await tirana.getByTestId('address-delete').click();
      await tirana.getByTestId('address-delete-confirm').click();
      await expect.poll(() => cards.count()).toBe(2);
      await page.getByTestId('saved-address').first().scrollIntoViewIfNeeded();
      await screenshot(page, `addresses-profile-${name}`);

      // The checkout: filled from the profile and the newest address; the other is chosen; Kosovo needs no postal code.
      const [v] = await variantsInStock(journey.server.db, 3);
      await page.goto(`${journey.server.url}/productDetails/${v!.productId}`);
      await page.locator(`.color-option[data-color-name="${v!.colorName}"]`).click();
      await page.getByRole('radio', { name: v!.sizeName, exact: true }).click();
      await page.getByRole('button', { name: productMessages.addToCart, exact: true }).click();
      await page.getByText(productMessages.addedToCart).first().waitFor();
      await page.goto(`${journey.server.url}/cart?checkout=true`);
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await expect.poll(() => dialog.locator('[name="email"]').inputValue()).toBe('klient@butiku.shop');
      await expect.poll(() => dialog.locator('[name="city"]').inputValue()).toBe('Prizren');
      expect(await dialog.locator('[name="firstName"]').inputValue()).toBe('Besa');
      await dialog.getByTestId('checkout-address-choice').selectOption({ index: 1 });
      await expect.poll(() => dialog.locator('[name="city"]').inputValue()).toBe('Ferizaj');
      expect(await dialog.locator('[name="address"]').inputValue()).toBe('Rr. Adem Jashari 7');
      expect(await dialog.locator('[name="firstName"]').inputValue()).toBe('Drita');
      await dialog.getByText(c.zipCodeOptional).waitFor();
      await dialog.getByTestId('quote-shipping').filter({ hasText: '€' }).waitFor();
      await screenshot(page, `addresses-checkout-${name}`);
      await dialog.getByRole('button', { name: c.placeOrder, exact: true }).click();
      await page.waitForURL(/\/order-confirmation\/\d+$/);
      const orderId = Number(page.url().split('/').pop());
      const order = await journey.server.db
        .selectFrom('orders')
        .select(['first_name', 'city', 'address', 'zip_code', 'email', 'user_id'])
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(order).toEqual({
        first_name: 'Drita',
        city: 'Ferizaj',
        address: 'Rr. Adem Jashari 7',
        zip_code: '',
        email: 'klient@butiku.shop',
        user_id: userId,
      });
      await context.close();
    });
});
