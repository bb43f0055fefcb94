// @vitest-environment happy-dom
// The quantity stepper of the cart page and the mini-cart (issue 25): "+" stops at the stock and says why beside it,
// in the plural helper's form ("Vetëm 1 artikull në stok", "Vetëm 3 artikuj në stok"); below the stock it says nothing.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { plural } from '#shared/messages';
import { cartMessages } from '#shared/messages/cart';
import type { CartItem } from '#client/lib/cart-store';
import { LineQuantity } from './cart-line';

const m = cartMessages.cart;

afterEach(cleanup);

function line(quantity: number): CartItem {
  return {
    cartItemId: 'v7',
    productVariantId: 7,
    productId: 3,
    productName: 'Fustan midi me rrip',
    productPrice: 4990,
    quantity,
    size: 'M',
    color: 'Bezhë',
    imageUrl: '',
    stockQuantity: 3,
  };
}

const plus = () => screen.getByRole('button', { name: m.increase }) as HTMLButtonElement;

describe('quantity stepper at the stock limit', () => {
  it('disables "+" with its reason when the line holds all the stock', () => {
    render(<LineQuantity item={line(3)} quoted={undefined} stock={3} gone={false} />);
    expect(plus().disabled).toBe(true);
    const reason = screen.getByTestId('qty-reason');
    expect(reason.textContent).toBe('Vetëm 3 artikuj në stok');
    expect(reason.textContent).toBe(plural(m.onlyInStock, 3));
    expect(plus().getAttribute('aria-describedby')).toBe(reason.id);
  });

  it('uses the singular for one unit', () => {
    render(<LineQuantity item={line(1)} quoted={undefined} stock={1} gone={false} />);
    expect(plus().disabled).toBe(true);
    expect(screen.getByTestId('qty-reason').textContent).toBe('Vetëm 1 artikull në stok');
  });

  it('below the stock "+" works and no reason shows; a line that is gone shows none either', () => {
    render(<LineQuantity item={line(2)} quoted={undefined} stock={3} gone={false} />);
    expect(plus().disabled).toBe(false);
    expect(plus().hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByTestId('qty-reason')).toBeNull();
    cleanup();
    render(<LineQuantity item={line(3)} quoted={undefined} stock={3} gone={true} />);
    expect(plus().disabled).toBe(true);
    expect(screen.queryByTestId('qty-reason')).toBeNull();
  });
});
