// A fresh, migrated SQLite database in a temp directory, one per test file (real database, no mocks).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../config';
import { openDatabase, type DB } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import type { AppDeps } from '../deps';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-test-'));
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    databasePath: path.join(dir, 'shop.db'),
    uploadsDir: path.join(dir, 'uploads'),
    clientDistDir: path.resolve(process.env.BUTIKU_CLIENT_DIST ?? 'dist/client'),
    jwtSecret: TEST_JWT_SECRET,
    seedDemo: false,
    messengerUrl: 'https://m.me/butiku.shop',
    trustProxy: false,
    backupDir: path.join(dir, 'backups'),
    backupKeep: 14,
    ...overrides,
  };
}

export async function createTestDeps(overrides: Partial<AppConfig> = {}): Promise<AppDeps> {
  const config = testConfig(overrides);
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  const db: DB = openDatabase(config.databasePath);
  await migrateToLatest(db);
  return { db, config };
}
