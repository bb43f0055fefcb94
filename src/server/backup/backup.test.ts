// Backups and restores through the shipped commands, as an operator runs them (decision 203): `npm run db:backup`
// runs while eight checkout loops place orders over HTTP against the compiled server (`node dist/server/main.cjs`);
// the copy passes integrity_check, holds every order acknowledged before the backup began, and its archive lists
// every uploaded picture (hard-linked copies included: they once made the command exit 0 with nothing written).
// `npm run db:restore -- FILE` puts it into an empty folder and a second compiled server serves those orders and
// pictures. Failures (no database, unwritable BACKUP_DIR, a disk error, Ctrl-C) exit non-zero, say why on stderr and
// leave no partial file.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PassThrough, Writable } from 'node:stream';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duplicateImage, writeImageFiles } from '../modules/media';
import { createAdmin } from '../testing/auth';
import { createTestDeps } from '../testing/db';
import { createColor, createCountry, createProduct } from '../testing/factories';
import { ArchiveStalled, stallGuard } from './archive';
import { createBackup, integrityCheck, listBackups, pruneBackups, uploadsArchiveFor } from './backup';
import { formatBytes } from './command';
import { checkBackupFile, RestoreRefused } from './restore';
import {
  buildServer,
  childEnv,
  filesUnder,
  leftovers,
  modeOf,
  npmRun,
  startShop,
  watch,
  type Shop,
} from './test-support';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-backup-'));
const live = {
  DATABASE_PATH: path.join(tmp, 'shop', 'data', 'shop.db'),
  UPLOADS_DIR: path.join(tmp, 'shop', 'uploads'),
};
const backupDir = path.join(tmp, 'backups');

let shop: Shop;
let countryID: number;
let variantId: number;
let adminToken: string;
/** Picture names: written by the media service, their hard-linked duplicates, and one uploaded over HTTP. */
const pictures: string[] = [];
let backupFile: string;
let acknowledgedBefore: number[] = [];

beforeAll(async () => {
  buildServer(); // once for this file; every `npm run db:*` below checks again and finds dist/ fresh
  const deps = await createTestDeps({ databasePath: live.DATABASE_PATH, uploadsDir: live.UPLOADS_DIR }, 'sqlite');
  countryID = await createCountry(deps.db, { name: 'Kosovë', shippingCents: 300 });
  const colorId = await createColor(deps.db);
  const product = await createProduct(deps.db, {
    name: 'Fustan',
    priceCents: 2500,
    variants: [{ colorId, stock: 100_000 }],
  });
  variantId = product.variantIds[0]!;
  adminToken = (await createAdmin(deps)).token;
  for (let i = 0; i < 6; i++) {
    const { fileName } = await writeImageFiles(deps, randomBytes(20_000), randomBytes(5_000));
    pictures.push(fileName, (await duplicateImage(deps, fileName)).fileName); // the demo seed's hard links
  }
  await deps.db.destroy(); // from here on only the shop's process opens the database
  shop = await startShop(live);

  const form = new FormData();
  form.set('images[0].colorID', String(colorId));
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a83279' } })
    .png()
    .toBuffer();
  form.append('images[0].imageFiles', new File([new Uint8Array(png)], 'foto.png', { type: 'image/png' }));
  const res = await fetch(`${shop.url}/api/Product/${product.productId}/Images`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const uploaded = ((await res.json()) as { images: Array<{ imageURLs: string[] }> }).images[0]!.imageURLs[0]!;
  pictures.push(path.basename(uploaded));
}, 120_000);

afterAll(async () => {
  await shop?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const order = (worker: number, i: number) => ({
  customerDetails: {
    email: `bleresi${worker}@example.com`,
    firstName: 'Arta',
    lastName: 'Krasniqi',
    address: 'Rr. Nëna Terezë 1',
    city: 'Prishtinë',
    zipCode: '10000',
    phoneNumber: '+38344111222',
    countryID,
    guestId: `guest_w${worker}_${i}_backup`,
  },
  cartItems: [{ productVariantId: variantId, quantity: 1 }],
});

/** The entries of a .tgz, without the leading "./" (files only). */
async function archiveFiles(file: string): Promise<string[]> {
  const names: string[] = [];
  await tar.t({ file, onReadEntry: (e) => void (e.type === 'File' && names.push(e.path.replace(/^\.\//, ''))) });
  return names.sort();
}

/** A folder of incompressible files (`mb` in all): big enough for a disk limit or a Ctrl-C to land mid-archive. */
function bulkyUploads(dir: string, mb: number): string {
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 0; i < mb; i++) fs.writeFileSync(path.join(dir, `bulk-${i}.webp`), randomBytes(1024 * 1024));
  return dir;
}

describe('npm run db:backup / db:restore, as shipped', () => {
  it('writes both files during 8 concurrent checkouts, prints them, and the copy holds every acknowledged order and picture', async () => {
    const acknowledged: number[] = [];
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const res = await fetch(`${shop.url}/api/orders/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(order(w, i)),
        });
        expect(res.status).toBe(201);
        acknowledged.push(((await res.json()) as { orderId: number }).orderId);
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));
    while (acknowledged.length < 24) await new Promise((r) => setTimeout(r, 10));

    acknowledgedBefore = [...acknowledged]; // every order answered 201 before the backup began
    const uploadsBefore = filesUnder(live.UPLOADS_DIR);
    const started = Date.now();
    // Under umask 000, where SQLite and tar would make world-readable files: still 0600 in a 0700 folder (decision 236).
    const r = await npmRun('db:backup', [], { ...live, BACKUP_DIR: backupDir }, '000').done;
    const during = acknowledged.length - acknowledgedBefore.length;
    stop = true;
    await Promise.all(workers);
    console.log(`npm run db:backup took ${Date.now() - started} ms during ${during} checkouts`);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(during).toBeGreaterThan(0); // checkouts kept being answered while the backup ran

    const [file, ...more] = listBackups(backupDir);
    expect(more).toEqual([]);
    expect(file).toMatch(/butiku-\d{8}T\d{6}Z\.db$/);
    backupFile = file!;
    const archive = uploadsArchiveFor(backupFile);
    expect(fs.readdirSync(backupDir).sort()).toEqual([path.basename(backupFile), path.basename(archive)]); // no .partial
    expect([modeOf(backupDir), modeOf(backupFile), modeOf(archive)]).toEqual([0o700, 0o600, 0o600]);
    // It says what it wrote: both paths with their sizes.
    expect(r.stdout).toMatch(
      /Backed up .*shop\.db \(\d+ pages, integrity_check ok\) and .*uploads \(\d+ files\) in \d+ ms:/,
    );
    expect(r.stdout).toContain(`  ${backupFile} (${formatBytes(fs.statSync(backupFile).size)})`);
    expect(r.stdout).toContain(`  ${archive} (${formatBytes(fs.statSync(archive).size)})`);

    expect(integrityCheck(backupFile)).toBe('ok');
    const copy = new SQLite(backupFile, { readonly: true });
    const ids = new Set(
      (copy.prepare('select order_id from orders').all() as Array<{ order_id: number }>).map((o) => o.order_id),
    );
    copy.close();
    expect(acknowledgedBefore.filter((id) => !ids.has(id))).toEqual([]);

    const archived = await archiveFiles(archive);
    expect(archived).toEqual(uploadsBefore);
    for (const name of pictures) expect(archived).toContain(name);
  }, 120_000);

  it('restores into an empty folder, and a shop started on it serves the orders and pictures', async () => {
    expect(backupFile).toBeDefined();
    const target = path.join(tmp, 'restored');
    const env = { DATABASE_PATH: path.join(target, 'data', 'shop.db'), UPLOADS_DIR: path.join(target, 'uploads') };
    const r = await npmRun('db:restore', [backupFile], env).done;
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain(`Restored ${backupFile} to ${env.DATABASE_PATH} (`);
    expect(r.stdout).toContain(
      `and its pictures (${filesUnder(live.UPLOADS_DIR).length} files) to ${env.UPLOADS_DIR}.`,
    );
    expect(r.stdout).toContain('Now start the shop');
    expect(filesUnder(env.UPLOADS_DIR)).toEqual(filesUnder(live.UPLOADS_DIR));
    expect(leftovers(target)).toEqual([]);

    const restored = await startShop(env);
    try {
      expect((await fetch(`${restored.url}/readyz`)).status).toBe(200);
      for (const id of acknowledgedBefore) {
        const res = await fetch(`${restored.url}/api/Orders/${id}`, {
          headers: { authorization: `Bearer ${adminToken}` },
        });
        expect(res.status).toBe(200);
        expect(((await res.json()) as { orderId: number }).orderId).toBe(id);
      }
      for (const name of pictures) {
        const pic = await fetch(`${restored.url}/api/Product/images/${name}`);
        expect(pic.status, name).toBe(200);
        expect(Buffer.from(await pic.arrayBuffer()).equals(fs.readFileSync(path.join(live.UPLOADS_DIR, name)))).toBe(
          true,
        );
      }
    } finally {
      await restored.stop();
    }

    // A second restore onto the now existing database stops nothing, says what to do and changes nothing.
    const again = await npmRun('db:restore', [backupFile], env).done;
    expect(again.code, again.stdout + again.stderr).toBe(1);
    expect(again.stderr).toContain('Restore refused');
    expect(again.stderr).toContain('Stop the shop first');
    expect(again.stderr).toContain('--force');
    expect(leftovers(target)).toEqual([]);
  }, 120_000);

  it('fails with a message and a non-zero exit code, leaving no partial file: no database, unwritable BACKUP_DIR, a disk error', async () => {
    const missing = await npmRun('db:backup', [], {
      DATABASE_PATH: path.join(tmp, 'nowhere', 'shop.db'),
      UPLOADS_DIR: live.UPLOADS_DIR,
      BACKUP_DIR: path.join(tmp, 'b1'),
    }).done;
    expect(missing.code, missing.stdout + missing.stderr).toBe(1);
    expect(missing.stderr).toMatch(
      /Backup failed: the database .*nowhere\/shop\.db does not exist \(DATABASE_PATH\); nothing was written/,
    );
    expect(fs.existsSync(path.join(tmp, 'b1'))).toBe(false);

    const aFile = path.join(tmp, 'not-a-folder');
    fs.writeFileSync(aFile, 'x');
    const unwritable = await npmRun('db:backup', [], { ...live, BACKUP_DIR: path.join(aFile, 'backups') }).done;
    expect(unwritable.code, unwritable.stdout + unwritable.stderr).toBe(1);
    expect(unwritable.stderr).toMatch(/Backup failed: BACKUP_DIR .*not-a-folder\/backups cannot be written \(ENOTDIR/);

    // A disk that fills up: a file size limit (ulimit -f, in KiB, per file) stops the writes (SQLite: disk I/O error;
    // the archive: EFBIG), first in the database copy, then, with room for the database only, in the uploads archive
    // (incompressible uploads 2 MB larger than that room).
    const reader = new SQLite(live.DATABASE_PATH, { readonly: true });
    const copyBytes =
      (reader.pragma('page_count', { simple: true }) as number) *
      (reader.pragma('page_size', { simple: true }) as number);
    reader.close();
    const roomForTheDatabase = Math.ceil(copyBytes / 1024) + 512;
    const env = {
      ...live,
      UPLOADS_DIR: bulkyUploads(path.join(tmp, 'bulky'), Math.ceil(roomForTheDatabase / 1024) + 2),
    };
    const limited = (kib: number, dir: string) => {
      const cmd = `node scripts/start.mjs --server-only && ulimit -f ${kib} && exec node dist/server/db-backup.cjs`; // = npm run db:backup
      return watch(
        spawn('bash', ['-c', cmd], { env: childEnv({ ...env, BACKUP_DIR: dir }), stdio: ['ignore', 'pipe', 'pipe'] }),
      ).done;
    };
    const dbFull = await limited(64, path.join(tmp, 'b-full-db'));
    expect(dbFull.code, dbFull.stdout + dbFull.stderr).toBe(1);
    expect(dbFull.stderr).toMatch(
      /Backup failed: copying the database into .*\.db\.partial failed: .*(disk I\/O error|full).*; nothing was kept/,
    );
    expect(fs.readdirSync(path.join(tmp, 'b-full-db'))).toEqual([]);
    const archiveFull = await limited(roomForTheDatabase, path.join(tmp, 'b-full-archive'));
    expect(archiveFull.code, archiveFull.stdout + archiveFull.stderr).toBe(1);
    expect(archiveFull.stderr).toMatch(
      /Backup failed: archiving UPLOADS_DIR .*bulky into .*\.uploads\.tgz\.partial failed: EFBIG.*; nothing was kept/,
    );
    expect(fs.readdirSync(path.join(tmp, 'b-full-archive'))).toEqual([]);
  }, 120_000);

  it('Ctrl-C during a backup stops it (exit status 130) and removes its partial files', async () => {
    const dir = path.join(tmp, 'b-interrupted');
    const run = npmRun(
      'db:backup',
      [],
      { ...live, UPLOADS_DIR: bulkyUploads(path.join(tmp, 'bulky-32'), 32), BACKUP_DIR: dir },
      '000',
    );
    const archiving = () => fs.existsSync(dir) && fs.readdirSync(dir).some((f) => f.endsWith('.uploads.tgz.partial'));
    for (let i = 0; i < 3000 && !archiving() && run.child.exitCode === null; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(archiving(), run.output()).toBe(true);
    // Both partial files (the database copy, finished and waiting for its archive; the archive being written) are
    // private while they are written, under umask 000.
    const partials = fs.readdirSync(dir).filter((f) => f.endsWith('.partial'));
    expect(partials.map((f) => f.replace(/^butiku-\d{8}T\d{6}Z/, '')).sort()).toEqual([
      '.db.partial',
      '.uploads.tgz.partial',
    ]);
    expect(partials.map((f) => modeOf(path.join(dir, f)))).toEqual([0o600, 0o600]);
    expect(modeOf(dir)).toBe(0o700);
    process.kill(-run.child.pid!, 'SIGINT'); // the whole process group, as a terminal's Ctrl-C does
    const r = await run.done;
    // node exits 130; npm, Ctrl-C'ed too, then ends itself by SIGINT, which a shell reports as 130 as well.
    expect([r.code, r.signal], r.stdout + r.stderr).toEqual(r.signal ? [null, 'SIGINT'] : [130, null]);
    expect(r.stderr).toContain('SIGINT received; stopping and removing its unfinished files');
    expect(r.stderr).toContain('npm run db:backup stopped by SIGINT');
    expect(fs.readdirSync(dir)).toEqual([]);
  }, 120_000);

  it('a restore that fails exits non-zero with a message and leaves nothing half-written', async () => {
    const garbage = path.join(tmp, 'garbage.db');
    fs.writeFileSync(garbage, Buffer.alloc(8192, 7));
    const target = path.join(tmp, 'restore-failed');
    const env = { DATABASE_PATH: path.join(target, 'data', 'shop.db'), UPLOADS_DIR: path.join(target, 'uploads') };
    const refused = await npmRun('db:restore', [garbage], env).done;
    expect(refused.code, refused.stdout + refused.stderr).toBe(1);
    expect(refused.stderr).toMatch(/Restore refused: .*garbage\.db is not a readable SQLite database/);

    // A backup whose uploads archive was cut short: nothing is put in place, nothing is left beside it.
    const broken = path.join(tmp, 'broken');
    fs.mkdirSync(broken);
    const file = path.join(broken, path.basename(backupFile));
    fs.copyFileSync(backupFile, file);
    const archive = fs.readFileSync(uploadsArchiveFor(backupFile));
    fs.writeFileSync(uploadsArchiveFor(file), archive.subarray(0, Math.floor(archive.length / 2)));
    const failed = await npmRun('db:restore', [file], env).done;
    expect(failed.code, failed.stdout + failed.stderr).toBe(1);
    expect(failed.stderr).toMatch(/Restore failed: unpacking .*\.uploads\.tgz failed: .*Nothing was changed\./);
    expect(filesUnder(target)).toEqual([]);
    expect(leftovers(target)).toEqual([]);
  }, 60_000);

  it('refuses a file that fails integrity_check, is no database, or has a migration this code does not know', () => {
    expect(() => checkBackupFile(backupFile)).not.toThrow();
    const newer = path.join(tmp, 'newer.db');
    fs.copyFileSync(backupFile, newer);
    const db = new SQLite(newer);
    db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run(
      '9999_from_the_future',
      new Date().toISOString(),
    );
    db.close();
    expect(() => checkBackupFile(newer)).toThrow(/newer version of Butiku.*9999_from_the_future/);

    const garbage = path.join(tmp, 'garbage2.db');
    fs.writeFileSync(garbage, Buffer.alloc(8192, 7));
    expect(() => checkBackupFile(garbage)).toThrow(RestoreRefused);

    // A page of the orders table overwritten: a valid header, a damaged b-tree.
    const damaged = path.join(tmp, 'damaged.db');
    fs.copyFileSync(backupFile, damaged);
    const probe = new SQLite(damaged);
    const root = (
      probe.prepare("select rootpage from sqlite_master where name = 'orders'").get() as { rootpage: number }
    ).rootpage;
    const pageSize = probe.pragma('page_size', { simple: true }) as number;
    probe.close();
    const fd = fs.openSync(damaged, 'r+');
    fs.writeSync(fd, Buffer.alloc(pageSize, 0xab), 0, pageSize, (root - 1) * pageSize);
    fs.closeSync(fd);
    expect(() => checkBackupFile(damaged)).toThrow(/integrity_check|not a readable SQLite database/);
  });

  it('keeps only the newest BACKUP_KEEP backups, and removes partial files a killed run left a day ago', async () => {
    const dir = path.join(tmp, 'keep');
    const opts = { databasePath: backupFile, uploadsDir: live.UPLOADS_DIR, backupDir: dir, keep: 2 };
    fs.mkdirSync(dir);
    const killed = path.join(dir, 'butiku-20261020T023000Z.db.partial');
    fs.writeFileSync(killed, 'half');
    fs.utimesSync(killed, new Date(Date.now() - 2 * 86_400_000), new Date(Date.now() - 2 * 86_400_000));
    const recent = path.join(dir, 'butiku-20261120T023000Z.uploads.tgz.partial'); // maybe another backup, still running
    fs.writeFileSync(recent, 'busy');
    for (const day of [1, 2, 3]) await createBackup(opts, new Date(Date.UTC(2026, 10, day, 2, 30)));
    expect(listBackups(dir).map((f) => path.basename(f))).toEqual([
      'butiku-20261102T023000Z.db',
      'butiku-20261103T023000Z.db',
    ]);
    expect(fs.readdirSync(dir).sort()).toEqual([
      'butiku-20261102T023000Z.db',
      'butiku-20261102T023000Z.uploads.tgz',
      'butiku-20261103T023000Z.db',
      'butiku-20261103T023000Z.uploads.tgz',
      path.basename(recent),
    ]);
    expect(pruneBackups(dir, 2)).toEqual([]);
  });

  it('an archive that stops producing data fails after the stall limit instead of hanging or exiting quietly', async () => {
    const never = new PassThrough(); // a source that neither sends nor ends, as node-tar's packer did on hard links
    const started = Date.now();
    const sink = new Writable({ write: (_c, _e, done) => done() });
    await expect(pipeline(never, stallGuard(300, 'archiving the test folder'), sink)).rejects.toThrow(ArchiveStalled);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });
});
