// @vitest-environment happy-dom
// The order page's return panel (decision 235) against the real app (../../test/server.ts): a delivered order of the
// signed-in customer offers "Kthe ose ndërro"; the form refuses an empty choice and a missing reason in the browser
// (the shared schema), then sends the request, which the panel lists as "Në shqyrtim"; the shopper withdraws it
// (asked once in place) and may ask again. Without the proof a request needs (signed out, another browser's guest id:
// an order tracked elsewhere, decision 255) the section says how to ask instead of showing nothing.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { returnMessages } from '#shared/messages/returns';
import { clearSession } from '#client/lib/session';
import { queryClient } from '#client/lib/trpc';
import { loginAs } from '#client/test/login';
import { renderInApp } from '#client/test/render';
import { startClientTestServer, type ClientTestServer } from '#client/test/server';
import ReturnPanel from './return-panel';

const f = returnMessages.form;
const WAIT = { timeout: 15_000 };

let server: ClientTestServer;
let orderId: number;

const call = (path: string, token: string, method = 'POST', json?: unknown) =>
  fetch(path, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: json === undefined ? undefined : JSON.stringify(json),
  });

beforeAll(async () => {
  server = await startClientTestServer();
  const staff = (await loginAs(server.staff)).token;
  const customer = (await loginAs(server.customer)).token;
  const placed = await call('/api/orders/checkout', customer, 'POST', {
    customerDetails: {
      email: server.customer.email,
      firstName: 'Drita',
      lastName: 'Berisha',
      phoneNumber: '+38344111222',
      address: 'Rr. Adem Jashari 5',
      city: 'Ferizaj',
      zipCode: '70000',
      countryID: server.countryID,
    },
    cartItems: [{ productVariantId: server.product.variantIds[0]!, quantity: 2 }],
  });
  expect(placed.status).toBe(201);
  orderId = ((await placed.json()) as { orderId: number }).orderId;
  expect((await call(`/api/Orders/UpdateStatus/${orderId}`, staff, 'PUT')).status).toBe(200);
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('return panel', () => {
  it('refuses an empty choice and a missing reason, then sends the request', async () => {
    renderInApp(<ReturnPanel orderId={orderId} />);
    fireEvent.click(await screen.findByRole('button', { name: f.open }, WAIT));
    fireEvent.click(screen.getByRole('button', { name: f.submit }));
    await screen.findByText(f.nothingChosen);
    fireEvent.change(screen.getByLabelText('Sasia për', { exact: false }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: f.submit }));
    await waitFor(() => expect(screen.getByText(f.chooseReason, { selector: '.field__error' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText(f.reason), { target: { value: 'too_large' } });
    fireEvent.click(screen.getByRole('button', { name: f.submit }));
    await screen.findByText(returnMessages.states.requested, {}, WAIT);
    expect(screen.queryByTestId('return-form')).toBeNull();
  });

  it('withdraws the request after asking once in place; the line may be asked for again', async () => {
    renderInApp(<ReturnPanel orderId={orderId} />);
    const ask = await screen.findByRole('button', { name: f.withdraw }, WAIT);
    fireEvent.click(ask);
    await screen.findByText(f.withdrawConfirm);
    fireEvent.click(screen.getByRole('button', { name: f.withdrawKeep }));
    expect(screen.queryByText(f.withdrawConfirm)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: f.withdraw }));
    fireEvent.click(screen.getByTestId('return-withdraw'));
    await screen.findByText(returnMessages.states.withdrawn, {}, WAIT);
    expect(screen.queryByRole('button', { name: f.withdraw })).toBeNull();
    expect(screen.getByRole('button', { name: f.open })).toBeTruthy();
  });

  it('without the order page’s proof says how to ask, with the policy and contact links, and offers no form', async () => {
    clearSession();
    renderInApp(<ReturnPanel orderId={orderId} guestId="guest_abcdefghijkmnpqrstuvwxyz" />);
    await screen.findByText(f.askWithProof, {}, WAIT);
    expect(screen.getByRole('link', { name: f.policyLink }).getAttribute('href')).toBe('/kthimet');
    expect(screen.getByRole('link', { name: f.contactLink }).getAttribute('href')).toBe('/contactus');
    expect(screen.queryByRole('button', { name: f.open })).toBeNull();
  });
});
