// Once per e2e run: builds a demo-seeded template database + uploads that each test file copies.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client';
import { migrateToLatest } from '../../src/server/db/migrate';
import { prepareDatabase } from '../../src/server/seed/prepare';
import { testConfig } from '../../src/server/testing/db';

export default async function setup(): Promise<() => void> {
  if (!fs.existsSync(path.resolve(process.env.BUTIKU_CLIENT_DIST ?? 'dist/client', 'index.html'))) {
    throw new Error('Build the client first: npm run test:e2e runs `npm run build:client` before running.');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-e2e-template-'));
  const config = testConfig({
    databasePath: path.join(dir, 'shop.db'),
    uploadsDir: path.join(dir, 'uploads'),
    seedDemo: true,
  });
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  const db = openDatabase(config.databasePath);
  await migrateToLatest(db);
  await prepareDatabase({ db, config });
  await db.destroy();
  process.env.BUTIKU_E2E_TEMPLATE = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
