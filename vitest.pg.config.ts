// `npm run test:pg`: the same unit, service and HTTP suite on PostgreSQL (scripts/test-pg.mjs provides the server;
// every test setup gets its own database copied from a migrated template).
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

export default mergeConfig(
  base,
  defineConfig({
    test: {
      globalSetup: ['src/server/testing/pg-global-setup.ts'],
    },
  }),
);
