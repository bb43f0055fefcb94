// A risky cash-on-delivery order (issue 37, decisions 272 and 277) in Chromium at 1366 and 375 px: the demo's
// Blerina Kastrati (+383 44 600 700) has two parcels refused at the door and a new pending order. Staff see the
// badge on the orders list, open the order and read the rule's sentence. At 1366 px the shop asks for a deposit:
// packing after "Konfirmuar" is refused (the rule's sentence), staff record "9,90" received by transfer, the amount
// to pay drops by it, then the order is packed. At 375 px the shop asks for a call only: no packing before
// "Konfirmuar", then confirm and pack.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { signInAs } from './support/auth';
import { DEMO_RISKY_PHONE } from '#server/seed/demo-refusals';
import { upsertSetting } from '#server/settings.queries';
import { insertOrder } from '#server/testing/factories';
import { plural } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { orderNumberOf } from '#shared/order-number';

const journey = useJourney();
const m = staffMessages.codRisk;

async function pendingOrderOf(phone: string) {
  const row = await journey.server.db
    .selectFrom('orders')
    .select('order_id')
    .where('phone_number', '=', phone)
    .where('status', '=', 'pending')
    .where('closed_as', 'is', null)
    .where('stage', 'is', null)
    .orderBy('order_id', 'desc')
    .executeTakeFirstOrThrow();
  return row.order_id;
}

/** The orders list (searched by the phone) shows the badge; the order screen the rule's sentence. */
async function openRiskyOrder(page: Page, orderId: number, sentence: string) {
  await page.goto(`${journey.server.url}/dashboard/orders?q=${encodeURIComponent('044 600 700')}`);
  const link = page.getByRole('link', { name: orderNumberOf(orderId), exact: true });
  await link.waitFor();
  await page.getByTestId('refusal-badge').getByText('2 refuzime').first().waitFor();
  await link.click();
  await page.getByTestId('rule-notice').getByText(sentence).waitFor();
}

describe('a risky order', () => {
  it('at 1366 px under the deposit rule: confirmed, refused without a deposit, deposit recorded, packed', async () => {
    await upsertSetting(journey.server.db, 'cod_refusal_requirement', 'deposit');
    const orderId = await pendingOrderOf(DEMO_RISKY_PHONE);
    const { page } = await newPage(journey.browser, DESKTOP);
    await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
    const sentence = plural(m.packNeedsDeposit, 2);
    await openRiskyOrder(page, orderId, sentence);
    await screenshot(page, 'risky-order-rule-1366');

    const card = page.getByTestId('stage-card');
    await card.getByRole('button', { name: 'Konfirmuar' }).click();
    await card.getByRole('button', { name: 'Paketuar' }).click();
    await page.locator('[data-sonner-toast]', { hasText: sentence }).first().waitFor();
    expect(await card.getByTestId('order-stage').textContent()).toBe('Konfirmuar');

    await card.getByLabel(m.depositAmount).fill('9,90');
    await card.getByRole('button', { name: m.depositRecord }).click();
    await card.getByTestId('deposit-received').getByText('9,90', { exact: false }).waitFor();
    await page.getByTestId('order-deposit').waitFor();
    await screenshot(page, 'risky-order-deposit-1366');
    await card.getByRole('button', { name: 'Paketuar' }).click();
    await card.getByTestId('order-stage').getByText('Paketuar').waitFor();
    const row = await journey.server.db
      .selectFrom('orders')
      .select(['stage', 'deposit_cents'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ stage: 'packed', deposit_cents: 990 });
  });

  it('at 375 px under the call rule: no packing before "Konfirmuar", then confirmed and packed', async () => {
    await upsertSetting(journey.server.db, 'cod_refusal_requirement', 'call');
    const orderId = await insertOrder(journey.server.db, {
      phoneNumber: DEMO_RISKY_PHONE,
      firstName: 'Blerina',
      lastName: 'Kastrati',
      totalCents: 3450,
    });
    const { page } = await newPage(journey.browser, MOBILE);
    await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
    await openRiskyOrder(page, orderId, plural(m.packNeedsCall, 2));
    const card = page.getByTestId('stage-card');
    expect(await card.getByRole('button', { name: 'Paketuar' }).count()).toBe(0);
    await screenshot(page, 'risky-order-rule-375');
    await card.getByRole('button', { name: 'Konfirmuar' }).click();
    await card.getByRole('button', { name: 'Paketuar' }).click();
    await card.getByTestId('order-stage').getByText('Paketuar').waitFor();
    expect(await page.getByTestId('rule-notice').count()).toBe(0);
    await screenshot(page, 'risky-order-packed-375');
  });
});
