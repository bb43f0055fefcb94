// @vitest-environment happy-dom
// The outbox screen against the real app (../../test/server.ts): the preview of a sent e-mail whose body was cleared
// after MAIL_KEEP_DAYS (decision 241) shows the catalogue's note with the days and no empty frame, and nothing breaks.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { queryClient } from '#client/lib/trpc';
import { loginAs } from '#client/test/login';
import { renderInApp } from '#client/test/render';
import { startClientTestServer, type ClientTestServer } from '#client/test/server';
import { EmailOutbox } from './email-outbox';
import { formatDateTime } from '#client/components/dashboard/sales-kit';

const e = staffMessages.outbox;
const WAIT = { timeout: 15_000 };

let server: ClientTestServer;
beforeAll(async () => {
  server = await startClientTestServer();
  await loginAs(server.staff);
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('e-mail outbox preview', () => {
  it('a cleared body shows when and after how many days it was cleared, in place of the frame', async () => {
    renderInApp(<EmailOutbox />);
    fireEvent.click(await screen.findByRole('button', { name: `${e.view} #${server.clearedMailID}` }, WAIT));
    const preview = await screen.findByTestId('mail-preview', {}, WAIT);
    const note = await within(preview).findByTestId('mail-body-cleared', {}, WAIT);
    expect(note.textContent).toBe(fill(e.bodyCleared, { days: 90, date: formatDateTime('2026-04-10T09:00:00.000Z') }));
    expect(note.textContent).toContain('u fshi 90 ditë pas dërgimit');
    expect(preview.querySelector('iframe')).toBeNull();
    expect(within(preview).getByRole('heading').textContent).toBe('Porosia juaj u nis (e vjetër)');
  }, 30_000);
});
