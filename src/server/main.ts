// The serving process (`npm start` runs it compiled: dist/server/main.cjs): config -> open db -> migrate -> seed an
// empty catalogue in a child process -> administrator from env -> createApp -> serve (+ BACKUP_SCHEDULE); graceful
// shutdown.
// Building happens before, in scripts/start.mjs (decision 150); nothing here loads a bundler.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { serveShop } from './serve';
import { ConfigError, configFromEnv, configWarnings, loadEnv } from './config';
import { connectDatabase, DatabaseUnreachableError, describeDatabase } from './db/client';
import { migrateToLatest } from './db/migrate';
import { createLogger } from './log';
import { scheduleLowStockDigest } from './modules/catalog';
import { checkOrderRollups } from './modules/orders';
import { startMailWorker } from './modules/outbox';
import { logAdminFromEnv, needsDemoSeed } from './seed/prepare';
import { generateSecret, getOrCreateSetting } from './settings';

/** Runs the demo seeding in a child process (the compiled seed.cjs beside this file, or the .ts one under tsx). */
function seedInChild(): Promise<void> {
  const compiled = !import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(new URL(compiled ? './seed.cjs' : './seed/child.ts', import.meta.url));
  const child = fork(entry, [], { execArgv: compiled ? [] : ['--import', 'tsx'], stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`demo seeding stopped (${signal ?? `exit code ${code}`})`)),
    );
  });
}

async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(env.LOG_LEVEL);
  for (const line of configWarnings(env)) logger.warn(line);
  const root = process.cwd();
  const provisional = configFromEnv(env, 'pending', root);
  let db;
  try {
    db = await connectDatabase(provisional, (line) => logger.warn(line));
  } catch (err) {
    if (err instanceof DatabaseUnreachableError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const applied = await migrateToLatest(db);
  if (applied.length) logger.info(`Migrated database ${describeDatabase(provisional)}: ${applied.join(', ')}`);
  // The reports' rollups are kept by triggers; rows that arrived around them (a hand-made restore) are caught here.
  const stale = await checkOrderRollups(db);
  if (stale.length) logger.warn(`Order rollups disagreed with the orders (${stale.join(', ')}): rebuilt them`);
  const jwtSecret = env.JWT_SECRET ?? (await getOrCreateSetting(db, 'jwt_secret', generateSecret));
  const config = configFromEnv(env, jwtSecret, root);
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  const deps = { db, config, logger };

  if (await needsDemoSeed(deps)) await seedInChild();
  await logAdminFromEnv(deps, (line) => logger.info(line));

  const app = createApp(deps);
  const server = serveShop(app, deps, { port: config.port, hostname: config.host, logger }, (info) => {
    const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
    logger.info(`Butiku is serving on http://${host}:${info.port}`);
    logger.flush(); // the log is buffered (log.ts); this line is awaited by people and scripts
  });
  // The e-mail outbox worker (decision 170): sends what is queued, including what an earlier process left behind.
  const mailWorker = await startMailWorker(deps);
  // The daily low-stock e-mail (decision 231): at most one per shop day, whichever process gets there first.
  const digest = await scheduleLowStockDigest(deps, config.lowStockDigestHour ?? 8, logger);
  // Loaded only when a schedule is set: croner and tar need not cost an unscheduled shop its start-up time.
  const backups = config.backupSchedule ? (await import('./backup/schedule')).scheduleBackups(config, logger) : null;

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    digest.stop();
    const backupStopped = backups?.stop(); // aborts a running backup, which removes its partial files
    logger.info(`${signal} received: finishing in-flight requests…`);
    const force = setTimeout(() => {
      logger.error('Shutdown timed out; closing anyway.');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(async () => {
      await mailWorker.stop();
      await backupStopped;
      await db.destroy();
      logger.info('Closed the database. Bye.');
      logger.flush();
      process.exit(0);
    });
    // Idle keep-alive sockets would hold close() open.
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  console.error('Failed to start:', err);
  process.exit(1);
});
