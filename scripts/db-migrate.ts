// `npm run db:migrate`: applies pending migrations to DATABASE_URL (PostgreSQL) or DATABASE_PATH (default data/shop.db).
import { ConfigError, configFromEnv, loadEnv } from '#server/config';
import { connectDatabase, describeDatabase } from '#server/db/client';
import { migrateToLatest } from '#server/db/migrate';

async function main(): Promise<void> {
  const config = configFromEnv(loadEnv(), 'unused-for-migrations');
  const db = await connectDatabase(config);
  try {
    const applied = await migrateToLatest(db);
    console.log(
      applied.length
        ? `Migrated ${describeDatabase(config)}: ${applied.join(', ')}`
        : `${describeDatabase(config)} is up to date.`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((err) => {
  console.error(
    err instanceof ConfigError ? err.message : `Migration failed: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exit(1);
});
