// Product pictures in an S3-compatible bucket (decision 266), against a real S3-protocol server (s3rver on a loopback
// port) and the real app on both engines: upload through the staff route, serve with the same URLs and cache headers,
// a redirect with STORAGE_PUBLIC_URL, delete after the commit, a bucket that fails answers 503 and writes nothing,
// /readyz checks the bucket, and `npm run media:copy` (the shipped command, a child process) moves a shop's folder.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openS3Store } from '#server/storage/open';
import type { ObjectStore } from '#server/storage/store';
import { createAdmin } from '#server/testing/auth';
import { createTestApp, type TestApp } from '#server/testing/app';
import { createColor, createProduct } from '#server/testing/factories';
import { startS3Server, type TestS3Server } from '#server/testing/s3-server';
import { duplicateImage, storeImage } from './media.service';
import { staffMessages } from '#shared/messages-staff';

let s3: TestS3Server;
let t: TestApp;
let bucket: ObjectStore;
let token: string;
let productId: number;
let colorId: number;

const png = (background: string) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .png()
    .toBuffer();

async function upload(app: TestApp, id: number, color: number, as: string): Promise<Response> {
  const form = new FormData();
  form.set('images[0].colorID', String(color));
  form.append(
    'images[0].imageFiles',
    new File([new Uint8Array(await png('#2a7ab0'))], 'foto.png', { type: 'image/png' }),
  );
  return app.request(`/api/Product/${id}/Images`, { method: 'POST', body: form, token: as });
}

const keys = async (store: ObjectStore) => (await store.list()).map((o) => o.key);
const imageRows = (app: TestApp, id: number) =>
  app.db.selectFrom('product_images').select('file_name').where('product_id', '=', id).execute();

beforeAll(async () => {
  s3 = await startS3Server(['pictures', 'empty-bucket']);
  t = await createTestApp({ storage: s3.location('pictures', 'shop') });
  bucket = await openS3Store(s3.location('pictures', 'shop'));
  token = (await createAdmin(t)).token;
  colorId = await createColor(t.db);
  productId = (await createProduct(t.db, { name: 'Fustan', variants: [{ colorId, stock: 3 }] })).productId;
}, 60_000);

afterAll(async () => {
  await t?.db.destroy();
  await s3?.stop();
});

describe('pictures in the bucket (STORAGE_URL)', () => {
  let fileName: string;

  it('an upload through the staff route writes both sizes under the prefix, nothing into UPLOADS_DIR', async () => {
    const res = await upload(t, productId, colorId, token);
    expect(res.status, await res.clone().text()).toBe(200);
    const url = ((await res.json()) as { images: Array<{ imageURLs: string[] }> }).images[0]!.imageURLs[0]!;
    fileName = path.basename(url);
    expect(url).toBe(`/api/Product/images/${fileName}`);
    expect(await keys(bucket)).toEqual([fileName, `w400/${fileName}`]);
    expect(fs.readdirSync(t.config.uploadsDir)).toEqual([]);
  });

  it('serves both sizes with the same URLs and cache headers as the folder', async () => {
    const large = await t.request(`/api/Product/images/${fileName}`);
    expect(large.status).toBe(200);
    expect(large.headers.get('content-type')).toBe('image/webp');
    expect(large.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await large.arrayBuffer())).metadata()).width).toBe(1000);
    const small = await t.request(`/api/Product/images/${fileName}?w=400`);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(400);
    const missing = await t.request('/api/Product/images/doesnotexist.webp');
    expect([missing.status, missing.headers.get('location')]).toEqual([302, '/images/default-image.jpg']);
  });

  it('duplicates by a server-side copy, and deletes after the commit', async () => {
    const copy = await duplicateImage(t, fileName);
    expect(await keys(bucket)).toContain(`w400/${copy.fileName}`);
    const res = await t.request(`/api/Product/${productId}/Images/${fileName}`, { method: 'DELETE', token });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await imageRows(t, productId)).toEqual([]);
    expect(await keys(bucket)).toEqual([copy.fileName, `w400/${copy.fileName}`].sort());
  });

  it('/readyz checks the bucket', async () => {
    const res = await t.request('/readyz');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { checks: Record<string, unknown> }).checks).toMatchObject({ storage: { ok: true } });
  });

  it('STORAGE_PUBLIC_URL: the same URLs redirect to the public store', async () => {
    const cdn = await createTestApp({
      storage: s3.location('pictures', 'shop'),
      storagePublicUrl: 'https://cdn.example.com/shop',
    });
    try {
      const res = await cdn.request(`/api/Product/images/${'a'.repeat(24)}.webp?w=400`);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`https://cdn.example.com/shop/w400/${'a'.repeat(24)}.webp`);
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    } finally {
      await cdn.db.destroy();
    }
  });
});

describe('a bucket that fails', () => {
  it('an upload answers 503 with a clear message and writes nothing (no row, no object, no file)', async () => {
    const broken = await createTestApp({ storage: s3.location('no-such-bucket') });
    try {
      const admin = (await createAdmin(broken)).token;
      const color = await createColor(broken.db);
      const id = (await createProduct(broken.db, { variants: [{ colorId: color, stock: 1 }] })).productId;
      const res = await upload(broken, id, color, admin);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { Message: string }).Message).toBe(staffMessages.dashboard.imageStoreUnavailable);
      expect(await imageRows(broken, id)).toEqual([]);
      for (const name of ['pictures', 'empty-bucket'])
        expect((await keys(await openS3Store(s3.location(name)))).filter((k) => !k.startsWith('shop/'))).toEqual([]);
      expect(fs.readdirSync(broken.config.uploadsDir)).toEqual([]);
      await expect(storeImage(broken, await png('#000'))).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      const ready = await broken.request('/readyz');
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { checks: { storage: { ok: boolean } } }).checks.storage.ok).toBe(false);
    } finally {
      await broken.db.destroy();
    }
  });
});
