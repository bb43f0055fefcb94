// @vitest-environment happy-dom
// The manual order builder against the real app (../../test/server.ts), signed in as staff: a phone order placed
// without an e-mail opens the success dialog with the new order's number (the one format, decision 221) and a link
// to the order; an e-mail that is typed must still be an address.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { checkoutMessages } from '#shared/messages/checkout';
import { staffMessages } from '#shared/messages-staff';
import { orderNumberOf } from '#shared/order-number';
import { renderInApp } from '#client/test/render';
import { loginAs } from '#client/test/login';
import { startClientTestServer, type ClientTestServer } from '#client/test/server';
import { OrderBuilder } from './order-builder';

const s = staffMessages.dashboardSales;
const c = checkoutMessages.checkout;

/** Answers come from the real app, which may be slow on a busy machine. */
const SERVER_WAIT = { timeout: 15_000 };

let server: ClientTestServer;
beforeAll(async () => {
  server = await startClientTestServer();
  await loginAs(server.staff);
});
afterAll(() => server.close());
afterEach(cleanup);

const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });

/** Opens the builder, puts the test product's first colour and size in the cart and fills a phone customer. */
async function buildPhoneOrder(email: string): Promise<void> {
  renderInApp(<OrderBuilder />);
  fireEvent.click(await screen.findByRole('button', { name: /Fustan testi/ }, SERVER_WAIT));
  const colours = await screen.findByRole('group', { name: s.chooseColor }, SERVER_WAIT);
  fireEvent.click(within(colours).getAllByRole('button')[0]!);
  const sizes = await screen.findByRole('group', { name: s.chooseSize });
  fireEvent.click(within(sizes).getAllByRole('button')[0]!);
  fireEvent.click(screen.getByRole('button', { name: s.addToCart }));
  await screen.findByRole('heading', { name: s.cart });
  await waitFor(() => expect(screen.getByRole('option', { name: /Kosovë/ })).toBeTruthy(), SERVER_WAIT);
  type('mo-email', email);
  type('mo-phone', '044 765 432');
  type('mo-first', 'Blerina');
  type('mo-last', 'Morina');
  type('mo-country', String(server.countryID));
  type('mo-city', 'Pejë');
  type('mo-address', 'Rr. Mbretëresha Teutë 9');
  type('mo-zip', '30000');
  fireEvent.submit(screen.getByRole('button', { name: s.placeOrder }).closest('form')!);
}

describe('manual order builder: the result dialog', () => {
  it('the e-mail is optional, with a hint saying no confirmation goes out without one', async () => {
    renderInApp(<OrderBuilder />);
    const email = (await screen.findByLabelText(c.email)) as HTMLInputElement;
    expect(email.required).toBe(false);
    expect(email.closest('.dash-field')!.querySelector('.dash-required')).toBeNull();
    expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toBe(s.emailOptionalHint);
    expect(document.getElementById('mo-phone')!.closest('.dash-field')!.querySelector('.dash-required')).not.toBeNull();
  });

  it('the postal code is required only where the chosen country uses one, as at checkout (decision 215)', async () => {
    renderInApp(<OrderBuilder />);
    await waitFor(() => expect(screen.getByRole('option', { name: /Pa kod/ })).toBeTruthy(), SERVER_WAIT);
    const zipMark = () => document.getElementById('mo-zip')!.closest('.dash-field')!.querySelector('.dash-required');
    type('mo-country', String(server.countryID));
    expect(screen.getByLabelText(c.zipCode, { exact: false })).toBe(document.getElementById('mo-zip'));
    expect(zipMark()).not.toBeNull();
    type('mo-country', String(server.zipFreeCountryID));
    expect(screen.getByLabelText(c.zipCodeOptional)).toBe(document.getElementById('mo-zip'));
    expect(zipMark()).toBeNull();
  });

  it('a phone order without an e-mail: success, the order number and a link to the order', async () => {
    await buildPhoneOrder('');
    const number = await screen.findByTestId('placed-order-number', {}, SERVER_WAIT);
    const dialog = number.closest('dialog')!;
    expect(dialog.open).toBe(true);
    expect(within(dialog).getByText(c.success)).toBeTruthy();
    expect(number.textContent).toMatch(/^#\d{6}$/);
    const id = Number(number.textContent!.slice(1));
    expect(orderNumberOf(id)).toBe(number.textContent);
    const link = within(dialog).getByRole('link', { name: `${s.openOrder} ${number.textContent}` });
    expect(link.getAttribute('href')).toBe(`/dashboard/orderDetails/${id}`);
    expect(within(dialog).getByText(s.noEmailSent)).toBeTruthy();
    // OK keeps the focus (Enter still goes back to the orders, as before the link was added).
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: messages.common.ok }));
    // The number is the server's: the order exists under that id, with no e-mail.
    const res = await fetch(`/api/Orders/${id}`, {
      headers: { authorization: `Bearer ${(await loginAs(server.staff)).token}` },
    });
    expect(await res.json()).toMatchObject({ orderId: id, email: '', firstName: 'Blerina', city: 'Pejë' });
  });

  it('an e-mail that is typed must be an address: the field says so and no order is placed', async () => {
    await buildPhoneOrder('blerina-pa-adrese');
    await waitFor(() => expect(document.getElementById('mo-email-error')?.textContent).toBe(c.invalidEmail));
    expect(screen.queryByTestId('placed-order-number')).toBeNull();
  });
});
