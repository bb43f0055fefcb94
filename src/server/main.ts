// The serving process (`npm start` runs it compiled: dist/server/main.cjs): config -> open db -> migrate -> the root
// secret (root-secret.ts) -> seed an empty catalogue in a child process -> administrator from env -> planner
// statistics -> createApp -> serve (+ the derived data checked in the background, BACKUP_SCHEDULE, upkeep every few
// hours); graceful shutdown. Nothing before listening grows with the shop (decision 263: start under 2 s).
// Building happens before, in scripts/start.mjs (decision 150); nothing here loads a bundler.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { serveShop } from './serve';
import { warmUp } from './warm-up';
import { ConfigError, configFromEnv, configWarnings, loadEnv, type Env } from './config';
import { connectDatabase, DatabaseUnreachableError, describeDatabase } from './db/client';
import { keepStatistics } from './db/dialect';
import { migrateToLatest } from './db/migrate';
import { createLogger, type Logger } from './log';
import { closeCatalogReaders, prepareSearch, resumeProductImports, scheduleLowStockDigest } from './modules/catalog';
import { scheduleCartReminders } from './modules/cart';
import { startMailWorker } from './modules/outbox';
import { logAdminFromEnv, needsDemoSeed } from './seed/prepare';
import { rootSecretAtStart } from './root-secret';
import { checkDerivedDataInBackground, scheduleUpkeep } from './upkeep';
import { describeS3 } from './storage/storage-url';
import { stopReadWorkers } from './workers/read-pool';
import { preloadServerRender, stopRenderWorker } from './workers/render-pool';

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

/** The configuration or a stop: a bad variable is printed and the process exits 1. */
function envOrExit(): Env {
  try {
    return loadEnv();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * The database, migrated (its derived data is checked once the shop listens, decision 263), and the configuration with the
 * shop's keys: JWT_SECRET (required in production) or the development key file, never the database; an old
 * generated secret leaves the database here (decision 236). Unreachable databases and refused secrets stop start-up.
 */
async function openShop(env: Env, logger: Logger, root: string) {
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
  let rootSecret;
  try {
    rootSecret = await rootSecretAtStart(env, db, root);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      await db.destroy();
      process.exit(1);
    }
    throw err;
  }
  for (const note of rootSecret.notes) logger.info(note);
  return { db, config: configFromEnv(env, rootSecret.secret, root) };
}

async function main(): Promise<void> {
  const env = envOrExit();
  const logger = createLogger(env.LOG_LEVEL);
  for (const line of configWarnings(env)) logger.warn(line);
  // React and the server render's entry load in the render worker, on the second core, while this thread opens the shop.
  preloadServerRender(configFromEnv(env, 'pending', process.cwd()).clientDistDir);
  const { db, config } = await openShop(env, logger, process.cwd());
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  if (config.storage) logger.info(`Product pictures in ${describeS3(config.storage)} (STORAGE_URL, decision 266)`);
  const deps = { db, config, logger };

  if (await needsDemoSeed(deps)) await seedInChild();
  await logAdminFromEnv(deps, (line) => logger.info(line));
  // SQLite plans with statistics only once it has them (decision 241): bounded, a few ms however large the shop.
  const statsStarted = performance.now();
  await keepStatistics(db);
  logger.info(`Query planner statistics checked in ${Math.round(performance.now() - statsStarted)} ms`);

  const app = createApp(deps);
  logger.info(`Pages warmed up in ${await warmUp(app, deps)} ms`);
  let listening: (port: number) => void = () => {};
  const port = new Promise<number>((resolve) => (listening = resolve));
  const server = serveShop(app, deps, { port: config.port, hostname: config.host, logger }, (info) =>
    listening(info.port),
  );
  // The header search's and search page's index, built in slices while the shop serves, so no shopper waits for it.
  void prepareSearch(db).catch((err: unknown) =>
    logger.warn({ err }, 'building the search index failed; the first search builds it'),
  );
  // Search indexes, order rollups and buyers (decisions 243, 244, 256) are kept by triggers; rows that arrived around
  // them (a hand-made restore, a bulk load, a copy's queue) are found and repaired here, in slices (decision 263).
  const derived = checkDerivedDataInBackground(deps);
  // The e-mail outbox worker (decision 170): sends what is queued, including what an earlier process left behind.
  const mailWorker = await startMailWorker(deps);
  // A products CSV import a stopped process left half-applied is finished, in batches, while the shop serves (decision 262).
  void resumeProductImports(db).then(
    ({ finished, dropped }) => {
      if (finished.length) logger.warn(`Finished products imports left half-applied: jobs ${finished.join(', ')}`);
      if (dropped.length) logger.info(`Dropped products imports stopped before writing: jobs ${dropped.join(', ')}`);
    },
    (err: unknown) => logger.error({ err }, 'Could not finish a half-applied products import'),
  );
  // The daily low-stock e-mail (decision 231): at most one per shop day, whichever process gets there first.
  const digest = await scheduleLowStockDigest(
    deps,
    config.lowStockDigestSchedule ?? config.lowStockDigestHour ?? 8,
    logger,
  );
  // Forgotten-cart reminders (decision 275): every CART_REMINDER_SCHEDULE, claimed per cart so one process queues each.
  const reminders = await scheduleCartReminders(deps, logger);
  // Loaded only when a schedule is set: croner and tar need not cost an unscheduled shop its start-up time.
  const backups = config.backupSchedule ? (await import('./backup/schedule')).scheduleBackups(config, logger) : null;
  // Every few hours: fresh statistics and the bodies of e-mails sent more than MAIL_KEEP_DAYS ago cleared (decision 241).
  const upkeep = scheduleUpkeep(deps);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    digest.stop();
    reminders.stop();
    const backupStopped = backups?.stop(); // aborts a running backup, which removes its partial files
    const derivedStopped = derived.stop(); // ends the derived data check between two of its slices
    logger.info(`${signal} received: finishing in-flight requests…`);
    const force = setTimeout(() => {
      logger.error('Shutdown timed out; closing anyway.');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(async () => {
      await derivedStopped;
      await mailWorker.stop();
      await upkeep.stop();
      await backupStopped;
      // The read workers' connections close first, so the serving connection is the file's last: SQLite then
      // checkpoints the WAL into the database and removes it, and the next start has no WAL to recover.
      await Promise.all([stopReadWorkers(), stopRenderWorker()]);
      await closeCatalogReaders(db); // the catalogue version's read-only connection, opened by the first page
      await db.destroy();
      logger.info('Closed the database. Bye.');
      logger.flush();
      process.exit(0);
    });
    // Idle keep-alive sockets would hold close() open, and a socket whose answer was still on its way when the signal
    // came turns idle only later (a client then keeps it up to the server's 5 s keep-alive): closed as each turns idle.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 50).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // Announced once the workers run and a signal shuts down gracefully: people and scripts wait for this line, and a
  // SIGTERM sent on seeing it must not find the process without its handlers.
  const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
  logger.info(`Butiku is serving on http://${host}:${await port}`);
  logger.flush(); // the log is buffered (log.ts)
}

main().catch((err) => {
  console.error('Failed to start:', err);
  process.exit(1);
});
