// @vitest-environment happy-dom
// /profile's "Kredia në dyqan" against the real app (../../test/server.ts, decision 271): with no credit the balance
// reads 0,00 € and the history is empty; after an administrator's adjustment the shopper sees the balance through
// the money helper and the row's reason in Albanian, never the staff note.
import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storeCreditMessages as m } from '#shared/messages/store-credit';
import { formatEuro } from '#shared/money';
import { queryClient } from '#client/lib/trpc';
import { loginAs } from '#client/test/login';
import { renderInApp } from '#client/test/render';
import { startClientTestServer, type ClientTestServer } from '#client/test/server';
import { MyCredit } from './my-credit';

const WAIT = { timeout: 15_000 };

let server: ClientTestServer;
beforeAll(async () => {
  server = await startClientTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('my store credit', () => {
  it('shows the balance and the history of the signed-in shopper, without staff notes', async () => {
    await loginAs(server.customer);
    renderInApp(<MyCredit />);
    expect((await screen.findByTestId('store-credit-balance', {}, WAIT)).textContent).toBe(formatEuro(0));
    expect(screen.getByText(m.empty)).toBeTruthy();
    cleanup();
    queryClient.clear();

    const admin = await loginAs(server.admin);
    const res = await fetch(`/api/Customers/${server.customer.userId}/StoreCredit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ action: 'add', amount: 7.5, note: 'Shënim vetëm për stafin' }),
    });
    expect(res.status).toBe(200);

    await loginAs(server.customer);
    renderInApp(<MyCredit />);
    await screen.findByText(m.reasons.staff_adjustment, {}, WAIT);
    expect(screen.getByTestId('store-credit-balance').textContent).toBe(formatEuro(7.5));
    const row = screen.getByTestId('store-credit-entry');
    expect(row.querySelector('.credit__amount')?.textContent).toBe(`+${formatEuro(7.5)}`);
    expect(within(row).getByText(m.reasons.staff_adjustment)).toBeTruthy();
    expect(screen.queryByText('Shënim vetëm për stafin')).toBeNull();
    expect(screen.getByRole('heading', { name: m.title })).toBeTruthy();
  }, 60_000);
});
