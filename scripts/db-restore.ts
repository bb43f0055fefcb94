// `npm run db:restore -- FILE [--force]`: checks a backup (integrity_check, known migrations) and puts it at
// DATABASE_PATH with its uploads archive in UPLOADS_DIR. Stops nothing: with an existing database it explains how
// to stop the shop and asks for --force (decision 153).
import { RestoreRefused, restoreBackup } from '../src/server/backup/restore';
import { ConfigError, configFromEnv, loadEnv } from '../src/server/config';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) {
    console.error('Usage: npm run db:restore -- backups/butiku-<time>.db [--force]\n(the matching .uploads.tgz beside it is restored too)');
    process.exit(2);
  }
  const config = configFromEnv(loadEnv(), 'unused-for-restore');
  if (config.databaseUrl) {
    console.error('Restore refused: npm run db:restore puts back a SQLite file; with DATABASE_URL (PostgreSQL) use pg_restore (README, decision 140).');
    process.exit(1);
  }
  const r = await restoreBackup({ file, databasePath: config.databasePath, uploadsDir: config.uploadsDir, force });
  console.log(`Restored ${file} to ${r.database}${r.uploads ? ` and its pictures to ${r.uploads}` : ' (no uploads archive beside it: pictures were not restored)'}.`);
  for (const m of r.movedAside) console.log(`  kept the previous ${m}`);
  console.log('Now start the shop (systemctl start butiku, docker compose start shop, or npm start); migrations newer than the backup run at start.');
}

main().catch((err) => {
  if (err instanceof RestoreRefused || err instanceof ConfigError) console.error(`Restore refused: ${err.message}`);
  else console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
