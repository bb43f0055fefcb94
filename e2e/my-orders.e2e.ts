// Browser journeys of "after the order" (issue 13, decision 175): a guest orders, opens the confirmation e-mail's
// link in a fresh browser, and finds the order again on /order-status from the footer; a signed-in customer's
// order is listed under "Porositë e mia" on /profile and opens its page. Screenshots at 1366 and 375 px.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { variantsInStock } from './support/catalog';
import { useJourney } from './support/journey';
import { signInAs } from './support/auth';
import { fillCheckoutForm } from './support/checkout';

const journey = useJourney();

async function firstVariant() {
  const [v] = await variantsInStock(journey.server.db, 3);
  expect(v).toBeTruthy();
  return v!;
}

/** A guest's order through the product page and the checkout overlay, as a shopper places it. */
async function guestOrder(page: Page, email: string): Promise<number> {
  const v = await firstVariant();
  await page.goto(`${journey.server.url}/productDetails/${v.productId}`);
  await page.locator(`.color-option[data-color-name="${v.colorName}"]`).click();
  await page.getByRole('radio', { name: v.sizeName, exact: true }).click();
  await page.getByRole('button', { name: 'Blej tani', exact: true }).click();
  await page.waitForURL(`${journey.server.url}/cart`);
  await page.getByTestId('cart-subtotal').filter({ hasNotText: '…' }).waitFor();
  await page.getByRole('button', { name: 'Vazhdo me porosinë' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await fillCheckoutForm(dialog, {
    email,
    firstName: 'Vesa',
    lastName: 'Krasniqi',
    phoneNumber: '+383 44 909 808',
    country: { index: 1 },
    city: 'Gjakovë',
    address: 'Rr. Çarshia e Madhe 4',
    zipCode: '50000',
  });
  await dialog.getByTestId('quote-shipping').filter({ hasText: '€' }).waitFor();
  await dialog.getByRole('button', { name: 'Porosit', exact: true }).click();
  await page.waitForURL(/\/order-confirmation\/\d+$/);
  await page.getByTestId('order-number').waitFor();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** The order page link in the order's confirmation e-mail (plain-text part), as queued in the outbox. */
async function mailedLink(orderId: number): Promise<string> {
  const mail = await journey.server.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('order_id', '=', orderId)
    .where('kind', '=', 'order_confirmation')
    .executeTakeFirstOrThrow();
  const link = /https?:\/\/\S+\/order-confirmation\/\d+\?guest=[A-Za-z0-9_%-]+/.exec(mail.text_body)?.[0];
  expect(link).toBeTruthy();
  return link!;
}

describe('guest: e-mail link and /order-status', () => {
  it('opens the order from the e-mail link in a fresh browser, and finds it by number and e-mail from the footer', async () => {
    const shopper = await newPage(journey.browser, DESKTOP);
    const orderId = await guestOrder(shopper.page, 'vesa.krasniqi@example.com');
    const order = await journey.server.db
      .selectFrom('orders')
      .select(['guest_id', 'user_id', 'total_cents'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.user_id).toBeNull();
    expect(order.guest_id).toMatch(/^guest_[a-z0-9]{24}$/);
    await shopper.context.close();

    // A fresh browser (no local storage, no session) with the e-mail's link; the link's host is the configured
    // PUBLIC_URL, so only its path and query are taken.
    const link = new URL(await mailedLink(orderId));
    expect(link.searchParams.get('guest')).toBe(order.guest_id);
    const fresh = await newPage(journey.browser, DESKTOP);
    await fresh.page.goto(`${journey.server.url}${link.pathname}${link.search}`);
    await fresh.page.getByTestId('order-number').waitFor();
    expect(await fresh.page.getByTestId('order-number').textContent()).toContain(String(orderId).padStart(6, '0'));
    // The order number alone (no guest id) shows nothing.
    await fresh.page.goto(`${journey.server.url}/order-confirmation/${orderId}`);
    await fresh.page.getByText('Porosia nuk u gjet.').waitFor();

    // The footer's "Gjendja e porosisë" → /order-status.
    await fresh.page.goto(`${journey.server.url}/`);
    await fresh.page.locator('footer').getByRole('link', { name: 'Gjendja e porosisë' }).click();
    await fresh.page.waitForURL(`${journey.server.url}/order-status`);
    const form = fresh.page.getByTestId('track-form');
    await form.getByRole('button', { name: 'Shiko porosinë' }).click();
    await form.getByText('Shkruani numrin e porosisë, p.sh. #000123.').waitFor();
    await form.getByLabel('Numri i porosisë').fill(`#${String(orderId).padStart(6, '0')}`);
    await form.getByLabel('E-maili ose telefoni').fill('tjeter@example.com');
    await form.getByRole('button', { name: 'Shiko porosinë' }).click();
    await fresh.page.getByTestId('track-error').waitFor();
    expect(await fresh.page.getByTestId('track-error').textContent()).toBe(
      'Nuk gjetëm asnjë porosi me këtë numër dhe këtë e-mail ose telefon.',
    );
    await screenshot(fresh.page, 'order-status-form-1366');
    await form.getByLabel('E-maili ose telefoni').fill('Vesa.Krasniqi@example.com');
    await form.getByRole('button', { name: 'Shiko porosinë' }).click();
    const tracked = fresh.page.getByTestId('tracked-order');
    await tracked.waitFor();
    expect(await tracked.getByTestId('order-status').textContent()).toBe('Në pritje');
    expect(await tracked.locator('.confirmation__line').count()).toBe(1);
    expect((await tracked.getByTestId('tracked-total').textContent())!.replace(/\s/g, ' ')).toBe(
      `${(order.total_cents / 100).toFixed(2).replace('.', ',')} €`,
    );
    await screenshot(fresh.page, 'order-status-found-1366');
    await fresh.context.close();

    // On a phone, by phone number written another way.
    const phone = await newPage(journey.browser, MOBILE);
    await phone.page.goto(`${journey.server.url}/order-status?order=${orderId}`);
    const phoneForm = phone.page.getByTestId('track-form');
    expect(await phoneForm.getByLabel('Numri i porosisë').inputValue()).toBe(String(orderId));
    await screenshot(phone.page, 'order-status-form-375');
    await phoneForm.getByLabel('E-maili ose telefoni').fill('00383-44-909-808');
    await phoneForm.getByRole('button', { name: 'Shiko porosinë' }).click();
    await phone.page.getByTestId('tracked-order').waitFor();
    await screenshot(phone.page, 'order-status-found-375');
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.context.close();
  });
});

describe('signed in: Porositë e mia on /profile', () => {
  it('lists the customer’s own order first with its state and total, and opens its page', async () => {
    const { context, page } = await newPage(journey.browser, DESKTOP);
    const { userId } = await signInAs(page, journey.server.url, journey.server, 'klient@butiku.shop');
    const v = await firstVariant();
    const country = await journey.server.db
      .selectFrom('countries')
      .select('country_id')
      .orderBy('country_id')
      .executeTakeFirstOrThrow();
    // Place the order with the browser's own session, as the checkout overlay does.
    const placed = await page.evaluate(
      async ([variantId, countryID]) => {
        const res = await fetch('/api/orders/checkout', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('authToken')}` },
          body: JSON.stringify({
            customerDetails: {
              email: 'klient@butiku.shop',
              firstName: 'Klient',
              lastName: 'Demo',
              phoneNumber: '+38344123456',
              countryID,
              city: 'Prishtinë',
              address: 'Rr. Agim Ramadani 1',
              zipCode: '10000',
              guestId: null,
            },
            cartItems: [{ productVariantId: variantId, quantity: 1 }],
            promoCode: null,
          }),
        });
        return {
          status: res.status,
          body: (await res.json()) as { orderId: number; orderNumber: string; userId: number },
        };
      },
      [v.variantId, country.country_id] as const,
    );
    expect(placed.status).toBe(201);
    expect(placed.body.userId).toBe(userId);

    await page.goto(`${journey.server.url}/profile`);
    const list = page.getByTestId('my-orders');
    await list.getByRole('heading', { name: 'Porositë e mia' }).waitFor();
    const first = list.getByTestId('my-order').first();
    await first.waitFor();
    expect(await first.textContent()).toContain(placed.body.orderNumber);
    expect(await first.getByTestId('order-status').textContent()).toBe('Në pritje');
    const mine = await journey.server.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(await list.getByTestId('my-order').count()).toBe(Math.min(10, Number(mine.n)));
    await list.scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-my-orders-1366');
    await first.click();
    await page.waitForURL(`${journey.server.url}/order-confirmation/${placed.body.orderId}`);
    await page.getByTestId('order-number').waitFor();
    expect(await page.getByTestId('order-number').textContent()).toContain(placed.body.orderNumber);
    await context.close();

    const phone = await newPage(journey.browser, MOBILE);
    await signInAs(phone.page, journey.server.url, journey.server, 'klient@butiku.shop');
    await phone.page.goto(`${journey.server.url}/profile`);
    await phone.page.getByTestId('my-order').first().waitFor();
    await phone.page.getByTestId('my-orders').scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'profile-my-orders-375');
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.context.close();

    // The owner opens the e-mail's link signed out: asked to log in, then back on the order.
    const signedOut = await newPage(journey.browser, DESKTOP);
    await signedOut.page.goto(`${journey.server.url}/order-confirmation/${placed.body.orderId}`);
    await signedOut.page.getByText('Porosia nuk u gjet.').waitFor();
    await signedOut.page.getByTestId('order-sign-in').click();
    await signedOut.page.waitForURL(/\/account\?redirect=/);
    const form = signedOut.page.locator('form[aria-labelledby="acc-login-title"]');
    await form.locator('[name="email"]').fill('klient@butiku.shop');
    await form.locator('[name="password"]').fill('Klient#2026');
    await form.getByTestId('login-submit').click();
    await signedOut.page.waitForURL(`${journey.server.url}/order-confirmation/${placed.body.orderId}`);
    expect(await signedOut.page.getByTestId('order-number').textContent()).toContain(placed.body.orderNumber);
    await signedOut.context.close();
  });
});
