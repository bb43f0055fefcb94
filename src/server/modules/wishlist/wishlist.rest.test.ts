// HTTP contract of the wishlist paths: owner-only access, no duplicates, catalogue prices and first picture.
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { wishlistMessages } from '#shared/messages/wishlist';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createAdmin, createCustomer } from '#server/testing/auth';
import {
  createColor,
  createProduct,
  createProductDiscount,
  createSize,
  updateProduct,
} from '#server/testing/factories';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const add = (token: string | undefined, userId: unknown, productId: unknown) =>
  t.request('/api/wishlist/add', { method: 'POST', token, json: { userId, productId } });
const list = (token: string | undefined, userId: number | string) =>
  t.request(`/api/wishlist/user/${userId}`, { token });
const remove = (token: string | undefined, userId: number, productId: number) =>
  t.request(`/api/wishlist/remove/${userId}/${productId}`, { method: 'DELETE', token });

describe('wishlist', () => {
  it('adds once (twice does not duplicate), lists with price, discount, first picture and stock, removes', async () => {
    const u = await createCustomer(t);
    const colorA = await createColor(t.db);
    const colorB = await createColor(t.db);
    const size = await createSize(t.db);
    const p1 = await createProduct(t.db, {
      name: 'Fustan mëndafshi',
      priceCents: 4990,
      variants: [
        { sizeId: size, colorId: colorA, stock: 3 },
        { sizeId: size, colorId: colorB, stock: 2 },
      ],
      images: [
        { colorId: colorA, fileName: 'p1-second.webp', sortOrder: 1 },
        { colorId: colorA, fileName: 'p1-first.webp', sortOrder: 0 },
      ],
    });
    const p2 = await createProduct(t.db, { name: 'Çantë lëkure', priceCents: 2000, variants: [{ stock: 0 }] });
    await createProductDiscount(t.db, { productIds: [p1.productId], percentage: 20 });

    const first = await add(u.token, u.userId, p1.productId);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ Message: messages.wishlist.added, productID: p1.productId });
    expect((await add(u.token, u.userId, p1.productId)).status).toBe(200);
    expect((await add(u.token, String(u.userId), String(p2.productId))).status).toBe(200);

    const res = await list(u.token, u.userId);
    expect(res.status).toBe(200);
    const items = (await res.json()) as Array<Record<string, unknown>>;
    expect(items).toHaveLength(2);
    const one = items.find((i) => i.productID === p1.productId)!;
    expect(one).toEqual({
      productID: p1.productId,
      name: 'Fustan mëndafshi',
      brand: 'Marka',
      price: 49.9,
      discountedPrice: 39.92,
      firstImage: '/api/Product/images/p1-first.webp',
      stockQuantity: 5,
      addedAt: expect.any(String),
    });
    const two = items.find((i) => i.productID === p2.productId)!;
    expect(two).toMatchObject({ price: 20, discountedPrice: null, firstImage: null, stockQuantity: 0 });

    const del = await remove(u.token, u.userId, p1.productId);
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ Message: messages.wishlist.removed, productID: p1.productId });
    // Removing again is not an error (double click).
    expect((await remove(u.token, u.userId, p1.productId)).status).toBe(200);
    expect(
      ((await (await list(u.token, u.userId)).json()) as unknown[]).map((i) => (i as { productID: number }).productID),
    ).toEqual([p2.productId]);
  });

  it("forbids reading or changing another user's wishlist (403), even for an administrator", async () => {
    const owner = await createCustomer(t);
    const other = await createCustomer(t);
    const admin = await createAdmin(t);
    const p = await createProduct(t.db);
    await add(owner.token, owner.userId, p.productId);
    for (const intruder of [other, admin]) {
      const read = await list(intruder.token, owner.userId);
      expect(read.status).toBe(403);
      expect(((await read.json()) as { Message: string }).Message).toBe(wishlistMessages.wishlistPage.notOwner);
      expect((await add(intruder.token, owner.userId, p.productId)).status).toBe(403);
      expect((await remove(intruder.token, owner.userId, p.productId)).status).toBe(403);
    }
    expect(((await (await list(owner.token, owner.userId)).json()) as unknown[]).length).toBe(1);
  });

  it('answers 401 without a token or with a bad one', async () => {
    const u = await createCustomer(t);
    const p = await createProduct(t.db);
    for (const token of [undefined, 'bad.token.here']) {
      expect((await list(token, u.userId)).status).toBe(401);
      expect((await add(token, u.userId, p.productId)).status).toBe(401);
      expect((await remove(token, u.userId, p.productId)).status).toBe(401);
    }
  });

  it('answers 404 for an unknown or inactive product and 400 for bad ids', async () => {
    const u = await createCustomer(t);
    expect((await add(u.token, u.userId, 999999)).status).toBe(404);
    const hidden = await createProduct(t.db, { isActive: false });
    expect((await add(u.token, u.userId, hidden.productId)).status).toBe(404);
    const bad = await add(u.token, u.userId, 'abc');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors.productId).toEqual([
      messages.common.invalidId,
    ]);
    expect((await list(u.token, 'abc')).status).toBe(400);
  });

  it('hides products that were deactivated after being saved', async () => {
    const u = await createCustomer(t);
    const p = await createProduct(t.db);
    await add(u.token, u.userId, p.productId);
    await updateProduct(t.db, p.productId, { isActive: false });
    expect(await (await list(u.token, u.userId)).json()).toEqual([]);
  });

  it('works the same over tRPC', async () => {
    const u = await createCustomer(t);
    const other = await createCustomer(t);
    const p = await createProduct(t.db);
    const post = (path: string, input: unknown, token: string) =>
      t.request(`/api/trpc/${path}`, { method: 'POST', token, json: { json: input } });
    expect((await post('wishlist.add', { userId: u.userId, productId: p.productId }, u.token)).status).toBe(200);
    const read = await t.request(
      `/api/trpc/wishlist.list?input=${encodeURIComponent(JSON.stringify({ json: { userId: u.userId } }))}`,
      { token: u.token },
    );
    expect(((await read.json()) as { result: { data: { json: unknown[] } } }).result.data.json).toHaveLength(1);
    expect((await post('wishlist.remove', { userId: u.userId, productId: p.productId }, other.token)).status).toBe(403);
    expect((await post('wishlist.remove', { userId: u.userId, productId: p.productId }, u.token)).status).toBe(200);
  });
});
