// @vitest-environment happy-dom
// The profile's passkey section against the real app (decision 238): shown where the shop's public address can hold
// passkeys (http://localhost here), hidden where it cannot (an IP address), and then the list is never asked for.
import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/messages/account';
import { queryClient, trpc } from '#client/lib/trpc';
import { loginAs } from '#client/test/login';
import { renderInApp } from '#client/test/render';
import { recordRequests, startClientTestServer, type ClientTestServer } from '#client/test/server';
import { PasskeysSection } from './passkeys-panel';

const SERVER_WAIT = { timeout: 15_000 };
const p = accountMessages.passkeys;

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('on a shop at an IP address', () => {
  let server: ClientTestServer;
  beforeAll(async () => {
    server = await startClientTestServer({ publicUrl: 'http://192.168.1.5:3000' });
  });
  afterAll(() => server.close());

  it('hides the passkey section once the server says passkeys cannot be used, and never asks for the list', async () => {
    await loginAs(server.customer);
    const requests = recordRequests();
    try {
      renderInApp(<PasskeysSection />);
      await expect
        .poll(() => queryClient.getQueryData(trpc.accounts.providers.queryKey()), SERVER_WAIT)
        .toMatchObject({ passkeys: false });
      expect(screen.queryByTestId('passkeys')).toBeNull();
      expect(screen.queryByText(p.title)).toBeNull();
      expect(requests.paths.some((path) => path.includes('passkeys.list'))).toBe(false);
    } finally {
      requests.restore();
    }
  });
});

describe('on a shop at http://localhost', () => {
  let server: ClientTestServer;
  beforeAll(async () => {
    server = await startClientTestServer();
  });
  afterAll(() => server.close());

  it('shows the passkey section with its list', async () => {
    await loginAs(server.customer);
    renderInApp(<PasskeysSection />);
    expect(await screen.findByTestId('passkeys', undefined, SERVER_WAIT)).toBeTruthy();
    expect(screen.getByRole('heading', { name: p.title })).toBeTruthy();
    expect(await screen.findByText(p.empty, undefined, SERVER_WAIT)).toBeTruthy();
  });
});
