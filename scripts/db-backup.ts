// `npm run db:backup`: a consistent copy of DATABASE_PATH (SQLite online backup) and an archive of UPLOADS_DIR into
// BACKUP_DIR, timestamped; keeps the newest BACKUP_KEEP. Safe while the shop runs (decision 153). Prints what it
// wrote; exits non-zero with a message on any failure or signal, leaving no partial file (decision 203). With
// BACKUP_STORAGE_URL the complete backup is then uploaded to the bucket, which keeps BACKUP_KEEP too (decision 266);
// an upload that fails after its retries exits non-zero and keeps the local backup.
import { BackupError, createBackup } from '#server/backup/backup';
import { formatBytes, runCommand } from '#server/backup/command';
import { OffsiteUploadError, syncOffsite } from '#server/backup/offsite';
import { ConfigError, configFromEnv, loadEnv } from '#server/config';
import { openS3Store } from '#server/storage/open';
import { describeS3 } from '#server/storage/storage-url';

class Refused extends Error {}

runCommand(
  'npm run db:backup',
  async (signal) => {
    const config = configFromEnv(loadEnv(), 'unused-for-backups');
    if (config.databaseUrl) {
      throw new Refused(
        "npm run db:backup copies the SQLite file; with DATABASE_URL (PostgreSQL) use pg_dump or your provider's snapshots instead (docs/operations.md, decision 140). Nothing was written.",
      );
    }
    const r = await createBackup({
      databasePath: config.databasePath,
      uploadsDir: config.uploadsDir,
      backupDir: config.backupDir,
      keep: config.backupKeep,
      pictures: config.storage ? await openS3Store(config.storage) : undefined,
      signal,
    });
    console.log(
      [
        `Backed up ${config.databasePath} (${r.pages} pages, integrity_check ok) and the pictures of ${config.storage ? describeS3(config.storage) : config.uploadsDir} (${r.files} files) in ${r.ms} ms:`,
        `  ${r.database} (${formatBytes(r.databaseBytes)})`,
        `  ${r.uploads} (${formatBytes(r.uploadsBytes)})`,
      ].join('\n'),
    );
    if (r.removed.length)
      console.log(`Removed ${r.removed.length} old file(s), keeping the newest ${config.backupKeep} backups.`);
    if (!config.backupStorage) return;
    const store = await openS3Store(config.backupStorage);
    const sent = await syncOffsite(store, config.backupDir, config.backupKeep, {
      firstRetryMs: (config.backupUploadRetrySeconds ?? 5) * 1000,
      signal,
      onFailure: (message) => console.error(message),
    });
    console.log(
      `Uploaded ${sent.uploaded.length} backup(s) to ${store.description}` +
        (sent.removed.length ? `; removed ${sent.removed.length} old object(s) there` : '') +
        `, keeping the newest ${config.backupKeep}.`,
    );
  },
  (err) => {
    if (err instanceof ConfigError || err instanceof Refused) return err.message;
    if (err instanceof OffsiteUploadError) return `Backup written, but not off the machine: ${err.message}`;
    const message = err instanceof Error ? err.message : String(err);
    return `Backup failed: ${message}${err instanceof BackupError ? '' : '. Nothing was written.'}`;
  },
);
