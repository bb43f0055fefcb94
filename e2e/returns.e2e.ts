// Returns and exchanges (issue 26, decision 235) in Chromium at 1366 and 375 px: the policy page from the footer; a
// customer opens a delivered order from "Porositë e mia" and asks to exchange one unit for another size (reserved at
// once); staff approve, mark it received and send the exchange from "Kthimet"; the shopper's page shows each state,
// the order's history and panel show the steps, and the exchange order costs nothing.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { variantsInStock, type StockedVariant } from './support/catalog';
import { useJourney } from './support/journey';
import { signInAs } from './support/auth';
import { placeOrder } from '#server/modules/checkout';
import { orderNumberOf } from '#shared/order-number';

const journey = useJourney();
const CUSTOMER = 'klient@butiku.shop';

/** Two in-stock sizes of one product and colour: the one bought and the one wanted instead. */
async function sizePair(skip: number): Promise<[StockedVariant, StockedVariant]> {
  const all = await variantsInStock(journey.server.db, 3);
  const pairs = all.flatMap((a) =>
    all
      .filter((b) => b.productId === a.productId && b.colorName === a.colorName && b.variantId > a.variantId)
      .map((b) => [a, b] as [StockedVariant, StockedVariant]),
  );
  return pairs[skip * 7]!;
}

/** The demo customer's order of one unit of `v`, delivered yesterday. */
async function deliveredOrder(v: StockedVariant): Promise<number> {
  const db = journey.server.db;
  const user = await db.selectFrom('users').select('user_id').where('email', '=', CUSTOMER).executeTakeFirstOrThrow();
  const country = await db.selectFrom('countries').select('country_id').orderBy('country_id').executeTakeFirstOrThrow();
  const o = await placeOrder(
    journey.server,
    {
      customerDetails: {
        email: CUSTOMER,
        firstName: 'Drita',
        lastName: 'Berisha',
        address: 'Rr. Nënë Tereza 8',
        city: 'Prishtinë',
        zipCode: '10000',
        phoneNumber: '+38344333444',
        countryID: country.country_id,
      },
      cartItems: [{ productVariantId: v.variantId, quantity: 1 }],
    },
    { actor: { userId: user.user_id, roleID: 1 } },
  );
  const yesterday = new Date(Date.now() - 86_400_000).toISOString();
  await db
    .updateTable('orders')
    .set({ status: 'delivered', order_ship_date: yesterday })
    .where('order_id', '=', o.orderId)
    .execute();
  return o.orderId;
}

const fits = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** From /profile's list to the order page, then the exchange form; the request shows "Në shqyrtim". */
async function askForExchange(page: Page, orderId: number, wanted: StockedVariant, width: number) {
  await page.goto(`${journey.server.url}/profile`);
  await page.getByRole('link', { name: `Shiko porosinë ${orderNumberOf(orderId)}` }).click();
  const panel = page.getByTestId('returns-panel');
  await panel.getByText('Mund të kërkoni deri më', { exact: false }).waitFor();
  await panel.getByTestId('return-open').click();
  const form = panel.getByTestId('return-form');
  await form.getByLabel('Ndërrim').check();
  // Nothing chosen: the form refuses before the server is asked.
  await form.getByRole('button', { name: 'Dërgo kërkesën' }).click();
  await form.getByText('Zgjidhni të paktën një artikull.').waitFor();
  await form.getByLabel('Sasia për', { exact: false }).selectOption('1');
  await form.getByLabel('Masa ose ngjyra që doni').selectOption({ label: `${wanted.sizeName}, ${wanted.colorName}` });
  await form.getByLabel('Arsyeja').selectOption({ label: 'Masa është e vogël' });
  await fits(page, width);
  await form.scrollIntoViewIfNeeded();
  await screenshot(page, `returns-form-${width}`);
  await form.getByRole('button', { name: 'Dërgo kërkesën' }).click();
  await panel.getByTestId('return-request').getByText('Në shqyrtim').waitFor();
  await panel.scrollIntoViewIfNeeded();
  await screenshot(page, `returns-requested-${width}`);
}

/** Staff on "Kthimet": approve, received, send the exchange; the order's panel and history show it. */
async function workTheRequest(page: Page, orderId: number, width: number): Promise<number> {
  await page.goto(`${journey.server.url}/dashboard/returns`);
  const card = page.getByTestId('return-card').filter({ hasText: orderNumberOf(orderId) });
  await card.locator('.returns-state', { hasText: 'E re' }).waitFor();
  await fits(page, width);
  await screenshot(page, `returns-dashboard-${width}`);
  await card.getByTestId('return-approve').click();
  await card.locator('.returns-state', { hasText: 'E pranuar' }).waitFor();
  await card.getByTestId('return-receive').click();
  await card.locator('.returns-state', { hasText: 'E marrë' }).waitFor();
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, `returns-received-${width}`);
  await card.getByTestId('return-sendExchange').click();
  await card.locator('.returns-state', { hasText: 'Ndërruar' }).waitFor();
  await fits(page, width);
  const row = await journey.server.db
    .selectFrom('return_requests')
    .select(['state', 'exchange_order_id'])
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  expect(row.state).toBe('exchanged');
  await page.goto(`${journey.server.url}/dashboard/orderDetails/${orderId}`);
  const history = page.getByTestId('order-history');
  for (const step of ['Kërkesë për kthim', 'Kthimi u pranua', 'Kthimi u mor', 'Ndërrimi u nis'])
    await history.getByText(step).waitFor();
  await page.getByText('Kthimet e kësaj porosie').scrollIntoViewIfNeeded();
  await fits(page, width);
  await screenshot(page, `returns-order-panel-${width}`);
  return row.exchange_order_id!;
}

async function checkExchange(exchangeId: number, wanted: StockedVariant) {
  const db = journey.server.db;
  const o = await db
    .selectFrom('orders')
    .select(['total_cents', 'shipping_cost_cents', 'email'])
    .where('order_id', '=', exchangeId)
    .executeTakeFirstOrThrow();
  expect(o).toEqual({ total_cents: 0, shipping_cost_cents: 0, email: CUSTOMER });
  const lines = await db
    .selectFrom('order_details')
    .select(['variant_id', 'quantity'])
    .where('order_id', '=', exchangeId)
    .execute();
  expect(lines).toEqual([{ variant_id: wanted.variantId, quantity: 1 }]);
  const mails = await db.selectFrom('mail_outbox').select('kind').where('recipient', '=', CUSTOMER).execute();
  for (const kind of ['return_requested', 'return_approved', 'return_received', 'return_exchanged'])
    expect(mails.map((m) => m.kind)).toContain(kind);
}

describe('returns and exchanges', () => {
  it('at 1366 px: the policy page from the footer; an exchange asked, approved, received and sent', async () => {
    const [bought, wanted] = await sizePair(0);
    const orderId = await deliveredOrder(bought);
    const shopper = await newPage(journey.browser, DESKTOP);
    await shopper.page.goto(`${journey.server.url}/`);
    await shopper.page.locator('footer').getByRole('link', { name: 'Kthimet dhe ndërrimet' }).click();
    await shopper.page.getByRole('heading', { name: 'Kthimet dhe ndërrimet', level: 1 }).waitFor();
    await shopper.page.getByText('brenda 14 ditëve', { exact: false }).waitFor();
    await screenshot(shopper.page, 'returns-policy-1366');

    await signInAs(shopper.page, journey.server.url, journey.server, CUSTOMER);
    const stockBefore = wanted.stock;
    await askForExchange(shopper.page, orderId, wanted, 1366);
    const held = await journey.server.db
      .selectFrom('product_variants')
      .select('stock_quantity')
      .where('variant_id', '=', wanted.variantId)
      .executeTakeFirstOrThrow();
    expect(held.stock_quantity).toBe(stockBefore - 1);

    const { page } = await newPage(journey.browser, DESKTOP);
    await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
    const exchangeId = await workTheRequest(page, orderId, 1366);
    await checkExchange(exchangeId, wanted);
    // The overview: refunds (the demo's refund of yesterday), the return rate and the top reasons.
    await page.goto(`${journey.server.url}/dashboard`);
    const returns = page.getByTestId('overview-returns');
    await returns.getByText('Masa është e vogël', { exact: false }).first().waitFor();
    await returns.scrollIntoViewIfNeeded();
    await screenshot(page, 'returns-overview-1366');

    await shopper.page.goto(`${journey.server.url}/order-confirmation/${orderId}`);
    await shopper.page.getByTestId('return-request').getByText('Ndërrimi u nis').waitFor();
    await screenshot(shopper.page, 'returns-shopper-done-1366');
  });

  it('at 375 px: the same on a phone, and the policy page fits', async () => {
    const [bought, wanted] = await sizePair(1);
    const orderId = await deliveredOrder(bought);
    const shopper = await newPage(journey.browser, MOBILE);
    await shopper.page.goto(`${journey.server.url}/kthimet`);
    await shopper.page.getByRole('heading', { name: 'Kthimet dhe ndërrimet', level: 1 }).waitFor();
    await fits(shopper.page, 375);
    await screenshot(shopper.page, 'returns-policy-375');
    await signInAs(shopper.page, journey.server.url, journey.server, CUSTOMER);
    await askForExchange(shopper.page, orderId, wanted, 375);
    const { page } = await newPage(journey.browser, MOBILE);
    await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
    const exchangeId = await workTheRequest(page, orderId, 375);
    await checkExchange(exchangeId, wanted);
  });

  it('at 375 px: the shopper withdraws an exchange; its size goes back and staff see it withdrawn', async () => {
    const [bought, wanted] = await sizePair(2);
    const orderId = await deliveredOrder(bought);
    const shopper = await newPage(journey.browser, MOBILE);
    await signInAs(shopper.page, journey.server.url, journey.server, CUSTOMER);
    await askForExchange(shopper.page, orderId, wanted, 375);
    const request = shopper.page.getByTestId('return-request');
    await request.getByRole('button', { name: 'Tërhiqe kërkesën' }).click();
    await request.getByText('Ta tërheqim këtë kërkesë?', { exact: false }).waitFor();
    await fits(shopper.page, 375);
    await screenshot(shopper.page, 'returns-withdraw-ask-375');
    await request.getByTestId('return-withdraw').click();
    await request.getByText('E tërhequr nga ju').waitFor();
    await screenshot(shopper.page, 'returns-withdrawn-375');
    const stock = await journey.server.db
      .selectFrom('product_variants')
      .select('stock_quantity')
      .where('variant_id', '=', wanted.variantId)
      .executeTakeFirstOrThrow();
    expect(stock.stock_quantity).toBe(wanted.stock);

    const { page } = await newPage(journey.browser, MOBILE);
    await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
    await page.goto(`${journey.server.url}/dashboard/returns`);
    const card = page.getByTestId('return-card').filter({ hasText: orderNumberOf(orderId) });
    await card.locator('.returns-state', { hasText: 'E tërhequr nga klienti' }).waitFor();
    expect(await card.getByTestId('return-approve').count()).toBe(0);
    await page.goto(`${journey.server.url}/dashboard/orderDetails/${orderId}`);
    await page.getByTestId('order-history').getByText('Klienti e tërhoqi kërkesën për kthim').waitFor();
  });
});
