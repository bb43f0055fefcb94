// Forgotten carts in headless Chromium against a real SMTP server (decision 275). The demo's forgotten cart has its
// reminder queued; the shop sends it, and its restore link (read from the received e-mail) fills the cart of a fresh
// browser with no session at 1366 px, then of another fresh one at 375 px, where the reminder's one-click unsubscribe
// link works without signing in. A guest who ticks the checkout's consent box gets her cart saved under her address.
import { describe, expect, it } from 'vitest';
import { cartMessages } from '#shared/messages/cart';
import { cartReminderMessages } from '#shared/messages/cart-reminders';
import { plural } from '#shared/messages';
import { DEMO_FORGOTTEN_CART_EMAIL } from '#server/seed/demo-forgotten-cart';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { useMailJourney } from './support/journey';
import { signInAs } from './support/auth';

const journey = useMailJourney();
const t = cartReminderMessages;

async function reminderLinks() {
  for (let n = 1; n < 30; n++) {
    const mails = await journey.smtp.waitFor(n, 15_000);
    const mail = mails.find((m) => m.to && 'text' in m.to && m.to.text === DEMO_FORGOTTEN_CART_EMAIL);
    if (mail) {
      const restore = new URL(/(https?:\/\/\S+\/kujtesa\?token=[\w-]+)(\s|$)/.exec(mail.text!)![1]!);
      const off = new URL(/(https?:\/\/\S+\/kujtesa\?token=[\w-]+&ndalo=1)/.exec(mail.text!)![1]!);
      return {
        mail,
        restore: `${journey.server.url}${restore.pathname}${restore.search}`,
        off: `${journey.server.url}${off.pathname}${off.search}`,
      };
    }
  }
  throw new Error('no reminder e-mail');
}

describe('forgotten carts', () => {
  it('the reminder link restores the cart on a new device; unsubscribe in one click; a guest consents at checkout', async () => {
    const links = await reminderLinks();
    expect(links.mail.subject).toBe(t.mail.subject);
    const lines = await journey.server.db.selectFrom('guest_cart_lines').select('variant_id').execute();

    const desk = await newPage(journey.browser, DESKTOP);
    await desk.page.goto(links.restore);
    await desk.page.getByRole('status').getByText(plural(t.restore.done, lines.length)).waitFor();
    await screenshot(desk.page, 'forgotten-cart-restored-1366');
    await desk.page.getByRole('link', { name: t.restore.goToCart }).click();
    await desk.page.waitForURL(/\/cart$/);
    await expect.poll(() => desk.page.locator('.cart-line').count()).toBe(lines.length);
    // Items, not a session: nobody is signed in on this device.
    expect(await desk.page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await screenshot(desk.page, 'forgotten-cart-cart-1366');
    await desk.context.close();

    const phone = await newPage(journey.browser, MOBILE);
    await phone.page.goto(links.restore);
    await phone.page.getByRole('status').getByText(plural(t.restore.done, lines.length)).waitFor();
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone.page, 'forgotten-cart-restored-375');

    // The guest's consent box at checkout: unticked, then ticked with her address saves her cart on the server.
    await phone.page.goto(`${journey.server.url}/cart`);
    await phone.page.getByRole('button', { name: cartMessages.cart.checkout }).click();
    const dialog = phone.page.locator('dialog.checkout-dialog');
    const consent = dialog.getByTestId('checkout-reminder-consent');
    expect(await consent.isChecked()).toBe(false);
    await dialog.locator('[name="email"]').fill('vjollca@example.com');
    const saved = phone.page.waitForResponse((r) => r.url().includes('cartReminders.saveGuest'));
    await consent.check();
    expect((await saved).status()).toBe(200);
    const row = await journey.server.db
      .selectFrom('cart_followups')
      .select(['due_at', 'followup_id'])
      .where('guest_email', '=', 'vjollca@example.com')
      .executeTakeFirstOrThrow();
    expect(row.due_at).not.toBeNull();
    await consent.scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'forgotten-cart-consent-375');

    // One click, no sign-in: the reminder's unsubscribe link.
    await phone.page.goto(links.off);
    await phone.page.getByRole('status').getByText(t.unsubscribe.done).waitFor();
    const optout = await journey.server.db
      .selectFrom('cart_reminder_optouts')
      .select('email')
      .where('email', '=', DEMO_FORGOTTEN_CART_EMAIL)
      .executeTakeFirst();
    expect(optout).toBeTruthy();
    await screenshot(phone.page, 'forgotten-cart-unsubscribed-375');
    await phone.context.close();

    // Staff see the forgotten cart in the reports, beside credit used and refusals by first-time vs returning buyer.
    const staff = await newPage(journey.browser, DESKTOP);
    await signInAs(staff.page, journey.server.url, journey.server, 'staf@butiku.shop');
    await staff.page.goto(`${journey.server.url}/dashboard/reports`);
    const carts = staff.page.getByTestId('kpi-forgotten-carts');
    await carts.waitFor();
    expect(Number(await carts.locator('strong').textContent())).toBeGreaterThanOrEqual(1);
    await staff.page.getByTestId('report-by-buyer').scrollIntoViewIfNeeded();
    await screenshot(staff.page, 'forgotten-cart-reports-1366');
    await staff.context.close();
  });
});
