// @vitest-environment happy-dom
// "Përdor kredinë në dyqan (X €)" in the checkout overlay against the real app (../../test/server.ts, decision 273):
// not offered to a guest; a signed-in shopper with 10 € of credit sees it, ticks it, sees what is left to pay and
// places an order that used the 10 €.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '#shared/messages';
import { checkoutMessages } from '#shared/messages/checkout';
import type { OrderConfirmationDto } from '#shared/dto/checkout';
import { formatEuro } from '#shared/money';
import type { CartItem } from '#client/lib/cart-store';
import { clearSession } from '#client/lib/session';
import { queryClient, trpcClient } from '#client/lib/trpc';
import { loginAs } from '#client/test/login';
import { renderInApp } from '#client/test/render';
import { startClientTestServer, type ClientTestServer } from '#client/test/server';
import { CheckoutDialog } from './checkout-dialog';

const c = checkoutMessages.checkout;
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

function openDialog(onPlaced: (order: OrderConfirmationDto) => void = () => undefined) {
  const items: CartItem[] = [
    {
      cartItemId: 'local_credit0001',
      productVariantId: server.product.variantIds[1]!,
      productId: server.product.productId,
      productName: 'Fustan testi',
      productPrice: 49.9,
      quantity: 1,
      size: 'M',
      color: 'E kuqe',
      imageUrl: '',
      stockQuantity: 5,
    },
  ];
  renderInApp(<CheckoutDialog open items={items} onClose={() => undefined} onPlaced={onPlaced} />);
}

describe('store credit in the checkout overlay', () => {
  it('is not offered to a guest', async () => {
    clearSession();
    openDialog();
    await waitFor(() => expect(screen.getByTestId('quote-subtotal').textContent).toMatch(/49,90/), WAIT);
    expect(screen.queryByTestId('checkout-use-credit')).toBeNull();
  });

  it('a shopper with 10 € ticks it, sees 42,90 € to pay, and the order used 10 €', async () => {
    await loginAs(server.admin);
    await trpcClient.storeCredit.adjust.mutate({
      userId: server.customer.userId,
      action: 'add',
      amount: 10,
      note: 'Kredi për provë',
    });
    await loginAs(server.customer);
    queryClient.clear();
    let placed: OrderConfirmationDto | null = null;
    openDialog((order) => (placed = order));
    const box = await screen.findByTestId('checkout-use-credit', {}, WAIT);
    // The label as written (formatEuro's non-breaking space kept).
    expect(box.closest('label')!.textContent).toBe(fill(c.useStoreCredit, { amount: formatEuro(10) }));
    fireEvent.click(box);
    await waitFor(() => expect(screen.getByRole('option', { name: /Kosovë/ })).toBeTruthy(), WAIT);
    const set = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    set(c.firstName, 'Blerta');
    set(c.lastName, 'Gashi');
    set(c.phoneNumber, '+38344111222');
    set(c.city, 'Prishtinë');
    set(c.address, 'Rr. Nëna Terezë 1');
    set(c.zipCode, '10000');
    set(c.country, String(server.countryID));
    // 49,90 € + 3,00 € shipping = 52,90 €, less 10 € of credit.
    await waitFor(() => expect(screen.getByTestId('quote-to-pay').textContent).toMatch(/42,90/), WAIT);
    expect(screen.getByTestId('quote-store-credit').textContent).toMatch(/10,00/);
    fireEvent.submit(screen.getByRole('button', { name: c.placeOrder }).closest('form')!);
    await waitFor(() => expect(placed).not.toBeNull(), WAIT);
    expect(placed!).toMatchObject({ total: 52.9, storeCreditAmount: 10 });
    expect((await trpcClient.storeCredit.mine.query({})).balance).toBe(0);
    clearSession();
  }, 60_000);
});
