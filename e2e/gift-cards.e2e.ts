// Gift cards in the browser (decision 274). At 1366 px an administrator issues a 10 € card on /dashboard/gift-cards
// and sees its code once on the printable card; the demo customer pays with it and her store credit, and the
// confirmation shows the card, the credit and "Për t'u paguar". At 375 px a guest pays with the demo card whose code
// the README prints.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_GIFT_CARD_CODE } from '#server/seed/demo-gift-cards';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { variantsInStock, type StockedVariant } from './support/catalog';
import { useJourney } from './support/journey';
import { signInAs } from './support/auth';
import { fillCheckoutForm } from './support/checkout';

const journey = useJourney();

async function buyNow(page: Page, v: StockedVariant) {
  await page.goto(`${journey.server.url}/productDetails/${v.productId}`);
  await page.locator(`.color-option[data-color-name="${v.colorName}"]`).click();
  await page.getByRole('radio', { name: v.sizeName, exact: true }).click();
  await page.getByRole('button', { name: 'Blej tani', exact: true }).click();
  await page.waitForURL(`${journey.server.url}/cart`);
}

/** Opens the overlay, fills the delivery form and applies `code` in "Kartë dhuratë". */
async function checkoutWithCard(page: Page, code: string, email: string) {
  await page.getByRole('button', { name: 'Vazhdo me porosinë' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await fillCheckoutForm(dialog, {
    email,
    firstName: 'Drita',
    lastName: 'Berisha',
    phoneNumber: '+38344777888',
    country: { index: 1 },
    city: 'Prishtinë',
    address: 'Rr. Garibaldi 7',
    zipCode: '10000',
  });
  await dialog.getByTestId('quote-total').waitFor();
  await dialog.locator('[name="giftCardCode"]').fill(code);
  await dialog.getByRole('button', { name: 'Përdor kartën' }).click();
  await dialog.getByTestId('gift-card-applied').waitFor();
  return dialog;
}

const placedOrder = (id: number) =>
  journey.server.db
    .selectFrom('orders')
    .select(['total_cents', 'gift_card_cents', 'store_credit_cents'])
    .where('order_id', '=', id)
    .executeTakeFirstOrThrow();

describe('gift cards', () => {
  it('1366: an administrator issues a card; the customer pays with it and her store credit', async () => {
    const admin = await newPage(journey.browser, DESKTOP);
    await signInAs(admin.page, journey.server.url, journey.server, 'admin@butiku.shop');
    await admin.page.goto(`${journey.server.url}/dashboard/gift-cards`);
    await admin.page.getByLabel('Vlera (€)').fill('10');
    await admin.page.getByLabel('Emri i marrësit').fill('Drita Berisha');
    await admin.page.getByLabel('Mesazhi').fill('Faleminderit që bleni te ne!');
    await admin.page.getByRole('button', { name: 'Lësho kartën' }).click();
    const code = (await admin.page.getByTestId('gift-card-code').textContent())!.trim();
    expect(code).toMatch(/^([2-9A-HJKMNP-Z]{4}-){4}[2-9A-HJKMNP-Z]{4}$/);
    await admin.page.getByRole('cell', { name: `••••${code.slice(-4)}` }).waitFor();
    await screenshot(admin.page, 'gift-cards-issued-1366');
    await admin.context.close();

    const { context, page } = await newPage(journey.browser, DESKTOP);
    await signInAs(page, journey.server.url, journey.server, 'klient@butiku.shop');
    const [v] = await variantsInStock(journey.server.db, 3);
    await buyNow(page, v!);
    const dialog = await checkoutWithCard(page, code, 'klient@butiku.shop');
    await dialog.getByTestId('checkout-use-credit').check();
    await screenshot(page, 'gift-cards-checkout-1366');
    await dialog.getByRole('button', { name: 'Porosit', exact: true }).click();
    await page.waitForURL(/\/order-confirmation\/\d+$/);
    await page.getByTestId('order-gift-card').waitFor();
    const order = await placedOrder(Number(page.url().split('/').pop()));
    expect(order.gift_card_cents).toBe(Math.min(1000, order.total_cents));
    expect(order.store_credit_cents).toBeGreaterThan(0);
    await page.getByTestId('order-to-pay').waitFor();
    await screenshot(page, 'gift-cards-confirmation-1366');
    await context.close();
  });

  it('375: a guest pays with the demo card from the README', async () => {
    const { context, page } = await newPage(journey.browser, MOBILE);
    const [, v] = await variantsInStock(journey.server.db, 3);
    await buyNow(page, v!);
    const dialog = await checkoutWithCard(page, DEMO_GIFT_CARD_CODE.toLowerCase(), 'mysafir@example.com');
    await dialog.getByTestId('gift-card-applied').scrollIntoViewIfNeeded();
    await screenshot(page, 'gift-cards-checkout-375');
    await dialog.getByRole('button', { name: 'Porosit', exact: true }).click();
    await page.waitForURL(/\/order-confirmation\/\d+$/);
    await page.getByTestId('order-gift-card').scrollIntoViewIfNeeded();
    const order = await placedOrder(Number(page.url().split('/').pop()));
    expect(order.gift_card_cents).toBe(Math.min(5000, order.total_cents));
    await screenshot(page, 'gift-cards-confirmation-375');
    await context.close();
  });
});
