// Starts the real `npm start` entry point as a child process: bad env, start-up and graceful shutdown.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { migrateToLatest } from './db/migrate';
import { insertBulkOrders } from './testing/bulk-orders';

function run(
  env: Record<string, string>,
  onOutput?: (text: string, child: ReturnType<typeof spawn>) => void,
  args = ['--import', 'tsx', 'src/server/main.ts'],
) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, NODE_ENV: 'test', SKIP_CLIENT_BUILD: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (d: Buffer) => {
      output += d.toString();
      onOutput?.(output, child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('npm start entry point', () => {
  it('refuses bad configuration with a clear message', async () => {
    const { code, output } = await run({ PORT: 'abc', HOST: '127.0.0.1' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid environment configuration');
    expect(output).toContain('PORT: must be a number');
  });

  it('migrates, serves, and shuts down gracefully on SIGTERM', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-main-'));
    let served = false;
    let port = 0;
    const { code, output } = await run(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_PATH: path.join(dir, 'shop.db'),
        UPLOADS_DIR: path.join(dir, 'uploads'),
        SEED_DEMO: 'false',
      },
      (text, child) => {
        const m = /serving on http:\/\/127\.0\.0\.1:(\d+)/.exec(text);
        if (m && !served) {
          served = true;
          port = Number(m[1]);
          fetch(`http://127.0.0.1:${port}/api/nothing`)
            .then((r) => expect(r.status).toBe(404))
            .finally(() => child.kill('SIGTERM'));
        }
      },
    );
    expect(served).toBe(true);
    expect(output).toContain('Migrated database');
    expect(output).toContain('SIGTERM received');
    expect(output).toContain('Closed the database');
    expect(code, output).toBe(0);
    expect(fs.existsSync(path.join(dir, 'shop.db'))).toBe(true);
    // Without JWT_SECRET outside production, the secret was generated into a key file beside the database (0600),
    // never into the database (decision 236).
    const keyFile = path.join(dir, 'secret.key');
    expect(fs.readFileSync(keyFile, 'utf8').trim()).toMatch(/^[\w-]{64}$/);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(output).toContain(`Generated the shop's secret into ${keyFile}`);
    const db = new SQLite(path.join(dir, 'shop.db'), { readonly: true });
    expect(db.prepare("select count(*) as n from app_settings where key = 'jwt_secret'").get()).toEqual({ n: 0 });
    db.close();
  }, 30_000);

  it('refuses to start in production without JWT_SECRET, naming it; an old stored secret is mentioned, never printed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-main-'));
    const env = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://butiku.shop',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_PATH: path.join(dir, 'shop.db'),
      UPLOADS_DIR: path.join(dir, 'uploads'),
      SEED_DEMO: 'false',
      JWT_SECRET: '',
    };
    const fresh = await run(env);
    expect(fresh.code).toBe(1);
    expect(fresh.output).toContain('JWT_SECRET must be set in production');
    expect(fresh.output).toContain('openssl rand -base64 48');
    expect(fresh.output).not.toContain('app_settings');
    expect(fresh.output).not.toContain('serving on');

    // A shop an earlier version started: its generated secret sits in app_settings.
    const old = 'generated-by-an-earlier-version-0123456789abcdef';
    const db = new SQLite(path.join(dir, 'shop.db'));
    db.prepare("insert into app_settings (key, value) values ('jwt_secret', ?)").run(old);
    db.close();
    const upgraded = await run(env);
    expect(upgraded.code).toBe(1);
    expect(upgraded.output).toContain("app_settings, key 'jwt_secret'");
    expect(upgraded.output).not.toContain(old);
    expect(fs.existsSync(path.join(dir, 'secret.key'))).toBe(false);
  }, 30_000);

  it('gives SQLite its planner statistics at start (decision 241): sqlite_stat1 holds the orders', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-main-'));
    const file = path.join(dir, 'shop.db');
    const db = openDatabase(file);
    await migrateToLatest(db);
    await insertBulkOrders(db, 2000);
    await db.destroy();
    let served = false;
    let signalled = 0;
    const admin = { email: 'main-test@butiku.test', password: 'Main#Test2026' };
    let exported = 0;
    const { code, output } = await run(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_PATH: file,
        UPLOADS_DIR: path.join(dir, 'uploads'),
        SEED_DEMO: 'false',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
      },
      (text, child) => {
        const m = /serving on http:\/\/127\.0\.0\.1:(\d+)/.exec(text);
        if (m && !served) {
          served = true;
          const base = `http://127.0.0.1:${m[1]}`;
          // Once it answers, its signal handlers are in place too. A products export first: it reads in a worker
          // thread with a connection of its own, which must not outlive the serving one (below).
          void (async () => {
            const login = await fetch(`${base}/api/users/login`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(admin),
            });
            const { token } = (await login.json()) as { token: string };
            const csv = await fetch(`${base}/api/Product/export.csv`, {
              headers: { authorization: `Bearer ${token}` },
            });
            exported = csv.status;
            await csv.text();
          })().finally(() => {
            signalled = Date.now();
            child.kill('SIGTERM');
          });
        }
      },
    );
    expect(code, output).toBe(0);
    // The 2 000 orders' buyers are still being settled in the background when the signal comes: the shutdown ends
    // that between two slices instead of waiting it out (it took 7–17 s, past the 10 s that force an exit 1).
    expect(Date.now() - signalled, output).toBeLessThan(3000);
    expect(exported).toBe(200);
    // The read workers' connections closed before the serving one, so SQLite checkpointed the WAL and removed it:
    // the next start has nothing to recover (a WAL left behind once reached 1.9 GB and 4 s of start, issue 38).
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    expect(output).toMatch(/Query planner statistics checked in \d+ ms/);
    const check = new SQLite(file, { readonly: true });
    try {
      const rows = check.prepare("SELECT idx, stat FROM sqlite_stat1 WHERE tbl = 'orders'").all() as Array<{
        idx: string;
        stat: string;
      }>;
      expect(rows.find((r) => r.idx === 'orders_order_date')?.stat).toMatch(/^2000 /);
    } finally {
      check.close();
    }
  }, 60_000);

  it('serves from compiled JavaScript with plain node (no TypeScript loader): /readyz is 200', async () => {
    // Built into a folder of its own inside the repository (npm packages resolve from node_modules).
    fs.mkdirSync(path.join(process.cwd(), 'dist'), { recursive: true });
    const out = fs.mkdtempSync(path.join(process.cwd(), 'dist', 'test-server-'));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-main-'));
    try {
      execFileSync(process.execPath, ['scripts/build-server.mjs', '--outdir', out], { stdio: 'pipe' });
      const main = path.join(out, 'main.cjs');
      const shop = path.join(out, 'shop.cjs'); // main.cjs loads it through its code cache (decision 291)
      for (const file of [main, shop])
        expect(fs.readFileSync(file, 'utf8')).not.toMatch(/(from |require\()["'](tsx|vite|esbuild)["']/);
      // Latin-1 only, so V8 keeps each file's source at one byte a character (build-server.mjs, latin1Only): the
      // apostrophe of names ("O’Brien") is an escape in the name pattern, not the character.
      for (const file of fs.readdirSync(out).filter((f) => f.endsWith('.cjs')))
        expect(fs.readFileSync(path.join(out, file), 'utf8'), file).not.toMatch(/[^\u0000-\u00ff]/);
      expect(fs.readFileSync(shop, 'utf8')).toContain("'\\u2019 ]");
      let ready: unknown;
      const { code, output } = await run(
        {
          PORT: '0',
          HOST: '127.0.0.1',
          DATABASE_PATH: path.join(dir, 'shop.db'),
          UPLOADS_DIR: path.join(dir, 'uploads'),
          SEED_DEMO: 'false',
        },
        (text, child) => {
          const m = /serving on http:\/\/127\.0\.0\.1:(\d+)/.exec(text);
          if (m && ready === undefined) {
            ready = null;
            fetch(`http://127.0.0.1:${m[1]}/readyz`)
              .then(async (r) => (ready = { status: r.status, body: await r.json() }))
              .finally(() => child.kill('SIGTERM'));
          }
        },
        [main],
      );
      expect(ready).toEqual({ status: 200, body: expect.objectContaining({ status: 'ready' }) });
      expect(code, output).toBe(0);
      // The serving process logs JSON lines.
      expect(output).toMatch(/^\{"level":30,"time":"[^"]+","msg":"Butiku is serving on/m);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});
