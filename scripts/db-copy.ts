// `npm run db:copy -- --from data/shop.db --to postgres://user:pw@host:5432/butiku`: moves a SQLite shop to an empty
// PostgreSQL database (migrated first), every table, id sequences reset, then verified by row counts and an orders
// checksum (decision 140). Stop the shop (or keep it read-only) while copying; nothing is changed in the source.
import { ConfigError, loadEnv } from '#server/config';
import { connectDatabase, describeDatabase } from '#server/db/client';
import { CopyRefused, copySqliteTo } from '#server/db/copy';
import { migrateToLatest } from '#server/db/migrate';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
}

async function main(): Promise<void> {
  const from = arg('--from');
  const to = arg('--to');
  if (!from || !to) {
    console.error('Usage: npm run db:copy -- --from data/shop.db --to postgres://user:password@host:5432/butiku');
    process.exit(2);
  }
  const env = loadEnv({ ...process.env, DATABASE_URL: to }); // the same validation (and message) as DATABASE_URL
  const target = {
    databasePath: '',
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: 2,
    databaseConnectSeconds: env.DATABASE_CONNECT_SECONDS,
  };
  const db = await connectDatabase(target, (line) => console.error(line));
  try {
    await migrateToLatest(db);
    const r = await copySqliteTo(from, db);
    for (const t of r.tables) console.log(`  ${t.table.padEnd(28)} ${String(t.rows).padStart(8)} rows`);
    console.log(
      `Copied ${from} to ${describeDatabase(target)} in ${r.ms} ms: row counts equal, orders checksum ${r.ordersChecksum.slice(0, 16)}… equal.`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((err) => {
  if (err instanceof CopyRefused || err instanceof ConfigError)
    console.error(`Copy refused: ${err.message.replace(/^Invalid environment configuration:\s*/, '')}`);
  else console.error(`Copy failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
