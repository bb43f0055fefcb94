// @vitest-environment happy-dom
// The contact messages screen's thread and reply form (decision 257) against the real app (../../test/server.ts):
// a message holding markup shows as text, an empty reply shows the field message and sends nothing, a reply shows in
// the thread with its author and its e-mail "Në radhë", and the list marks the message "U përgjigj".
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { queryClient } from '#client/lib/trpc';
import { loginAs } from '#client/test/login';
import { renderInApp } from '#client/test/render';
import { startClientTestServer, type ClientTestServer } from '#client/test/server';
import { ContactMessages } from './contact-messages';

const r = staffMessages.contactReplies;
const WAIT = { timeout: 15_000 };
const NAME = 'Teuta Thread';
const TEXT = 'A e keni këtë në 40? <script>window.hacked = 1</script>';

let server: ClientTestServer;
let token: string;
beforeAll(async () => {
  server = await startClientTestServer();
  token = (await loginAs(server.staff)).token;
  const res = await fetch('/api/Contact', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: NAME, phone: '+38344111222', email: 'teuta.thread@example.com', message: TEXT }),
  });
  if (res.status !== 201) throw new Error(`contact answered ${res.status}`);
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('contact message thread', () => {
  it('shows the message as text, refuses an empty reply, sends one and marks the message answered', async () => {
    renderInApp(<ContactMessages />);
    fireEvent.click(await screen.findByRole('button', { name: fill(r.openFor, { name: NAME }) }, WAIT));
    const thread = await screen.findByTestId('contact-thread', {}, WAIT);
    expect(within(thread).getByRole('heading', { name: fill(r.title, { name: NAME }) })).toBeTruthy();
    const original = within(thread).getByTestId('contact-original');
    expect(original.textContent).toContain(TEXT);
    expect(original.querySelector('script')).toBeNull();
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
    expect(within(thread).getByText(r.none)).toBeTruthy();

    const send = within(thread).getByRole('button', { name: r.send });
    fireEvent.click(send);
    expect((await within(thread).findByText(r.bodyRequired, {}, WAIT)).getAttribute('role')).toBe('alert');
    const box = within(thread).getByLabelText(r.replyLabel) as HTMLTextAreaElement;
    expect(box.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(box, { target: { value: 'Po, e kemi. <b>Ju presim</b>.' } });
    fireEvent.click(send);
    const reply = await within(thread).findByTestId('contact-reply', {}, WAIT);
    expect(reply.textContent).toContain('Po, e kemi. <b>Ju presim</b>.');
    expect(reply.querySelector('b')).toBeNull();
    expect(reply.textContent).toContain(fill(r.by, { name: 'Test Përdorues' }));
    expect(within(reply).getByTestId('contact-reply-mail').textContent).toBe(
      `${r.mail}: ${staffMessages.outbox.statuses.queued}`,
    );
    await waitFor(() => expect(box.value).toBe(''), WAIT);
    expect(within(thread).queryByText(r.none)).toBeNull();

    // The list shows the message answered, and the server holds one reply with one queued e-mail.
    const row = (await screen.findByText(NAME, {}, WAIT)).closest('tr')!;
    await waitFor(
      () => expect(within(row).getByTestId('contact-status').textContent).toBe(staffMessages.dashboardSales.replied),
      WAIT,
    );
    const list = (await (
      await fetch('/api/Contact', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Array<{
      contactID: number;
      name: string;
    }>;
    const id = list.find((m) => m.name === NAME)!.contactID;
    const saved = (await (
      await fetch(`/api/Contact/${id}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { replies: Array<{ body: string; mailStatus: string }> };
    expect(saved.replies).toEqual([
      expect.objectContaining({ body: 'Po, e kemi. <b>Ju presim</b>.', mailStatus: 'queued' }),
    ]);
  }, 60_000);
});
