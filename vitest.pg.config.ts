// `npm run test:pg`: the same unit, service and HTTP suite on PostgreSQL (scripts/test-pg.mjs provides the server;
// every test setup gets its own database copied from a migrated template).
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

export default mergeConfig(
  base,
  defineConfig({
    test: {
      globalSetup: ['src/server/testing/pg-global-setup.ts'],
      // Files that touch no database answer the same on both engines; `npm test` runs them once.
      exclude: [
        ...configDefaults.exclude,
        'lint/**',
        'src/shared/**',
        'src/client/features/accounts/sign-up-form.test.tsx',
        'src/client/features/catalog/catalog-logic.test.ts',
        'src/client/features/catalog/first-view-data.test.ts',
        'src/client/lib/local-redirect.test.ts',
        'src/server/modules/catalog/admin/colours/color-extract.test.ts',
        'src/server/modules/catalog/admin/upload-memory.test.ts', // its server child runs on its own SQLite file
        'src/server/modules/checkout/pricing.test.ts',
      ],
    },
  }),
);
