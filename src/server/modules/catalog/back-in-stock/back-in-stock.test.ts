// Back in stock (issue 26, decisions 233 and 239) on the real database (SQLite, and PostgreSQL under test:pg) through
// the real app: one live request per (variant, e-mail), a double submit answering the same; refusals (404, 409, 400,
// 429 with Retry-After) writing nothing; every restock path (variants edit, stock count, order cancel, a return)
// e-mails each confirmed waiting shopper once in the stock change's transaction and closes the request; the e-mails
// sent through a real SMTP server (the confirmation, then the notice) carry links that no outbox row holds; the
// links work without signing in and only for their purpose; staff read the confirmed demand (customers get 403) and
// close a variant's waiting list (no notice). The double opt-in's own proofs are in back-in-stock.opt-in.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMessages } from '#shared/messages-staff';
import { ROLE_STAFF } from '#shared/roles';
import { DEFAULT_LIMITS } from '#server/http/limits';
import { deriveKeys } from '#server/keys';
import { createCustomer, createUser } from '#server/testing/auth';
import { createTestApp, startServer, type TestApp } from '#server/testing/app';
import { createCountry, createProduct } from '#server/testing/factories';
import { inRequestContext } from '#server/testing/request-context';
import { startSmtp, type TestSmtp } from '#server/testing/smtp';
import { trpcCall } from '#server/testing/trpc';
import * as checkout from '#server/modules/checkout';
import { startMailWorker, type MailWorker } from '#server/modules/outbox';
import * as stockAdmin from '../admin/stock/stock-admin.service';
import { changeStock } from '../stock';
import { confirmToken } from './confirm-token';
import { unsubscribeToken } from './unsubscribe-token';

const { placeManualOrder } = inRequestContext(checkout);
const { submitStockCount } = inRequestContext(stockAdmin);

let t: TestApp;
let staff: { token: string; userId: number };

beforeAll(async () => {
  // In-process requests share one address: this app's limits stay out of the way (the limits test has its own).
  t = await createTestApp({
    rateLimits: {
      ...DEFAULT_LIMITS,
      backInStock: { points: 1000, windowSeconds: 60, key: 'address' },
    },
  });
  staff = await createUser(t, { roleID: ROLE_STAFF, firstName: 'Mira', lastName: 'Gashi' });
});

const ask = (variantID: number, email: string, app: TestApp = t) =>
  app.request('/api/BackInStock', { method: 'POST', json: { variantID, email } });

/** The token of the address's latest confirmation e-mail, as the worker mints it when sending (decision 239). */
async function confirmationToken(email: string, app: TestApp = t) {
  const mail = await app.db
    .selectFrom('mail_outbox')
    .select('secret_ref')
    .where('kind', '=', 'back_in_stock_confirm')
    .where('recipient', '=', email)
    .orderBy('mail_id', 'desc')
    .executeTakeFirstOrThrow();
  return confirmToken(app.config, { addressId: mail.secret_ref!, email }, new Date(Date.now() + 3_600_000));
}

/** Asks, and confirms the address through its e-mail's link if it was not confirmed yet: the request counts. */
async function askConfirmed(variantID: number, email: string, app: TestApp = t) {
  const res = await ask(variantID, email, app);
  expect(res.status).toBe(202);
  const token = await confirmationToken(email, app).catch(() => null); // a confirmed address gets no e-mail
  if (token) await app.request('/api/BackInStock/Confirm', { method: 'POST', json: { token } });
  return res;
}

const requests = (variantId: number) =>
  t.db
    .selectFrom('back_in_stock_requests')
    .select(['request_id', 'email', 'status', 'closed_at'])
    .where('variant_id', '=', variantId)
    .orderBy('request_id')
    .execute();

const notices = (to?: string) => {
  let q = t.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'back_in_stock');
  if (to) q = q.where('recipient', '=', to);
  return q.orderBy('mail_id').execute();
};

async function soldOut(name = 'Fustan liri') {
  const p = await createProduct(t.db, { name, variants: [{ stock: 0 }, { stock: 0 }] });
  return { ...p, variantId: p.variantIds[0]! };
}

describe('asking to be told', () => {
  it('keeps one live request per variant and normalised e-mail: a double submit answers the same', async () => {
    const { variantId } = await soldOut();
    const [a, b] = await Promise.all([ask(variantId, '  Arta@Example.COM '), ask(variantId, 'arta@example.com')]);
    expect([a.status, b.status]).toEqual([202, 202]);
    const [ja, jb] = [await a.json(), await b.json()];
    expect(ja).toEqual(jb);
    expect(ja).toEqual({ variantID: variantId, email: 'arta@example.com' });
    expect(await requests(variantId)).toEqual([
      expect.objectContaining({ email: 'arta@example.com', status: 'pending' }),
    ]);
  });

  it('refuses an unknown or hidden variant (404), one in stock (409) and a bad e-mail (400), writing nothing', async () => {
    const hidden = await createProduct(t.db, { isActive: false, variants: [{ stock: 0 }] });
    const inStock = await createProduct(t.db, { variants: [{ stock: 3 }] });
    expect((await ask(999_999, 'a@example.com')).status).toBe(404);
    expect((await ask(hidden.variantIds[0]!, 'a@example.com')).status).toBe(404);
    const conflict = await ask(inStock.variantIds[0]!, 'b@example.com');
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as { Message: string }).Message).toMatch(/sërish në stok/);
    const bad = await ask(inStock.variantIds[0]!, 'jo-email');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('e-mailit nuk është e vlefshme');
    for (const v of [hidden.variantIds[0]!, inStock.variantIds[0]!]) expect(await requests(v)).toEqual([]);
  });

  it('limits requests per client address only, with 429 and Retry-After', async () => {
    const limited = await createTestApp({
      rateLimits: { ...DEFAULT_LIMITS, backInStock: { points: 3, windowSeconds: 60, key: 'address' } },
    });
    const { variantIds } = await createProduct(limited.db, { variants: [{ stock: 0 }, { stock: 0 }, { stock: 0 }] });
    const statuses = [];
    for (const v of variantIds) statuses.push((await ask(v, 'shume@example.com', limited)).status);
    const over = await ask(variantIds[0]!, 'tjeter@example.com', limited);
    expect([...statuses, over.status]).toEqual([202, 202, 202, 429]);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    const rows = await limited.db.selectFrom('back_in_stock_requests').select('email').execute();
    expect(rows).toHaveLength(3);
    await limited.db.destroy();
  });
});

describe('coming back in stock', () => {
  it('e-mails each waiting shopper once when staff edit the stock from 0, closing the requests', async () => {
    const { productId, variantIds, variantId } = await soldOut('Xhaketë leshi');
    for (const e of ['a@example.com', 'b@example.com']) await askConfirmed(variantId, e);
    await askConfirmed(variantIds[1]!, 'c@example.com');
    const variants = await t.db
      .selectFrom('product_variants')
      .select(['variant_id', 'size_id', 'color_id'])
      .where('product_id', '=', productId)
      .execute();
    const edit = (stock: number) =>
      t.request(`/api/Product/${productId}/Variants`, {
        method: 'PUT',
        token: staff.token,
        json: variants.map((v) => ({
          variantID: v.variant_id,
          sizeID: v.size_id,
          colorID: v.color_id,
          stockQuantity: v.variant_id === variantId ? stock : 0,
        })),
      });
    expect((await edit(4)).status).toBe(200);
    const sent = await notices();
    const mine = sent.filter((m) => ['a@example.com', 'b@example.com'].includes(m.recipient));
    expect(mine.map((m) => m.recipient).sort()).toEqual(['a@example.com', 'b@example.com']);
    expect(mine[0]!.subject).toBe('U kthye në stok: Xhaketë leshi');
    expect(mine[0]!.html).toContain(`{{shop_url}}/productDetails/${productId}`);
    expect(mine[0]!.text_body).toContain('{{secret_link}}');
    expect(mine[0]!.secret_kind).toBe('back_in_stock_unsubscribe');
    expect((await requests(variantId)).map((r) => r.status)).toEqual(['notified', 'notified']);
    // The other size is still sold out: its shopper still waits.
    expect((await requests(variantIds[1]!)).map((r) => r.status)).toEqual(['open']);
    // More stock, sold out and back again: the closed requests are not e-mailed twice.
    expect((await edit(9)).status).toBe(200);
    expect((await edit(0)).status).toBe(200);
    expect((await edit(2)).status).toBe(200);
    expect(await notices('a@example.com')).toHaveLength(1);
  });

  it('e-mails on a stock count, an order cancel and a return, and not when the transaction rolls back', async () => {
    const counted = await soldOut();
    await askConfirmed(counted.variantId, 'numerim@example.com');
    await submitStockCount(
      { db: t.db, actor: { userId: staff.userId, roleID: ROLE_STAFF } },
      { note: 'Numërimi', counts: [{ variantID: counted.variantId, counted: 3 }] },
    );
    expect(await notices('numerim@example.com')).toHaveLength(1);

    const last = await createProduct(t.db, { variants: [{ stock: 1 }] });
    const countryID = await createCountry(t.db, { name: 'Shqipëri', shippingCents: 300 });
    const placed = await placeManualOrder(
      t,
      { userId: staff.userId, roleID: ROLE_STAFF },
      {
        customerDetails: {
          email: 'bleresi@example.com',
          firstName: 'Blerta',
          lastName: 'Hoxha',
          address: 'Rruga D 4',
          city: 'Tiranë',
          zipCode: '1001',
          phoneNumber: '+355691234567',
          countryID,
          guestId: 'guest_bis00001',
        },
        cartItems: [{ productVariantId: last.variantIds[0]!, quantity: 1 }],
      },
    );
    await askConfirmed(last.variantIds[0]!, 'anulim@example.com');
    const cancel = await t.request(`/api/Orders/${placed.orderId}/Cancel`, { method: 'PUT', token: staff.token });
    expect(cancel.status).toBe(200);
    expect(await notices('anulim@example.com')).toHaveLength(1);

    const returned = await soldOut();
    await askConfirmed(returned.variantId, 'kthim@example.com');
    await expect(
      t.db.transaction().execute(async (trx) => {
        await changeStock(trx, { variantId: returned.variantId, delta: 1, reason: 'return' });
        const queued = await trx
          .selectFrom('mail_outbox')
          .select('recipient')
          .where('kind', '=', 'back_in_stock')
          .execute();
        expect(queued.map((m) => m.recipient)).toContain('kthim@example.com'); // queued in the transaction
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await notices('kthim@example.com')).toHaveLength(0);
    expect((await requests(returned.variantId)).map((r) => r.status)).toEqual(['open']);
    await t.db
      .transaction()
      .execute((trx) => changeStock(trx, { variantId: returned.variantId, delta: 1, reason: 'return' }));
    expect(await notices('kthim@example.com')).toHaveLength(1);
    expect((await requests(returned.variantId)).map((r) => r.status)).toEqual(['notified']);
  });
});

describe('staff read the demand', () => {
  it('lists the waiting variants most wanted first, and per product; customers are refused', async () => {
    const popular = await soldOut('Këmishë e kërkuar');
    for (const e of ['d1@example.com', 'd2@example.com', 'd3@example.com']) await askConfirmed(popular.variantId, e);
    await askConfirmed(popular.variantIds[1]!, 'd4@example.com');
    // Unconfirmed requests are not counted (staff see confirmed shoppers only).
    for (const e of ['p1@example.com', 'p2@example.com']) await ask(popular.variantId, e);
    const list = await t.request('/api/BackInStock/Demand', { token: staff.token });
    expect(list.status).toBe(200);
    const rows = (await list.json()) as Array<{ variantID: number; waiting: number; productName: string }>;
    expect(rows[0]).toMatchObject({ variantID: popular.variantId, waiting: 3, productName: 'Këmishë e kërkuar' });
    expect(rows.map((r) => r.waiting)).toEqual([...rows.map((r) => r.waiting)].sort((a, b) => b - a));
    const perProduct = await t.request(`/api/BackInStock/Product/${popular.productId}`, { token: staff.token });
    expect(await perProduct.json()).toEqual([
      { variantID: popular.variantId, waiting: 3 },
      { variantID: popular.variantIds[1]!, waiting: 1 },
    ]);
    const customer = await createCustomer(t);
    expect((await t.request('/api/BackInStock/Demand', { token: customer.token })).status).toBe(403);
    expect((await t.request('/api/BackInStock/Demand')).status).toBe(401);
  });

  it("close a variant's waiting list: no notice goes, even on a restock; audited; staff only", async () => {
    const gone = await soldOut('Fustan që nuk kthehet');
    for (const e of ['x1@example.com', 'x2@example.com']) await askConfirmed(gone.variantId, e);
    await ask(gone.variantId, 'x-pritje@example.com'); // pending: closed too, not counted
    await askConfirmed(gone.variantIds[1]!, 'x3@example.com');
    const dismiss = (variantID: number, token?: string) =>
      trpcCall(
        (p, init) => Promise.resolve(t.request(p, init)),
        'backInStock.dismiss',
        'mutation',
        { variantID },
        token,
      );
    const customer = await createCustomer(t);
    expect((await dismiss(gone.variantId)).status).toBe(401);
    expect((await dismiss(gone.variantId, customer.token)).status).toBe(403);
    expect((await dismiss(999_999, staff.token)).status).toBe(404);
    expect((await requests(gone.variantId)).map((r) => r.status)).toEqual(['open', 'open', 'pending']);

    const res = await dismiss(gone.variantId, staff.token);
    expect([res.status, res.data]).toEqual([200, { dismissed: 2 }]);
    expect((await requests(gone.variantId)).map((r) => r.status)).toEqual(['dismissed', 'dismissed', 'dismissed']);
    expect((await dismiss(gone.variantId, staff.token)).data).toEqual({ dismissed: 0 });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action'])
      .where('entity', '=', 'product')
      .where('entity_id', '=', gone.productId)
      .execute();
    expect(audit).toEqual([{ actor_id: staff.userId, action: 'back-in-stock-dismiss' }]);
    expect(staffMessages.audit.actions['back-in-stock-dismiss']).toBe('mbylli kërkesat për rikthim');
    const list = (await (await t.request('/api/BackInStock/Demand', { token: staff.token })).json()) as Array<{
      variantID: number;
    }>;
    expect(list.map((r) => r.variantID)).not.toContain(gone.variantId);
    expect(list.map((r) => r.variantID)).toContain(gone.variantIds[1]);

    // Restocked anyway: nobody whose request was closed is told; the other variant's shopper still waits.
    await t.db
      .transaction()
      .execute((trx) => changeStock(trx, { variantId: gone.variantId, delta: 5, reason: 'stock_count' }));
    expect(await notices('x1@example.com')).toEqual([]);
    expect(await notices('x2@example.com')).toEqual([]);
    expect((await requests(gone.variantIds[1]!)).map((r) => r.status)).toEqual(['open']);
  });
});

describe('the e-mail and its unsubscribe link', () => {
  let smtp: TestSmtp;
  let mt: TestApp;
  let url: string;
  let stop: Array<() => Promise<unknown>> = [];
  beforeAll(async () => {
    smtp = await startSmtp();
    mt = await createTestApp({
      publicUrl: 'https://butiku.test',
      mail: {
        smtpUrl: smtp.url,
        from: 'Butiku <porosi@butiku.shop>',
        shopEmail: 'a@b.c',
        maxAttempts: 3,
        retryBaseMs: 200,
      },
    });
    const server = await startServer(mt.app, mt);
    const worker = (await startMailWorker(mt, { pollMs: 100 })) as MailWorker;
    stop = [() => worker.stop(), () => server.close(), () => smtp.close()];
    url = server.url;
  });
  afterAll(async () => {
    for (const s of stop) await s();
  });

  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('sends the confirmation link, then the product link and a working unsubscribe link, that no row holds', async () => {
    const p = await createProduct(mt.db, { name: 'Pallto', variants: [{ stock: 0 }, { stock: 0 }] });
    const [v1, v2] = p.variantIds as [number, number];
    expect((await post('/api/BackInStock', { variantID: v1, email: 'Vera@Example.com' })).status).toBe(202);
    expect((await post('/api/BackInStock', { variantID: v2, email: 'vera@example.com' })).status).toBe(202);
    // One confirmation e-mail for both requests; its link is the storefront's page, which confirms with a button.
    const [ask] = await smtp.waitFor(1);
    expect(ask!.to).toMatchObject({ text: 'vera@example.com' });
    expect(ask!.subject).toBe('Konfirmoni njoftimin për Pallto');
    const confirmLink = /https:\/\/butiku\.test(\/konfirmo-njoftimin\?token=([\w.-]+))/.exec(ask!.text!)!;
    expect(confirmLink).not.toBeNull();
    expect(ask!.html).toContain(confirmLink[0]);
    // A mail scanner following the link (a GET of the page; its body needs the built client) confirms nothing.
    await (await fetch(`${url}${confirmLink[1]}`)).arrayBuffer();
    const statuses = () =>
      mt.db.selectFrom('back_in_stock_requests').select('status').where('email', '=', 'vera@example.com').execute();
    expect((await statuses()).map((r) => r.status)).toEqual(['pending', 'pending']);
    const confirmed = await post('/api/BackInStock/Confirm', { token: confirmLink[2] });
    expect([confirmed.status, await confirmed.json()]).toEqual([200, { confirmed: 2 }]);
    expect((await statuses()).map((r) => r.status)).toEqual(['open', 'open']);

    await mt.db.transaction().execute((trx) => changeStock(trx, { variantId: v1, setTo: 2, reason: 'staff_edit' }));
    const mail = (await smtp.waitFor(2))[1];
    expect(mail!.to).toMatchObject({ text: 'vera@example.com' });
    expect(mail!.text).toContain(`https://butiku.test/productDetails/${p.productId}`);
    const link = /https:\/\/butiku\.test\/cregjistrimi\?token=([\w.-]+)/.exec(mail!.text!)!;
    expect(link).not.toBeNull();
    expect(mail!.html).toContain(link[0]);
    const token = link[1]!;
    // No stored row holds either link or its token.
    const rows = await mt.db.selectFrom('mail_outbox').select(['html', 'text_body']).execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(confirmLink[2]);
    // A tampered token, another request's id with this signature, and a session token are refused.
    const [id, mac] = token.split('.') as [string, string];
    const login = await post('/api/users/login', { email: 'x@example.com', password: 'x' });
    for (const bad of [`${id}.${mac.slice(0, -1)}A`, `${Number(id) + 1}.${mac}`, 'abc', String(login.status)]) {
      const r = await post('/api/BackInStock/Unsubscribe', { token: bad });
      expect(r.status).toBe(400);
    }
    expect(unsubscribeToken(deriveKeys('another-shop-secret-long-enough-for-hs256').unsubscribe, Number(id))).not.toBe(
      token,
    );
    // The link, without signing in, closes the address's other open request and takes back its confirmation.
    const res = await post('/api/BackInStock/Unsubscribe', { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ closed: 1 });
    const left = await mt.db
      .selectFrom('back_in_stock_requests')
      .select('status')
      .where('variant_id', '=', v2)
      .executeTakeFirstOrThrow();
    expect(left.status).toBe('unsubscribed');
    expect(await (await post('/api/BackInStock/Unsubscribe', { token })).json()).toEqual({ closed: 0 });
    const address = await mt.db
      .selectFrom('back_in_stock_addresses')
      .select('confirmed_at')
      .where('email', '=', 'vera@example.com')
      .executeTakeFirstOrThrow();
    expect(address.confirmed_at).toBeNull();
  });
});
