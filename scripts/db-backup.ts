// `npm run db:backup`: a consistent copy of DATABASE_PATH (SQLite online backup) and an archive of UPLOADS_DIR into
// BACKUP_DIR, timestamped; keeps the newest BACKUP_KEEP. Safe while the shop runs (decision 153).
import { createBackup } from '../src/server/backup/backup';
import { ConfigError, configFromEnv, loadEnv } from '../src/server/config';

async function main(): Promise<void> {
  const config = configFromEnv(loadEnv(), 'unused-for-backups');
  if (config.databaseUrl) {
    console.error('npm run db:backup copies the SQLite file; with DATABASE_URL (PostgreSQL) use pg_dump or your provider\'s snapshots instead (README, decision 140). Nothing was written.');
    process.exit(1);
  }
  const r = await createBackup({ databasePath: config.databasePath, uploadsDir: config.uploadsDir, backupDir: config.backupDir, keep: config.backupKeep });
  console.log(`Backed up ${config.databasePath} (${r.pages} pages, integrity_check ok) in ${r.ms} ms:\n  ${r.database}\n  ${r.uploads}`);
  if (r.removed.length) console.log(`Removed ${r.removed.length} old file(s), keeping the newest ${config.backupKeep} backups.`);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
