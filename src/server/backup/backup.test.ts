// Backups and restores through the real programs: `scripts/db-backup.ts` runs in its own process while eight
// checkouts run against the real server; the copy passes integrity_check and holds every order acknowledged before
// the backup began; `scripts/db-restore.ts` puts it into an empty folder and the real `main.ts` serves those orders.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LimitTable } from '../http/limits';
import { DEFAULT_LIMITS } from '../http/limits';
import { writeImageFiles } from '../modules/media/media.service';
import { createTestApp, startServer, type TestApp } from '../testing/app';
import { createAdmin } from '../testing/auth';
import { TEST_JWT_SECRET } from '../testing/db';
import { createCountry, createProduct } from '../testing/factories';
import { createBackup, integrityCheck, listBackups, pruneBackups, uploadsArchiveFor } from './backup';
import { checkBackupFile, RestoreRefused } from './restore';

/** Runs a TypeScript program of this repository (as `npm run …` would after building) and collects its output. */
function run(file: string, args: string[], env: Record<string, string>, until?: RegExp) {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], { env: { ...process.env, NODE_ENV: 'test', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const matched = new Promise<RegExpExecArray>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = until?.exec(output);
      if (m) resolve(m);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => reject(new Error(`${file} exited:\n${output}`)));
  });
  if (!until) matched.catch(() => {}); // only programs that must keep running are awaited this way
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, matched, exited, output: () => output };
}

const roomy = Object.fromEntries(Object.keys(DEFAULT_LIMITS).map((n) => [n, { points: 1_000_000, windowSeconds: 60, key: 'address' }])) as unknown as LimitTable;

let t: TestApp;
let server: Awaited<ReturnType<typeof startServer>>;
let countryID: number;
let variantId: number;
let adminToken: string;
let picture: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-backup-'));
const backupDir = path.join(tmp, 'backups');

beforeAll(async () => {
  t = await createTestApp({ rateLimits: roomy }, 'sqlite'); // the file backup is SQLite's (PostgreSQL: pg_dump)
  server = await startServer(t.app, t);
  countryID = await createCountry(t.db, { name: 'Kosovë', shippingCents: 300 });
  const product = await createProduct(t.db, { name: 'Fustan', priceCents: 2500, variants: [{ stock: 100_000 }] });
  variantId = product.variantIds[0]!;
  adminToken = (await createAdmin(t)).token;
  picture = (await writeImageFiles(t, Buffer.from('large picture bytes'), Buffer.from('small picture bytes'))).fileName;
});
afterAll(async () => {
  await server.close();
  await t.db.destroy();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const order = (worker: number, i: number) => ({
  customerDetails: {
    email: `bleresi${worker}@example.com`, firstName: 'Arta', lastName: 'Krasniqi', address: 'Rr. Nëna Terezë 1', city: 'Prishtinë',
    zipCode: '10000', phoneNumber: '+38344111222', countryID, guestId: `guest_w${worker}_${i}_backup`,
  },
  cartItems: [{ productVariantId: variantId, quantity: 1 }],
});

describe('npm run db:backup / db:restore', () => {
  it('a backup taken during 8 concurrent checkouts holds every acknowledged order, and its restore serves them', async () => {
    const acknowledged: number[] = [];
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const res = await fetch(`${server.url}/api/orders/checkout`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(order(w, i)) });
        expect(res.status).toBe(201);
        acknowledged.push(((await res.json()) as { orderId: number }).orderId);
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));
    while (acknowledged.length < 24) await new Promise((r) => setTimeout(r, 10));

    const before = [...acknowledged]; // every order answered 201 before the backup began
    const backup = run('scripts/db-backup.ts', [], { DATABASE_PATH: t.config.databasePath, UPLOADS_DIR: t.config.uploadsDir, BACKUP_DIR: backupDir });
    const code = await backup.exited;
    const during = acknowledged.length - before.length;
    stop = true;
    await Promise.all(workers);
    expect(code, backup.output()).toBe(0);
    expect(during).toBeGreaterThan(0); // checkouts kept being answered while the backup ran

    const [file] = listBackups(backupDir);
    expect(file).toMatch(/butiku-\d{8}T\d{6}Z\.db$/);
    expect(integrityCheck(file!)).toBe('ok');
    const copy = new SQLite(file!, { readonly: true });
    const ids = new Set((copy.prepare('select order_id from orders').all() as Array<{ order_id: number }>).map((r) => r.order_id));
    copy.close();
    expect(before.filter((id) => !ids.has(id))).toEqual([]);
    expect(fs.existsSync(uploadsArchiveFor(file!))).toBe(true);

    // Restore into an empty folder, then start the real shop on it.
    const target = path.join(tmp, 'restored');
    const env = { DATABASE_PATH: path.join(target, 'data', 'shop.db'), UPLOADS_DIR: path.join(target, 'uploads') };
    const restore = run('scripts/db-restore.ts', [file!], env);
    expect(await restore.exited, restore.output()).toBe(0);
    expect(restore.output()).toContain('Now start the shop');
    const shop = run('src/server/main.ts', [], { ...env, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', JWT_SECRET: TEST_JWT_SECRET }, /serving on (http:\/\/127\.0\.0\.1:\d+)/);
    try {
      const url = (await shop.matched)[1]!;
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      for (const id of before) {
        const res = await fetch(`${url}/api/Orders/${id}`, { headers: { authorization: `Bearer ${adminToken}` } });
        expect(res.status).toBe(200);
        expect(((await res.json()) as { orderId: number }).orderId).toBe(id);
      }
      const pic = await fetch(`${url}/api/Product/images/${picture}`);
      expect(pic.status).toBe(200);
      expect(Buffer.from(await pic.arrayBuffer()).toString()).toBe('large picture bytes');
    } finally {
      shop.child.kill('SIGTERM');
      await shop.exited;
    }

    // A second restore onto the now existing database stops nothing and says what to do.
    const again = run('scripts/db-restore.ts', [file!], env);
    expect(await again.exited).toBe(1);
    expect(again.output()).toContain('Stop the shop first');
    expect(again.output()).toContain('--force');
  }, 120_000);

  it('refuses a file that fails integrity_check, is no database, or has a migration this code does not know', async () => {
    const { database } = await createBackup({ databasePath: t.config.databasePath, uploadsDir: t.config.uploadsDir, backupDir: path.join(tmp, 'checks'), keep: 5 });
    expect(() => checkBackupFile(database)).not.toThrow();

    const newer = path.join(tmp, 'newer.db');
    fs.copyFileSync(database, newer);
    const db = new SQLite(newer);
    db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('9999_from_the_future', new Date().toISOString());
    db.close();
    expect(() => checkBackupFile(newer)).toThrow(/newer version of Butiku.*9999_from_the_future/);

    const garbage = path.join(tmp, 'garbage.db');
    fs.writeFileSync(garbage, Buffer.alloc(8192, 7));
    expect(() => checkBackupFile(garbage)).toThrow(RestoreRefused);

    // A page of the orders table overwritten: a valid header, a damaged b-tree.
    const damaged = path.join(tmp, 'damaged.db');
    fs.copyFileSync(database, damaged);
    const probe = new SQLite(damaged);
    probe.pragma('journal_mode = DELETE');
    const root = (probe.prepare("select rootpage from sqlite_master where name = 'orders'").get() as { rootpage: number }).rootpage;
    const pageSize = probe.pragma('page_size', { simple: true }) as number;
    probe.close();
    const fd = fs.openSync(damaged, 'r+');
    fs.writeSync(fd, Buffer.alloc(pageSize, 0xab), 0, pageSize, (root - 1) * pageSize);
    fs.closeSync(fd);
    expect(() => checkBackupFile(damaged)).toThrow(/integrity_check|not a readable SQLite database/);
  });

  it('keeps only the newest BACKUP_KEEP backups', async () => {
    const dir = path.join(tmp, 'keep');
    const opts = { databasePath: t.config.databasePath, uploadsDir: t.config.uploadsDir, backupDir: dir, keep: 2 };
    for (const day of [1, 2, 3]) await createBackup(opts, new Date(Date.UTC(2026, 10, day, 2, 30)));
    expect(listBackups(dir).map((f) => path.basename(f))).toEqual(['butiku-20261102T023000Z.db', 'butiku-20261103T023000Z.db']);
    expect(fs.readdirSync(dir).sort()).toEqual([
      'butiku-20261102T023000Z.db', 'butiku-20261102T023000Z.uploads.tgz', 'butiku-20261103T023000Z.db', 'butiku-20261103T023000Z.uploads.tgz',
    ]);
    expect(pruneBackups(dir, 2)).toEqual([]);
  });
});
