// @vitest-environment happy-dom
// The cart store: guest id, adding (new line, increment), the stock cap, and merging a guest cart into the
// signed-in shopper's server cart (the real app, see ../test/server.ts).
import { act, renderHook } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginAs } from '../test/login';
import { startClientTestServer, type ClientTestServer } from '../test/server';
import { addToCart, readCart, reconcileCart, useCartCount, useCartItems, writeCart } from './cart-store';
import { getGuestId } from './guest-id';
import { clearSession } from './session';
import { STORAGE } from './storage-keys';
import { trpcClient } from './trpc';

let server: ClientTestServer;
beforeAll(async () => {
  server = await startClientTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  clearSession();
  localStorage.clear();
});

/** A cart line of the test product's variant `i` (stock as the product page read it). */
const line = (i: number, stockQuantity: number) => ({
  productVariantId: server.product.variantIds[i]!,
  productId: server.product.productId,
  productName: 'Fustan testi',
  productPrice: 49.9,
  size: 'M',
  color: 'E kuqe',
  imageUrl: '',
  stockQuantity,
});

describe('guest id', () => {
  // Decision 175: 24 characters of a 32-letter alphabet (120 random bits; it was 9 characters, ~46 bits).
  it('is "guest_" and 24 lower-case letters or digits, made once and kept', () => {
    const id = getGuestId();
    expect(id).toMatch(/^guest_[a-z0-9]{24}$/);
    expect(getGuestId()).toBe(id);
    expect(localStorage.getItem(STORAGE.guestId)).toBe(id);
  });

  it('replaces an id from before decision 175 (9 characters) and moves its local cart to the new id', () => {
    localStorage.setItem(STORAGE.guestId, 'guest_abc123xyz');
    localStorage.setItem(
      STORAGE.cartItemsByUser,
      JSON.stringify({ guest_abc123xyz: [{ cartItemId: 'local_x', productVariantId: 1, quantity: 2 }], '7': [] }),
    );
    const id = getGuestId();
    expect(id).toMatch(/^guest_[a-z0-9]{24}$/);
    expect(localStorage.getItem(STORAGE.guestId)).toBe(id);
    const byUser = JSON.parse(localStorage.getItem(STORAGE.cartItemsByUser)!) as Record<string, unknown[]>;
    expect(Object.keys(byUser).sort()).toEqual(['7', id].sort());
    expect(byUser[id]).toEqual([{ cartItemId: 'local_x', productVariantId: 1, quantity: 2 }]);
    expect(getGuestId()).toBe(id);
  });

  it("keys a guest's cart in cartItemsByUser and mirrors it in cartItems", () => {
    addToCart(line(0, 3));
    const byUser = JSON.parse(localStorage.getItem(STORAGE.cartItemsByUser)!) as Record<string, unknown[]>;
    expect(Object.keys(byUser)).toEqual([getGuestId()]);
    expect(JSON.parse(localStorage.getItem(STORAGE.cartItems)!)).toHaveLength(1);
  });
});

describe('adding', () => {
  it('adds a new line, then increments it; the header count follows', () => {
    const count = renderHook(() => useCartCount());
    expect(count.result.current).toBe(0);
    act(() => void expect(addToCart(line(0, 3))).toBe('added'));
    expect(count.result.current).toBe(1);
    act(() => void expect(addToCart(line(0, 3))).toBe('incremented'));
    expect(count.result.current).toBe(2);
    const items = readCart();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ productVariantId: server.product.variantIds[0], quantity: 2 });
    expect(items[0]!.cartItemId).toMatch(/^local_[a-z0-9]{8}$/);
  });

  it('caps a line at the stock: an add past it is refused and changes nothing', () => {
    expect(addToCart(line(0, 3), 2)).toBe('added');
    expect(addToCart(line(0, 3), 2)).toBe('max-reached');
    expect(readCart()[0]!.quantity).toBe(2);
    expect(addToCart(line(0, 3))).toBe('incremented');
    expect(addToCart(line(0, 3))).toBe('max-reached');
    expect(readCart()[0]!.quantity).toBe(3);
    expect(addToCart(line(1, 5), 6)).toBe('max-reached');
    expect(readCart()).toHaveLength(1);
  });
});

describe('merge on sign-in', () => {
  it("adds the guest cart to the shopper's server cart, capped by stock, and empties the guest cart", async () => {
    const guest = getGuestId();
    addToCart(line(0, 3), 2);
    addToCart(line(1, 5), 1);
    const { userId } = await loginAs(server.customer);
    await reconcileCart();
    const mine = readCart(String(userId));
    expect(mine.map((i) => [i.productVariantId, i.quantity])).toEqual([
      [server.product.variantIds[0], 2],
      [server.product.variantIds[1], 1],
    ]);
    expect(mine.every((i) => /^\d+$/.test(i.cartItemId))).toBe(true);
    expect(readCart(guest)).toEqual([]);

    // Signed out, the same guest adds two more of the first variant: merged, the line stops at its stock of 3.
    clearSession();
    addToCart(line(0, 3), 2);
    await loginAs(server.customer);
    await reconcileCart();
    const server_ = await trpcClient.cart.list.query();
    expect(server_.map((i) => [i.productVariantId, i.quantity])).toEqual([
      [server.product.variantIds[0], 3],
      [server.product.variantIds[1], 1],
    ]);
    expect(readCart(String(userId)).map((i) => i.quantity)).toEqual([3, 1]);
  });

  it('does not count a line twice when a reload cut off the answer to its add', async () => {
    const { userId } = await loginAs(server.customer);
    for (const l of await trpcClient.cart.list.query())
      await trpcClient.cart.remove.mutate({ cartItemId: l.cartItemId });
    // The add reached the server, but the page reloaded before its answer: the local line is still "local_…".
    await trpcClient.cart.add.mutate({ productVariantId: server.product.variantIds[1]!, quantity: 1 });
    writeCart([{ ...line(1, 5), quantity: 1, cartItemId: 'local_reload01' }], String(userId));
    await reconcileCart();
    const lines = await trpcClient.cart.list.query();
    expect(lines.map((i) => [i.productVariantId, i.quantity])).toEqual([[server.product.variantIds[1], 1]]);
    expect(readCart(String(userId)).map((i) => [i.productVariantId, i.quantity, /^\d+$/.test(i.cartItemId)])).toEqual([
      [server.product.variantIds[1], 1, true],
    ]);
  });
});

describe('hydration', () => {
  /** Server-renders a cart reader, hydrates it, and counts its renders after hydration's effects ran. */
  async function rendersAfterHydration(): Promise<number> {
    let renders = 0;
    function Count() {
      renders += 1;
      return <span>{useCartItems().length}</span>;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Count />);
    renders = 0;
    await act(async () => {
      hydrateRoot(container, <Count />);
    });
    return renders;
  }

  it("an empty cart is the server render's own snapshot: hydrating does not render the cart readers again", async () => {
    getGuestId();
    expect(await rendersAfterHydration()).toBe(1);
  });

  it('a cart with items renders once more after hydration, with its count', async () => {
    addToCart(line(0, 5), 1);
    expect(await rendersAfterHydration()).toBe(2);
  });
});
