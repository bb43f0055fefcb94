// Account journeys in headless Chromium: sign-up (client-side rules, signed in at once) -> profile -> password change ->
// logout -> login again; a signed-in visitor is replaced to /profile; an expired access token is refreshed with
// the cookie; a dead login goes to /account. Screenshots at 1366 and 375 px.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '#shared/messages';
import { accountMessages } from '#shared/messages/account';
import { signAccessToken } from '#server/modules/accounts';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { useJourney } from './support/journey';

const journey = useJourney();

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first();

async function fillSignUp(page: Page, v: Record<string, string>) {
  const form = page.locator('form[aria-labelledby="acc-signup-title"]');
  for (const [label, value] of Object.entries(v)) await form.getByLabel(label, { exact: true }).fill(value);
  return form;
}

async function login(page: Page, email: string, password: string) {
  const form = page.locator('form[aria-labelledby="acc-login-title"]');
  await form.getByLabel(accountMessages.account.email, { exact: true }).fill(email);
  await form.getByLabel(accountMessages.account.password, { exact: true }).fill(password);
  await form.getByTestId('login-submit').click();
}

describe('accounts (desktop 1366)', () => {
  it('sign-up (signed in at once) -> profile -> change password -> logout -> login with the new password', async () => {
    const { context, page } = await newPage(journey.browser, DESKTOP);
    await page.goto(`${journey.server.url}/account`);
    await expect
      .poll(() => page.getByRole('heading', { name: accountMessages.account.welcome }).isVisible())
      .toBe(true);
    await expect
      .poll(() => page.locator('.acc__overlay').getByText(accountMessages.account.noAccount).isVisible())
      .toBe(true);
    // No provider is configured in tests: the social buttons are hidden.
    expect(await page.getByTestId('social-buttons').count()).toBe(0);
    await screenshot(page, 'account-login-desktop');

    await page.getByTestId('to-signup').click();
    const form = await fillSignUp(page, {
      [accountMessages.account.firstName]: 'Art4',
      [accountMessages.account.lastName]: 'Krasniqi',
      [accountMessages.account.phoneNumber]: '+383-44-555666',
      [accountMessages.account.email]: 'arta.e2e@example.com',
      [accountMessages.account.password]: 'weakpass',
      [accountMessages.account.confirmPassword]: 'different',
    });
    await form.getByTestId('signup-submit').click({ force: true });
    await expect.poll(() => form.getByText(accountMessages.account.firstNameCapital).isVisible()).toBe(true);
    expect(await form.getByText(accountMessages.account.passwordRules).isVisible()).toBe(true);
    expect(await form.getByText(accountMessages.account.passwordsMismatch).isVisible()).toBe(true);
    await screenshot(page, 'account-signup-errors-desktop');
    // Names typed in lowercase are fine: the shop stores them with capitals (decision 209).
    await fillSignUp(page, {
      [accountMessages.account.firstName]: 'arta',
      [accountMessages.account.lastName]: 'berisha-gashi',
      [accountMessages.account.password]: 'Arta#2026x',
      [accountMessages.account.confirmPassword]: 'Arta#2026x',
    });
    await expect.poll(() => form.getByTestId('signup-submit').isEnabled()).toBe(true);
    await form.getByTestId('signup-submit').click();
    await expect.poll(() => toast(page, accountMessages.account.signUpSuccess).isVisible()).toBe(true);
    const row = await journey.server.db
      .selectFrom('users')
      .select(['role_id', 'password_hash', 'first_name', 'last_name'])
      .where('email', '=', 'arta.e2e@example.com')
      .executeTakeFirstOrThrow();
    expect(row.role_id).toBe(1);
    expect([row.first_name, row.last_name]).toEqual(['Arta', 'Berisha-Gashi']);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    // Signed in by the sign-up itself (decision 215): on to the profile, no second login.
    await page.waitForURL(`${journey.server.url}/profile`);
    const stored = await page.evaluate(() => ({
      t: localStorage.getItem('authToken'),
      r: localStorage.getItem('roleID'),
      u: localStorage.getItem('userId'),
      rt: localStorage.getItem('refreshToken'),
    }));
    expect(stored.t).toBeTruthy();
    expect(stored.r).toBe('1');
    expect(Number(stored.u)).toBeGreaterThan(0);
    expect(stored.rt).toBeNull();
    const cookies = await context.cookies();
    const rc = cookies.find((c) => c.name === 'RefreshToken')!;
    expect(rc.httpOnly).toBe(true);
    expect(rc.path).toBe('/api');

    await expect
      .poll(() => page.getByLabel(accountMessages.profile.firstName, { exact: true }).inputValue())
      .toBe('Arta');
    expect(await page.getByLabel(accountMessages.profile.lastName, { exact: true }).inputValue()).toBe('Berisha-Gashi');
    expect(
      await page.getByLabel(accountMessages.profile.email, { exact: true }).getAttribute('readonly'),
    ).not.toBeNull();
    expect(await page.getByRole('link', { name: messages.nav.profile }).first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: messages.nav.dashboard }).count()).toBe(0);
    await screenshot(page, 'profile-desktop');

    // Visiting /account while signed in replaces to /profile.
    await page.goto(`${journey.server.url}/account`);
    await page.waitForURL(`${journey.server.url}/profile`);

    // Password change: mismatch is shown, a wrong current password is refused, then a real change.
    await page.getByTestId('profile-password').getByLabel(accountMessages.profile.newPassword).fill('Nova#2026x');
    await page.getByTestId('profile-password').getByLabel(accountMessages.profile.repeatPassword).fill('Nova#2026y');
    await page.getByTestId('profile-update').click();
    await expect.poll(() => page.getByText(accountMessages.account.passwordsMismatch).isVisible()).toBe(true);
    await page.getByTestId('profile-password').getByLabel(accountMessages.profile.repeatPassword).fill('Nova#2026x');
    await page.getByTestId('profile-password').getByLabel(accountMessages.profile.currentPassword).fill('Gabim#2026x');
    await page.getByTestId('profile-update').click();
    await expect.poll(() => page.getByText(accountMessages.account.currentPasswordWrong).isVisible()).toBe(true);
    await page.getByTestId('profile-password').getByLabel(accountMessages.profile.currentPassword).fill('Arta#2026x');
    await page.getByTestId('profile-update').click();
    await expect.poll(() => toast(page, accountMessages.profile.updated).isVisible()).toBe(true);
    await page.waitForURL(`${journey.server.url}/profile`);

    await page.getByTestId('logout').click();
    await expect.poll(() => toast(page, accountMessages.profile.loggedOut).isVisible()).toBe(true);
    await page.waitForURL(`${journey.server.url}/account`);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    expect(await page.getByRole('link', { name: messages.nav.account }).first().isVisible()).toBe(true);
    // The logged-out refresh token is revoked on the server.
    const live = await journey.server.db
      .selectFrom('refresh_tokens')
      .select('refresh_token_id')
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(0);

    await login(page, 'arta.e2e@example.com', 'Arta#2026x');
    await expect.poll(() => toast(page, accountMessages.account.invalidCredentials).isVisible()).toBe(true);
    await login(page, '  ARTA.e2e@example.com ', 'Nova#2026x');
    await expect.poll(() => toast(page, accountMessages.account.loginSuccess).isVisible()).toBe(true);
    await page.waitForURL(`${journey.server.url}/profile`);
    await context.close();
  });

  it('shows the Dashboard link for staff only', async () => {
    const { context, page } = await newPage(journey.browser, DESKTOP);
    await page.goto(`${journey.server.url}/account`);
    await login(page, 'staf@butiku.shop', 'Staf#2026');
    await page.waitForURL(`${journey.server.url}/profile`);
    await expect.poll(() => page.getByRole('link', { name: messages.nav.dashboard }).first().isVisible()).toBe(true);
    await context.close();
  });

  it('renews an expired access token with the refresh cookie, and sends a dead login to /account', async () => {
    // A new page (decision 292): on a kept one this test's refresh failed in two of five runs of many files on a busy
    // machine (the page ended at /account), and never alone; why is not found yet.
    const { context, page } = await newPage(journey.browser, DESKTOP, { fresh: true });
    await page.goto(`${journey.server.url}/account`);
    await login(page, 'klient@butiku.shop', 'Klient#2026');
    await page.waitForURL(`${journey.server.url}/profile`);
    const user = await journey.server.db
      .selectFrom('users')
      .select(['user_id'])
      .where('email', '=', 'klient@butiku.shop')
      .executeTakeFirstOrThrow();
    // An access token that has already expired: the page refreshes it with the cookie and stays.
    const live = await journey.server.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('user_id', '=', user.user_id)
      .where('revoked_at', 'is', null)
      .orderBy('refresh_token_id', 'desc')
      .executeTakeFirstOrThrow();
    const expired = await signAccessToken(
      { userId: user.user_id, roleID: 1, familyId: live.family_id },
      journey.server.config.keys.accessToken,
      -5,
    );
    await page.evaluate((t) => localStorage.setItem('authToken', t), expired);
    await page.goto(`${journey.server.url}/profile`);
    await expect
      .poll(() => page.getByLabel(accountMessages.profile.firstName, { exact: true }).inputValue())
      .toBe('Drita');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).not.toBe(expired);
    // A token the server rejects (forged) triggers one refresh: it succeeds, the request is retried.
    await page.evaluate(() =>
      localStorage.setItem(
        'authToken',
        'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwicm9sZUlEIjoxLCJleHAiOjQxMDI0NDQ4MDB9.forged',
      ),
    );
    await page.getByTestId('profile-password').getByLabel(accountMessages.profile.newPassword).fill('');
    await page.getByTestId('profile-update').click();
    await expect.poll(() => toast(page, accountMessages.profile.updated).isVisible()).toBe(true);
    // The whole login revoked on the server: the next refresh fails -> tokens cleared, /account.
    await journey.server.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_id', '=', user.user_id)
      .execute();
    await page.waitForURL(`${journey.server.url}/profile`);
    await page.evaluate((t) => localStorage.setItem('authToken', t), expired);
    await page.goto(`${journey.server.url}/profile`);
    await page.waitForURL(`${journey.server.url}/account`);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await context.close();
  });
});

describe('accounts (mobile 375)', () => {
  it('one form at a time, switching with the "Regjistrohu" link, and the profile fits', async () => {
    const { context, page } = await newPage(journey.browser, MOBILE);
    await page.goto(`${journey.server.url}/account`);
    await expect
      .poll(() => page.getByRole('heading', { name: accountMessages.account.welcome }).isVisible())
      .toBe(true);
    await screenshot(page, 'account-login-mobile');
    await page.getByTestId('to-signup-mobile').click();
    await expect.poll(() => page.locator('form[aria-labelledby="acc-signup-title"]').isVisible()).toBe(true);
    expect(await page.locator('form[aria-labelledby="acc-login-title"]').isVisible()).toBe(false);
    await screenshot(page, 'account-signup-mobile');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.locator('.acc__switch--mobile button', { hasText: accountMessages.account.login }).click();
    await login(page, 'klient@butiku.shop', 'Klient#2026');
    await page.waitForURL(`${journey.server.url}/profile`);
    await expect
      .poll(() => page.getByLabel(accountMessages.profile.firstName, { exact: true }).inputValue())
      .toBe('Drita');
    await screenshot(page, 'profile-mobile');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });
});
