// Password reset in headless Chromium against a real SMTP server (decision 171): "Keni harruar fjalëkalimin?" on
// /account -> the e-mail form -> the link read from the received e-mail -> a too-weak and a mismatched password
// are refused with the sign-up messages -> the new password is saved -> /account -> login with it. The used link
// then says it is no longer valid. Screenshots at 1366 and 375 px.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accountMessages } from '#shared/messages/account';
import { createOutboxMail } from '#server/testing/factories';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { useMailJourney } from './support/journey';
import { signInAs } from './support/auth';
import { staffMessages } from '#shared/messages-staff';

const journey = useMailJourney();
const m = accountMessages.account;
const EMAIL = 'klient@butiku.shop';

async function login(page: Page, email: string, password: string) {
  const form = page.locator('form[aria-labelledby="acc-login-title"]');
  await form.getByLabel(m.email, { exact: true }).fill(email);
  await form.getByLabel(m.password, { exact: true }).fill(password);
  await form.getByTestId('login-submit').click();
}

describe('password reset', () => {
  it('request on /account -> link from the e-mail -> new password -> login; the link works once', async () => {
    const { page } = await newPage(journey.browser, DESKTOP);
    await page.goto(`${journey.server.url}/account`);
    await page.getByTestId('forgot-link').click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByRole('heading', { name: m.forgotTitle }).waitFor();
    await page.getByLabel(m.email, { exact: true }).fill('nuk-eshte-email');
    await page.getByRole('button', { name: m.forgotSubmit }).click();
    await page.locator('.field__error').first().waitFor();
    await page.getByLabel(m.email, { exact: true }).fill(EMAIL);
    await page.getByRole('button', { name: m.forgotSubmit }).click();
    await page.getByTestId('forgot-sent').getByText(m.forgotSent).waitFor();
    await screenshot(page, 'password-reset-sent-1366');

    // The demo's queued mail (a forgotten-cart reminder, decision 275) may go out first: the reset is the one to EMAIL.
    const to = (m: (typeof journey.smtp.received)[number]) => (m.to && 'text' in m.to ? m.to.text : '');
    await expect.poll(() => journey.smtp.received.some((r) => to(r) === EMAIL), { timeout: 15_000 }).toBe(true);
    const mail = journey.smtp.received.find((r) => to(r) === EMAIL);
    expect(mail!.html).toContain('/reset-password?token=');
    const link = new URL(/(https?:\/\/\S+\/reset-password\?token=[\w-]+)/.exec(mail!.text!)![1]!);
    const resetUrl = `${journey.server.url}${link.pathname}${link.search}`;

    await page.goto(resetUrl);
    await page.getByRole('heading', { name: m.resetTitle }).waitFor();
    await page.getByLabel(m.newPassword, { exact: true }).fill('short');
    await page.getByLabel(m.confirmPassword, { exact: true }).fill('short');
    await page.getByRole('button', { name: m.resetSubmit }).click();
    await page.getByText(m.passwordRules).waitFor();
    await page.getByLabel(m.newPassword, { exact: true }).fill('Fjalekalim#Ri2026');
    await page.getByLabel(m.confirmPassword, { exact: true }).fill('Fjalekalim#Tjeter');
    await page.getByRole('button', { name: m.resetSubmit }).click();
    await page.getByText(m.passwordsMismatch).waitFor();
    await screenshot(page, 'password-reset-form-1366');
    await page.getByLabel(m.confirmPassword, { exact: true }).fill('Fjalekalim#Ri2026');
    await page.getByRole('button', { name: m.resetSubmit }).click();
    await page.waitForURL(/\/account$/);
    await page.locator('[data-sonner-toast]', { hasText: m.resetDone }).first().waitFor();

    // The old password no longer works.
    const refused = page.waitForResponse((r) => r.url().includes('/api/trpc/accounts.login'));
    await login(page, EMAIL, 'Klient#2026');
    expect((await refused).status()).toBe(401);
    expect(page.url()).toMatch(/\/account$/);
    await login(page, EMAIL, 'Fjalekalim#Ri2026');
    await page.waitForURL(/\/profile$/);

    // The same link a second time, in a fresh browser at phone width.
    const small = await newPage(journey.browser, MOBILE);
    await small.page.goto(resetUrl);
    await small.page.getByLabel(m.newPassword, { exact: true }).fill('Edhe#Nje2026x');
    await small.page.getByLabel(m.confirmPassword, { exact: true }).fill('Edhe#Nje2026x');
    await small.page.getByRole('button', { name: m.resetSubmit }).click();
    await small.page.getByRole('alert').getByText(m.resetTokenInvalid).waitFor();
    const overflow = await small.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(small.page, 'password-reset-used-375');
    await small.page.goto(`${journey.server.url}/forgot-password`);
    await small.page.getByRole('heading', { name: m.forgotTitle }).waitFor();
    await screenshot(small.page, 'password-reset-form-375');
  });

  it('staff read the sent reset e-mail in /dashboard/emails: searched, previewed, and a failed one resent', async () => {
    const e = staffMessages.outbox;
    // One failed message, as the worker leaves it after MAIL_MAX_ATTEMPTS.
    const failed = {
      mail_id: await createOutboxMail(journey.server.db, {
        kind: 'order_confirmation',
        recipient: 'arber@example.com',
        subject: 'Porosia juaj #000099 u pranua',
        html: '<p>Faleminderit</p>',
        text: 'Faleminderit',
        status: 'failed',
        attempts: 8,
        lastError: '550 mailbox unavailable',
      }),
    };
    const { page } = await newPage(journey.browser, DESKTOP);
    await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
    await page.goto(`${journey.server.url}/dashboard`);
    await page.getByRole('link', { name: e.title }).click();
    await page.waitForURL(/\/dashboard\/emails$/);
    await page.getByRole('heading', { name: e.title }).waitFor();
    const resetRow = page.locator('tr', { hasText: EMAIL }).filter({ hasText: e.kinds.password_reset });
    await resetRow.first().waitFor();
    await resetRow.first().getByText(e.statuses.sent).waitFor();
    await resetRow.first().getByRole('button', { name: e.view }).click();
    const preview = page.getByTestId('mail-preview');
    await preview.getByRole('heading', { name: 'Rivendosni fjalëkalimin tuaj në Butiku' }).waitFor();
    const frame = page.frameLocator('iframe.mail-preview__html');
    await frame.getByText('Vendosni një fjalëkalim të ri').first().waitFor();
    await screenshot(page, 'dashboard-emails-1366');

    await page.getByTestId('mail-status-filter').selectOption('failed');
    const failedRow = page.locator('tr', { hasText: 'arber@example.com' });
    // The failed row may already be on the unfiltered page: wait for the sent ones to leave.
    await expect.poll(() => page.locator('tr', { hasText: EMAIL }).count()).toBe(0);
    await failedRow.getByText('550 mailbox unavailable').waitFor();
    await failedRow.getByRole('button', { name: e.resend }).click();
    await page.locator('[data-sonner-toast]', { hasText: e.resent }).first().waitFor();
    // Sent through the real SMTP server once it is back in the queue.
    await expect
      .poll(async () => journey.smtp.received.some((m) => m.subject === 'Porosia juaj #000099 u pranua'), {
        timeout: 15_000,
      })
      .toBe(true);
    const row = await journey.server.db
      .selectFrom('mail_outbox')
      .select(['status', 'attempts'])
      .where('mail_id', '=', failed.mail_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'sent', attempts: 1 });

    const small = await newPage(journey.browser, MOBILE);
    await signInAs(small.page, journey.server.url, journey.server, 'staf@butiku.shop');
    await small.page.goto(`${journey.server.url}/dashboard/emails`);
    await small.page.getByRole('heading', { name: e.title }).waitFor();
    await small.page.locator('tr', { hasText: EMAIL }).first().waitFor();
    await screenshot(small.page, 'dashboard-emails-375');
  });
});
