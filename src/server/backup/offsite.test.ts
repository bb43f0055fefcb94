// Backups off the machine (decision 266), through the shipped commands against a real S3-protocol server (s3rver on
// a loopback port): `npm run db:backup` with BACKUP_STORAGE_URL uploads the complete backup and keeps BACKUP_KEEP in
// the bucket; a failed upload exits non-zero after its retries, keeps the local copy, and the next run sends it;
// `npm run db:restore -- --latest` and `-- s3://…` restore from the bucket with the safety of a local file; pictures
// kept in a bucket (STORAGE_URL) are archived from it and put back into one. The compiled server's schedule counts a
// failed upload in /metrics. SQLite only, as every file backup (PostgreSQL: pg_dump).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeImageFiles } from '../modules/media';
import { openS3Store } from '../storage/open';
import type { ObjectStore } from '../storage/store';
import { createTestDeps } from '../testing/db';
import { createProduct } from '../testing/factories';
import { startS3Server, type TestS3Server } from '../testing/s3-server';
import { listBackups } from './backup';
import { buildServer, filesUnder, leftovers, npmRun, startShop } from './test-support';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-offsite-'));
const live = {
  DATABASE_PATH: path.join(tmp, 'shop', 'shop.db'),
  UPLOADS_DIR: path.join(tmp, 'shop', 'uploads'),
  BACKUP_DIR: path.join(tmp, 'backups'),
  BACKUP_KEEP: '2',
  BACKUP_UPLOAD_RETRY_SECONDS: '1',
};
let s3: TestS3Server;
let bucket: ObjectStore;
let env: Record<string, string>;
const pictures: string[] = [];

const keys = async (store: ObjectStore) => (await store.list()).map((o) => o.key);
const nextSecond = () => new Promise((r) => setTimeout(r, 1100)); // backups are named by the second
const productNames = (file: string) => {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare('select name from products order by name').all() as Array<{ name: string }>).map((r) => r.name);
  } finally {
    db.close();
  }
};

beforeAll(async () => {
  buildServer();
  s3 = await startS3Server(['backups', 'pictures']);
  bucket = await openS3Store(s3.location('backups', 'shop1'));
  env = { ...live, BACKUP_STORAGE_URL: s3.url('backups', 'shop1'), ...s3.credentialsEnv };
  const deps = await createTestDeps({ databasePath: live.DATABASE_PATH, uploadsDir: live.UPLOADS_DIR }, 'sqlite');
  await createProduct(deps.db, { name: 'Fustan i kuq' });
  for (let i = 0; i < 3; i++)
    pictures.push((await writeImageFiles(deps, randomBytes(9_000), randomBytes(3_000))).fileName);
  await deps.db.destroy();
}, 120_000);

afterAll(async () => {
  await s3?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('npm run db:backup with BACKUP_STORAGE_URL', () => {
  it('uploads the complete backup (database and pictures) with the same sizes, and says so', async () => {
    const r = await npmRun('db:backup', [], env).done;
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('Uploaded 1 backup(s) to s3://backups/shop1, keeping the newest 2.');
    expect(r.stderr).not.toContain('NodeVersionSupportWarning');
    const local = listBackups(live.BACKUP_DIR);
    const objects = await bucket.list();
    expect(objects.map((o) => o.key)).toEqual(
      [path.basename(local[0]!), path.basename(local[0]!).replace('.db', '.uploads.tgz')].sort(),
    );
    for (const o of objects) expect(o.size).toBe(fs.statSync(path.join(live.BACKUP_DIR, o.key)).size);
  }, 60_000);

  it('keeps BACKUP_KEEP in the bucket as in the folder', async () => {
    for (let i = 0; i < 2; i++) {
      await nextSecond();
      expect((await npmRun('db:backup', [], env).done).code).toBe(0);
    }
    const local = listBackups(live.BACKUP_DIR).map((f) => path.basename(f));
    expect(local).toHaveLength(2);
    expect((await keys(bucket)).filter((k) => k.endsWith('.db'))).toEqual(local);
  }, 60_000);

  it('a failed upload is retried, exits non-zero and keeps the local backup; the next run sends it', async () => {
    await nextSecond();
    const failed = await npmRun('db:backup', [], {
      ...env,
      BACKUP_STORAGE_URL: s3.url('no-such-bucket'),
    }).done;
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('(attempt 1 of 3)');
    expect(failed.stderr).toContain('Backup written, but not off the machine');
    expect(failed.stderr).toContain('attempt 3 of 3');
    const missed = path.basename(listBackups(live.BACKUP_DIR).at(-1)!);
    expect(fs.existsSync(path.join(live.BACKUP_DIR, missed))).toBe(true);
    expect(await keys(bucket)).not.toContain(missed);
    expect(leftovers(live.BACKUP_DIR)).toEqual([]);

    await nextSecond();
    const next = await npmRun('db:backup', [], env).done;
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toContain('Uploaded 2 backup(s)');
    expect((await keys(bucket)).filter((k) => k.endsWith('.db'))).toEqual(
      listBackups(live.BACKUP_DIR).map((f) => path.basename(f)),
    );
    expect(await keys(bucket)).toContain(missed);
  }, 90_000);
});

describe('npm run db:restore from the bucket', () => {
  it('--latest downloads the newest backup into BACKUP_DIR and restores it with its pictures', async () => {
    const dir = path.join(tmp, 'restored-latest');
    const target = {
      ...env,
      DATABASE_PATH: path.join(dir, 'shop.db'),
      UPLOADS_DIR: path.join(dir, 'uploads'),
      BACKUP_DIR: path.join(dir, 'backups'),
    };
    const r = await npmRun('db:restore', ['--latest'], target).done;
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const newest = (await keys(bucket)).filter((k) => k.endsWith('.db')).at(-1)!;
    expect(r.stdout).toContain(`Downloaded s3://backups/shop1/${newest} to ${path.join(dir, 'backups', newest)}`);
    expect(productNames(target.DATABASE_PATH)).toEqual(['Fustan i kuq']);
    expect(filesUnder(target.UPLOADS_DIR)).toEqual([...pictures, ...pictures.map((p) => `w400/${p}`)].sort());
    expect(fs.statSync(path.join(dir, 'backups', newest)).mode & 0o777).toBe(0o600);

    // The same safety as a local file: an existing database is only replaced with --force, and kept aside.
    const again = await npmRun('db:restore', ['--latest'], target).done;
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists; nothing was changed');
    const forced = await npmRun('db:restore', ['--latest', '--force'], target).done;
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('is already in');
    expect(fs.readdirSync(dir).some((f) => f.startsWith('shop.db.before-restore-'))).toBe(true);
  }, 90_000);

  it('an s3:// object is restored the same way; a missing one or a bad URL is refused', async () => {
    const oldest = (await keys(bucket)).filter((k) => k.endsWith('.db'))[0]!;
    const dir = path.join(tmp, 'restored-url');
    const target = {
      ...s3.credentialsEnv,
      DATABASE_PATH: path.join(dir, 'shop.db'),
      UPLOADS_DIR: path.join(dir, 'uploads'),
      BACKUP_DIR: path.join(dir, 'backups'),
    };
    const url = s3.url('backups', `shop1/${oldest}`);
    const r = await npmRun('db:restore', [url], target).done;
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(productNames(target.DATABASE_PATH)).toEqual(['Fustan i kuq']);
    const gone = await npmRun('db:restore', [s3.url('backups', 'shop1/butiku-20200101T000000Z.db')], target).done;
    expect([gone.code, gone.stderr]).toEqual([1, expect.stringContaining('does not exist')]);
    const bad = await npmRun('db:restore', ['s3://backups/shop1/notes.txt'], target).done;
    expect([bad.code, bad.stderr]).toEqual([1, expect.stringContaining('names no backup')]);
  }, 90_000);
});

describe('pictures in a bucket (STORAGE_URL)', () => {
  it('are archived from the bucket and put back into one by the restore', async () => {
    const from = await openS3Store(s3.location('pictures', 'live'));
    const names = ['a'.repeat(24), 'b'.repeat(24)].map((n) => `${n}.webp`);
    for (const n of names) {
      await from.put(n, randomBytes(2_000));
      await from.put(`w400/${n}`, randomBytes(700));
    }
    const withBucket = { ...env, BACKUP_STORAGE_URL: '', STORAGE_URL: s3.url('pictures', 'live') };
    await nextSecond();
    const b = await npmRun('db:backup', [], withBucket).done;
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout).toContain('the pictures of s3://pictures/live (4 files)');
    expect(leftovers(live.BACKUP_DIR)).toEqual([]);

    const dir = path.join(tmp, 'restored-bucket');
    const r = await npmRun('db:restore', [listBackups(live.BACKUP_DIR).at(-1)!], {
      ...s3.credentialsEnv,
      DATABASE_PATH: path.join(dir, 'shop.db'),
      UPLOADS_DIR: path.join(dir, 'uploads'),
      STORAGE_URL: s3.url('pictures', 'restored'),
    }).done;
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const to = await openS3Store(s3.location('pictures', 'restored'));
    expect(await keys(to)).toEqual([...names, ...names.map((n) => `w400/${n}`)].sort());
    expect(filesUnder(path.join(dir, 'uploads'))).toEqual([]);
  }, 90_000);
});

describe('the schedule in the compiled server', () => {
  it('logs a failed upload, counts it in /metrics and keeps the local backup', async () => {
    const token = 'metrics-token-long-enough-for-the-rule-1234';
    const backupDir = path.join(tmp, 'scheduled');
    const shop = await startShop({
      ...env,
      BACKUP_DIR: backupDir,
      BACKUP_SCHEDULE: '*/2 * * * * *',
      BACKUP_STORAGE_URL: s3.url('no-such-bucket'),
      METRICS_TOKEN: token,
    });
    try {
      let metrics = '';
      for (let waited = 0; waited < 30_000 && !/result="failed"} [1-9]/.test(metrics); waited += 500) {
        await new Promise((r) => setTimeout(r, 500));
        metrics = await (await fetch(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
      }
      expect(metrics).toMatch(/butiku_backup_uploads_total\{result="failed"\} [1-9]/);
      expect(metrics).toContain('butiku_backup_upload_last_success_seconds 0');
      for (let waited = 0; waited < 15_000 && !shop.output().includes('Backup upload failed'); waited += 250)
        await new Promise((r) => setTimeout(r, 250));
      expect(shop.output()).toContain('Backup upload failed');
      expect(shop.output()).not.toContain('NodeVersionSupportWarning');
      expect(listBackups(backupDir).length).toBeGreaterThan(0);
    } finally {
      await shop.stop();
    }
  }, 90_000);
});
