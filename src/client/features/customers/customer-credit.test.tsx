// @vitest-environment happy-dom
// A customer's store credit on the customers screen against the real app (../../test/server.ts, decision 271): the
// administrator adds 12,50 € with a note and sees the balance and the row with its note; a removal above the balance
// shows the server's message on the amount, and a missing note the shared schema's message, with nothing written.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { formatEuro } from '#shared/money';
import { queryClient } from '#client/lib/trpc';
import { loginAs } from '#client/test/login';
import { renderInApp } from '#client/test/render';
import { startClientTestServer, type ClientTestServer } from '#client/test/server';
import { CustomerCreditDialog } from './customer-credit';

const s = staffMessages.storeCredit;
const WAIT = { timeout: 15_000 };

let server: ClientTestServer;
beforeAll(async () => {
  server = await startClientTestServer();
  await loginAs(server.admin);
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  queryClient.clear();
});

const balanceText = () => screen.getByTestId('customer-credit-balance').textContent;
const form = () => screen.getByRole('form', { name: s.title });
function submit(action: 'add' | 'remove', amount: string, note: string) {
  fireEvent.change(within(form()).getByLabelText(s.action, { exact: false }), { target: { value: action } });
  fireEvent.change(within(form()).getByLabelText(s.amount, { exact: false }), { target: { value: amount } });
  fireEvent.change(within(form()).getByLabelText(s.note, { exact: false }), { target: { value: note } });
  fireEvent.submit(form());
}

describe('customer credit dialog', () => {
  it('adds credit with a note, refuses a removal above the balance and a change without a note', async () => {
    renderInApp(<CustomerCreditDialog userId={server.customer.userId} name="Drita Berisha" onClose={() => {}} />);
    await screen.findByTestId('customer-credit', {}, WAIT);
    expect(balanceText()).toBe(fill(s.balance, { amount: formatEuro(0) }));
    expect(screen.getByText(s.empty)).toBeTruthy();

    submit('add', '12,50', 'Falje për vonesën');
    await waitFor(() => expect(balanceText()).toBe(fill(s.balance, { amount: formatEuro(12.5) })), WAIT);
    expect(screen.getByText('Falje për vonesën')).toBeTruthy();
    expect(screen.getByText(s.reasons.staff_adjustment)).toBeTruthy();

    submit('remove', '20', 'Korrigjim');
    // The server's 409 on the amount, shown under the field (the text holds a non-breaking space: compared as written).
    const refused = fill(s.belowZero, { amount: formatEuro(12.5) });
    await waitFor(() => expect(form().textContent).toContain(refused), WAIT);
    expect(balanceText()).toBe(fill(s.balance, { amount: formatEuro(12.5) }));

    submit('remove', '2,50', '');
    expect(await screen.findByText(s.noteRequired, {}, WAIT)).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  }, 60_000);
});
