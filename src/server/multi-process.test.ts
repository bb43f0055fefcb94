// Two app processes (the real `npm start` entry point, each with its own pool) on one database share one secret
// (decision 140; selling, caching, e-mail and limits across two processes behind a balancer: two-servers.test.ts).
// They start at once on a database an earlier version left its generated secret in, without JWT_SECRET: both end up with
// that secret in one key file, the row gone (decision 236), and each accepts the other's tokens.
// Runs under `npm run test:pg`. SQLite stays one process per file: two processes on one file answer some
// contended checkouts with SQLITE_BUSY (a write after a stale read snapshot), so `npm test` skips this file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from './db/client';
import type { AppDeps } from './deps';
import { deriveKeys } from './keys';
import { createAdmin } from './testing/auth';
import { createTestDeps, TEST_ENGINE, TEST_JWT_SECRET } from './testing/db';
import { startShop, stopShop, type ShopProcess } from './testing/shop-process';

const ON_POSTGRES = TEST_ENGINE === 'postgres';
let deps: AppDeps;
let a: ShopProcess;
let b: ShopProcess;
let env: Record<string, string>;
const keyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-two-')), 'keys', 'secret.key');

beforeAll(async () => {
  if (!ON_POSTGRES) return;
  // A fresh, migrated PostgreSQL database; both shops start on it at once (each checks the migrations under
  // Kysely's lock), and this process writes the fixtures through a pool of its own.
  const base = await createTestDeps();
  await base.db.insertInto('app_settings').values({ key: 'jwt_secret', value: TEST_JWT_SECRET }).execute();
  env = {
    JWT_SECRET: '',
    SECRET_KEY_FILE: keyFile,
    UPLOADS_DIR: base.config.uploadsDir,
    DATABASE_URL: base.config.databaseUrl!,
    DATABASE_POOL_SIZE: '8',
  };
  await base.db.destroy();
  [a, b] = await Promise.all([startShop(env), startShop(env)]);
  const db = openPostgres(base.config.databaseUrl!, { poolSize: 4 });
  deps = { db, config: { ...base.config, keys: deriveKeys(TEST_JWT_SECRET) } };
}, 120_000);

afterAll(async () => {
  await Promise.all([stopShop(a), stopShop(b)]);
  await deps?.db.destroy();
});

const json = (body: unknown, token?: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

describe.runIf(ON_POSTGRES)('two app processes on one PostgreSQL database', () => {
  it("started at once without JWT_SECRET, share the stored secret through one key file and accept each other's tokens", async () => {
    expect(fs.readFileSync(keyFile, 'utf8').trim()).toBe(TEST_JWT_SECRET);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const row = await deps.db.selectFrom('app_settings').select('key').where('key', '=', 'jwt_secret').execute();
    expect(row).toEqual([]);
    const moved = [a, b].filter((p) => p.output().includes('Moved the secret this shop generated earlier'));
    expect(moved).toHaveLength(1); // one process created the file; the other read it
    const admin = await createAdmin(deps);
    for (const p of [a, b])
      expect(
        (await fetch(`${p.url}/api/users/profile`, { headers: { authorization: `Bearer ${admin.token}` } })).status,
      ).toBe(200);
    const login = await fetch(`${a.url}/api/users/login`, json({ email: admin.email, password: admin.password }));
    const { token } = (await login.json()) as { token: string };
    expect((await fetch(`${b.url}/api/users/profile`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
      200,
    );
  });
});
