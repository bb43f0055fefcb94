// Server cart through the real app: auth required, increments capped by stock, own lines only, merge on sign-in.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '#server/testing/app';
import { createCustomer } from '#server/testing/auth';
import { createProduct } from '#server/testing/factories';
import { mergeCart, setItemQuantity } from './cart.service';

describe('/api/cartitems', () => {
  it('needs a signed-in user', async () => {
    const t = await createTestApp();
    expect((await t.request('/api/cartitems')).status).toBe(401);
    expect(
      (await t.request('/api/cartitems', { method: 'POST', json: { productVariantId: 1, quantity: 1 } })).status,
    ).toBe(401);
    expect((await t.request('/api/cartitems/1', { method: 'DELETE' })).status).toBe(401);
  });

  it('adds lines, increments the same variant capped by its stock, lists with today’s price, deletes own lines only', async () => {
    const t = await createTestApp();
    const user = await createCustomer(t);
    const other = await createCustomer(t);
    const p = await createProduct(t.db, { name: 'Çantë', priceCents: 4550, variants: [{ stock: 3 }] });
    const v = p.variantIds[0]!;
    const first = await t.request('/api/cartitems', {
      method: 'POST',
      token: user.token,
      json: { productVariantId: v, quantity: 1, productName: 'ignored', productPrice: 0.01 },
    });
    expect(first.status).toBe(201);
    const line = await first.json();
    expect(line).toMatchObject({
      productVariantId: v,
      productName: 'Çantë',
      productPrice: 45.5,
      quantity: 1,
      stockQuantity: 3,
    });
    await t.request('/api/cartitems', {
      method: 'POST',
      token: user.token,
      json: { productVariantId: v, quantity: 5 },
    });
    const list = await (await t.request('/api/cartitems', { token: user.token })).json();
    expect(list).toHaveLength(1);
    expect(list[0].quantity).toBe(3);
    const full = await t.request('/api/cartitems', {
      method: 'POST',
      token: user.token,
      json: { productVariantId: v, quantity: 1 },
    });
    expect(full.status).toBe(409);
    expect((await full.json()).Message).toBe('E keni shtuar sasinë maksimale të këtij produkti në shportë.');
    expect(
      (
        await t.request('/api/cartitems', {
          method: 'POST',
          token: user.token,
          json: { productVariantId: 987654, quantity: 1 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.request('/api/cartitems', {
          method: 'POST',
          token: user.token,
          json: { productVariantId: v, quantity: 0 },
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.request(`/api/cartitems/${line.cartItemId}`, { method: 'DELETE', token: other.token })).status,
    ).toBe(404);
    expect((await t.request(`/api/cartitems/${line.cartItemId}`, { method: 'DELETE', token: user.token })).status).toBe(
      204,
    );
    expect(await (await t.request('/api/cartitems', { token: user.token })).json()).toEqual([]);
    expect((await t.request('/api/cartitems/abc', { method: 'DELETE', token: user.token })).status).toBe(400);
  });

  it('sets a quantity within stock, refusing more with the spec message', async () => {
    const t = await createTestApp();
    const user = await createCustomer(t);
    const p = await createProduct(t.db, { variants: [{ stock: 4 }] });
    const line = await (
      await t.request('/api/cartitems', {
        method: 'POST',
        token: user.token,
        json: { productVariantId: p.variantIds[0]!, quantity: 1 },
      })
    ).json();
    expect((await setItemQuantity(t, user, { cartItemId: line.cartItemId, quantity: 4 })).quantity).toBe(4);
    await expect(setItemQuantity(t, user, { cartItemId: line.cartItemId, quantity: 5 })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Na vjen keq, vetëm 4 njësi janë në dispozicion.',
    });
  });

  it('merges a guest cart on sign-in: quantities added and capped by stock, unknown or sold-out variants skipped', async () => {
    const t = await createTestApp();
    const user = await createCustomer(t);
    const a = await createProduct(t.db, { variants: [{ stock: 5 }] });
    const b = await createProduct(t.db, { variants: [{ stock: 2 }] });
    const soldOut = await createProduct(t.db, { variants: [{ stock: 0 }] });
    await t.request('/api/cartitems', {
      method: 'POST',
      token: user.token,
      json: { productVariantId: a.variantIds[0]!, quantity: 4 },
    });
    const merged = await mergeCart(t, user, {
      items: [
        { productVariantId: a.variantIds[0]!, quantity: 3, mode: 'add' },
        { productVariantId: b.variantIds[0]!, quantity: 1, mode: 'add' },
        { productVariantId: soldOut.variantIds[0]!, quantity: 1, mode: 'add' },
        { productVariantId: 555555, quantity: 1, mode: 'add' },
      ],
    });
    expect(merged.map((l) => [l.productVariantId, l.quantity])).toEqual([
      [a.variantIds[0], 5],
      [b.variantIds[0], 1],
    ]);
    const again = await mergeCart(t, user, { items: [] });
    expect(again).toHaveLength(2);
  });

  it("raises the shopper's own unsynced lines to their quantity instead of adding them twice (an add whose answer a reload cut off)", async () => {
    const t = await createTestApp();
    const user = await createCustomer(t);
    const a = await createProduct(t.db, { variants: [{ stock: 5 }, { stock: 3 }] });
    // The add reached the server; the browser reloaded before its answer, so the local line is still unsynced.
    await t.request('/api/cartitems', {
      method: 'POST',
      token: user.token,
      json: { productVariantId: a.variantIds[0]!, quantity: 2 },
    });
    const merged = await mergeCart(t, user, {
      items: [
        { productVariantId: a.variantIds[0]!, quantity: 2, mode: 'atLeast' },
        { productVariantId: a.variantIds[1]!, quantity: 9, mode: 'atLeast' },
      ],
    });
    expect(merged.map((l) => [l.productVariantId, l.quantity])).toEqual([
      [a.variantIds[0], 2],
      [a.variantIds[1], 3],
    ]);
    // A larger server line is never lowered; a guest line still adds.
    const again = await mergeCart(t, user, {
      items: [
        { productVariantId: a.variantIds[0]!, quantity: 1, mode: 'atLeast' },
        { productVariantId: a.variantIds[0]!, quantity: 1, mode: 'add' },
      ],
    });
    expect(again.map((l) => [l.productVariantId, l.quantity])).toEqual([
      [a.variantIds[0], 3],
      [a.variantIds[1], 3],
    ]);
  });
});
