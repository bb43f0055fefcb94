// Abuse limits over the real app: the tRPC batch bound (decision 120).
import { serverErrorMessages } from '#shared/messages/server-errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startServer, type TestApp } from '../testing/app';
import { DEFAULT_BODY_LIMITS, DEFAULT_LIMITS, TRPC_MAX_BATCH, type LimitTable } from './limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.destroy());

const contactCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('contact_messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function batch(n: number) {
  const paths = Array.from({ length: n }, () => 'contact.send').join(',');
  const body = Object.fromEntries(
    Array.from({ length: n }, (_, i) => [
      String(i),
      { json: { name: `Ana ${i}`, phone: '+38344111222', email: `a${i}@example.com`, message: 'Pershendetje' } },
    ]),
  );
  return t.request(`/api/trpc/${paths}?batch=1`, { method: 'POST', json: body });
}

describe('tRPC batch bound', () => {
  it(`refuses a batch of ${TRPC_MAX_BATCH + 1} calls with 400 in the error shape, before any call runs`, async () => {
    const before = await contactCount();
    const res = await batch(TRPC_MAX_BATCH + 1);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'BAD_REQUEST',
      Message: expect.any(String),
      errors: { _: [expect.any(String)] },
    });
    expect(await contactCount()).toBe(before);
  });

  it('refuses a large GET batch too', async () => {
    const res = await t.request(
      `/api/trpc/${Array.from({ length: 50 }, () => 'catalog.categories').join(',')}?batch=1&input={}`,
    );
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

describe('per-address rate limits', () => {
  const contactBody = (i: number) => ({
    name: `Ana ${i}`,
    phone: '+38344111222',
    email: `r${i}@example.com`,
    message: 'Pershendetje',
  });
  const trpcSend = (app: TestApp, i: number, ip?: string) =>
    app.request('/api/trpc/contact.send', {
      method: 'POST',
      json: { json: contactBody(i) },
      headers: ip ? { 'x-forwarded-for': ip } : {},
    });
  const restSend = (app: TestApp, i: number, ip?: string) =>
    app.request('/api/Contact', { method: 'POST', json: contactBody(i), headers: ip ? { 'x-forwarded-for': ip } : {} });
  const count = async (app: TestApp) =>
    Number(
      (
        await app.db
          .selectFrom('contact_messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('counts each call once whichever door it used, and answers 429 with Retry-After and the error shape on both', async () => {
    const app = await createTestApp({
      rateLimits: { ...DEFAULT_LIMITS, contact: { points: 3, windowSeconds: 60, key: 'address' } },
    });
    expect((await restSend(app, 1)).status).toBe(201);
    expect((await trpcSend(app, 2)).status).toBe(200);
    expect((await restSend(app, 3)).status).toBe(201);
    const before = await count(app);
    const rest = await restSend(app, 4);
    expect(rest.status).toBe(429);
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(rest.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await rest.json()).toEqual({
      Message: serverErrorMessages.tooManyRequests,
      code: 'TOO_MANY_REQUESTS',
      details: { retryAfterSeconds: expect.any(Number) },
    });
    const trpc = await trpcSend(app, 5);
    expect(trpc.status).toBe(429);
    expect(Number(trpc.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await trpc.json()).toMatchObject({
      error: {
        json: {
          code: -32029,
          message: serverErrorMessages.tooManyRequests,
          data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 },
        },
      },
    });
    expect(await count(app)).toBe(before);
    await app.db.destroy();
  });

  it('keys by the X-Forwarded-For address only behind a trusted proxy (a real server: the peer is 127.0.0.1; decision 204)', async () => {
    const limits = { ...DEFAULT_LIMITS, contact: { points: 1, windowSeconds: 60, key: 'address' as const } };
    const send = (url: string, i: number, ip: string) =>
      fetch(`${url}/api/Contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify(contactBody(i)),
      });
    const proxied = await createTestApp({ trustProxy: ['loopback'], rateLimits: limits });
    const p = await startServer(proxied.app, proxied);
    expect((await send(p.url, 1, '203.0.113.7')).status).toBe(201);
    expect((await send(p.url, 2, '10.0.0.1, 203.0.113.7')).status).toBe(429);
    expect((await send(p.url, 3, '203.0.113.8')).status).toBe(201);
    await p.close();
    await proxied.db.destroy();
    const direct = await createTestApp({ trustProxy: false, rateLimits: limits });
    const d = await startServer(direct.app, direct);
    expect((await send(d.url, 1, '203.0.113.7')).status).toBe(201);
    expect((await send(d.url, 2, '203.0.113.8')).status).toBe(429);
    await d.close();
    await direct.db.destroy();
  });

  it('limits every anonymous write that creates something or costs CPU, on both doors', async () => {
    const one = Object.fromEntries(
      Object.keys(DEFAULT_LIMITS).map((n) => [n, { points: 1, windowSeconds: 60, key: 'address' }]),
    ) as unknown as LimitTable;
    const app = await createTestApp({ rateLimits: one });
    const calls: Array<[string, () => Promise<Response>]> = [
      ['POST /api/users/register', () => app.request('/api/users/register', { method: 'POST', json: {} })],
      ['accounts.register', () => app.request('/api/trpc/accounts.register', { method: 'POST', json: { json: {} } })],
      ['POST /api/users/login', () => app.request('/api/users/login', { method: 'POST', json: {} })],
      ['accounts.login', () => app.request('/api/trpc/accounts.login', { method: 'POST', json: { json: {} } })],
      ['POST /api/users/social-login', () => app.request('/api/users/social-login', { method: 'POST', json: {} })],
      [
        'accounts.socialLogin',
        () => app.request('/api/trpc/accounts.socialLogin', { method: 'POST', json: { json: {} } }),
      ],
      ['POST /api/Contact', () => app.request('/api/Contact', { method: 'POST', json: {} })],
      ['contact.send', () => app.request('/api/trpc/contact.send', { method: 'POST', json: { json: {} } })],
      ['GET /api/Promo/validate', () => app.request('/api/Promo/validate?code=X')],
      [
        'checkout.validatePromo',
        () =>
          app.request(
            `/api/trpc/checkout.validatePromo?input=${encodeURIComponent(JSON.stringify({ json: { code: 'X' } }))}`,
          ),
      ],
      ['POST /api/orders/checkout', () => app.request('/api/orders/checkout', { method: 'POST', json: {} })],
      [
        'checkout.placeOrder',
        () => app.request('/api/trpc/checkout.placeOrder', { method: 'POST', json: { json: {} } }),
      ],
      ['POST /api/orders/track', () => app.request('/api/orders/track', { method: 'POST', json: {} })],
      ['myOrders.track', () => app.request('/api/trpc/myOrders.track', { method: 'POST', json: { json: {} } })],
    ];
    // Each pair shares one limit: the first call of a pair uses the one point, the second is refused.
    for (let i = 0; i < calls.length; i += 2) {
      const [firstName, first] = calls[i]!;
      const [secondName, second] = calls[i + 1]!;
      expect({ call: firstName, status: (await first()).status }).not.toEqual({ call: firstName, status: 429 });
      const refused = await second();
      expect({ call: secondName, status: refused.status }).toEqual({ call: secondName, status: 429 });
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    await app.db.destroy();
  });

  it('counts a cart quote against the promo limit only when it carries a code, shared with promo validation', async () => {
    const app = await createTestApp({
      rateLimits: { ...DEFAULT_LIMITS, promo: { points: 2, windowSeconds: 60, key: 'address' } },
    });
    const quote = (promoCode?: string) =>
      app.request(
        `/api/trpc/checkout.quote?input=${encodeURIComponent(JSON.stringify({ json: { items: [], ...(promoCode ? { promoCode } : {}) } }))}`,
      );
    // Plain re-quotes (every cart change) use no budget.
    for (let i = 0; i < 5; i++) expect((await quote()).status).toBe(200);
    expect((await quote('VERA10')).status).not.toBe(429);
    expect((await app.request('/api/Promo/validate?code=VERA10')).status).not.toBe(429);
    const refused = await quote('VERA10');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({
      error: { json: { data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } } },
    });
    const rest = await app.request('/api/Promo/validate?code=VERA10');
    expect(rest.status).toBe(429);
    expect(await rest.json()).toEqual({
      Message: serverErrorMessages.tooManyRequests,
      code: 'TOO_MANY_REQUESTS',
      details: { retryAfterSeconds: expect.any(Number) },
    });
    // A quote without a code still answers once the promo budget is spent.
    expect((await quote()).status).toBe(200);
    await app.db.destroy();
  });

  it('uses limits a busy shop never meets: tens per minute per address for sign-up and checkout', () => {
    for (const name of ['signup', 'checkout'] as const) {
      expect(DEFAULT_LIMITS[name].points / (DEFAULT_LIMITS[name].windowSeconds / 60)).toBeGreaterThanOrEqual(20);
    }
  });
});

describe('request body bounds (http/limits.ts, decision 133)', () => {
  it('keeps the documented defaults', () => {
    expect(DEFAULT_BODY_LIMITS).toEqual({ jsonBytes: 1024 * 1024, uploadBytes: 60 * 1024 * 1024 });
  });

  it('takes its bounds from the configuration, declared or streamed, and answers 413 in the error shape', async () => {
    const app = await createTestApp({ bodyLimits: { jsonBytes: 4096, uploadBytes: 8192 } });
    const before = await contactCount2(app);
    const message = (n: number) =>
      JSON.stringify({ name: 'Ana', phone: '+38344111222', email: 'a@example.com', message: 'x'.repeat(n) });
    // Declared length over the bound: refused from the header.
    const big = await app.request('/api/Contact', {
      method: 'POST',
      body: message(5000),
      headers: { 'content-type': 'application/json', 'content-length': String(message(5000).length) },
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ Message: expect.any(String), code: expect.any(String) });
    // No declared length (a stream): refused while read.
    const stream = new ReadableStream<Uint8Array>({
      start(ctrl) {
        ctrl.enqueue(new TextEncoder().encode(message(5000)));
        ctrl.close();
      },
    });
    const chunked = await app.app.request('/api/Contact', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await contactCount2(app)).toBe(before);
    // Under the bound: accepted.
    expect(
      (
        await app.request('/api/Contact', {
          method: 'POST',
          body: message(1000),
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(201);
    // Multipart has its own bound.
    const multipart = await app.request('/api/Product', {
      method: 'POST',
      body: 'x'.repeat(9000),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(multipart.status).toBe(413);
    await app.db.destroy();
  });
});

async function contactCount2(app: TestApp) {
  return Number(
    (
      await app.db
        .selectFrom('contact_messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}
