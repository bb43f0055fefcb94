// What every service call, procedure and route can reach: the database and the configuration.
import type { AppConfig } from './config';
import type { DB } from './db/client';

export interface AppDeps {
  db: DB;
  config: AppConfig;
}
