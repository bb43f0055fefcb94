// What every service call, procedure and route can reach: the database and the configuration.
import type { AppConfig } from './config';
import type { DB } from './db/client';
import type { Logger } from './log';

export interface AppDeps {
  db: DB;
  config: AppConfig;
  /** The server's logger (main.ts); createApp makes one at config.logLevel (default warn) when absent. */
  logger?: Logger;
}
