// The profile's names, phone and e-mail (issue 35, decision 259) in headless Chromium against a real SMTP server, at
// 1366 and 375 px: sign in -> the sign-up phone shown grouped -> names and phone edited and saved -> an e-mail change
// asked with the current password (the profile shows it waiting) -> the link read from the e-mail the new address
// received -> one tap on the confirmation page -> the old address no longer signs in, the new one does. Screenshots.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fill } from '#shared/messages';
import { accountMessages } from '#shared/messages/account';
import { formatPhone } from '#shared/phone';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { useMailJourney } from './support/journey';

const journey = useMailJourney();
const a = accountMessages.account;
const p = accountMessages.profile;
const c = accountMessages.emailChange;

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first();
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function login(page: Page, email: string, password: string) {
  const form = page.locator('form[aria-labelledby="acc-login-title"]');
  await form.getByLabel(a.email, { exact: true }).fill(email);
  await form.getByLabel(a.password, { exact: true }).fill(password);
  await form.getByTestId('login-submit').click();
}

/** The confirmation link of the e-mail `to` received, on this test server's origin. */
async function confirmationLink(to: string): Promise<string> {
  await expect
    .poll(() => journey.smtp.received.some((m) => m.to && 'text' in m.to && m.to.text === to), { timeout: 15_000 })
    .toBe(true);
  const mail = journey.smtp.received.find((m) => m.to && 'text' in m.to && m.to.text === to)!;
  const link = new URL(/(https?:\/\/\S+\/konfirmo-e-mailin\?token=[\w.-]+)/.exec(mail.text!)![1]!);
  return `${journey.server.url}${link.pathname}${link.search}`;
}

async function editAndMove(
  page: Page,
  who: { email: string; password: string; phoneShown: string },
  to: string,
  tag: string,
) {
  const url = journey.server.url;
  await page.goto(`${url}/account`);
  await login(page, who.email, who.password);
  await page.waitForURL(`${url}/profile`);

  // The sign-up phone, grouped; names and phone edited as typed and saved as sign-up stores them.
  const details = page.getByTestId('profile-details');
  const field = (label: string) => details.getByLabel(label, { exact: true });
  await expect.poll(() => field(p.phoneNumber).inputValue()).toBe(who.phoneShown);
  await field(p.firstName).fill('arbëresha');
  await field(p.lastName).fill('krasniqi-gashi');
  await field(p.phoneNumber).fill('044-987 654');
  await details.getByTestId('profile-details-save').click();
  await expect.poll(() => toast(page, p.detailsSaved).isVisible()).toBe(true);
  await expect.poll(() => field(p.phoneNumber).inputValue()).toBe('+383 44 987 654');
  expect(await field(p.firstName).inputValue()).toBe('Arbëresha');
  expect(await field(p.lastName).inputValue()).toBe('Krasniqi-Gashi');
  await details.scrollIntoViewIfNeeded();
  await screenshot(page, `profile-details-${tag}`);

  // The e-mail change: a wrong current password is refused on its field, the right one sends the link.
  const email = page.getByTestId('profile-email');
  await email.getByLabel(p.newEmail, { exact: true }).fill(to);
  await email.getByLabel(p.currentPassword, { exact: true }).fill('Gabim#2026x');
  await email.getByTestId('profile-email-save').click();
  await expect.poll(() => email.getByText(a.currentPasswordWrong).isVisible()).toBe(true);
  await email.getByLabel(p.currentPassword, { exact: true }).fill(who.password);
  await email.getByTestId('profile-email-save').click();
  await expect.poll(() => toast(page, fill(p.emailChangeSent, { email: to })).isVisible()).toBe(true);
  await expect.poll(() => page.getByTestId('email-pending').textContent()).toContain(to);
  expect(await email.getByLabel(p.email, { exact: true }).inputValue()).toBe(who.email);
  await email.scrollIntoViewIfNeeded();
  await screenshot(page, `profile-email-pending-${tag}`);
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  // The link from the new address's e-mail: one tap confirms.
  await page.goto(await confirmationLink(to));
  await page.getByRole('heading', { name: c.title }).waitFor();
  await screenshot(page, `email-confirm-${tag}`);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.getByTestId('email-confirm-button').click();
  await page
    .getByTestId('email-confirmed')
    .getByText(fill(c.done, { email: to }))
    .waitFor();
  await screenshot(page, `email-confirmed-${tag}`);

  // The profile shows the new address; after logout the old one is refused and the new one signs in.
  await page.goto(`${url}/profile`);
  await expect.poll(() => page.locator('.profile__email').textContent()).toBe(to);
  await page.getByTestId('logout').click();
  await page.waitForURL(`${url}/account`);
  await login(page, who.email, who.password);
  await expect.poll(() => toast(page, a.invalidCredentials).isVisible()).toBe(true);
  await login(page, to, who.password);
  await page.waitForURL(`${url}/profile`);
  await expect.poll(() => page.getByTestId('profile-email').getByLabel(p.email, { exact: true }).inputValue()).toBe(to);
  expect(await page.getByTestId('email-pending').count()).toBe(0);
}

describe('profile: names, phone and e-mail', () => {
  it('at 1366 px: edit, ask, confirm from the e-mail, sign in with the new address', async () => {
    const { context, page } = await newPage(journey.browser, DESKTOP);
    const who = { email: 'klient@butiku.shop', password: 'Klient#2026', phoneShown: '' };
    const row = await journey.server.db
      .selectFrom('users')
      .select('phone_number')
      .where('email', '=', who.email)
      .executeTakeFirstOrThrow();
    who.phoneShown = formatPhone(row.phone_number);
    await editAndMove(page, who, 'drita.e-re@example.com', '1366');
    await context.close();
  });

  it('at 375 px: the same on a phone, the forms and the confirmation page fit', async () => {
    const signUp = await fetch(`${journey.server.url}/api/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Blerta',
        lastName: 'Hoxha',
        phoneNumber: '049 111 222',
        email: 'blerta@example.com',
        password: 'Blerta#2026x',
      }),
    });
    expect(signUp.status).toBe(201);
    const { context, page } = await newPage(journey.browser, MOBILE);
    const who = { email: 'blerta@example.com', password: 'Blerta#2026x', phoneShown: '+383 49 111 222' };
    await editAndMove(page, who, 'blerta.re@example.com', '375');
    await context.close();
  });
});
