// Two app processes (the real `npm start` entry point, each with its own pool) on one database behave as one shop
// (decision 140): stock + 40 concurrent checkouts of one variant split between them make exactly `stock` orders,
// a price edit through one is served by the other on its next read, and the rate limits count across both. They
// start at once on a database an earlier version left its generated secret in, without JWT_SECRET: both end up with
// that secret in one key file, the row gone (decision 236), and each accepts the other's tokens.
// Runs under `npm run test:pg`. SQLite stays one process per file: two processes on one file answer some
// contended checkouts with SQLITE_BUSY (a write after a stale read snapshot), so `npm test` skips this file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from './db/client';
import type { AppDeps } from './deps';
import { deriveKeys } from './keys';
import { createAdmin } from './testing/auth';
import { createTestDeps, TEST_ENGINE, TEST_JWT_SECRET } from './testing/db';
import { createCountry, createProduct } from './testing/factories';
import { startShop, stopShop, type ShopProcess } from './testing/shop-process';

// More stock than either process gets checkouts (33 and 32 of 65), so both must sell some whatever the timing.
const STOCK = 40;
const EXTRA = 25;

const ON_POSTGRES = TEST_ENGINE === 'postgres';
let deps: AppDeps;
let a: ShopProcess;
let b: ShopProcess;
let env: Record<string, string>;
const keyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-two-')), 'keys', 'secret.key');

beforeAll(async () => {
  if (!ON_POSTGRES) return;
  // A fresh, migrated PostgreSQL database; both shops start on it at once (each checks the migrations under
  // Kysely's lock), and this process writes the fixtures through a pool of its own.
  const base = await createTestDeps();
  await base.db.insertInto('app_settings').values({ key: 'jwt_secret', value: TEST_JWT_SECRET }).execute();
  env = {
    JWT_SECRET: '',
    SECRET_KEY_FILE: keyFile,
    UPLOADS_DIR: base.config.uploadsDir,
    RATE_LIMIT_CHECKOUT: '1000/60',
    RATE_LIMIT_CONTACT: '6/60',
    DATABASE_URL: base.config.databaseUrl!,
    DATABASE_POOL_SIZE: '8',
  };
  await base.db.destroy();
  [a, b] = await Promise.all([startShop(env), startShop(env)]);
  const db = openPostgres(base.config.databaseUrl!, { poolSize: 4 });
  deps = { db, config: { ...base.config, keys: deriveKeys(TEST_JWT_SECRET) } };
}, 120_000);

afterAll(async () => {
  await Promise.all([stopShop(a), stopShop(b)]);
  await deps?.db.destroy();
});

const json = (body: unknown, token?: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

describe.runIf(ON_POSTGRES)('two app processes on one PostgreSQL database', () => {
  it("started at once without JWT_SECRET, share the stored secret through one key file and accept each other's tokens", async () => {
    expect(fs.readFileSync(keyFile, 'utf8').trim()).toBe(TEST_JWT_SECRET);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const row = await deps.db.selectFrom('app_settings').select('key').where('key', '=', 'jwt_secret').execute();
    expect(row).toEqual([]);
    const moved = [a, b].filter((p) => p.output().includes('Moved the secret this shop generated earlier'));
    expect(moved).toHaveLength(1); // one process created the file; the other read it
    const admin = await createAdmin(deps);
    for (const p of [a, b])
      expect(
        (await fetch(`${p.url}/api/users/profile`, { headers: { authorization: `Bearer ${admin.token}` } })).status,
      ).toBe(200);
    const login = await fetch(`${a.url}/api/users/login`, json({ email: admin.email, password: admin.password }));
    const { token } = (await login.json()) as { token: string };
    expect((await fetch(`${b.url}/api/users/profile`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
      200,
    );
  });

  it(`sell exactly the stock when ${STOCK + EXTRA} checkouts of one variant are split between them`, async () => {
    const countryID = await createCountry(deps.db, { name: 'Kosovë', shippingCents: 200 });
    const product = await createProduct(deps.db, {
      name: 'Fustan i fundit',
      priceCents: 3000,
      variants: [{ stock: STOCK }],
    });
    const variantId = product.variantIds[0]!;
    const order = (i: number) => ({
      customerDetails: {
        email: `bleres${i}@example.com`,
        firstName: 'Arta',
        lastName: 'Hoxha',
        address: 'Rr. Nëna Terezë 1',
        city: 'Prishtinë',
        zipCode: '10000',
        phoneNumber: '+38349000000',
        countryID,
        guestId: `guest_split${i}`,
      },
      cartItems: [{ productVariantId: variantId, quantity: 1 }],
      promoCode: null,
    });
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: STOCK + EXTRA }, (_, i) =>
        fetch(`${(i % 2 ? b : a).url}/api/orders/checkout`, {
          ...json(order(i)),
          headers: { 'content-type': 'application/json', 'Idempotency-Key': `split-${i}-${started}` },
        }).then(async (r) => ({ status: r.status, body: await r.text(), via: i % 2 ? 'b' : 'a' })),
      ),
    );
    const ms = Date.now() - started;
    const statuses = results.map((r) => r.status);
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(STOCK);
    expect(statuses.filter((s) => s === 409)).toHaveLength(EXTRA);
    // Both processes sold some (the split really reached both).
    expect(new Set(created.map((r) => r.via)).size).toBe(2);
    const row = await deps.db
      .selectFrom('product_variants')
      .select('stock_quantity')
      .where('variant_id', '=', variantId)
      .executeTakeFirstOrThrow();
    expect(row.stock_quantity).toBe(0);
    const orders = await deps.db
      .selectFrom('order_details')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('variant_id', '=', variantId)
      .executeTakeFirstOrThrow();
    expect(Number(orders.n)).toBe(STOCK);
    console.log(
      `${TEST_ENGINE}: ${STOCK + EXTRA} checkouts over two processes in ${ms} ms: ${created.length} orders, ${EXTRA} × 409, stock 0`,
    );
  }, 60_000);

  it('serve a price edited through one process from the other on its next read', async () => {
    const admin = await createAdmin(deps);
    const product = await createProduct(deps.db, { name: 'Xhaketë', priceCents: 5000 });
    const read = async (p: ShopProcess) =>
      ((await (await fetch(`${p.url}/api/Product/${product.productId}`)).json()) as { price: number }).price;
    expect(await read(b)).toBe(50); // now cached in b
    expect(await read(b)).toBe(50);
    const categoryID = (
      await deps.db
        .selectFrom('products')
        .select('category_id')
        .where('product_id', '=', product.productId)
        .executeTakeFirstOrThrow()
    ).category_id;
    const edit = await fetch(`${a.url}/api/Product/${product.productId}/Details`, {
      ...json({ name: 'Xhaketë', price: 42.5, categoryID }, admin.token),
      method: 'PUT',
    });
    expect(edit.status).toBe(200);
    expect(await read(b)).toBe(42.5);
    expect(await read(a)).toBe(42.5);
  });

  it('count the rate limits across both processes', async () => {
    const message = (i: number) => ({
      name: 'Arta Hoxha',
      phone: '+38349000000',
      email: 'arta@example.com',
      message: `Pyetje numër ${i} për porosinë.`,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await fetch(`${(i % 2 ? b : a).url}/api/Contact`, json(message(i)))).status);
    // RATE_LIMIT_CONTACT=6/60 for each process: one shop lets six through in total, not six per process.
    expect(statuses.slice(0, 6).every((s) => s === 200 || s === 201)).toBe(true);
    expect(statuses.slice(6)).toEqual([429, 429]);
  });
});
