// Image storage and GET /api/Product/images/{path}: re-encoding, sizes, cache headers, traversal, fallback.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/testing/app';
import { deleteImageFiles, duplicateImage, normaliseImagePath, storeImage } from './media.service';

let t: TestApp;
let fileName: string;

beforeAll(async () => {
  t = await createTestApp();
  const png = await sharp({ create: { width: 1600, height: 2000, channels: 3, background: '#b3262e' } })
    .png()
    .withMetadata()
    .toBuffer();
  fileName = (await storeImage(t, png)).fileName;
});

afterAll(async () => {
  await t.db.destroy();
});

describe('storeImage', () => {
  it('re-encodes to WebP under a generated name: large at most 1000 px wide, small 400 px', async () => {
    expect(fileName).toMatch(/^[a-f0-9]{24}\.webp$/);
    const large = await sharp(path.join(t.config.uploadsDir, fileName)).metadata();
    const small = await sharp(path.join(t.config.uploadsDir, 'w400', fileName)).metadata();
    expect([large.format, large.width, large.height]).toEqual(['webp', 1000, 1250]);
    expect([small.format, small.width]).toEqual(['webp', 400]);
    expect(large.exif).toBeUndefined();
  });

  it('does not enlarge small pictures and refuses bytes that are not an image', async () => {
    const tiny = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const { fileName: name } = await storeImage(t, tiny);
    expect((await sharp(path.join(t.config.uploadsDir, name)).metadata()).width).toBe(300);
    await expect(storeImage(t, Buffer.from('<?php echo 1; ?>'))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('duplicates and deletes both sizes; deleting a missing file is fine', async () => {
    const copy = await duplicateImage(t, fileName);
    await deleteImageFiles(t, copy.fileName);
    expect(fs.existsSync(path.join(t.config.uploadsDir, copy.fileName))).toBe(false);
    expect(fs.existsSync(path.join(t.config.uploadsDir, 'w400', copy.fileName))).toBe(false);
    expect(fs.existsSync(path.join(t.config.uploadsDir, fileName))).toBe(true);
    await expect(deleteImageFiles(t, copy.fileName)).resolves.toBeUndefined();
    await expect(deleteImageFiles(t, '../../etc/passwd')).resolves.toBeUndefined();
  });

  it('normalises paths: leading slash and Images/ dropped, anything else refused', () => {
    expect(normaliseImagePath('abc.webp')).toBe('abc.webp');
    expect(normaliseImagePath('/Images/abc.webp')).toBe('abc.webp');
    expect(normaliseImagePath('Images%2Fabc.webp')).toBe('abc.webp');
    expect(normaliseImagePath('..%2F..%2Fshop.db')).toBeNull();
    expect(normaliseImagePath('a/b.webp')).toBeNull();
    expect(normaliseImagePath('abc.svg')).toBeNull();
    expect(normaliseImagePath('%E0%A4%A')).toBeNull();
  });
});

describe('GET /api/Product/images/{path}', () => {
  it('serves the large image immutable-cached as image/webp, uncompressed', async () => {
    const res = await t.request(`/api/Product/images/${fileName}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBeNull();
    const body = Buffer.from(await res.arrayBuffer());
    expect((await sharp(body).metadata()).width).toBe(1000);
  });

  it('serves the 400 px variant for ?w=400', async () => {
    const res = await t.request(`/api/Product/images/${fileName}?w=400`);
    expect(res.status).toBe(200);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(400);
  });

  it('accepts the legacy Images/ prefix and a doubled slash', async () => {
    expect((await t.request(`/api/Product/images/Images/${fileName}`)).status).toBe(200);
    expect((await t.request(`/api/Product/images//Images/${fileName}`)).status).toBe(200);
  });

  it('redirects a missing image to the default picture', async () => {
    const res = await t.request('/api/Product/images/doesnotexist.webp');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/images/default-image.jpg');
    expect(res.headers.get('cache-control')).not.toContain('immutable');
  });

  it('refuses traversal and odd names with 400 (or 404 when the path leaves the route)', async () => {
    for (const p of [
      '..%2F..%2Fshop.db',
      '%2e%2e%2fpackage.json',
      'Images/..%2F..%2Fetc%2Fpasswd',
      'a.webp%00.png',
      'evil.svg',
    ]) {
      const res = await t.request(`/api/Product/images/${p}`);
      expect(res.status, p).toBe(400);
      expect((await res.json()).code).toBe('BAD_REQUEST');
    }
    const res = await t.request('/api/Product/images/../../package.json');
    expect([400, 404]).toContain(res.status);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('the placeholder exists in public/images', () => {
    expect(fs.statSync(path.resolve('public/images/default-image.jpg')).size).toBeGreaterThan(1000);
  });
});
