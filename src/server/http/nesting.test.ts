// Deeply nested JSON is a plain 400 (decision 206), checked before superjson or zod walk it: a tRPC input's superjson
// `meta` or `json`, by GET (?input=) or POST, batched or not, and REST JSON bodies. Through the real app, in process
// (URLs of any length) and over a real server (node's 16 KB header bound limits a GET's depth there).
import { serverErrorMessages } from '#shared/messages/server-errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startServer, type TestApp } from '../testing/app';
import { createCountry } from '../testing/factories';
import { nestsDeeperThan } from './json-depth';
import { MAX_JSON_DEPTH } from './limits';

const DEPTH = 100_000;
const arrays = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const objects = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
const mixed = (n: number) => `${'{"a":['.repeat(n / 2)}1${']}'.repeat(n / 2)}`;

/** What an attacker sends: the real call's input beside a deep superjson meta, or deep json itself. */
const contact = { name: 'Ana', phone: '+38344111222', email: 'ana@example.com', message: 'Përshëndetje' };
const deepInputs = (n: number): Record<string, string> => ({
  'meta.values arrays': `{"json":${JSON.stringify(contact)},"meta":{"values":${arrays(n)}}}`,
  'meta.values objects': `{"json":${JSON.stringify(contact)},"meta":{"values":${objects(n)}}}`,
  'meta.referentialEqualities': `{"json":${JSON.stringify(contact)},"meta":{"referentialEqualities":${mixed(n)}}}`,
  'json itself': `{"json":{"name":${mixed(n)}}}`,
});

let t: TestApp;
let countBefore: number;
const contactCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('contact_messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  await createCountry(t.db);
  countBefore = await contactCount();
});
afterAll(async () => {
  // Nothing the refused requests carried was written.
  expect(await contactCount()).toBe(countBefore);
  await t.db.destroy();
});

/** The plain 400 in our error shape, on the tRPC route as for the batch bound (decision 120) and on REST. */
async function expectRefused(res: Response) {
  const text = await res.text();
  expect(res.status, text.slice(0, 200)).toBe(400);
  expect(text).not.toMatch(/call stack/i);
  expect(JSON.parse(text)).toEqual({
    Message: serverErrorMessages.nestingTooDeep,
    code: 'BAD_REQUEST',
    errors: { _: [serverErrorMessages.nestingTooDeep] },
  });
}

describe(`tRPC input nested ${DEPTH.toLocaleString('en')} levels deep`, () => {
  for (const [label, input] of Object.entries(deepInputs(DEPTH))) {
    it(`${label}: POST, single and batched`, async () => {
      await expectRefused(
        await t.request('/api/trpc/contact.send', {
          method: 'POST',
          body: input,
          headers: { 'content-type': 'application/json' },
        }),
      );
      await expectRefused(
        await t.request('/api/trpc/contact.send,contact.send?batch=1', {
          method: 'POST',
          body: `{"0":${input},"1":{"json":${JSON.stringify(contact)}}}`,
          headers: { 'content-type': 'application/json' },
        }),
      );
    });

    it(`${label}: GET ?input=, single and batched`, async () => {
      const quote = input.replace(JSON.stringify(contact), '{"items":[]}');
      await expectRefused(await t.request(`/api/trpc/checkout.quote?input=${encodeURIComponent(quote)}`));
      await expectRefused(
        await t.request(
          `/api/trpc/checkout.quote,catalog.product?batch=1&input=${encodeURIComponent(`{"0":${quote}}`)}`,
        ),
      );
    });
  }
});

describe('REST JSON bodies nested deeply', () => {
  it(`a body ${DEPTH.toLocaleString('en')} levels deep is the same plain 400 on every JSON door`, async () => {
    for (const [path, body] of [
      ['/api/Contact', `{"name":${arrays(DEPTH)}}`],
      ['/api/orders/checkout', `{"customerDetails":${objects(DEPTH)},"cartItems":[]}`],
      ['/api/users/login', mixed(DEPTH)],
    ] as const) {
      await expectRefused(
        await t.request(path, { method: 'POST', body, headers: { 'content-type': 'application/json' } }),
      );
    }
  });
});

describe('over a real server', () => {
  it('POST bodies and the deepest GET a URL can carry are refused the same way; the shop still answers', async () => {
    const server = await startServer(t.app, t);
    try {
      const post = (path: string, body: string) =>
        fetch(`${server.url}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      for (const input of Object.values(deepInputs(DEPTH)))
        await expectRefused(await post('/api/trpc/contact.send', input));
      await expectRefused(await post('/api/Contact', `{"name":${arrays(DEPTH)}}`));
      // [ and ] go unescaped in a query: ~7 000 levels fit node's 16 KB header bound. The catalogue's fast lane
      // (catalog.* batched GETs) hands such input to the app, which refuses it.
      const shallowEnough = `{"0":{"json":{"productID":1},"meta":{"values":${arrays(7000)}}}}`;
      await expectRefused(await fetch(`${server.url}/api/trpc/catalog.product?batch=1&input=${shallowEnough}`));
      await expectRefused(
        await fetch(`${server.url}/api/trpc/checkout.quote?input=${`{"json":{"items":${arrays(7000)}}}`}`),
      );
      const ok = await post('/api/trpc/contact.send', JSON.stringify({ json: contact }));
      expect(ok.status).toBe(200);
      countBefore += 1;
    } finally {
      await server.close();
    }
  });
});

describe('the depth bound', () => {
  it(`allows ${MAX_JSON_DEPTH} levels and refuses ${MAX_JSON_DEPTH + 1}; brackets inside strings do not count`, () => {
    expect(nestsDeeperThan(arrays(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan(arrays(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan(objects(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan(objects(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ a: '['.repeat(1000), b: '{"\\"['.repeat(500) }))).toBe(false);
    expect(nestsDeeperThan(`["\\\\",${arrays(MAX_JSON_DEPTH)}]`)).toBe(true);
    // Many shallow siblings are fine: depth, not size, is bounded here (size is the body limit's).
    expect(nestsDeeperThan(`[${Array.from({ length: 10_000 }, () => '[[1]]').join(',')}]`)).toBe(false);
  });

  it("leaves the shop's own inputs alone: a staff product with variants and a superjson Date is well under the bound", async () => {
    const input = {
      json: {
        name: 'Fustan',
        variants: [{ colorID: 1, sizes: [{ sizeID: 2, stock: 3 }] }],
        startDate: '2026-11-23T00:00:00.000Z',
      },
      meta: { values: { startDate: ['Date'] } },
    };
    expect(nestsDeeperThan(JSON.stringify({ 0: input }), 8)).toBe(false);
    const res = await t.request(
      `/api/trpc/checkout.quote?input=${encodeURIComponent(JSON.stringify({ json: { items: [] } }))}`,
    );
    expect(res.status).toBe(200);
  });
});
