// Stored-XSS payloads in a buyer's review (decision 234) through every server-made display: the product page's
// JSON-LD and first-view data (inside <script> elements), the staff list's answer, the delivered e-mail's invitation
// and the product feeds (which carry no review text). The rendered page and the dashboard are driven in Chromium
// (e2e/reviews.e2e.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createAdmin, createCustomer } from '#server/testing/auth';
import { createProduct, insertOrder } from '#server/testing/factories';

const PAYLOADS = [
  '<script>alert(1)</script>',
  '</script><script>alert(2)</script>',
  '"><img src=x onerror=alert(3)>',
  'javascript:alert(4)',
];

let t: TestApp;
let productId: number;
let admin: { token: string };

beforeAll(async () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="sq"><head><!--app-meta--><title>x</title><!--/app-meta--></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ clientDistDir: dist, publicUrl: 'https://butiku.shop' });
  admin = await createAdmin(t);
  const u = await createCustomer(t);
  productId = (await createProduct(t.db, { name: 'Fustan', variants: [{ stock: 3 }] })).productId;
  const orderId = await insertOrder(t.db, {
    userId: u.userId,
    status: 'delivered',
    lastName: '<b>X</b>',
    lines: [{ productId, name: 'Fustan' }],
  });
  const res = await t.request('/api/Reviews', {
    method: 'POST',
    token: u.token,
    json: { orderId, productId, rating: 5, title: PAYLOADS[0], body: PAYLOADS.join(' ') },
  });
  expect(res.status).toBe(201);
  const { reviewID } = (await res.json()) as { reviewID: number };
  expect((await t.request(`/api/Reviews/${reviewID}/Approve`, { method: 'PUT', token: admin.token })).status).toBe(200);
  const reply = await t.request(`/api/Reviews/${reviewID}/Reply`, {
    method: 'PUT',
    token: admin.token,
    json: { reply: PAYLOADS[1] },
  });
  expect(reply.status).toBe(200);
});

/** Every <script> element's content: none may be closed early or hold a raw "<". */
const scripts = (html: string) => [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];

describe('a review holding markup', () => {
  it('is stored as typed', async () => {
    const row = await t.db.selectFrom('product_reviews').selectAll().executeTakeFirstOrThrow();
    expect(row.title).toBe(PAYLOADS[0]);
    expect(row.body).toBe(PAYLOADS.join(' '));
  });

  it('stays data inside the product page JSON-LD and first-view data: no "<" in any script element', async () => {
    const html = await (await t.request(`/productDetails/${productId}`)).text();
    const found = scripts(html);
    expect(found.map((m) => m[1])).toEqual(
      expect.arrayContaining([' type="application/ld+json"', ' type="application/json" id="butiku-queries"']),
    );
    for (const [, , body] of found) expect(body).not.toContain('<');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    const ld = found.map((m) => m[2]!).find((b) => b.includes('"@type":"Product"'))!;
    const product = JSON.parse(ld) as { aggregateRating: unknown; review: Array<{ name: string; reviewBody: string }> };
    expect(product.aggregateRating).toMatchObject({ ratingValue: '5.0', reviewCount: 1 });
    expect(product.review[0]!.name).toBe(PAYLOADS[0]);
    expect(product.review[0]!.reviewBody).toBe(PAYLOADS.join(' '));
  });

  it('a product without approved reviews carries no aggregateRating or review in its JSON-LD', async () => {
    const other = (await createProduct(t.db, { name: 'Bluzë', variants: [{ stock: 1 }] })).productId;
    const html = await (await t.request(`/productDetails/${other}`)).text();
    expect(html).toContain('"@type":"Product"');
    expect(html).not.toContain('aggregateRating');
    expect(html).not.toContain('"review"');
  });

  it('is answered to staff as JSON text (the screen renders it as text: e2e), and is absent from the feeds', async () => {
    const list = (await (await t.request('/api/Reviews?status=approved', { token: admin.token })).json()) as {
      items: Array<{ title: string; reply: string }>;
    };
    expect(list.items[0]).toMatchObject({ title: PAYLOADS[0], reply: PAYLOADS[1] });
    for (const feed of ['/feeds/products.xml', '/feeds/products.csv']) {
      const res = await t.request(feed);
      expect(res.status, feed).toBe(200);
      const body = await res.text();
      expect(body, feed).toContain('Fustan');
      expect(body, feed).not.toContain('alert(');
    }
  });
});
