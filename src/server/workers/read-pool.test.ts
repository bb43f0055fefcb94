// Heavy reads off the main thread (decision 261), on both engines through the real app: the orders and products
// CSV answers are the same bytes the serving thread writes; on SQLite they come from a worker thread (the pool says
// so; PostgreSQL's non-blocking pool reads in this thread); the event loop stays free (CPU-based, loop-holds.ts)
// while ten thousand orders stream; a client that goes away frees the worker for the next export; an idle worker
// leaves the pool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../testing/auth';
import { createTestApp, type TestApp } from '../testing/app';
import { insertBulkOrderLines, insertBulkOrders } from '../testing/bulk-orders';
import { createProduct } from '../testing/factories';
import { loopHolds } from '../testing/loop-holds';
import { engineOf } from '../db/dialect';
import { ordersCsvStream } from '../modules/orders';
import { productsCsvStream } from '../modules/catalog';
import { readPoolUse, stopReadWorkers } from './read-pool';

const ORDERS = 10_000;

let t: TestApp;
let staff: string;
const sqlite = () => engineOf(t.db) === 'sqlite';

const bytesOf = async (stream: AsyncIterable<Buffer | string>) => {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  return Buffer.concat(parts);
};
const download = async (path: string) => {
  const r = await t.request(path, { token: staff });
  expect(r.status).toBe(200);
  return Buffer.from(await r.arrayBuffer());
};

beforeAll(async () => {
  t = await createTestApp();
  staff = (await createStaff(t)).token;
  const products = [];
  for (let i = 0; i < 12; i++) {
    const p = await createProduct(t.db, { name: `Xhaketë ${i}`, variants: [{ stock: 5 }, { stock: 0 }] });
    products.push({ productId: p.productId, variantId: p.variantIds[0]!, name: `Xhaketë ${i}` });
  }
  await insertBulkOrders(t.db, ORDERS, Date.UTC(2025, 0, 1), 45 * 60_000); // about ten months of orders
  await insertBulkOrderLines(t.db, products);
}, 180_000);
afterAll(stopReadWorkers);

describe('exports read off the main thread', () => {
  it('orders and products CSV: the same bytes as the serving thread writes, from a worker on SQLite', async () => {
    const input = { from: '2025-02-01', to: '2025-06-30' };
    const orders = await download('/api/Orders/export.csv?from=2025-02-01&to=2025-06-30');
    expect(orders.equals(await bytesOf(ordersCsvStream(t.db, input)))).toBe(true);
    expect(orders.toString('utf8').split('\r\n').length).toBeGreaterThan(5_000);
    // On SQLite the pool started a worker for it; PostgreSQL reads in this thread (its driver does not block).
    expect(readPoolUse().workers).toBe(sqlite() ? 1 : 0);

    const products = await download('/api/Product/export.csv');
    expect(products.equals(await bytesOf(productsCsvStream(t.db)))).toBe(true);
    expect(products.toString('utf8')).toContain('Xhaketë 11');
  }, 120_000);

  it('the event loop is never held 100 ms while every order streams, and /healthz keeps answering', async () => {
    const stop = loopHolds();
    const health: number[] = [];
    let streaming = true;
    const probe = (async () => {
      while (streaming) {
        const started = performance.now();
        expect((await t.request('/healthz')).status).toBe(200);
        health.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const all = await download('/api/Orders/export.csv');
    streaming = false;
    await probe;
    const held = stop();
    console.log(
      `orders CSV ${(all.length / 1024 / 1024).toFixed(1)} MB: loop held at most ${held.toFixed(1)} ms; ` +
        `${health.length} health probes, slowest ${Math.max(...health).toFixed(1)} ms`,
    );
    expect(all.toString('utf8').split('\r\n').length).toBeGreaterThan(ORDERS);
    expect(held).toBeLessThan(100);
    expect(health.length).toBeGreaterThan(0);
  }, 120_000);

  it('a client that goes away stops the read and frees the worker for the next export', async () => {
    const r = await t.request('/api/Orders/export.csv', { token: staff });
    const reader = r.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    const again = await download('/api/Orders/export.csv?from=2025-03-01&to=2025-03-02');
    expect(again.toString('utf8')).toContain('orderNumber');
    expect(readPoolUse()).toMatchObject({ busy: 0, waiting: 0 });
    expect(readPoolUse().workers).toBeLessThanOrEqual(readPoolUse().max);
  }, 60_000);

  it('an idle worker leaves after a few seconds, giving its memory back, and the next export starts another', async () => {
    await download('/api/Orders/export.csv?from=2025-03-01&to=2025-03-02');
    if (sqlite()) expect(readPoolUse().workers).toBeGreaterThan(0);
    await expect.poll(() => readPoolUse().workers, { timeout: 15_000, interval: 250 }).toBe(0);
    const again = await download('/api/Orders/export.csv?from=2025-03-01&to=2025-03-02');
    expect(again.toString('utf8')).toContain('orderNumber');
  }, 60_000);
});
