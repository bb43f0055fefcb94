// @vitest-environment happy-dom
// The saved-address form (decision 215): the shared schema's messages under the fields; the postal code optional
// (and labelled so) where the country has none in daily use; a signed-in customer's address saved through the real
// app (../../test/server.ts), names typed in lowercase stored with capitals.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { accountMessages } from '#shared/messages/account';
import { checkoutMessages } from '#shared/messages/checkout';
import { storeSession } from '#client/lib/session';
import { queryClient, trpc, trpcClient } from '#client/lib/trpc';
import { loginAs } from '#client/test/login';
import { renderInApp } from '#client/test/render';
import { startClientTestServer, type ClientTestServer } from '#client/test/server';
import { AddressBook } from './address-book';
import { AddressForm } from './address-form';

const c = checkoutMessages.checkout;
const WAIT = { timeout: 15_000 };

let server: ClientTestServer;
beforeAll(async () => {
  server = await startClientTestServer();
});
afterAll(() => server.close());
afterEach(cleanup);

function messageOf(label: string): string | null {
  const control = screen.getByLabelText(label);
  expect(control.getAttribute('aria-invalid')).toBe('true');
  return document.getElementById(control.getAttribute('aria-describedby')!)?.textContent ?? null;
}

const submit = async () => fireEvent.submit(await screen.findByTestId('address-form'));

describe('saved-address form', () => {
  it('an empty form: every field but the postal code is required, and a country must be chosen', async () => {
    renderInApp(<AddressForm editing={null} onDone={() => undefined} />);
    await submit();
    await waitFor(() => expect(messageOf(c.firstName)).toBe(messages.common.required));
    for (const label of [c.lastName, c.phoneNumber, c.city, c.address])
      expect(messageOf(label)).toBe(messages.common.required);
    expect(messageOf(c.country)).toBe(c.chooseCountryRequired);
  });

  it('saves for the signed-in customer: lowercase names with capitals, no postal code where none is used', async () => {
    // Signed in as the test server's customer, through the real login.
    const res = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: server.customer.email, password: server.customer.password }),
    });
    const login = (await res.json()) as { token: string; roleID: number; userID: number };
    storeSession({ token: login.token, roleID: login.roleID, userId: login.userID });
    let done = false;
    renderInApp(<AddressForm editing={null} onDone={() => (done = true)} />);
    await waitFor(() => expect(screen.getByRole('option', { name: /Pa kod/ })).toBeTruthy(), WAIT);
    fireEvent.change(screen.getByLabelText(c.country), { target: { value: String(server.countryID) } });
    expect(screen.getByLabelText(c.zipCode).hasAttribute('required')).toBe(true);
    fireEvent.change(screen.getByLabelText(c.country), { target: { value: String(server.zipFreeCountryID) } });
    expect(screen.getByLabelText(c.zipCodeOptional).hasAttribute('required')).toBe(false);
    const typed: Array<[string, string]> = [
      [c.firstName, 'arta'],
      [c.lastName, 'berisha-gashi'],
      [c.phoneNumber, '044 123 456'],
      [c.city, 'Ferizaj'],
      [c.address, 'Rr. Dëshmorët 10'],
    ];
    for (const [label, value] of typed) fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await submit();
    await waitFor(() => expect(done).toBe(true), WAIT);
    const saved = await queryClient.fetchQuery(trpc.addresses.list.queryOptions());
    expect(saved).toMatchObject([{ firstName: 'Arta', lastName: 'Berisha-Gashi', zipCode: '', city: 'Ferizaj' }]);
  });

  it('deleting asks on the card in the shop’s words: "Mbaje adresën" keeps it, "Fshi adresën" deletes it', async () => {
    await loginAs(server.customer);
    await trpcClient.addresses.create.mutate({
      firstName: 'Besa',
      lastName: 'Krasniqi',
      phoneNumber: '044 555 666',
      countryID: server.zipFreeCountryID,
      city: 'Gjakovë',
      address: 'Rr. e Çarshisë 4',
      zipCode: '',
    });
    queryClient.clear(); // the list as the server has it now
    renderInApp(<AddressBook />);
    const card = () => screen.getByText(/Gjakovë/).closest('li')!;
    await waitFor(() => expect(screen.getByText(/Gjakovë/)).toBeTruthy(), WAIT);
    fireEvent.click(within(card()).getByTestId('address-delete'));
    expect(within(card()).getByText(accountMessages.addresses.confirmDelete)).toBeTruthy();
    const keep = within(card()).getByRole('button', { name: accountMessages.addresses.keep });
    expect(document.activeElement).toBe(keep);
    fireEvent.click(keep);
    expect(within(card()).queryByText(accountMessages.addresses.confirmDelete)).toBeNull();
    fireEvent.click(within(card()).getByTestId('address-delete'));
    fireEvent.click(within(card()).getByRole('button', { name: accountMessages.addresses.deleteConfirm }));
    await waitFor(() => expect(screen.queryByText(/Gjakovë/)).toBeNull(), WAIT);
    const left = await queryClient.fetchQuery({ ...trpc.addresses.list.queryOptions(), staleTime: 0 });
    expect(left.some((x) => x.city === 'Gjakovë')).toBe(false);
  });
});
