// The start's warm-up (decision 283): one request of each server-rendered page kind before the shop listens, on a
// real database through the real app; a failure never stops the start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/app';
import { createProduct } from './testing/factories';
import { warmUp } from './warm-up';

let t: TestApp;
let featured: { productId: number; categoryId: number; variantIds: number[] };
beforeAll(async () => {
  // The app's page as a build leaves it (a clean clone has no dist/: the shop then answers pages 503).
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-warm-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="sq"><head><!--app-meta--><title>x</title><!--/app-meta--></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ clientDistDir: dist });
  featured = await createProduct(t.db, { name: 'Fustan i verës', isFeatured: true });
});
afterAll(() => t.db.destroy());

/** The app, recording what the warm-up asked and what it answered. */
function recorded(asked: string[]) {
  return {
    request: async (path: string, init?: RequestInit) => {
      const res = await t.app.request(path, init);
      asked.push(`${res.status} ${path}`);
      return res;
    },
  } as unknown as Parameters<typeof warmUp>[0];
}

describe('warmUp', () => {
  it("asks for the home page, the listing, the first featured product page and its category's listing, each answered", async () => {
    const asked: string[] = [];
    expect(await warmUp(recorded(asked), t)).toBeGreaterThanOrEqual(0);
    expect(asked).toEqual([
      '200 /',
      '200 /products',
      `200 /productDetails/${featured.productId}`,
      `200 /products/${featured.categoryId}`,
    ]);
  });

  it('logs a failure and lets the start go on', async () => {
    const warnings: unknown[] = [];
    const logger = { ...t.logger!, warn: (...args: unknown[]) => void warnings.push(args) } as typeof t.logger;
    const failing = { request: () => Promise.reject(new Error('boom')) } as unknown as Parameters<typeof warmUp>[0];
    expect(await warmUp(failing, { ...t, logger })).toBeGreaterThanOrEqual(0);
    expect(warnings).toHaveLength(1);
  });
});
