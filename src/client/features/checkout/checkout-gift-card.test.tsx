// @vitest-environment happy-dom
// "Kartë dhuratë" in the checkout overlay against the real app (decision 274): the lazy field loads, a wrong code
// answers the server's Albanian message under it, a right one shows its balance and what it pays, and the order a
// guest places carries the code and comes back with giftCardAmount.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkoutMessages } from '#shared/messages/checkout';
import { giftCardMessages as g } from '#shared/messages/gift-cards';
import type { OrderConfirmationDto } from '#shared/dto/checkout';
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

describe('a gift card in the checkout overlay', () => {
  it('refuses a wrong code with the server’s message, then pays 20 € of a guest’s order with a right one', async () => {
    await loginAs(server.admin);
    const card = await trpcClient.giftCards.issue.mutate({ amount: 20, recipientName: 'Ema' });
    clearSession();
    let placed: OrderConfirmationDto | null = null;
    const items: CartItem[] = [
      {
        cartItemId: 'local_gift00001',
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
    renderInApp(<CheckoutDialog open items={items} onClose={() => undefined} onPlaced={(o) => (placed = o)} />);
    const field = await screen.findByLabelText(g.field, {}, WAIT);
    fireEvent.change(field, { target: { value: 'ABCD-EFGH-JKMN-PQRS-TUVW' } });
    fireEvent.click(screen.getByRole('button', { name: g.apply }));
    expect((await screen.findByRole('alert', {}, WAIT)).textContent).toBe(g.codeInvalid);
    fireEvent.change(field, { target: { value: card.code } });
    fireEvent.click(screen.getByRole('button', { name: g.apply }));
    await waitFor(() => expect(screen.getByTestId('gift-card-applied').textContent).toMatch(/20,00/), WAIT);
    await waitFor(() => expect(screen.getByRole('option', { name: /Kosovë/ })).toBeTruthy(), WAIT);
    const set = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    set(c.firstName, 'Blerta');
    set(c.lastName, 'Gashi');
    set(c.phoneNumber, '+38344111333');
    set(c.city, 'Prishtinë');
    set(c.address, 'Rr. Nëna Terezë 1');
    set(c.zipCode, '10000');
    set(c.country, String(server.countryID));
    await waitFor(() => expect(screen.getByTestId('gift-card-applied').textContent).toMatch(/−20,00/), WAIT);
    fireEvent.submit(screen.getByRole('button', { name: c.placeOrder }).closest('form')!);
    await waitFor(() => expect(placed).not.toBeNull(), WAIT);
    expect(placed!).toMatchObject({ total: 52.9, giftCardAmount: 20, storeCreditAmount: 0 });
  }, 60_000);
});
