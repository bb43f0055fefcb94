// The real Hono app on a fresh test database: in-process requests (app.request) or a real HTTP server.
import type { Server } from 'node:http';
import { createApp } from '../app';
import type { AppConfig } from '../config';
import type { AppDeps } from '../deps';
import { serveShop } from '../serve';
import { createTestDeps } from './db';

export interface TestApp extends AppDeps {
  app: ReturnType<typeof createApp>;
  /** JSON request helper: request('/api/Product', { method: 'POST', json: {...}, token }) */
  request(path: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<Response>;
}

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  engine: 'sqlite' | 'default' = 'default',
): Promise<TestApp> {
  const deps = await createTestDeps(overrides, engine);
  const app = createApp(deps);
  return {
    ...deps,
    app,
    request(path, init = {}) {
      const { json, token, headers, ...rest } = init;
      const h = new Headers(headers);
      if (json !== undefined) h.set('content-type', 'application/json');
      if (token) h.set('authorization', `Bearer ${token}`);
      return Promise.resolve(
        app.request(path, { ...rest, headers: h, body: json !== undefined ? JSON.stringify(json) : rest.body }),
      );
    },
  };
}

/** Starts the app on a random loopback port behind the same node server as main.ts (fast lane included); close() stops it. */
export async function startServer(
  app: TestApp['app'],
  deps: AppDeps,
): Promise<{ url: string; close: () => Promise<void> }> {
  let server: Server;
  const port = await new Promise<number>((resolve) => {
    server = serveShop(app, deps, { port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    // Every connection ends with the test's server, idle or not: a browser journey's kept pages (e2e/support/
    // page-pool.ts) may still hold one open to it when their file ends.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
