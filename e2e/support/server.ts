// Starts the real built app (Hono + SPA) on a copy of the seeded template database, on a random port.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '#server/app';
import { openDatabase } from '#server/db/client';
import type { AppDeps } from '#server/deps';
import type { AppConfig } from '#server/config';
import { startMailWorker } from '#server/modules/outbox';
import { startServer } from '#server/testing/app';
import { testConfig } from '#server/testing/db';

export interface E2eServer extends AppDeps {
  url: string;
  close(): Promise<void>;
}

/** `overrides` adjust the test config; with `mail.smtpUrl` the outbox worker runs as in `npm start`. */
export async function startE2eServer(overrides: Partial<AppConfig> = {}): Promise<E2eServer> {
  const template = process.env.BUTIKU_E2E_TEMPLATE;
  if (!template) throw new Error('e2e global setup did not run');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-e2e-'));
  fs.cpSync(template, dir, { recursive: true });
  const config = testConfig({
    databasePath: path.join(dir, 'shop.db'),
    uploadsDir: path.join(dir, 'uploads'),
    ...overrides,
  });
  const db = openDatabase(config.databasePath);
  const deps = { db, config };
  const server = await startServer(createApp(deps), deps);
  const worker = config.mail?.smtpUrl ? await startMailWorker(deps, { pollMs: 200 }) : null;
  return {
    ...deps,
    url: server.url,
    async close() {
      await worker?.stop();
      await server.close();
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
