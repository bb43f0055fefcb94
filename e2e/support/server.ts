// Starts the real built app (Hono + SPA) on a copy of the seeded template database, on a random port.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import type { AppDeps } from '../../src/server/deps';
import { startServer } from '../../src/server/testing/app';
import { testConfig } from '../../src/server/testing/db';

export interface E2eServer extends AppDeps {
  url: string;
  close(): Promise<void>;
}

export async function startE2eServer(): Promise<E2eServer> {
  const template = process.env.BUTIKU_E2E_TEMPLATE;
  if (!template) throw new Error('e2e global setup did not run');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-e2e-'));
  fs.cpSync(template, dir, { recursive: true });
  const config = testConfig({ databasePath: path.join(dir, 'shop.db'), uploadsDir: path.join(dir, 'uploads') });
  const db = openDatabase(config.databasePath);
  const deps = { db, config };
  const server = await startServer(createApp(deps), deps);
  return {
    ...deps,
    url: server.url,
    async close() {
      await server.close();
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
