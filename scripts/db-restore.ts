// `npm run db:restore -- FILE [--force]`: checks a backup (integrity_check, known migrations) and puts it at
// DATABASE_PATH with its uploads archive in UPLOADS_DIR. Stops nothing: with an existing database it explains how
// to stop the shop and asks for --force (decision 153). Prints what it did; exits non-zero with a message on any
// failure or signal, leaving nothing half-written (decision 203). FILE may be an object in a bucket
// (s3://bucket/prefix/butiku-<time>.db), or `--latest` the newest backup in BACKUP_STORAGE_URL: it is downloaded into
// BACKUP_DIR first and restored from there with the same checks (decision 266).
import fs from 'node:fs';
import { formatBytes, runCommand } from '#server/backup/command';
import { fetchOffsiteBackup, latestOffsiteBackup, offsiteBackupAt } from '#server/backup/offsite-restore';
import { RestoreRefused, restoreBackup } from '#server/backup/restore';
import { ConfigError, configFromEnv, loadEnv, type AppConfig } from '#server/config';
import { openS3Store } from '#server/storage/open';

const args = process.argv.slice(2);
const force = args.includes('--force');
const latest = args.includes('--latest');
const file = latest ? '--latest' : args.find((a) => !a.startsWith('--'));

/** The local file to restore: the argument itself, or the bucket's backup downloaded into BACKUP_DIR. */
async function localFile(arg: string, config: AppConfig, signal: AbortSignal): Promise<string> {
  if (arg !== '--latest' && !arg.startsWith('s3://')) return arg;
  let store;
  let key: string;
  if (arg === '--latest') {
    if (!config.backupStorage) throw new RestoreRefused('--latest restores from BACKUP_STORAGE_URL, which is not set.');
    store = await openS3Store(config.backupStorage);
    key = await latestOffsiteBackup(store);
  } else {
    const at = offsiteBackupAt(arg, config.backupStorage);
    store = await openS3Store(at.location);
    key = at.key;
  }
  const { file: local, downloaded } = await fetchOffsiteBackup(store, key, config.backupDir, signal);
  console.log(
    downloaded.length
      ? `Downloaded ${store.description}/${key} to ${local}${downloaded.length > 1 ? ' (with its pictures archive)' : ''}.`
      : `${store.description}/${key} is already in ${config.backupDir}; restoring that copy.`,
  );
  return local;
}

async function restore(arg: string, signal: AbortSignal): Promise<void> {
  const config = configFromEnv(loadEnv(), 'unused-for-restore');
  if (config.databaseUrl) {
    throw new RestoreRefused(
      'npm run db:restore puts back a SQLite file; with DATABASE_URL (PostgreSQL) use pg_restore (docs/operations.md, decision 140).',
    );
  }
  const backup = await localFile(arg, config, signal);
  const r = await restoreBackup({
    file: backup,
    databasePath: config.databasePath,
    uploadsDir: config.uploadsDir,
    force,
    pictures: config.storage ? await openS3Store(config.storage) : undefined,
    signal,
  });
  const pictures = r.uploads
    ? ` and its pictures (${r.files} files) to ${r.uploads}`
    : ' (no uploads archive beside it: pictures were not restored)';
  console.log(`Restored ${backup} to ${r.database} (${formatBytes(fs.statSync(r.database).size)})${pictures}.`);
  for (const m of r.movedAside) console.log(`  kept the previous ${m}`);
  console.log(
    'Now start the shop (systemctl start butiku, docker compose start shop, or npm start); migrations newer than the backup run at start.',
  );
}

if (!file) {
  console.error(
    'Usage: npm run db:restore -- backups/butiku-<time>.db [--force]\n' +
      '       npm run db:restore -- s3://bucket/prefix/butiku-<time>.db [--force]\n' +
      '       npm run db:restore -- --latest [--force]   (the newest backup in BACKUP_STORAGE_URL)\n' +
      '(the matching .uploads.tgz beside it is restored too)',
  );
  process.exitCode = 2;
} else {
  runCommand(
    'npm run db:restore',
    (signal) => restore(file, signal),
    (err) => {
      if (err instanceof RestoreRefused || err instanceof ConfigError) return `Restore refused: ${err.message}`;
      return `Restore failed: ${err instanceof Error ? err.message : String(err)}. Nothing was changed.`;
    },
  );
}
