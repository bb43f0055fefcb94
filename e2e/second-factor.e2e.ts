// Two-step sign-in (issue 28, decision 225) in headless Chromium: a customer turns TOTP on from the profile (the QR
// code and the secret to type, confirmed with a code computed here with otpauth), sees the recovery codes once,
// logs out and in again with the password and a code. Staff whom the administrator requires it of are sent from
// the dashboard to the profile to set it up, and reach the dashboard after. 1366 and 375 px.
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { staffMessages } from '#shared/messages-staff';
import { signInAs } from './support/auth';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { accountMessages } from '#shared/messages/account';

const journey = useJourney();
const m = accountMessages.secondFactor;

/** The code of the step `offset` steps from now (each step is accepted once by the server). */
const codeAt = (secret: string, offset: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 30_000,
  });

async function turnOnFromProfile(page: Page, shot: string): Promise<string> {
  await page.getByTestId('totp-start').click();
  const shown = await page.getByTestId('totp-secret').textContent();
  const secret = (shown ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect
    .poll(() => page.getByAltText(m.qrAlt).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await screenshot(page, `${shot}-setup`);
  await page.getByTestId('totp-setup-code').fill(codeAt(secret, 0));
  await page.getByTestId('totp-confirm').click();
  await expect.poll(() => page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
  await screenshot(page, `${shot}-recovery-codes`);
  await page.getByTestId('recovery-codes-done').click();
  await expect.poll(() => page.getByTestId('second-factor-state').textContent()).toBe(m.statusOn);
  return secret;
}

async function loginWithPassword(page: Page, email: string, password: string) {
  const form = page.locator('form[aria-labelledby="acc-login-title"]');
  await form.getByLabel(accountMessages.account.email, { exact: true }).fill(email);
  await form.getByLabel(accountMessages.account.password, { exact: true }).fill(password);
  await form.getByTestId('login-submit').click();
}

describe('two-step sign-in', () => {
  for (const [size, name] of [
    [DESKTOP, '1366'],
    [MOBILE, '375'],
  ] as const)
    it(`a customer turns TOTP on from the profile and logs in with a code, ${name} px`, async () => {
      const { context, page } = await newPage(journey.browser, size);
      const email = `totp-${name}@example.com`;
      const password = 'Drita#2026x';
      const reg = await fetch(`${journey.server.url}/api/users/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Drita', lastName: 'Hoxha', phoneNumber: '044123456', email, password }),
      });
      expect(reg.status).toBe(201);
      await page.goto(`${journey.server.url}/account`);
      await loginWithPassword(page, email, password);
      await page.waitForURL('**/profile');
      await page.getByTestId('totp-start').scrollIntoViewIfNeeded();
      const secret = await turnOnFromProfile(page, `second-factor-${name}`);

      await page.getByTestId('logout').click();
      await page.waitForURL('**/account');
      await loginWithPassword(page, email, password);
      const code = page.getByTestId('second-factor-code');
      await code.waitFor();
      await screenshot(page, `second-factor-${name}-login-code`);
      // A wrong code is refused with its message on the field; the next step's code signs in.
      await code.fill('000000');
      await page.getByTestId('second-factor-submit').click();
      await expect.poll(() => page.getByText(m.codeInvalid).first().isVisible()).toBe(true);
      await code.fill(codeAt(secret, 1));
      await page.getByTestId('second-factor-submit').click();
      await page.waitForURL('**/profile');
      await expect.poll(() => page.getByTestId('second-factor-state').textContent()).toBe(m.statusOn);
      await screenshot(page, `second-factor-${name}-profile-on`);
      await context.close();
    });

  it('staff required to use it are led from the dashboard to set it up, then reach it (1366 and 375 px)', async () => {
    const db = journey.server.db;
    for (const [size, name] of [
      [DESKTOP, '1366'],
      [MOBILE, '375'],
    ] as const) {
      const { context, page } = await newPage(journey.browser, size);
      if (name === '1366') {
        await signInAs(page, journey.server.url, journey.server, 'admin@butiku.shop');
        await page.goto(`${journey.server.url}/dashboard/security`);
        await page.getByText(staffMessages.secondFactor.requireLabel).waitFor();
        await screenshot(page, `second-factor-${name}-dashboard-security`);
      }
      const staffEmail = 'staf@butiku.shop';
      const staff = await db
        .selectFrom('users')
        .select('user_id')
        .where('email', '=', staffEmail)
        .executeTakeFirstOrThrow();
      await db.deleteFrom('user_totp').where('user_id', '=', staff.user_id).execute();
      await db
        .insertInto('app_settings')
        .values({ key: 'require_staff_second_factor', value: '1' })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: '1' }))
        .execute();
      await signInAs(page, journey.server.url, journey.server, staffEmail);
      await page.goto(`${journey.server.url}/dashboard`);
      await page.waitForURL('**/profile');
      await page.getByTestId('second-factor-required').waitFor();
      await screenshot(page, `second-factor-${name}-staff-required`);
      await turnOnFromProfile(page, `second-factor-${name}-staff`);
      await page.goto(`${journey.server.url}/dashboard`);
      await page.getByRole('heading', { name: staffMessages.dashboard.overview, exact: true }).first().waitFor();
      expect(page.url()).toMatch(/\/dashboard$/);
      await context.close();
    }
    await db.updateTable('app_settings').set({ value: '0' }).where('key', '=', 'require_staff_second_factor').execute();
  });
});
