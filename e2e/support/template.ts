// The demo-seeded database and uploads every journey file starts from (each file's server runs on a copy of it).
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '#server/db/client';
import { migrateToLatest } from '#server/db/migrate';
import { prepareDatabase } from '#server/seed/prepare';
import { testConfig } from '#server/testing/db';

/** Migrates and demo-seeds `dir`/shop.db, with its pictures under `dir`/uploads. */
export async function buildJourneyTemplate(dir: string): Promise<void> {
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
}
