// Runs the migrations of migrations/ (found by file name, decision 278) up to the latest.
import { Migrator, type MigrationProvider } from 'kysely';
import { migrations } from '#migrations/index';
import type { DB } from './client';

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of registered migrations not yet applied to this database (for /readyz). */
export async function pendingMigrations(db: DB): Promise<string[]> {
  const all = await new Migrator({ db, provider }).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
