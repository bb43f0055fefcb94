// @vitest-environment happy-dom
// The login form with a second factor (decision 225), against the real app: the password answers a challenge, the
// form turns into the code step, a wrong code shows its message on the field, the right code signs in.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderInApp } from '#client/test/render';
import { startClientTestServer, type ClientTestServer } from '#client/test/server';
import { LoginForm } from './login-form';
import { accountMessages } from '#shared/messages/account';

const SERVER_WAIT = { timeout: 15_000 };
let server: ClientTestServer;
beforeAll(async () => {
  server = await startClientTestServer();
});
afterAll(() => server.close());
afterEach(cleanup);

const codeAt = (secret: string, offset: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 30_000,
  });

async function post(path: string, body: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return (await res.json()) as Record<string, unknown>;
}

describe('login form with a second factor', () => {
  it('asks for the code after the password, refuses a wrong one, signs in with the right one', async () => {
    const { email, password } = server.customer;
    const { token } = (await post('/api/users/login', { email, password })) as { token: string };
    const { secret } = (await post('/api/users/second-factor/setup', {}, token)) as { secret: string };
    await post('/api/users/second-factor/confirm', { code: codeAt(secret, -1) }, token);

    let loggedIn = false;
    renderInApp(<LoginForm active onLoggedIn={() => (loggedIn = true)} />);
    fireEvent.change(await screen.findByLabelText(accountMessages.account.email), { target: { value: email } });
    fireEvent.change(screen.getByLabelText(accountMessages.account.password), { target: { value: password } });
    fireEvent.submit(screen.getByTestId('login-submit').closest('form')!);

    const code = await screen.findByTestId('second-factor-code', undefined, SERVER_WAIT);
    fireEvent.submit(code.closest('form')!);
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(code.getAttribute('aria-describedby')!)?.textContent).toBe(
      accountMessages.secondFactor.codeRequired,
    );
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.submit(code.closest('form')!);
    await waitFor(
      () =>
        expect(document.getElementById(code.getAttribute('aria-describedby')!)?.textContent).toBe(
          accountMessages.secondFactor.codeInvalid,
        ),
      SERVER_WAIT,
    );
    fireEvent.change(code, { target: { value: codeAt(secret, 0) } });
    fireEvent.submit(code.closest('form')!);
    await waitFor(() => expect(loggedIn).toBe(true), SERVER_WAIT);
    expect(localStorage.getItem('userId')).toBe(String(server.customer.userId));
  });
});
