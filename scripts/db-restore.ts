// `npm run db:restore -- FILE [--force]`: checks a backup (integrity_check, known migrations) and puts it at
// DATABASE_PATH with its uploads archive in UPLOADS_DIR. Stops nothing: with an existing database it explains how
// to stop the shop and asks for --force (decision 153). Prints what it did; exits non-zero with a message on any
// failure or signal, leaving nothing half-written (decision 203).
import fs from 'node:fs';
import { formatBytes, runCommand } from '../src/server/backup/command';
import { RestoreRefused, restoreBackup } from '../src/server/backup/restore';
import { ConfigError, configFromEnv, loadEnv } from '../src/server/config';

const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((a) => !a.startsWith('--'));

async function restore(backup: string, signal: AbortSignal): Promise<void> {
  const config = configFromEnv(loadEnv(), 'unused-for-restore');
  if (config.databaseUrl) {
    throw new RestoreRefused(
      'npm run db:restore puts back a SQLite file; with DATABASE_URL (PostgreSQL) use pg_restore (docs/operations.md, decision 140).',
    );
  }
  const r = await restoreBackup({
    file: backup,
    databasePath: config.databasePath,
    uploadsDir: config.uploadsDir,
    force,
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
    'Usage: npm run db:restore -- backups/butiku-<time>.db [--force]\n(the matching .uploads.tgz beside it is restored too)',
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
