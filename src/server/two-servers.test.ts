// Two app servers, one shop (issue 36, decision 267): two processes of the real `npm start` entry point on one
// PostgreSQL database and one S3-protocol server (s3rver), behind a real load balancer (Debian's Caddy, round robin,
// active health check on /readyz), e-mail through a real SMTP server. Everything goes through the balancer, and each
// answer names the process that served it (X-Upstream), so the test shows: a picture uploaded through one is served
// by the other; a catalogue edit through one is on the other's next page within 1 s; a checkout burst across both
// sells exactly the stock; every e-mail is sent once, the low-stock digest once, a back-in-stock notice once; rate
// limits and sign-in throttling count across both; killing one process mid-burst loses no acknowledged order, and a
// process whose /readyz fails gets no requests. Runs under `npm run test:pg` (SQLite is one process per file).
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from './db/client';
import type { AppDeps } from './deps';
import { deriveKeys } from './keys';
import { createAdmin } from './testing/auth';
import { CADDY, startBalancer, type Balancer } from './testing/balancer';
import { createTestDeps, TEST_ENGINE, TEST_JWT_SECRET } from './testing/db';
import { createCountry, createProduct } from './testing/factories';
import { startS3Server, type TestS3Server } from './testing/s3-server';
import { startShop, stopShop, type ShopProcess } from './testing/shop-process';
import { freePort, startSmtp, type TestSmtp } from './testing/smtp';

const ON_POSTGRES = TEST_ENGINE === 'postgres';
let deps: AppDeps;
let s3: TestS3Server;
let smtp: TestSmtp;
let lb: Balancer;
let env: Record<string, string>;
const ports: Record<'a' | 'b', number> = { a: 0, b: 0 };
const shops: Partial<Record<'a' | 'b', ShopProcess>> = {};
let admin: Awaited<ReturnType<typeof createAdmin>>;
let countryID: number;

const upstream = (r: Response) => {
  const hostport = r.headers.get('x-upstream');
  return hostport === `127.0.0.1:${ports.a}` ? 'a' : hostport === `127.0.0.1:${ports.b}` ? 'b' : `?${hostport}`;
};

beforeAll(async () => {
  if (!ON_POSTGRES) return;
  const base = await createTestDeps();
  [s3, smtp, ports.a, ports.b] = await Promise.all([startS3Server(['pictures']), startSmtp(), freePort(), freePort()]);
  env = {
    JWT_SECRET: TEST_JWT_SECRET,
    DATABASE_URL: base.config.databaseUrl!,
    DATABASE_POOL_SIZE: '6',
    STORAGE_URL: s3.url('pictures', 'shop'),
    ...s3.credentialsEnv,
    UPLOADS_DIR: base.config.uploadsDir,
    SMTP_URL: smtp.url,
    SHOP_EMAIL: 'dyqani@example.com',
    // The digest's job every second in both processes: the shop day's claim must still let one through.
    LOW_STOCK_DIGEST_SCHEDULE: '* * * * * *',
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_CHECKOUT: '1000/60',
    RATE_LIMIT_CONTACT: '6/60',
  };
  await base.db.destroy();
  const [a, b] = await Promise.all([
    startShop({ ...env, PORT: String(ports.a) }),
    startShop({ ...env, PORT: String(ports.b) }),
  ]);
  Object.assign(shops, { a, b });
  lb = await startBalancer([`127.0.0.1:${ports.a}`, `127.0.0.1:${ports.b}`]);
  deps = {
    db: openPostgres(env.DATABASE_URL!, { poolSize: 4 }),
    config: { ...base.config, keys: deriveKeys(TEST_JWT_SECRET) },
  };
  admin = await createAdmin(deps);
  countryID = await createCountry(deps.db, { name: 'Kosovë', shippingCents: 200 });
}, 120_000);

afterAll(async () => {
  await Promise.all([stopShop(shops.a), stopShop(shops.b)]);
  await Promise.all([lb?.stop(), s3?.stop(), smtp?.close(), deps?.db.destroy()]);
});

const send = (path: string, init: RequestInit & { token?: string; json?: unknown } = {}) => {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  return fetch(`${lb.url}${path}`, {
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
};

/** Asks through the balancer until the answer comes from `want` (round robin: within a few asks). */
async function from(want: 'a' | 'b', ask: () => Promise<Response>): Promise<Response> {
  for (let i = 0; i < 6; i++) {
    const r = await ask();
    if (upstream(r) === want) return r;
    await r.arrayBuffer();
  }
  throw new Error(`no answer from ${want} in six asks`);
}

const checkout = (i: number, variantId: number, tag: string) => ({
  customerDetails: {
    email: `bleres.${tag}${i}@example.com`,
    firstName: 'arta',
    lastName: 'hoxha',
    address: 'Rr. Nëna Terezë 1',
    city: 'Prishtinë',
    zipCode: '10000',
    phoneNumber: '049 000 000',
    countryID,
    guestId: `guest_${tag}${i}`,
  },
  cartItems: [{ productVariantId: variantId, quantity: 1 }],
  promoCode: null,
});

const stockOf = async (variantId: number) =>
  (
    await deps.db
      .selectFrom('product_variants')
      .select('stock_quantity')
      .where('variant_id', '=', variantId)
      .executeTakeFirstOrThrow()
  ).stock_quantity;

const ordersOf = (variantId: number) =>
  deps.db
    .selectFrom('order_details')
    .select('order_id')
    .where('variant_id', '=', variantId)
    .execute()
    .then((rows) => rows.map((r) => r.order_id).sort((x, y) => x - y));

const mailsOfKind = (kind: string) => smtp.received.filter((m) => m.headers.get('x-butiku-mail-kind') === kind);

/** The order an answer's body names, or null when the body is not whole JSON (an answer cut by a kill). */
function orderIn(body: string): { orderId: number; replayed?: boolean } | null {
  try {
    return JSON.parse(body) as { orderId: number; replayed?: boolean };
  } catch {
    return null;
  }
}

describe.runIf(ON_POSTGRES && fs.existsSync(CADDY))('two app servers behind Caddy, one shop', () => {
  it('serve a picture uploaded through one from the other (object storage)', async () => {
    const product = await createProduct(deps.db, { name: 'Çantë lëkure', priceCents: 6000 });
    const color = await deps.db
      .selectFrom('product_variants')
      .select('color_id')
      .where('product_id', '=', product.productId)
      .executeTakeFirstOrThrow();
    const png = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#b0402a' } })
      .png()
      .toBuffer();
    const form = () => {
      const f = new FormData();
      f.set('images[0].colorID', String(color.color_id));
      f.append('images[0].imageFiles', new File([new Uint8Array(png)], 'cante.png', { type: 'image/png' }));
      return f;
    };
    const up = await send(`/api/Product/${product.productId}/Images`, {
      method: 'POST',
      body: form(),
      token: admin.token,
    });
    expect(up.status, await up.clone().text()).toBe(200);
    const via = upstream(up);
    const other = via === 'a' ? 'b' : 'a';
    const url = ((await up.json()) as { images: Array<{ imageURLs: string[] }> }).images[0]!.imageURLs[0]!;
    const served = await from(other, () => send(url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(900);
    const small = await from(other, () => send(`${url}?w=400`));
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(400);
  });

  it("show a catalogue edit through one on the other's next read within 1 s", async () => {
    const product = await createProduct(deps.db, { name: 'Xhaketë', priceCents: 5000 });
    const path = `/api/Product/${product.productId}`;
    const read = async (p: 'a' | 'b') =>
      (await (await from(p, () => send(path))).json()) as { name: string; price: number };
    for (const p of ['a', 'b'] as const) expect((await read(p)).price).toBe(50); // cached in both now
    const { category_id: categoryID } = await deps.db
      .selectFrom('products')
      .select('category_id')
      .where('product_id', '=', product.productId)
      .executeTakeFirstOrThrow();
    const edit = await send(`${path}/Details`, {
      method: 'PUT',
      token: admin.token,
      json: { name: 'Xhaketë dimri', price: 42.5, categoryID },
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
    const edited = Date.now();
    const other = upstream(edit) === 'a' ? 'b' : 'a';
    let seen = await read(other);
    while (seen.name !== 'Xhaketë dimri' && Date.now() - edited < 1000) seen = await read(other);
    expect(seen).toMatchObject({ name: 'Xhaketë dimri', price: 42.5 });
    expect(Date.now() - edited).toBeLessThan(1000);
  });

  it('sell exactly the stock in a checkout burst across both, and send each e-mail once', async () => {
    const STOCK = 24;
    const EXTRA = 16;
    const product = await createProduct(deps.db, {
      name: 'Fustan i fundit',
      priceCents: 3000,
      variants: [{ stock: STOCK }],
    });
    const variantId = product.variantIds[0]!;
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: STOCK + EXTRA }, (_, i) =>
        send('/api/orders/checkout', {
          method: 'POST',
          json: checkout(i, variantId, 'burst'),
          headers: { 'Idempotency-Key': `burst-${i}-${started}` },
        }).then(async (r) => ({ status: r.status, via: upstream(r), body: await r.text() })),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created, JSON.stringify(results.filter((r) => r.status !== 201 && r.status !== 409))).toHaveLength(STOCK);
    expect(results.filter((r) => r.status === 409)).toHaveLength(EXTRA);
    expect(new Set(results.map((r) => r.via))).toEqual(new Set(['a', 'b'])); // both served the burst
    expect(new Set(created.map((r) => r.via))).toEqual(new Set(['a', 'b'])); // and both sold
    expect(await stockOf(variantId)).toBe(0);
    const orders = await ordersOf(variantId);
    expect(orders).toHaveLength(STOCK);

    // Each order's confirmation (to the buyer) and notification (to the shop): queued once, sent once, by
    // whichever process claimed it.
    const queued = await deps.db
      .selectFrom('mail_outbox')
      .select(['mail_id', 'kind'])
      .where('order_id', 'in', orders)
      .execute();
    expect(queued.filter((m) => m.kind === 'order_confirmation')).toHaveLength(STOCK);
    await smtp.waitFor(queued.length, 30_000);
    await new Promise((r) => setTimeout(r, 1500)); // a second send would come within a poll
    const ids = new Set(queued.map((m) => String(m.mail_id)));
    const sent = smtp.received.map((m) => String(m.headers.get('x-butiku-mail-id'))).filter((id) => ids.has(id));
    expect(sent.sort()).toEqual([...ids].sort());
  }, 60_000);

  it('queue the low-stock digest once, though both run its job every second', async () => {
    // The burst above left a variant at 0; both processes have run the job several times since.
    await new Promise((r) => setTimeout(r, 2500));
    const digests = mailsOfKind('low_stock_digest');
    expect(digests).toHaveLength(1);
    expect(digests[0]!.to).toMatchObject({ text: 'dyqani@example.com' });
    const rows = await deps.db
      .selectFrom('mail_outbox')
      .select('mail_id')
      .where('kind', '=', 'low_stock_digest')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('send one back-in-stock notice when both restock the variant at once', async () => {
    const product = await createProduct(deps.db, { name: 'Këpucë', priceCents: 7000, variants: [{ stock: 0 }] });
    const variantID = product.variantIds[0]!;
    const email = 'pret.ne.stok@example.com';
    const ask = await send('/api/BackInStock', { method: 'POST', json: { variantID, email } });
    expect(ask.status).toBe(202);
    const [confirmMail] = await waitForMail('back_in_stock_confirm', email);
    const token = /[?&#]token=([A-Za-z0-9._~-]+)/.exec(String(confirmMail!.text))?.[1];
    expect(token, String(confirmMail!.text)).toBeTruthy();
    const confirmed = await send('/api/BackInStock/Confirm', { method: 'POST', json: { token } });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    const count = (counted: number) =>
      send('/api/Stock/Count', {
        method: 'POST',
        token: admin.token,
        json: { note: 'Arriti furnizimi', counts: [{ variantID, counted }] },
      });
    const restocks = await Promise.all([count(5), count(6)]);
    expect(restocks.map((r) => r.status)).toEqual([200, 200]);
    expect(new Set(restocks.map(upstream))).toEqual(new Set(['a', 'b']));
    await waitForMail('back_in_stock', email);
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsOfKind('back_in_stock').filter((m) => m.to && JSON.stringify(m.to).includes(email))).toHaveLength(1);
  }, 60_000);

  it('count rate limits and sign-in throttling across both', async () => {
    const statuses: Array<[number, string]> = [];
    for (let i = 0; i < 8; i++) {
      const r = await send('/api/Contact', {
        method: 'POST',
        json: { name: 'arta hoxha', phone: '049 000 000', email: 'arta@example.com', message: `Pyetje numër ${i}.` },
      });
      statuses.push([r.status, upstream(r)]);
    }
    // RATE_LIMIT_CONTACT=6/60 in each process: the shop lets six through in all, not six per process.
    expect(new Set(statuses.slice(0, 6).map(([, via]) => via))).toEqual(new Set(['a', 'b']));
    expect(statuses.slice(0, 6).every(([s]) => s === 200 || s === 201)).toBe(true);
    expect(statuses.slice(6).map(([s]) => s)).toEqual([429, 429]);

    // Five wrong passwords for one account, spread over both, and the sixth attempt is paced (decision 122).
    const wrong = [];
    for (let i = 0; i < 6; i++)
      wrong.push(
        await send('/api/users/login', { method: 'POST', json: { email: admin.email, password: `gabim-${i}` } }),
      );
    expect(new Set(wrong.slice(0, 5).map(upstream))).toEqual(new Set(['a', 'b']));
    expect(wrong.slice(0, 5).map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect(wrong[5]!.status).toBe(429);
    expect(Number(wrong[5]!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('lose no acknowledged order when one is killed mid-burst; a process whose /readyz fails gets no requests', async () => {
    const STOCK = 30;
    const product = await createProduct(deps.db, { name: 'Bluzë', priceCents: 2500, variants: [{ stock: STOCK }] });
    const variantId = product.variantIds[0]!;
    const started = Date.now();
    const attempt = (i: number) =>
      send('/api/orders/checkout', {
        method: 'POST',
        json: checkout(i, variantId, 'kill'),
        headers: { 'Idempotency-Key': `kill-${i}-${started}` },
      }).then(
        async (r) => ({ i, status: r.status, body: await r.text() }),
        (err: unknown) => ({ i, status: 0, body: String(err) }),
      );
    const burst = Array.from({ length: STOCK }, (_, i) =>
      new Promise((r) => setTimeout(r, i * 15)).then(() => attempt(i)),
    );
    await new Promise((r) => setTimeout(r, 150));
    await stopShop(shops.b, 'SIGKILL');
    const first = (await Promise.all(burst)).map((r) => ({ ...r, order: orderIn(r.body) }));
    // Acknowledged: a 201 whose answer arrived whole. The kill can cut an answer after the balancer passed on its
    // status line (CI at 6472212: a 201 with an empty body); that shopper saw an error, as for any other failure.
    const acknowledged = first.flatMap((r) => (r.status === 201 && r.order ? [r.order] : []));
    // A shopper whose tap got an error taps again with the same key until the shop answers: the survivor does. The
    // balancer may answer 503 for a few seconds first (CI at b06d989: nine re-taps at once, while the killed process
    // was still counted and the survivor's health check was slow on the loaded runner), as a shopper would see.
    const tapUntilAnswered = async (i: number) => {
      const busy = new Set([0, 502, 503, 504]);
      let r = await attempt(i);
      for (let n = 0; n < 10 && busy.has(r.status); n++) {
        await new Promise((res) => setTimeout(res, 500));
        r = await attempt(i);
      }
      return r;
    };
    const again = await Promise.all(
      first.filter((r) => !(r.status === 201 && r.order)).map((r) => tapUntilAnswered(r.i)),
    );
    console.log(
      `killed b mid-burst: ${acknowledged.length} of ${STOCK} acknowledged at once, ${again.length} tapped again ` +
        `(first answers: ${[...new Set(first.map((r) => r.status))].join(', ')})`,
    );
    // 201, or 200 with `replayed` when the first tap's order was written before its answer was lost (CI at 34ceed1).
    expect(
      again.every((r) => r.status === 201 || (r.status === 200 && orderIn(r.body)?.replayed === true)),
      JSON.stringify(again),
    ).toBe(true);

    const orders = await ordersOf(variantId);
    for (const a of acknowledged) expect(orders).toContain(a.orderId);
    expect(orders).toHaveLength(STOCK); // every shopper has exactly one order, none twice
    expect(await stockOf(variantId)).toBe(0);
    const confirmations = await deps.db
      .selectFrom('mail_outbox')
      .select('order_id')
      .where('kind', '=', 'order_confirmation')
      .where('order_id', 'in', orders)
      .execute();
    expect(confirmations).toHaveLength(STOCK); // no acknowledged order without its e-mail

    // b comes back serving but not ready (its bucket is missing): the health check keeps every request on a.
    shops.b = await startShop({ ...env, PORT: String(ports.b), STORAGE_URL: s3.url('missing-bucket') });
    expect((await fetch(`${shops.b.url}/readyz`)).status).toBe(503);
    await new Promise((r) => setTimeout(r, 1200)); // two health checks
    const served = [];
    for (let i = 0; i < 10; i++) {
      const r = await send('/healthz');
      served.push([r.status, upstream(r)]);
    }
    expect(served).toEqual(Array.from({ length: 10 }, () => [200, 'a']));
  }, 90_000);
});

/** Waits until an e-mail of `kind` to `to` has arrived (or fails after 20 s). */
async function waitForMail(kind: string, to: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = mailsOfKind(kind).filter((m) => JSON.stringify(m.to ?? '').includes(to));
    if (found.length > 0) return found;
    if (Date.now() > deadline) throw new Error(`no ${kind} e-mail to ${to} in 20 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
