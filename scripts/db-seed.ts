// `npm run db:seed [-- --force]`: fills DATABASE_URL or DATABASE_PATH with the deterministic demo catalogue. Refuses when the
// database already has products; --force first wipes the catalogue, orders, discounts, messages and users.
import fs from 'node:fs';
import { ConfigError, configFromEnv, loadEnv } from '#server/config';
import { connectDatabase, describeDatabase } from '#server/db/client';
import { migrateToLatest } from '#server/db/migrate';
import { DEMO_USERS, seedDemo, tableCount, wipeShopData } from '#server/seed/demo';

async function main(): Promise<void> {
  const force = process.argv.includes('--force');
  const config = configFromEnv(loadEnv(), 'unused-for-seeding');
  const db = await connectDatabase(config);
  const deps = { db, config };
  try {
    await migrateToLatest(db);
    const products = await tableCount(db, 'products');
    const users = await tableCount(db, 'users');
    if ((products > 0 || users > 0) && !force) {
      console.error(
        `${describeDatabase(config)} already has ${products} products and ${users} users; nothing was changed.\n` +
          'Run `npm run db:seed -- --force` to wipe the catalogue, orders, discounts, messages and users and seed again.',
      );
      process.exitCode = 1;
      return;
    }
    if (force && (products > 0 || users > 0)) {
      await wipeShopData(deps);
      console.log('Wiped the existing shop data.');
    }
    fs.mkdirSync(config.uploadsDir, { recursive: true });
    const started = Date.now();
    const summary = await seedDemo(deps);
    console.log(`Seeded ${describeDatabase(config)} in ${Date.now() - started} ms: ${summary}`);
    for (const u of DEMO_USERS) console.log(`  ${u.label.padEnd(14)} ${u.email}  /  ${u.password}`);
  } finally {
    await db.destroy();
  }
}

main().catch((err) => {
  console.error(
    err instanceof ConfigError ? err.message : `Seeding failed: ${err instanceof Error ? err.stack : String(err)}`,
  );
  process.exit(1);
});
