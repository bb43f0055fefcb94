// @vitest-environment happy-dom
// The profile's forms against the real app (decision 259): the sign-up phone is shown grouped, names and phone are
// edited in place and saved as sign-up stores them (a phone that is none is refused under its field before anything
// is sent); the e-mail stays read-only and changes only through a request with the current password, after which the
// profile shows the change waiting for its link.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/messages/account';
import { queryClient } from '#client/lib/trpc';
import { loginAs } from '#client/test/login';
import { renderInApp } from '#client/test/render';
import { recordRequests, startClientTestServer, type ClientTestServer } from '#client/test/server';
import { ProfileView } from './profile-view';

const WAIT = { timeout: 15_000 };
const p = accountMessages.profile;
let server: ClientTestServer;
beforeAll(async () => {
  server = await startClientTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  queryClient.clear();
});

const within = (testId: string) => screen.getByTestId(testId);
const input = (form: string, label: string) => {
  const labelled = [...within(form).querySelectorAll('label')].find((l) => l.textContent === label)!;
  return document.getElementById(labelled.htmlFor) as HTMLInputElement;
};
const messageOf = (control: HTMLElement) =>
  document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

describe('the profile form', () => {
  it('shows the sign-up phone grouped and saves names and phone as typed; a phone that is none stays on the form', async () => {
    await loginAs(server.customer);
    renderInApp(<ProfileView />);
    await screen.findByTestId('profile-details', undefined, WAIT);
    expect(input('profile-details', p.phoneNumber).value).toBe('+383 44 123 456');
    const email = input('profile-email', p.email);
    expect(email.value).toBe(server.customer.email);
    expect(email.readOnly).toBe(true);

    const requests = recordRequests();
    try {
      fireEvent.change(input('profile-details', p.phoneNumber), { target: { value: '12' } });
      fireEvent.submit(within('profile-details'));
      await waitFor(() =>
        expect(messageOf(input('profile-details', p.phoneNumber))).toBe(accountMessages.account.invalidPhone),
      );
      expect(requests.paths.some((path) => path.includes('accounts.updateProfile'))).toBe(false);
    } finally {
      requests.restore();
    }

    fireEvent.change(input('profile-details', p.firstName), { target: { value: 'arta' } });
    fireEvent.change(input('profile-details', p.lastName), { target: { value: 'berisha-gashi' } });
    fireEvent.change(input('profile-details', p.phoneNumber), { target: { value: '044-555-666' } });
    fireEvent.submit(within('profile-details'));
    // The server's answer is what the form shows now: capitals as sign-up stores them, the phone grouped.
    await waitFor(() => expect(input('profile-details', p.phoneNumber).value).toBe('+383 44 555 666'), WAIT);
    expect(input('profile-details', p.firstName).value).toBe('Arta');
    expect(input('profile-details', p.lastName).value).toBe('Berisha-Gashi');
    // Shown again from the server, as a reload would.
    cleanup();
    queryClient.clear();
    renderInApp(<ProfileView />);
    await screen.findByTestId('profile-details', undefined, WAIT);
    expect(input('profile-details', p.firstName).value).toBe('Arta');
    expect(input('profile-details', p.phoneNumber).value).toBe('+383 44 555 666');
  });

  it('asks for an e-mail change with the current password, then shows it waiting for its link', async () => {
    await loginAs(server.customer);
    renderInApp(<ProfileView />);
    await screen.findByTestId('profile-email', undefined, WAIT);
    expect(screen.queryByTestId('email-pending')).toBeNull();
    fireEvent.change(input('profile-email', p.newEmail), { target: { value: 'e-re@example.com' } });
    fireEvent.change(input('profile-email', p.currentPassword), { target: { value: 'Gabim#2026' } });
    fireEvent.submit(within('profile-email'));
    await waitFor(
      () =>
        expect(messageOf(input('profile-email', p.currentPassword))).toBe(accountMessages.account.currentPasswordWrong),
      WAIT,
    );
    expect(screen.queryByTestId('email-pending')).toBeNull();

    fireEvent.change(input('profile-email', p.currentPassword), { target: { value: server.customer.password } });
    fireEvent.submit(within('profile-email'));
    const pending = await screen.findByTestId('email-pending', undefined, WAIT);
    expect(pending.textContent).toContain('e-re@example.com');
    // Nothing changed yet: the e-mail shown is still the old one, and the form is empty again.
    expect(input('profile-email', p.email).value).toBe(server.customer.email);
    expect(input('profile-email', p.newEmail).value).toBe('');
    expect(input('profile-email', p.currentPassword).value).toBe('');
  });
});
