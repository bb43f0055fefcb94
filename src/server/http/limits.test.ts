// Abuse limits over the real app: the tRPC batch bound (decision 120).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app';
import { TRPC_MAX_BATCH } from './limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.destroy());

const contactCount = async () => Number((await t.db.selectFrom('contact_messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

function batch(n: number) {
  const paths = Array.from({ length: n }, () => 'contact.send').join(',');
  const body = Object.fromEntries(
    Array.from({ length: n }, (_, i) => [String(i), { json: { name: `Ana ${i}`, phone: '+38344111222', email: `a${i}@example.com`, message: 'Pershendetje' } }]),
  );
  return t.request(`/api/trpc/${paths}?batch=1`, { method: 'POST', json: body });
}

describe('tRPC batch bound', () => {
  it(`refuses a batch of ${TRPC_MAX_BATCH + 1} calls with 400 in the error shape, before any call runs`, async () => {
    const before = await contactCount();
    const res = await batch(TRPC_MAX_BATCH + 1);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'BAD_REQUEST', Message: expect.any(String), errors: { _: [expect.any(String)] } });
    expect(await contactCount()).toBe(before);
  });

  it('refuses a large GET batch too', async () => {
    const res = await t.request(`/api/trpc/${Array.from({ length: 50 }, () => 'catalog.categories').join(',')}?batch=1&input={}`);
    expect(res.status).toBe(400);
  });

  it(`runs a batch of ${TRPC_MAX_BATCH} calls`, async () => {
    const before = await contactCount();
    const res = await batch(TRPC_MAX_BATCH);
    expect(res.status).toBe(200);
    const out = (await res.json()) as unknown[];
    expect(out).toHaveLength(TRPC_MAX_BATCH);
    expect(await contactCount()).toBe(before + TRPC_MAX_BATCH);
  });
});
