// Sessions (issue 28, decision 227): one account signs in from two browsers; the first ends the other's session from
// the profile's "Seancat aktive", and the other browser is signed out on its very next request. An administrator
// ends all sessions of a staff member from the users screen. 1366 and 375 px, screenshots of each step.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { accountMessages } from '#shared/messages/account';
import { staffMessages } from '#shared/messages-staff';
import { ROLE_STAFF } from '#shared/roles';
import { hashPassword } from '#server/modules/accounts';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { useJourney } from './support/journey';

const journey = useJourney();
const t = accountMessages.sessions;

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first();

async function makeUser(email: string, password: string, roleID = 1): Promise<number> {
  const row = await journey.server.db
    .insertInto('users')
    .values({
      first_name: 'Vjosa',
      last_name: 'Hoxha',
      email,
      phone_number: '+38344123456',
      password_hash: await hashPassword(password),
      role_id: roleID,
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  return row.user_id;
}

/** A browser (context) that announces itself with `userAgent`, signed in through the login form. */
async function browserSignedIn(
  viewport: typeof DESKTOP,
  userAgent: string,
  email: string,
  password: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(journey.browser, viewport);
  await opened.context.setExtraHTTPHeaders({ 'user-agent': userAgent });
  const { page } = opened;
  await page.goto(`${journey.server.url}/account`);
  const form = page.locator('form[aria-labelledby="acc-login-title"]');
  await form.getByLabel(accountMessages.account.email, { exact: true }).fill(email);
  await form.getByLabel(accountMessages.account.password, { exact: true }).fill(password);
  await form.getByTestId('login-submit').click();
  await page.waitForURL(`${journey.server.url}/profile`);
  return opened;
}

describe('sessions', () => {
  for (const [size, name] of [
    [DESKTOP, '1366'],
    [MOBILE, '375'],
  ] as const)
    it(`ends the other browser's session from the profile; that browser is signed out at once, ${name} px`, async () => {
      const email = `seancat-${name}@example.com`;
      const password = 'Seanca#2026x';
      await makeUser(email, password);
      const other = await browserSignedIn(DESKTOP, FIREFOX_MAC, email, password);
      const mine = await browserSignedIn(size, size === MOBILE ? CHROME_ANDROID : CHROME_WINDOWS, email, password);
      const { page } = mine;

      const sessions = page.getByTestId('sessions');
      const rows = sessions.getByTestId('session');
      await expect.poll(() => rows.count()).toBe(2);
      const here = size === MOBILE ? 'Chrome në Android' : 'Chrome në Windows';
      await expect.poll(() => rows.filter({ hasText: t.current }).textContent()).toContain(here);
      const otherRow = rows.filter({ hasText: 'Firefox në Mac OS' });
      expect(await otherRow.count()).toBe(1);
      // The last sign-ins: both successful, newest first.
      const signIns = page.getByTestId('sign-ins').getByTestId('sign-in');
      await expect.poll(() => signIns.count()).toBe(2);
      expect(await signIns.first().textContent()).toContain(here);
      await sessions.scrollIntoViewIfNeeded();
      await screenshot(page, `sessions-list-${name}`);

      await otherRow.getByRole('button', { name: t.end, exact: true }).click();
      await otherRow.getByText(t.confirmEnd).waitFor();
      await screenshot(page, `sessions-confirm-${name}`);
      await otherRow.getByRole('button', { name: t.end, exact: true }).click();
      await expect.poll(() => toast(page, t.ended).isVisible()).toBe(true);
      await expect.poll(() => rows.count()).toBe(1);
      await page.getByText(t.noOthers).waitFor();
      await screenshot(page, `sessions-ended-${name}`);

      // The other browser's next request: refused, its refresh fails too, and it lands on the sign-in page.
      await other.page.goto(`${journey.server.url}/profile`);
      await other.page.waitForURL(`${journey.server.url}/account`);
      await expect.poll(() => other.page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
      await screenshot(other.page, `sessions-other-signed-out-${name}`);
      // This browser carries on.
      await page.reload();
      await expect.poll(() => page.getByTestId('sessions').getByTestId('session').count()).toBe(1);
      await other.context.close();
      await mine.context.close();
    });

  for (const [size, name] of [
    [DESKTOP, '1366'],
    [MOBILE, '375'],
  ] as const)
    it(`the administrator ends all sessions of a staff member from the users screen, ${name} px`, async () => {
      const email = `stafi-seanca-${name}@example.com`;
      const password = 'Stafi#2026x';
      const staffId = await makeUser(email, password, ROLE_STAFF);
      const staff = await browserSignedIn(DESKTOP, FIREFOX_MAC, email, password);
      const admin = await browserSignedIn(size, CHROME_WINDOWS, 'admin@butiku.shop', 'Admin#2026');
      const { page } = admin;
      await page.goto(`${journey.server.url}/dashboard/edit-user/${staffId}`);
      const panel = page.getByTestId('staff-sessions');
      await expect.poll(() => panel.textContent()).toContain('Firefox në Mac OS');
      await expect.poll(() => page.getByTestId('staff-sign-ins').textContent()).toContain(t.succeeded);
      await panel.scrollIntoViewIfNeeded();
      await screenshot(page, `staff-sessions-${name}`);
      await panel.getByRole('button', { name: staffMessages.staffSessions.endAll }).click();
      await page.getByRole('dialog').getByRole('button', { name: staffMessages.staffSessions.endAll }).click();
      await expect.poll(() => toast(page, 'U përfundua 1 seancë.').isVisible()).toBe(true);
      await expect.poll(() => panel.textContent()).toContain(staffMessages.staffSessions.none);
      await screenshot(page, `staff-sessions-ended-${name}`);
      await staff.page.goto(`${journey.server.url}/dashboard`);
      await staff.page.waitForURL((url) => !url.pathname.startsWith('/dashboard'));
      // The staff member lands on the sign-in form (the page settles there; closing mid-navigation can hang).
      await staff.page.getByTestId('login-submit').waitFor();
      await staff.page.waitForFunction(() => document.readyState === 'complete');
      await staff.context.close();
      await admin.context.close();
    });
});
