// `npm run test:pg`: every server file, the thorough ones included, on PostgreSQL (scripts/test-pg.mjs provides
// the server; every test setup gets its own database copied from a migrated template).
import { configDefaults, defineConfig } from 'vitest/config';
import { SERVER_SETUP, SERVER_TESTS, unitOptions } from './vitest.config';

export default defineConfig({
  resolve: { tsconfigPaths: true }, // #server/…, #shared/…, #client/… (tsconfig.json paths)
  test: {
    ...unitOptions,
    include: SERVER_TESTS,
    isolate: false, // decision 245
    globalSetup: ['src/server/testing/pg-global-setup.ts'],
    setupFiles: SERVER_SETUP,
    // Files that touch no database answer the same on both engines; `npm test` runs them once. Client component
    // tests check the client against the real app, whose engine is the server files' concern (decision 245).
    exclude: [
      ...configDefaults.exclude,
      'lint/**',
      'src/shared/**',
      // Caches of answers and the parsing of URL paths: in memory, before any query (decision 245).
      'src/server/modules/catalog/cache-keys.test.ts',
      'src/server/http/path.test.ts',
      // Child processes and files that always run on their own SQLite file or on no database: the file backup is
      // SQLite's (PostgreSQL's is pg_dump, decision 153), so these run the same in both runs.
      'src/server/backup/backup.test.ts',
      'src/server/backup/backup-secrecy.test.ts',
      'src/server/backup/schedule.test.ts',
      'src/server/backup/offsite.test.ts',
      'src/server/storage/store.test.ts',
      // Which address a request comes from (X-Forwarded-For through trusted hops): decided before any query; the
      // counting of limits per address in the database is rate-limit-store.test.ts's, run on both engines.
      'src/server/http/client-address.test.ts',
      'src/server/main.test.ts',
      'src/server/modules/outbox/outbox.restart.test.ts',
      'src/server/modules/catalog/admin/upload-memory.test.ts',
      'src/server/secret-file.test.ts',
      'src/server/config.test.ts',
      'src/server/lib/byte-cache.test.ts',
      'src/server/built-files.test.ts',
      'src/server/table-owners.test.ts',
      'src/server/modules/catalog/admin/products/products-csv-reader.test.ts',
      'src/server/modules/catalog/admin/colours/color-extract.test.ts',
      'src/server/modules/checkout/pricing.test.ts',
      // The pages' markup, the same on both engines: the demo shop on SQLite, one client build (decision 247).
      'src/server/http/valid-pages.test.ts',
    ],
  },
});
