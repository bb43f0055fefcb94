// Contact form journeys at 1366 px and 375 px: validation messages under the fields (shared schema),
// then a real send: success text, cleared fields, and the message stored in the database.
import { describe, expect, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { contactMessages } from '../src/shared/messages/contact';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { useJourney } from './support/journey';

const journey = useJourney();

const m = contactMessages.contact;

for (const [label, viewport] of [
  ['desktop 1366', DESKTOP],
  ['mobile 375', MOBILE],
] as const) {
  describe(`contact form (${label})`, () => {
    it('shows field messages for an empty form and a bad e-mail, and sends nothing', async () => {
      const { context, page } = await newPage(journey.browser, viewport);
      await page.goto(`${journey.server.url}/contactus`);
      await expect.poll(() => page.title()).toBe(`${m.title} | Butiku`);
      const before = await journey.server.db
        .selectFrom('contact_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();

      await page.getByRole('button', { name: m.send }).click();
      for (const text of [m.nameRequired, m.phoneRequired, m.emailRequired, m.messageRequired])
        await page.getByText(text).waitFor();
      const name = page.getByLabel(m.name, { exact: true });
      expect(await name.getAttribute('aria-invalid')).toBe('true');
      expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);

      await name.fill('Drita');
      await page.getByLabel(m.phone, { exact: true }).fill('+383 44 111 222');
      await page.getByLabel(m.email, { exact: true }).fill('jo-email');
      await page.getByLabel(m.message, { exact: true }).fill('Pershendetje');
      await page.getByRole('button', { name: m.send }).click();
      await page.getByText(m.invalidEmail).waitFor();
      expect(await page.getByLabel(m.email, { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, `contact-invalid-${viewport.width}`);

      const after = await journey.server.db
        .selectFrom('contact_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      await context.close();
    });

    it('sends a message: success text, fields cleared, message stored', async () => {
      const { context, page } = await newPage(journey.browser, viewport);
      await page.goto(`${journey.server.url}/contactus`);
      const email = `drita.${viewport.width}@example.com`;
      const field = (label: string) => page.getByLabel(label, { exact: true });
      expect(await field(m.name).getAttribute('name')).toBe('name');
      expect(await field(m.phone).getAttribute('autocomplete')).toBe('tel');
      expect(await field(m.phone).getAttribute('type')).toBe('tel');
      expect(await field(m.email).getAttribute('type')).toBe('email');
      await field(m.name).fill('Drita Berisha');
      await field(m.phone).fill('+383 44 111 222');
      await field(m.email).fill(email);
      await field(m.message).fill('A e keni fustanin e gjelbër në madhësinë M?');
      await page.getByRole('button', { name: m.send }).click();
      await expect.poll(() => page.getByTestId('contact-status').textContent()).toBe(m.success);
      for (const label of [m.name, m.phone, m.email, m.message]) expect(await field(label).inputValue()).toBe('');
      // Said once: the inline status, not a toast beside it.
      expect(await page.getByText(m.success).count()).toBe(1);

      const stored = await journey.server.db
        .selectFrom('contact_messages')
        .select(['name', 'phone', 'email', 'message', 'is_replied'])
        .where('email', '=', email)
        .execute();
      expect(stored).toEqual([
        {
          name: 'Drita Berisha',
          phone: '+383 44 111 222',
          email,
          message: 'A e keni fustanin e gjelbër në madhësinë M?',
          is_replied: 0,
        },
      ]);
      // The map is an OpenStreetMap embed (the only framed origin the CSP allows) and the shop details are shown.
      expect(await page.locator('iframe').getAttribute('src')).toMatch(
        /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/,
      );
      for (const text of [messages.shop.email, messages.shop.phone1, messages.shop.phone2, messages.shop.address])
        expect(await page.locator('main').textContent()).toContain(text);
      await screenshot(page, `contact-sent-${viewport.width}`);
      await context.close();
    });
  });
}
