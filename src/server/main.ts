// `npm start`: config -> open db -> migrate -> seed if empty -> build client if stale -> serve; graceful shutdown.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { buildClientIfNeeded } from './build-client';
import { ConfigError, configFromEnv, loadEnv } from './config';
import { openDatabase } from './db/client';
import { migrateToLatest } from './db/migrate';
import { prepareDatabase } from './seed/prepare';
import { generateSecret, getOrCreateSetting } from './settings';

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
  const root = process.cwd();
  const provisional = configFromEnv(env, 'pending', root);
  const db = openDatabase(provisional.databasePath);
  const applied = await migrateToLatest(db);
  if (applied.length) console.log(`Migrated database ${provisional.databasePath}: ${applied.join(', ')}`);
  const jwtSecret = env.JWT_SECRET ?? (await getOrCreateSetting(db, 'jwt_secret', generateSecret));
  const config = configFromEnv(env, jwtSecret, root);
  const deps = { db, config };

  await prepareDatabase(deps, { log: console.log });
  if (!process.env.SKIP_CLIENT_BUILD) await buildClientIfNeeded(root, config.clientDistDir);

  const app = createApp(deps);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info: AddressInfo) => {
    const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
    console.log(`Butiku is serving on http://${host}:${info.port}`);
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received: finishing in-flight requests…`);
    const force = setTimeout(() => {
      console.error('Shutdown timed out; closing anyway.');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(async () => {
      await db.destroy();
      console.log('Closed the database. Bye.');
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
