// Reviews from real buyers (decision 234) through both doors, on the real database: who may write, each refusal
// (nothing written), the staff moves with their audit rows, the product's kept stars and the public list.
import { beforeEach, describe, expect, it } from 'vitest';
import { reviewMessages } from '#shared/messages/reviews';
import { staffMessages } from '#shared/messages-staff';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createAdmin, createCustomer } from '#server/testing/auth';
import { createProduct, insertOrder } from '#server/testing/factories';
import { signOrderLink } from '../outbox';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const review = { rating: 5, title: 'Shumë i bukur', body: 'Cilësi e mirë, madhësia e saktë.' };
const post = (json: unknown, token?: string) => t.request('/api/Reviews', { method: 'POST', json, token });
const count = async () =>
  Number(
    (
      await t.db
        .selectFrom('product_reviews')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const linkToken = (orderId: number, days = 30) =>
  signOrderLink(t.config.keys.orderLink, 'review', orderId, new Date(Date.now() + days * 86_400_000));

async function deliveredOrder(userId: number | null, status: 'delivered' | 'pending' = 'delivered') {
  const p = await createProduct(t.db, { name: 'Fustan liri' });
  const orderId = await insertOrder(t.db, {
    userId,
    status,
    email: 'Blerta@Example.com',
    firstName: 'Blerta',
    lastName: 'Hoxha',
    lines: [{ productId: p.productId, name: 'Fustan liri' }],
  });
  return { orderId, productId: p.productId };
}

describe('writing a review', () => {
  it('a signed-in buyer reviews a delivered order once; twice is 409 and writes nothing', async () => {
    const u = await createCustomer(t);
    const { orderId, productId } = await deliveredOrder(u.userId);
    const first = await post({ orderId, productId, ...review }, u.token);
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ status: 'pending' });
    const again = await post({ orderId, productId, ...review, title: 'Përsëri' }, u.token);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { Message: string }).Message).toBe(reviewMessages.errors.alreadyReviewed);
    expect(await count()).toBe(1);
    const row = await t.db.selectFrom('product_reviews').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', author_name: 'Blerta H.', reviewer_key: `user:${u.userId}` });
  });

  it('refuses an undelivered order (409), another customer (403), no proof (401), a bad link (403), bad input (400)', async () => {
    const u = await createCustomer(t);
    const other = await createCustomer(t);
    const pending = await deliveredOrder(u.userId, 'pending');
    expect((await post({ ...pending, ...review }, u.token)).status).toBe(409);
    const done = await deliveredOrder(u.userId);
    const foreign = await post({ ...done, ...review }, other.token);
    expect(foreign.status).toBe(403);
    expect((await post({ ...done, ...review })).status).toBe(401);
    expect((await post({ ...done, ...review, token: linkToken(done.orderId + 1) })).status).toBe(403);
    expect((await post({ ...done, ...review, token: linkToken(done.orderId, -1) })).status).toBe(403);
    const bad = await post({ ...done, rating: 6, title: 'a', body: '' }, u.token);
    expect(bad.status).toBe(400);
    const errors = ((await bad.json()) as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(errors).sort()).toEqual(['body', 'rating', 'title']);
    const stranger = await createProduct(t.db);
    expect((await post({ orderId: done.orderId, productId: stranger.productId, ...review }, u.token)).status).toBe(409);
    expect(await count()).toBe(0);
  });

  it('a guest reviews with the signed link; the read lists the products and what was reviewed', async () => {
    const { orderId, productId } = await deliveredOrder(null);
    const token = linkToken(orderId);
    expect((await post({ orderId, productId, ...review, token })).status).toBe(201);
    const read = await t.request(`/api/Reviews/order/${orderId}?t=${encodeURIComponent(token)}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({
      delivered: true,
      lines: [{ productID: productId, available: true, review: { rating: 5, status: 'pending' } }],
    });
    expect((await t.request(`/api/Reviews/order/${orderId}?t=1.${'a'.repeat(43)}`)).status).toBe(403);
    const row = await t.db.selectFrom('product_reviews').selectAll().executeTakeFirstOrThrow();
    expect(row.reviewer_key).toBe('email:blerta@example.com');
  });

  it('is rate-limited per address (429 with Retry-After)', async () => {
    const { orderId, productId } = await deliveredOrder(null);
    let last: Response | undefined;
    for (let i = 0; i < 31; i++) last = await post({ orderId, productId, ...review, token: 'x' });
    expect(last!.status).toBe(429);
    expect(last!.headers.get('Retry-After')).toBeTruthy();
  });
});

describe('staff moderation', () => {
  it('approve, hide, reply: audited; the product keeps its stars; the list shows approved only; 409 twice', async () => {
    const u = await createCustomer(t);
    const admin = await createAdmin(t);
    const { orderId, productId } = await deliveredOrder(u.userId);
    await post({ orderId, productId, ...review, rating: 4 }, u.token);
    const id = (await t.db.selectFrom('product_reviews').select('review_id').executeTakeFirstOrThrow()).review_id;
    const publicList = async () => (await (await t.request(`/api/Product/${productId}/Reviews`)).json()) as any;
    expect(await publicList()).toMatchObject({ count: 0, average: null, items: [] });
    expect((await t.request(`/api/Reviews/${id}/Approve`, { method: 'PUT', token: u.token })).status).toBe(403);
    expect((await t.request(`/api/Reviews/${id}/Approve`, { method: 'PUT', token: admin.token })).status).toBe(200);
    const twice = await t.request(`/api/Reviews/${id}/Approve`, { method: 'PUT', token: admin.token });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { Message: string }).Message).toBe(staffMessages.reviews.alreadyApproved);
    const reply = await t.request(`/api/Reviews/${id}/Reply`, {
      method: 'PUT',
      token: admin.token,
      json: { reply: 'Faleminderit, Blerta!' },
    });
    expect(reply.status).toBe(200);
    expect(await publicList()).toMatchObject({ count: 1, average: 4, items: [{ reply: 'Faleminderit, Blerta!' }] });
    const product = (await (await t.request(`/api/Product/${productId}`)).json()) as { rating: unknown };
    expect(product.rating).toEqual({ average: 4, count: 1 });
    expect((await t.request(`/api/Reviews/${id}/Hide`, { method: 'PUT', token: admin.token })).status).toBe(200);
    expect((await t.request(`/api/Reviews/${id}/Hide`, { method: 'PUT', token: admin.token })).status).toBe(409);
    expect(await publicList()).toMatchObject({ count: 0, items: [] });
    const staff = (await (await t.request('/api/Reviews?status=hidden', { token: admin.token })).json()) as any;
    expect(staff).toMatchObject({ total: 1, counts: { hidden: 1, approved: 0, pending: 0 } });
    const audits = await t.db.selectFrom('audit_log').select('action').where('entity', '=', 'review').execute();
    expect(audits.map((a) => a.action)).toEqual(['approve', 'public-reply', 'hide']);
    expect((await t.request('/api/Reviews/999999/Approve', { method: 'PUT', token: admin.token })).status).toBe(404);
  });

  it('works over tRPC too', async () => {
    const u = await createCustomer(t);
    const admin = await createAdmin(t);
    const { orderId, productId } = await deliveredOrder(u.userId);
    const call = (path: string, input: unknown, token: string) =>
      t.request(`/api/trpc/${path}`, { method: 'POST', token, json: { json: input } });
    expect((await call('reviews.write', { orderId, productId, ...review }, u.token)).status).toBe(200);
    expect((await call('reviews.write', { orderId, productId, ...review }, u.token)).status).toBe(409);
    const id = (await t.db.selectFrom('product_reviews').select('review_id').executeTakeFirstOrThrow()).review_id;
    expect((await call('reviews.approve', { id }, u.token)).status).toBe(403);
    expect((await call('reviews.approve', { id }, admin.token)).status).toBe(200);
  });
});
