// Contact form journeys at 1366 px and 375 px: validation messages under the fields (shared schema),
// then a real send: success text, cleared fields, and the message stored in the database. Then staff answer a
// message from the dashboard (decision 257): the thread, a refused empty reply, the reply e-mailed through the outbox
// to a real SMTP server, its state "Dërguar" in the thread and the "U përgjigj" badge in the list.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fill, messages } from '#shared/messages';
import { contactMessages } from '#shared/messages/contact';
import { staffMessages } from '#shared/messages-staff';
import { emailMessages } from '#shared/messages/emails';
import { DESKTOP, MOBILE, newPage, screenshot } from './support/browser';
import { signInAs } from './support/auth';
import { useMailJourney } from './support/journey';

const journey = useMailJourney();

const m = contactMessages.contact;
const r = staffMessages.contactReplies;

/** A shopper sends a message through the contact page. */
async function sendMessage(page: Page, name: string, email: string, text: string) {
  await page.goto(`${journey.server.url}/contactus`);
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field(m.name).fill(name);
  await field(m.phone).fill('+383 44 111 222');
  await field(m.email).fill(email);
  await field(m.message).fill(text);
  await page.getByRole('button', { name: m.send }).click();
  await expect.poll(() => page.getByTestId('contact-status').textContent()).toBe(m.success);
}

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

    it('staff open the message, reply by e-mail, and see the thread and the answered badge', async () => {
      const name = `Mimoza Hasani ${viewport.width}`;
      const email = `mimoza.${viewport.width}@example.com`;
      const text = 'A e keni xhaketën në L?\n<script>window.hacked = 1</script>';
      const shopper = await newPage(journey.browser, viewport);
      await sendMessage(shopper.page, name, email, text);
      await shopper.context.close();

      const { context, page } = await newPage(journey.browser, viewport);
      await signInAs(page, journey.server.url, journey.server, 'staf@butiku.shop');
      await page.goto(`${journey.server.url}/dashboard/contactus`);
      const row = page.locator('tbody tr', { hasText: email });
      await row.waitFor();
      expect(await row.getByTestId('contact-status').textContent()).toBe(staffMessages.dashboardSales.notReplied);
      await row.getByRole('button', { name: fill(r.openFor, { name }) }).click();
      const thread = page.getByTestId('contact-thread');
      await thread.getByRole('heading', { name: fill(r.title, { name }) }).waitFor();
      // The message's markup is shown as text and never runs.
      expect(await thread.getByTestId('contact-original').textContent()).toContain(
        '<script>window.hacked = 1</script>',
      );
      expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
      await thread.getByText(r.none).waitFor();

      await thread.getByRole('button', { name: r.send }).click();
      await thread.getByText(r.bodyRequired).waitFor();
      const box = thread.getByLabel(r.replyLabel);
      await box.fill('Po, e kemi në L.\nJu presim në dyqan.');
      await screenshot(page, `contact-reply-form-${viewport.width}`);
      await thread.getByRole('button', { name: r.send }).click();
      const reply = thread.getByTestId('contact-reply');
      await reply.waitFor();
      expect(await reply.textContent()).toContain(fill(r.by, { name: 'Blerim Gashi' }));
      expect(await reply.textContent()).toContain('Po, e kemi në L.');
      await expect.poll(() => box.inputValue()).toBe('');
      await expect
        .poll(() => row.getByTestId('contact-status').textContent())
        .toBe(staffMessages.dashboardSales.replied);

      // The e-mail reaches the shopper, and the open thread follows its outbox row to "Dërguar".
      const replyTo = (to: string) =>
        journey.smtp.received.find(
          (x) => x.headers.get('x-butiku-mail-kind') === 'contact_reply' && x.to && JSON.stringify(x.to).includes(to),
        );
      await expect.poll(() => Boolean(replyTo(email)), { timeout: 20_000 }).toBe(true);
      const mail = replyTo(email);
      expect(mail?.subject).toBe(`Re: ${emailMessages.contactReplyDefaultSubject}`);
      expect(mail?.text).toContain('> A e keni xhaketën në L?');
      expect(mail?.html).not.toContain('<script>');
      await expect
        .poll(() => reply.getByTestId('contact-reply-mail').textContent(), { timeout: 20_000 })
        .toBe(`${r.mail}: ${staffMessages.outbox.statuses.sent}`);
      // The "queued" toast has gone by now or soon: the screenshot shows the thread's head uncovered.
      await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
      await page.evaluate(() => document.getElementById('contact-thread-title')?.scrollIntoView({ block: 'start' }));
      await screenshot(page, `contact-reply-thread-${viewport.width}`);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, `contact-reply-list-${viewport.width}`);

      const saved = await journey.server.db
        .selectFrom('contact_replies as cr')
        .innerJoin('contact_messages as cm', 'cm.contact_id', 'cr.contact_id')
        .select(['cr.body', 'cr.mail_id', 'cm.is_replied'])
        .where('cm.email', '=', email)
        .execute();
      expect(saved).toEqual([
        { body: 'Po, e kemi në L.\nJu presim në dyqan.', mail_id: expect.any(Number), is_replied: 1 },
      ]);
      await context.close();
    });
  });
}
