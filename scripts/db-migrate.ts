// `npm run db:migrate`: applies pending migrations to DATABASE_PATH (default data/shop.db).
import { ConfigError, configFromEnv, loadEnv } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrateToLatest } from '../src/server/db/migrate';

async function main(): Promise<void> {
  const config = configFromEnv(loadEnv(), 'unused-for-migrations');
  const db = openDatabase(config.databasePath);
  try {
    const applied = await migrateToLatest(db);
    console.log(applied.length ? `Migrated ${config.databasePath}: ${applied.join(', ')}` : `${config.databasePath} is up to date.`);
  } finally {
    await db.destroy();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `Migration failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
