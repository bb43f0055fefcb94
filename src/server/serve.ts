// The HTTP server around the app: node's server, /metrics and the request figures when METRICS_TOKEN is set
// (decision 224), the catalogue's fast lane in front of Hono's listener (decision 156), listening on `port`
// (0 = any free port). main.ts and the tests' real servers use it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { createApp } from './app';
import type { AppDeps } from './deps';
import { createLogger, type Logger } from './log';
import { withCatalogFastLane } from './modules/catalog/catalog.fast-lane';
import { withMetrics } from './http/metrics';

/** How many connections may wait to be accepted while the event loop is busy. */
const LISTEN_BACKLOG = 4096;

export function serveShop(
  app: ReturnType<typeof createApp>,
  deps: AppDeps,
  options: { port: number; hostname: string; logger?: Logger },
  onListening?: (info: AddressInfo) => void,
): Server {
  const log = options.logger ?? deps.logger ?? createLogger(deps.config.logLevel ?? 'warn');
  const server = createServer(
    withMetrics(deps, withCatalogFastLane(deps, log, getRequestListener(app.fetch, { hostname: options.hostname }))),
  );
  // Connections waiting to be accepted: Node's default of 511 overflowed under a 50-connection page mix, and a new
  // visitor's connection was then dropped and retried by TCP for up to 19 s (issue 38). The kernel caps it at
  // net.core.somaxconn (4096 on current Linux).
  server.listen({ port: options.port, host: options.hostname, backlog: LISTEN_BACKLOG }, () =>
    onListening?.(server.address() as AddressInfo),
  );
  return server;
}
