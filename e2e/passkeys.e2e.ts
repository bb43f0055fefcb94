// Passkeys in the real browser (issue 28, decision 226), with Chromium's virtual authenticator (CDP WebAuthn: ctap2,
// internal transport, resident keys, user verification): on /profile a customer adds a passkey, renames it, signs
// out, signs in with "Hyr me çelës kalimi" (usernameless at 1366 px, after typing the e-mail at 375 px) and removes it.
// WebAuthn needs a secure context and a domain name: the shop is opened as http://localhost:PORT, its public origin.
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from './support/auth';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { accountMessages } from '#shared/messages/account';

const journey = useJourney();
const p = accountMessages.passkeys;
const EMAIL = 'klient@butiku.shop';
let base = '';

beforeAll(() => {
  base = journey.server.url.replace('127.0.0.1', 'localhost');
  // The relying party is the public origin (PUBLIC_URL); the port is known only once the server listens.
  journey.server.config.publicUrl = base;
});

async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials };
}

const storedPasskeys = (userId: number) =>
  journey.server.db.selectFrom('passkeys').select(['name', 'last_used_at']).where('user_id', '=', userId).execute();

describe('passkeys on the profile and the login screen', () => {
  for (const [size, name, typeEmail] of [
    [DESKTOP, '1366', false],
    [MOBILE, '375', true],
  ] as const)
    it(`add, rename, sign out, sign in with the passkey, remove; ${name} px`, async () => {
      const { context, page } = await newPage(journey.browser, size);
      const authenticator = await virtualAuthenticator(context, page);
      const { userId } = await signInAs(page, base, journey.server, EMAIL);
      await journey.server.db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
      await page.goto(`${base}/profile`);
      const panel = page.getByTestId('passkeys');
      await panel.getByText(p.empty).waitFor();
      await panel.scrollIntoViewIfNeeded();
      await screenshot(page, `passkeys-empty-${name}`);

      await panel.getByTestId('passkey-add').click();
      const rows = panel.getByTestId('passkey');
      await expect.poll(() => rows.count()).toBe(1);
      await expect.poll(() => rows.first().textContent()).toContain(p.neverUsed);
      const held = await authenticator.credentials();
      expect(held).toHaveLength(1);
      expect(held[0]!.isResidentCredential).toBe(true);
      expect(held[0]!.rpId).toBe('localhost');

      await rows.first().getByTestId('passkey-rename').click();
      await rows.first().getByLabel(p.name, { exact: true }).fill('Laptopi i punës');
      await screenshot(page, `passkeys-rename-${name}`);
      await rows.first().getByTestId('passkey-rename-save').click();
      await expect.poll(() => rows.first().textContent()).toContain('Laptopi i punës');
      await screenshot(page, `passkeys-added-${name}`);

      await page.getByTestId('logout').click();
      await page.waitForURL(`${base}/account`);
      const loginForm = page.getByRole('form', { name: accountMessages.account.loginTitle });
      if (typeEmail) await loginForm.getByLabel(accountMessages.account.email, { exact: true }).fill(EMAIL);
      await page.getByTestId('passkey-login').scrollIntoViewIfNeeded();
      await screenshot(page, `passkeys-login-${name}`);
      await page.getByTestId('passkey-login').click();
      await page.waitForURL(`${base}/profile`);
      expect(await page.evaluate(() => localStorage.getItem('userId'))).toBe(String(userId));
      await expect.poll(() => rows.first().textContent()).toContain(p.lastUsed.split(' {')[0]!);
      expect((await storedPasskeys(userId))[0]!.last_used_at).not.toBeNull();
      await page.getByTestId('passkeys').scrollIntoViewIfNeeded();
      await screenshot(page, `passkeys-signed-in-${name}`);

      await rows.first().getByTestId('passkey-remove').click();
      await rows.first().getByText(p.confirmRemove).waitFor();
      await screenshot(page, `passkeys-remove-${name}`);
      await rows.first().getByTestId('passkey-remove-confirm').click();
      await panel.getByText(p.empty).waitFor();
      expect(await storedPasskeys(userId)).toEqual([]);
      await context.close();
    });
});
