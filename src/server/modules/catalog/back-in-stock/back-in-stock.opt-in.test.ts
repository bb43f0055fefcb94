// Back in stock a stranger cannot use (issue 33, decision 239), on the real database (SQLite, and PostgreSQL under
// test:pg) through the real app behind a trusted proxy (so each client address is its own X-Forwarded-For): the answer
// tells no one who waits; invented addresses are never e-mailed a notice (only confirmed requests are, after the
// address's link); a forged or expired link is a 400 that confirms nothing; unconfirmed requests lapse; confirmation
// e-mails are paced per address without refusing the request; and bad requests naming an e-mail lock nobody out.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backInStockMessages } from '#shared/messages/back-in-stock';
import { createTestApp, startServer, type TestApp } from '#server/testing/app';
import { createProduct } from '#server/testing/factories';
import { changeStock } from '../stock';
import { deriveKeys } from '#server/keys';
import { confirmBackInStock, productDemand, requestBackInStock } from './back-in-stock.service';
import { confirmToken } from './confirm-token';
import { unsubscribeToken } from './unsubscribe-token';

const t = backInStockMessages.backInStock;
const HOUR = 3_600_000;
let app: TestApp;
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  app = await createTestApp({ trustProxy: ['loopback'] }); // the default limits
  ({ url, close } = await startServer(app.app, app));
});
afterAll(async () => {
  await close();
  await app.db.destroy();
});

// Each test is its own client address unless it names one (the per-address limit counts across tests otherwise).
let client = 0;
beforeEach(() => {
  client++;
});

const post = (path: string, body: unknown, from = `198.51.100.${client}`) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify(body),
  });
const ask = (variantID: number, email: string, from?: string) => post('/api/BackInStock', { variantID, email }, from);
const confirm = (token: string, from?: string) => post('/api/BackInStock/Confirm', { token }, from);

async function soldOut(variants = 1) {
  const p = await createProduct(app.db, { variants: Array.from({ length: variants }, () => ({ stock: 0 })) });
  return p.variantIds;
}

const mails = (kind: 'back_in_stock' | 'back_in_stock_confirm', to?: string) => {
  let q = app.db.selectFrom('mail_outbox').select(['recipient', 'secret_ref']).where('kind', '=', kind);
  if (to !== undefined) q = q.where('recipient', '=', to);
  return q.orderBy('mail_id').execute();
};

/** The token the worker would mint for the address's latest confirmation e-mail, valid until `until`. */
async function linkToken(email: string, until = new Date(Date.now() + HOUR)) {
  const sent = await mails('back_in_stock_confirm', email);
  expect(sent.length).toBeGreaterThan(0);
  return confirmToken(app.config, { addressId: sent.at(-1)!.secret_ref!, email }, until);
}

const statusesOf = async (email: string) =>
  (
    await app.db
      .selectFrom('back_in_stock_requests')
      .select('status')
      .where('email', '=', email)
      .orderBy('request_id')
      .execute()
  ).map((r) => r.status);

const restock = (variantId: number, setTo: number) =>
  app.db.transaction().execute((trx) => changeStock(trx, { variantId, setTo, reason: 'staff_edit' }));

describe('the answer tells no one who waits', () => {
  it('is 202 with the same body, and no date, for a new, a pending and a confirmed waiting address', async () => {
    const [v] = await soldOut();
    const first = await ask(v!, 'pret@example.com');
    const again = await ask(v!, 'pret@example.com');
    await confirm(await linkToken('pret@example.com'));
    expect(await statusesOf('pret@example.com')).toEqual(['open']);
    const waiting = await ask(v!, 'pret@example.com'); // she already waits, confirmed
    const stranger = await ask(v!, 'askush@example.com'); // never asked
    const answers = [first, again, waiting, stranger];
    expect(answers.map((r) => r.status)).toEqual([202, 202, 202, 202]);
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(bodies.slice(0, 3)).toEqual([1, 2, 3].map(() => ({ variantID: v, email: 'pret@example.com' })));
    expect(bodies[3]).toEqual({ variantID: v, email: 'askush@example.com' });
    expect(JSON.stringify(bodies)).not.toMatch(/since|20\d\d-/);
    expect(await statusesOf('pret@example.com')).toEqual(['open']); // still one request
  });

  it('documents the answer without a date in /api/openapi.json', async () => {
    const doc = (await (await fetch(`${url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const responses = doc.paths['/api/BackInStock']!.post!.responses;
    expect(Object.keys(responses)).toContain('202');
    expect(JSON.stringify(responses['202'])).not.toContain('since');
    expect(doc.paths['/api/BackInStock/Confirm']!.post).toBeDefined();
  });
});

describe('invented addresses', () => {
  it('60 addresses from 3 client addresses: a restock e-mails none until confirmed, then only the confirmed', async () => {
    const [v] = await soldOut();
    for (let i = 0; i < 60; i++) {
      const res = await ask(v!, `shpikur${i}@example.com`, `203.0.113.${1 + (i % 3)}`);
      expect(res.status).toBe(202);
    }
    // Each address got one confirmation e-mail (its own to answer), no notice.
    expect(
      await mails('back_in_stock_confirm').then((m) => m.filter((r) => r.recipient.startsWith('shpikur'))),
    ).toHaveLength(60);
    await restock(v!, 5);
    expect(await mails('back_in_stock')).toEqual([]);
    expect(await statusesOf('shpikur0@example.com')).toEqual(['pending']); // not closed by the restock
    // Staff count none of them.
    const product = await app.db
      .selectFrom('product_variants')
      .select('product_id')
      .where('variant_id', '=', v!)
      .executeTakeFirstOrThrow();
    const demand = await productDemand(app, product.product_id);
    expect(demand).toEqual([]);

    // Two of them confirm through their links; sold out and back again: only those two are told.
    for (const e of ['shpikur7@example.com', 'shpikur42@example.com'])
      expect(await (await confirm(await linkToken(e))).json()).toEqual({ confirmed: 1 });
    expect(await productDemand(app, product.product_id)).toEqual([{ variantID: v, waiting: 2 }]);
    await restock(v!, 0);
    await restock(v!, 3);
    const notices = await mails('back_in_stock');
    expect(notices.map((m) => m.recipient).sort()).toEqual(['shpikur42@example.com', 'shpikur7@example.com']);
  });
});

describe('the confirmation link', () => {
  it('confirms all the pending requests of its address, once; an e-mail per address at most every 10 minutes', async () => {
    const [v1, v2, v3] = await soldOut(3);
    const now = new Date();
    for (const v of [v1!, v2!]) await requestBackInStock(app, { variantID: v, email: 'dy@example.com' }, now);
    await requestBackInStock(app, { variantID: v3!, email: 'dy@example.com' }, new Date(now.getTime() + 9 * 60_000));
    expect(await mails('back_in_stock_confirm', 'dy@example.com')).toHaveLength(1); // paced, not refused
    expect(await statusesOf('dy@example.com')).toEqual(['pending', 'pending', 'pending']);
    // Asked again after the pace window, the address gets another e-mail (the first may have been lost).
    await requestBackInStock(app, { variantID: v1!, email: 'dy@example.com' }, new Date(now.getTime() + 11 * 60_000));
    expect(await mails('back_in_stock_confirm', 'dy@example.com')).toHaveLength(2);
    const token = await linkToken('dy@example.com');
    const res = await confirm(token);
    expect([res.status, await res.json()]).toEqual([200, { confirmed: 3 }]);
    expect(await statusesOf('dy@example.com')).toEqual(['open', 'open', 'open']);
    expect(await (await confirm(token)).json()).toEqual({ confirmed: 0 });
    // A confirmed address counts at once and gets no further confirmation e-mail.
    const [v4] = await soldOut();
    expect((await ask(v4!, 'dy@example.com')).status).toBe(202);
    expect(await statusesOf('dy@example.com')).toEqual(['open', 'open', 'open', 'open']);
    expect(await mails('back_in_stock_confirm', 'dy@example.com')).toHaveLength(2);
  });

  it('refuses a forged, altered, foreign or expired link with a 400 that confirms nothing', async () => {
    const [v] = await soldOut();
    await ask(v!, 'viktima@example.com');
    await ask(v!, 'tjetra@example.com');
    const good = await linkToken('viktima@example.com');
    const [id, expires, mac] = good.split('.') as [string, string, string];
    const other = (await mails('back_in_stock_confirm', 'tjetra@example.com'))[0]!.secret_ref!;
    const forged = [
      `${id}.${expires}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`, // altered signature
      `${id}.${Number(expires) + 86_400}.${mac}`, // a later expiry
      `${other}.${expires}.${mac}`, // another address with this signature
      confirmToken(
        { keys: deriveKeys('another-shop-secret-long-enough-for-hs256') },
        { addressId: Number(id), email: 'viktima@example.com' },
        new Date(Date.now() + HOUR),
      ),
      unsubscribeToken(app.config.keys.unsubscribe, 1), // another link of the shop
      'abc',
      `${id}.${expires}`,
      `99999999.${expires}.${mac}`,
    ];
    for (const token of forged) {
      const res = await confirm(token);
      expect(res.status, token).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(t.badLink);
    }
    const expired = await confirm(await linkToken('viktima@example.com', new Date(Date.now() - 1000)));
    expect(expired.status).toBe(400);
    expect(JSON.stringify(await expired.json())).toContain(t.expiredLink);
    expect((await confirm('')).status).toBe(400);
    expect(await statusesOf('viktima@example.com')).toEqual(['pending']);
    expect(await statusesOf('tjetra@example.com')).toEqual(['pending']);
    // The genuine link still works.
    expect(await (await confirm(good)).json()).toEqual({ confirmed: 1 });
  });
});

describe('unconfirmed requests lapse', () => {
  it('after 48 hours: expired, never confirmed by a later link, never e-mailed on a restock', async () => {
    const [old, recent] = await soldOut(2);
    const now = Date.now();
    await requestBackInStock(app, { variantID: old!, email: 'vone@example.com' }, new Date(now - 49 * HOUR));
    await requestBackInStock(app, { variantID: recent!, email: 'vone@example.com' }, new Date(now - 47 * HOUR));
    // Any later request sweeps the lapsed ones.
    const [v] = await soldOut();
    await requestBackInStock(app, { variantID: v!, email: 'dikush.tjeter@example.com' }, new Date(now));
    expect(await statusesOf('vone@example.com')).toEqual(['expired', 'pending']);
    // A link still valid confirms only what has not lapsed (checked again at confirmation time, 2 hours on).
    const token = await linkToken('vone@example.com', new Date(now + 3 * HOUR));
    expect(await confirmBackInStock(app, { token }, new Date(now + 2 * HOUR))).toEqual({ confirmed: 0 });
    expect(await statusesOf('vone@example.com')).toEqual(['expired', 'expired']);
    await restock(old!, 2);
    await restock(recent!, 2);
    expect(await mails('back_in_stock', 'vone@example.com')).toEqual([]);
  });
});

describe('bad requests naming an e-mail lock nobody out', () => {
  it('10 refused requests naming her address from one client do not stop her asking from another', async () => {
    const [v] = await soldOut();
    const inStock = (await createProduct(app.db, { variants: [{ stock: 4 }] })).variantIds[0]!;
    const attacker = '192.0.2.66';
    const refused = [];
    for (let i = 0; i < 10; i++)
      refused.push((await ask(i % 2 ? inStock : 999_999, 'shenjestra@example.com', attacker)).status);
    expect(refused).toEqual([404, 409, 404, 409, 404, 409, 404, 409, 404, 409]);
    const own = await ask(v!, 'shenjestra@example.com', '192.0.2.10');
    expect(own.status).toBe(202);
    expect(await statusesOf('shenjestra@example.com')).toEqual(['pending']);
    expect(await mails('back_in_stock_confirm', 'shenjestra@example.com')).toHaveLength(1);
    // The attacker's own client is what gets paced: 20 a minute, then 429 with Retry-After (her address still works).
    const paced = [];
    for (let i = 0; i < 12; i++) paced.push((await ask(v!, `x${i}@example.com`, attacker)).status);
    expect(paced.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(paced.slice(10)).toEqual([429, 429]);
    const over = await ask(v!, 'shenjestra@example.com', attacker);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await ask(v!, 'shenjestra@example.com', '192.0.2.11')).status).toBe(202);
  });
});
