// Browser journeys of "after the order" (issue 13, decision 175): a guest orders, opens the confirmation e-mail's
// link in a fresh browser, and finds the order again on /order-status from the footer; a signed-in customer's
// order is listed under "Porositë e mia" on /profile and opens its page (/porosite/{id}). The order page (issue 35,
// decision 255): a delivered order from "Porositë e mia" and a tracked one show the address, the courier's link,
// the totals and the return section, and nothing overflows at 375 px. Screenshots at 1366 and 375 px.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { variantsInStock, type StockedVariant } from './support/catalog';
import { useJourney } from './support/journey';
import { signInAs } from './support/auth';
import { fillCheckoutForm } from './support/checkout';
import { DEFAULT_LIMITS } from '#server/http/limits';
import { placeOrder } from '#server/modules/checkout';
import { orderNumberOf } from '#shared/order-number';

// Every look-up of this file comes from one address: room for all of them (the limit has its own tests).
const journey = useJourney(() => ({
  rateLimits: { ...DEFAULT_LIMITS, track: { points: 100, windowSeconds: 60, key: 'address' } },
}));

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
    expect((await tracked.getByTestId('order-view-total').textContent())!.replace(/\s/g, ' ')).toBe(
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
    // Its own page, not checkout's thank-you page (decision 255).
    await page.waitForURL(`${journey.server.url}/porosite/${placed.body.orderId}`);
    const view = page.getByTestId('order-view');
    await view.getByRole('heading', { name: `Porosia ${placed.body.orderNumber}`, level: 1 }).waitFor();
    expect(await page.getByText('do t’ju kontaktojmë para dërgesës', { exact: false }).count()).toBe(0);
    expect(await view.getByTestId('returns-panel').count()).toBe(0);
    await view.getByTestId('back-to-orders').click();
    await page.waitForURL(`${journey.server.url}/profile`);
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

    // The owner opens the e-mail's link (her order's page, decision 255) signed out: asked to log in, then back.
    const mail = await journey.server.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('order_id', '=', placed.body.orderId)
      .where('kind', '=', 'order_confirmation')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`/porosite/${placed.body.orderId}`);
    const signedOut = await newPage(journey.browser, DESKTOP);
    await signedOut.page.goto(`${journey.server.url}/porosite/${placed.body.orderId}`);
    await signedOut.page.getByText('Kyçuni për ta parë këtë porosi.').waitFor();
    await signedOut.page.getByTestId('order-view-error').getByRole('link', { name: 'Kyçu' }).click();
    await signedOut.page.waitForURL(/\/account\?redirect=/);
    const form = signedOut.page.locator('form[aria-labelledby="acc-login-title"]');
    await form.locator('[name="email"]').fill('klient@butiku.shop');
    await form.locator('[name="password"]').fill('Klient#2026');
    await form.getByTestId('login-submit').click();
    await signedOut.page.waitForURL(`${journey.server.url}/porosite/${placed.body.orderId}`);
    await signedOut.page
      .getByTestId('order-view')
      .getByRole('heading', { name: `Porosia ${placed.body.orderNumber}`, level: 1 })
      .waitFor();
    // The thank-you page's own link, as checkout lands on it, is unchanged for the owner.
    await signedOut.page.goto(`${journey.server.url}/order-confirmation/${placed.body.orderId}`);
    expect(await signedOut.page.getByTestId('order-number').textContent()).toContain(placed.body.orderNumber);
    await signedOut.context.close();
  });
});

/** The courier of the order page's deliveries: its name, number and tracking page. */
const COURIER = { name: 'Posta Ekspres', number: 'PE777001', url: 'https://postaekspres.example/gjurmo?nr=PE777001' };
const ADDRESS = {
  firstName: 'Drita',
  lastName: 'Berisha',
  address: 'Rr. Nënë Tereza 8',
  city: 'Prishtinë',
  zipCode: '10000',
  phoneNumber: '+38344333444',
};

interface Delivered {
  orderId: number;
  guestId: string | null;
  total: string;
  discount: string;
  country: string;
}

const euro = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;

/**
 * An order of two units of `v` (the demo customer's, or a guest's with `guestId`), delivered by a courier just now,
 * with a discount of 11,98 € (the promo's, written as checkout would have it), so the page shows "−11,98 €".
 */
async function deliveredOrder(
  v: StockedVariant,
  owner: { customer: string } | { guestId: string },
): Promise<Delivered> {
  const db = journey.server.db;
  const country = await db
    .selectFrom('countries')
    .select(['country_id', 'country_name'])
    .orderBy('country_id')
    .executeTakeFirstOrThrow();
  const user =
    'customer' in owner
      ? await db.selectFrom('users').select('user_id').where('email', '=', owner.customer).executeTakeFirstOrThrow()
      : null;
  const o = await placeOrder(
    journey.server,
    {
      customerDetails: {
        ...ADDRESS,
        email: 'customer' in owner ? owner.customer : 'drita.berisha@example.com',
        countryID: country.country_id,
        guestId: 'guestId' in owner ? owner.guestId : null,
      },
      cartItems: [{ productVariantId: v.variantId, quantity: 2 }],
    },
    { actor: user ? { userId: user.user_id, roleID: 1 } : null },
  );
  const row = await db
    .selectFrom('orders')
    .select(['subtotal_cents', 'shipping_cost_cents'])
    .where('order_id', '=', o.orderId)
    .executeTakeFirstOrThrow();
  const total = row.subtotal_cents - 1198 + row.shipping_cost_cents;
  await db
    .updateTable('orders')
    .set({
      status: 'delivered',
      order_ship_date: new Date().toISOString(),
      discount_cents: 1198,
      total_cents: total,
      courier_name: COURIER.name,
      tracking_number: COURIER.number,
      tracking_url: COURIER.url,
    })
    .where('order_id', '=', o.orderId)
    .execute();
  return {
    orderId: o.orderId,
    guestId: o.guestId,
    total: euro(total),
    discount: '−11,98 €',
    country: country.country_name,
  };
}

/** The page's facts: number, "Dorëzuar", the courier's link, the address with the grouped phone, the totals. */
async function checkOrderPage(view: Locator, order: Delivered) {
  await view.getByRole('heading', { name: `Porosia ${orderNumberOf(order.orderId)}`, level: 1 }).waitFor();
  expect(await view.getByTestId('order-status').textContent()).toBe('Dorëzuar');
  const stage = view.getByTestId('order-stage');
  expect(await stage.textContent()).toContain(COURIER.number);
  expect(await stage.getByRole('link', { name: 'Ndiq pakon' }).getAttribute('href')).toBe(COURIER.url);
  const address = (await view.getByTestId('order-address').innerText()).split('\n').map((l) => l.trim());
  expect(address).toEqual([
    'Drita Berisha',
    ADDRESS.address,
    `${ADDRESS.zipCode} ${ADDRESS.city}`,
    order.country,
    '+383 44 333 444',
  ]);
  expect(await view.locator('.confirmation__line').count()).toBe(1);
  const text = (l: Locator) => l.textContent().then((t) => t!.replace(/\s/g, ' '));
  expect(await text(view.locator('.totals__row--discount dd'))).toBe(order.discount);
  expect(await text(view.getByTestId('order-view-total'))).toBe(order.total);
  // The thank-you page's words are not here.
  expect(await view.getByText('do t’ju kontaktojmë para dërgesës', { exact: false }).count()).toBe(0);
}

/** Nothing wider than the window; every card (the return section too) of one width and inside it, each amount in its card. */
async function fitsTheWindow(page: Page) {
  const r = await page.evaluate(() => {
    const box = (el: Element) => el.getBoundingClientRect();
    const cards = [...document.querySelectorAll('.order-view > .order-card, .order-view > .returns')];
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      cards: cards.map((c) => ({ left: box(c).left, right: box(c).right, width: Math.round(box(c).width) })),
      amounts: [...document.querySelectorAll('.order-view .price')].map((p) => ({
        text: p.textContent,
        right: box(p).right,
        cardRight: box(p.closest('.order-card, .returns')!).right,
      })),
    };
  });
  expect(r.scrollWidth).toBeLessThanOrEqual(r.innerWidth);
  expect(r.cards.length).toBeGreaterThanOrEqual(4);
  for (const c of r.cards) {
    expect(c.left).toBeGreaterThanOrEqual(0);
    expect(c.right).toBeLessThanOrEqual(r.innerWidth);
  }
  expect(new Set(r.cards.map((c) => c.width)).size, JSON.stringify(r.cards)).toBe(1);
  for (const a of r.amounts) expect(a.right, a.text ?? '').toBeLessThanOrEqual(a.cardRight);
}

describe('the order page (decision 255)', () => {
  for (const [viewport, width] of [
    [DESKTOP, 1366],
    [MOBILE, 375],
  ] as const)
    it(`at ${width} px: a delivered order from "Porositë e mia" and a tracked one, with address, courier, totals and returns`, async () => {
      const [, v] = await variantsInStock(journey.server.db, 3);
      const mine = await deliveredOrder(v!, { customer: 'klient@butiku.shop' });
      const { context, page } = await newPage(journey.browser, viewport);
      await signInAs(page, journey.server.url, journey.server, 'klient@butiku.shop');
      await page.goto(`${journey.server.url}/profile`);
      await page.getByRole('link', { name: `Shiko porosinë ${orderNumberOf(mine.orderId)}` }).click();
      await page.waitForURL(`${journey.server.url}/porosite/${mine.orderId}`);
      const view = page.getByTestId('order-view');
      await checkOrderPage(view, mine);
      const returns = view.getByTestId('returns-panel');
      await returns.getByText('Mund të kërkoni deri më', { exact: false }).waitFor();
      await fitsTheWindow(page);
      await screenshot(page, `order-page-${width}`);
      await view.locator('.totals').scrollIntoViewIfNeeded();
      await screenshot(page, `order-page-totals-${width}`);
      // The request form opens inside the section, at the cards' width.
      await returns.getByTestId('return-open').click();
      await returns.getByTestId('return-form').waitFor();
      await fitsTheWindow(page);
      await returns.scrollIntoViewIfNeeded();
      await screenshot(page, `order-page-returns-${width}`);
      await context.close();

      // A guest's delivered order, tracked by number and e-mail in a browser that did not place it: the same page;
      // a request needs the guest id or the session, so the section says how to ask.
      const guestId = `guest_e2eorderview${String(width).padStart(12, '0')}`;
      const guest = await deliveredOrder(v!, { guestId });
      const fresh = await newPage(journey.browser, viewport);
      const track = async () => {
        await fresh.page.goto(`${journey.server.url}/order-status?order=${guest.orderId}`);
        const form = fresh.page.getByTestId('track-form');
        await form.getByLabel('E-maili ose telefoni').fill('drita.berisha@example.com');
        await form.getByRole('button', { name: 'Shiko porosinë' }).click();
        const tracked = fresh.page.getByTestId('tracked-order');
        await checkOrderPage(tracked, guest);
        return tracked;
      };
      let tracked = await track();
      await tracked
        .getByTestId('returns-panel')
        .getByText('hapeni porosinë nga lidhja në e-mailin e konfirmimit', { exact: false })
        .waitFor();
      await fitsTheWindow(fresh.page);
      await screenshot(fresh.page, `order-status-delivered-${width}`);
      await tracked.getByTestId('returns-panel').scrollIntoViewIfNeeded();
      await screenshot(fresh.page, `order-status-returns-elsewhere-${width}`);
      // In the browser that placed it (its guest id), the section offers the request.
      await fresh.page.evaluate((id) => localStorage.setItem('guestId', id), guestId);
      tracked = await track();
      await tracked.getByTestId('returns-panel').getByTestId('return-open').waitFor();
      await fitsTheWindow(fresh.page);
      await tracked.getByTestId('returns-panel').scrollIntoViewIfNeeded();
      await screenshot(fresh.page, `order-status-returns-${width}`);
      await fresh.context.close();
    });
});
