// Issue 25's promo and wording items in the browser, at 1366 and 375 px: staff create a 5,00 € fixed promo code on
// the promo form (typed "5,00") and make a country's postal code optional; a signed-in customer applies the code in
// the checkout overlay ("Kodi u aplikua: −5,00 €", the total 5,00 € lower), leaves the postal code empty, ticks
// "save this address" and orders; the promo list says "1 përdorim"; the order's cancel dialog offers
// "Mbaje porosinë" / "Anulo porosinë" and keeping it changes nothing; the address is in the profile's book.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, formatDate, shopToday } from '#shared/dates';
import { messages } from '#shared/messages';
import { productMessages } from '#shared/messages/product';
import { checkoutMessages } from '#shared/messages/checkout';
import { staffMessages } from '#shared/messages-staff';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { variantsInStock } from './support/catalog';
import { useJourney } from './support/journey';
import { signInAs } from './support/auth';

const journey = useJourney();
const c = checkoutMessages.checkout;
const pk = staffMessages.promoKind;
const lc = staffMessages.orderLifecycle;
const NBSP = '\u00a0';

/** "37,50 €" -> 3750. */
const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.')) * 100);

async function createFixedPromo(staff: Page, code: string, name: string) {
  await staff.goto(`${journey.server.url}/dashboard/add-discount/promo`);
  await staff.locator('#discount-code').fill(code);
  await staff.getByLabel(pk.fixed).check();
  await staff.locator('#discount-amount').fill('5,00');
  await staff.locator('#discount-end').fill(formatDate(addDays(shopToday(), 30)));
  await screenshot(staff, `promos-form-fixed-${name}`);
  await staff.getByRole('button', { name: messages.common.save, exact: true }).click();
  await staff.waitForURL(/\/dashboard\/discount\/promo$/);
}

async function makePostalCodeOptional(staff: Page, countryName: string, name: string): Promise<number> {
  const country = await journey.server.db
    .selectFrom('countries')
    .select(['country_id', 'postal_code_optional'])
    .where('country_name', '=', countryName)
    .executeTakeFirstOrThrow();
  expect(country.postal_code_optional).toBe(0);
  await staff.goto(`${journey.server.url}/dashboard/edit-country/${country.country_id}`);
  await staff.getByLabel(staffMessages.dashboard.postalCodeOptional).check();
  await screenshot(staff, `promos-country-form-${name}`);
  await staff.getByRole('button', { name: messages.common.save, exact: true }).click();
  await staff.waitForURL(/\/dashboard\/country$/);
  const row = staff.getByRole('row').filter({ hasText: countryName });
  await expect.poll(() => row.textContent()).toContain(staffMessages.dashboard.postalOptional);
  return country.country_id;
}

/** The customer's checkout: a new address in the country (no postal code), the code applied, saved for next time. */
async function checkoutWithCode(shop: Page, code: string, countryId: number, city: string, name: string) {
  const [v] = await variantsInStock(journey.server.db, 3);
  await shop.goto(`${journey.server.url}/productDetails/${v!.productId}`);
  await shop.locator(`.color-option[data-color-name="${v!.colorName}"]`).click();
  await shop.getByRole('radio', { name: v!.sizeName, exact: true }).click();
  await shop.getByRole('button', { name: productMessages.addToCart, exact: true }).click();
  await shop.getByText(productMessages.addedToCart).first().waitFor();
  await shop.goto(`${journey.server.url}/cart?checkout=true`);
  const dialog = shop.getByRole('dialog');
  await expect.poll(() => dialog.locator('[name="email"]').inputValue()).toBe('klient@butiku.shop');
  await dialog.locator('[name="countryID"]').selectOption(String(countryId));
  await dialog.getByText(c.zipCodeOptional).waitFor();
  await dialog.locator('[name="city"]').fill(city);
  await dialog.locator('[name="address"]').fill('Rr. e Kalasë 12');
  const total = dialog.getByTestId('quote-total');
  await dialog.getByTestId('quote-shipping').filter({ hasText: '€' }).waitFor();
  const before = cents(await total.textContent());
  await dialog.locator('[name="promoCode"]').fill(code.toLowerCase());
  await dialog.getByRole('button', { name: checkoutMessages.promo.apply, exact: true }).click();
  await dialog.getByText(`Kodi u aplikua: −5,00${NBSP}€`).waitFor();
  await expect.poll(async () => cents(await total.textContent())).toBe(before - 500);
  expect(await dialog.getByTestId('quote-discount').textContent()).toBe(`−5,00${NBSP}€`);
  await dialog.getByTestId('checkout-save-address').check();
  await dialog.getByTestId('quote-discount').scrollIntoViewIfNeeded();
  await screenshot(shop, `promos-checkout-fixed-${name}`);
  await dialog.getByRole('button', { name: c.placeOrder, exact: true }).click();
  await shop.waitForURL(/\/order-confirmation\/\d+$/);
  await shop.getByText(`(${code} −5,00${NBSP}€)`, { exact: false }).waitFor();
  return { orderId: Number(shop.url().split('/').pop()), before };
}

describe('fixed promo codes, plurals, unambiguous buttons, the postal-code switch and saving an address', () => {
  for (const [size, name, countryName, city] of [
    [DESKTOP, '1366', 'Mali i Zi', 'Ulqin'],
    [MOBILE, '375', 'Maqedonia e Veriut', 'Tetovë'],
  ] as const)
    it(`staff and a customer, ${name} px`, async () => {
      const code = `PESE${name}`;
      const staffSide = await newPage(journey.browser, size);
      const staff = staffSide.page;
      await signInAs(staff, journey.server.url, journey.server, 'staf@butiku.shop');
      await createFixedPromo(staff, code, name);
      const card = staff.getByRole('listitem').filter({ hasText: code });
      expect(await card.getByTestId('discount-worth').textContent()).toBe(`−5,00${NBSP}€`);
      expect(await card.getByTestId('promo-limits').textContent()).toContain('0 përdorime');
      const countryId = await makePostalCodeOptional(staff, countryName, name);
      await screenshot(staff, `promos-country-switch-${name}`);

      const shopSide = await newPage(journey.browser, size);
      const shop = shopSide.page;
      const { userId } = await signInAs(shop, journey.server.url, journey.server, 'klient@butiku.shop');
      await journey.server.db.deleteFrom('customer_addresses').where('user_id', '=', userId).execute();
      const { orderId, before } = await checkoutWithCode(shop, code, countryId, city, name);
      const order = await journey.server.db
        .selectFrom('orders')
        .select(['discount_cents', 'promo_amount_cents', 'promo_code', 'zip_code', 'total_cents'])
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(order).toEqual({
        discount_cents: 500,
        promo_amount_cents: 500,
        promo_code: code,
        zip_code: '',
        total_cents: before - 500,
      });
      await shop.goto(`${journey.server.url}/profile`);
      await shop.getByTestId('saved-address').filter({ hasText: city }).scrollIntoViewIfNeeded();
      await screenshot(shop, `promos-saved-address-${name}`);

      // The promo list counts the use in the singular.
      await staff.goto(`${journey.server.url}/dashboard/discount/promo`);
      await expect.poll(() => card.getByTestId('promo-limits').textContent()).toContain('1 përdorim');
      expect(await card.getByTestId('promo-limits').textContent()).not.toContain('përdorime');
      await card.scrollIntoViewIfNeeded();
      await screenshot(staff, `promos-list-${name}`);

      // The cancel dialog: the way out keeps the order, and says so.
      await staff.goto(`${journey.server.url}/dashboard/orderDetails/${orderId}`);
      await staff.getByRole('button', { name: lc.cancel, exact: true }).click();
      const dialog = staff.getByRole('dialog');
      await dialog.getByRole('button', { name: lc.keepOrder, exact: true }).waitFor();
      await dialog.getByRole('button', { name: lc.cancel, exact: true }).waitFor();
      expect(await dialog.getByRole('button', { name: messages.common.cancel, exact: true }).count()).toBe(0);
      await screenshot(staff, `promos-cancel-dialog-${name}`);
      await dialog.getByRole('button', { name: lc.keepOrder, exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      const after = await journey.server.db
        .selectFrom('orders')
        .select(['closed_as'])
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(after.closed_as).toBeNull();
      await staffSide.context.close();
      await shopSide.context.close();
    });
});
