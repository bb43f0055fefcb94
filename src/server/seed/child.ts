// The demo seeding step of `npm start`, run by main.ts in a child process (compiled: dist/server/seed.cjs) so the
// memory of building the catalogue and its pictures (sharp) is returned to the system before the shop serves.
import { ConfigError, configFromEnv, loadEnv } from '../config';
import { connectDatabase } from '../db/client';
import { needsDemoSeed, seedDemoWithLogins } from './prepare';

async function main(): Promise<void> {
  const config = configFromEnv(loadEnv(), 'unused-for-seeding');
  const db = await connectDatabase(config);
  try {
    // Checked again here: another start may have seeded meanwhile.
    if (await needsDemoSeed({ db, config })) await seedDemoWithLogins({ db, config }, (line) => console.log(line));
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
