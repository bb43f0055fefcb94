// A fresh, migrated database for each test setup (real database, no mocks): a SQLite file in a temp directory, or
// under `npm run test:pg` (BUTIKU_TEST_PG_URL set) a new PostgreSQL database copied from the migrated template.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config';
import { openDatabase, openPostgres, type DB } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import type { AppDeps } from '../deps';
import { deriveKeys } from '../keys';

/** The PostgreSQL server the suite runs against (its maintenance database), or undefined for SQLite. */
const PG_ADMIN_URL = process.env.BUTIKU_TEST_PG_URL || undefined;
export const TEST_ENGINE: 'sqlite' | 'postgres' = PG_ADMIN_URL ? 'postgres' : 'sqlite';
/** Migrated once per run by src/server/testing/pg-global-setup.ts; every test database is a copy of it. */
export const PG_TEMPLATE = 'butiku_template';
export const PG_TEST_PREFIX = 'butiku_t_';

let admin: Promise<{ client: pg.Client; strategy: string }> | null = null;
let created = 0;

/**
 * A new, migrated PostgreSQL database (CREATE DATABASE ... TEMPLATE: no migrations to run). From PostgreSQL 15 it
 * copies the template's files (STRATEGY FILE_COPY) instead of writing every page to the WAL, the default there:
 * 71 ms a database instead of 174 ms on the test cluster (fsync off, so the checkpoint it needs is cheap), for
 * every test setup of `npm run test:pg`.
 */
export async function freshPostgresUrl(): Promise<string> {
  if (!PG_ADMIN_URL) throw new Error('freshPostgresUrl() needs BUTIKU_TEST_PG_URL (npm run test:pg)');
  admin ??= (async () => {
    const client = new pg.Client({ connectionString: PG_ADMIN_URL });
    await client.connect();
    const { rows } = await client.query<{ v: string }>('SHOW server_version_num');
    return { client, strategy: Number(rows[0]!.v) >= 150000 ? ' STRATEGY FILE_COPY' : '' };
  })();
  // The next test's database is made while this one's test runs (the worker would otherwise wait ~70 ms a setup
  // for the server); one left over at the end goes with the others (pg-global-setup.ts drops them by prefix).
  // Taken before any await, so two setups at once never share one.
  const mine = next ?? createTestDatabase(PG_ADMIN_URL);
  next = createTestDatabase(PG_ADMIN_URL);
  next.catch(() => undefined); // a failure is thrown to the setup that takes it
  return mine;
}

let next: Promise<string> | null = null;

async function createTestDatabase(adminUrl: string): Promise<string> {
  const { client, strategy } = await admin!;
  const name = `${PG_TEST_PREFIX}${process.pid}_${++created}_${Math.random().toString(36).slice(2, 8)}`;
  await client.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE}${strategy}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A second connection (pool) to the same test database, as another process of the shop would open it. */
export function openSameDatabase(config: AppConfig): DB {
  return config.databaseUrl ? openPostgres(config.databaseUrl, { poolSize: 5 }) : openDatabase(config.databasePath);
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** The folders testConfig made in this worker since the last removeTestFolders(). */
const madeFolders: string[] = [];

/**
 * Removes the folders testConfig made (databases, pictures, backups), after each server test file (setup.ts): a test
 * run used to leave every one of them in the temporary folder, about 2 GB a run of `npm test`.
 */
export function removeTestFolders(): void {
  for (const dir of madeFolders.splice(0)) {
    try {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch (err) {
      console.warn(`[test] could not remove ${dir}: ${(err as Error).message}`);
    }
  }
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-test-'));
  madeFolders.push(dir);
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    databasePath: path.join(dir, 'shop.db'),
    uploadsDir: path.join(dir, 'uploads'),
    clientDistDir: path.resolve(process.env.BUTIKU_CLIENT_DIST ?? 'dist/client'),
    keys: deriveKeys(TEST_JWT_SECRET),
    seedDemo: false,
    messengerUrl: 'https://m.me/butiku.shop',
    trustProxy: false,
    backupDir: path.join(dir, 'backups'),
    backupKeep: 14,
    ...overrides,
  };
}

/**
 * A fresh database for one test setup: PostgreSQL under `npm run test:pg`, else SQLite. `engine: 'sqlite'` keeps a
 * test of a SQLite-only feature (the file backup, decision 153) on SQLite in both runs.
 */
export async function createTestDeps(
  overrides: Partial<AppConfig> = {},
  engine: 'sqlite' | 'default' = 'default',
): Promise<AppDeps> {
  const config = testConfig(overrides);
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  if (PG_ADMIN_URL && engine === 'default' && !overrides.databasePath) {
    config.databaseUrl = await freshPostgresUrl();
    return { db: openPostgres(config.databaseUrl, { poolSize: 5 }), config };
  }
  const placedByTest = fs.existsSync(config.databasePath);
  if (!placedByTest) {
    fs.mkdirSync(path.dirname(config.databasePath), { recursive: true });
    fs.copyFileSync(await sqliteTemplate(), config.databasePath);
  }
  const db: DB = openDatabase(config.databasePath);
  // The template's copy is migrated already (asking costs about 11 ms a test setup); a file a test put there itself
  // is migrated here.
  if (placedByTest) await migrateToLatest(db);
  return { db, config };
}

let template: Promise<string> | null = null;

/**
 * A SQLite file migrated once per test worker (checkpointed, so the one file holds it all); each test database
 * is a copy of it, as PostgreSQL's are of PG_TEMPLATE: a copy takes about a millisecond, the migrations about 70.
 */
function sqliteTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-template-'));
    process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'template.db');
    const db = openDatabase(file);
    await migrateToLatest(db);
    // Closing the last connection checkpoints the WAL into the file and removes it, so the one file holds it all,
    // and each copy opens already in WAL mode (switching a rollback-journal file costs a few ms a test setup).
    await db.destroy();
    return file;
  })();
  return template;
}
