// `npm run media:copy` (decision 266), the shipped command in a child process as an operator runs it, against a real
// S3-protocol server (s3rver on a loopback port) on both engines: it copies a shop's UPLOADS_DIR into the bucket,
// checks every stored name (each file's size, every picture the catalogue refers to), skips what is already there,
// and fails naming what is missing.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, npmRun } from '../backup/test-support';
import { createAdmin } from '../testing/auth';
import { createTestApp, type TestApp } from '../testing/app';
import { createColor, createProduct } from '../testing/factories';
import { startS3Server, type TestS3Server } from '../testing/s3-server';
import { openS3Store } from './open';
import type { ObjectStore } from './store';

let s3: TestS3Server;

beforeAll(async () => {
  s3 = await startS3Server(['empty-bucket']);
});

afterAll(async () => {
  await s3?.stop();
});

async function upload(app: TestApp, id: number, color: number, as: string): Promise<Response> {
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a7ab0' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('images[0].colorID', String(color));
  form.append('images[0].imageFiles', new File([new Uint8Array(png)], 'foto.png', { type: 'image/png' }));
  return app.request(`/api/Product/${id}/Images`, { method: 'POST', body: form, token: as });
}

const keys = async (store: ObjectStore) => (await store.list()).map((o) => o.key);
const imageRows = (app: TestApp, id: number) =>
  app.db.selectFrom('product_images').select('file_name').where('product_id', '=', id).execute();

describe('npm run media:copy (the shipped command)', () => {
  it('copies a shop folder into the bucket, checks every stored name, and is safe to run again', async () => {
    buildServer();
    const shop = await createTestApp(); // pictures in its UPLOADS_DIR, as every shop before decision 266
    try {
      const color = await createColor(shop.db);
      const id = (await createProduct(shop.db, { variants: [{ colorId: color, stock: 1 }] })).productId;
      const admin = (await createAdmin(shop)).token;
      for (let i = 0; i < 2; i++) expect((await upload(shop, id, color, admin)).status).toBe(200);
      fs.writeFileSync(path.join(shop.config.uploadsDir, 'notes.txt'), 'not a picture');
      const names = (await imageRows(shop, id)).map((r) => r.file_name);
      const env = {
        DATABASE_PATH: shop.config.databasePath,
        DATABASE_URL: shop.config.databaseUrl ?? '',
        UPLOADS_DIR: shop.config.uploadsDir,
        STORAGE_URL: s3.url('empty-bucket', 'moved'),
        ...s3.credentialsEnv,
      };
      const first = await npmRun('media:copy', [], env).done;
      expect(first.code, first.stdout + first.stderr).toBe(0);
      expect(first.stdout).toContain('Copied 4, already there 0; skipped 1 files that are no picture.');
      expect(first.stdout).toContain('the 2 pictures of the catalogue are in s3://empty-bucket/moved');
      expect(first.stderr).not.toContain('NodeVersionSupportWarning');
      const moved = await openS3Store(s3.location('empty-bucket', 'moved'));
      expect(await keys(moved)).toEqual(names.flatMap((n) => [n, `w400/${n}`]).sort());

      const again = await npmRun('media:copy', [], env).done;
      expect(again.code).toBe(0);
      expect(again.stdout).toContain('Copied 0, already there 4');

      // A name the catalogue holds whose file is gone everywhere: the check names it and the command fails.
      fs.rmSync(path.join(shop.config.uploadsDir, 'w400', names[0]!));
      await moved.delete(`w400/${names[0]}`);
      const broken = await npmRun('media:copy', [], env).done;
      expect(broken.code).toBe(1);
      expect(broken.stderr).toContain(`w400/${names[0]}: the catalogue refers to it`);

      const unset = await npmRun('media:copy', [], { ...env, STORAGE_URL: '' }).done;
      expect([unset.code, unset.stderr]).toEqual([1, expect.stringContaining('STORAGE_URL is not set')]);
      const bad = await npmRun('media:copy', [], { ...env, STORAGE_URL: 'https://bucket' }).done;
      expect([bad.code, bad.stderr]).toEqual([1, expect.stringContaining('STORAGE_URL: must start with s3://')]);
    } finally {
      await shop.db.destroy();
    }
  }, 180_000);
});
