// `npm test`: unit, service, HTTP contract and client component tests (fresh SQLite per test setup), the quick
// suite a developer runs after a change. `npm run test:thorough` runs the slow property, memory, child-process and
// timing files (THOROUGH_TESTS); `npm run test:pg` runs every server file on PostgreSQL; CI runs all three
// (decision 245). Browser journeys: vitest.e2e.config.ts.
import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import type { TestProjectConfiguration, ViteUserConfig } from 'vitest/config';

/** Files that test the server, the shared code, migrations, scripts and lint rules (node environment). */
export const SERVER_TESTS = [
  'src/server/**/*.test.ts',
  'src/shared/**/*.test.ts',
  'migrations/**/*.test.ts',
  'scripts/**/*.test.ts',
  'lint/*.test.ts',
];
/** Set up before every server test file (a staff write outside a request context fails). */
export const SERVER_SETUP = ['src/server/testing/setup.ts'];
/** Client component and logic tests (happy-dom where a file asks for it). */
export const CLIENT_TESTS = ['src/client/**/*.test.ts', 'src/client/**/*.test.tsx'];

/**
 * Minutes of CPU for properties that hold whatever the input (generated requests, thousands of cache keys), memory
 * bounds, child processes of `npm start`, the db:* commands, the client build and the HTML checker, and throttles
 * that wait out real pauses. They run in `npm run test:thorough` (CI runs it beside the others), so `npm test` stays
 * under 3 minutes on 2 cores.
 */
export const THOROUGH_TESTS = [
  'src/server/fuzz.test.ts',
  'src/server/modules/catalog/cache-keys.test.ts',
  'src/server/modules/catalog/admin/upload-memory.test.ts',
  'src/server/main.test.ts',
  'src/server/root-secret.test.ts',
  'src/server/backup/backup.test.ts',
  'src/server/backup/schedule.test.ts',
  'src/server/backup/offsite.test.ts',
  'src/server/storage/media-copy.test.ts',
  'src/server/modules/outbox/outbox.restart.test.ts',
  'src/server/http/client-address.test.ts',
  'src/server/http/limits.test.ts',
  'src/server/http/canonical-input.test.ts',
  'src/server/modules/accounts/second-factor-cap.test.ts',
  'src/server/modules/accounts/password-reset.test.ts',
  // Builds the client and starts Java for the W3C Nu HTML checker (decision 247).
  'src/server/http/valid-pages.test.ts',
];

/** What every unit run shares. */
export const unitOptions = {
  environment: 'node',
  testTimeout: 20_000,
  hookTimeout: 60_000,
  pool: 'forks',
  // Vitest's default is one worker less than the cores: one worker on a 2-core VPS or CI runner. Files are
  // independent (own database each), so every core runs one: the SQLite suite 201 -> 128 s on 2 cores.
  // CI runs two lanes side by side (SQLite, PostgreSQL) with TEST_WORKERS=1 each, so a 2-core runner is not asked
  // for four workers and a database server at once (timed tests then measure contention, decision 245).
  maxWorkers: Number(process.env.TEST_WORKERS) || Math.max(2, os.availableParallelism()),
} satisfies NonNullable<ViteUserConfig['test']>;

/**
 * Server files share a worker's loaded modules instead of importing the server anew for each of ~480 files
 * (decision 245; each still opens its own database and app). Client files keep a fresh module world each: the
 * session, cart and query client are module state a component test starts from.
 */
export function unitProjects(
  include: { server: string[]; client: string[] },
  exclude: string[],
): TestProjectConfiguration[] {
  return [
    {
      extends: true,
      test: { name: 'server', include: include.server, exclude, isolate: false, setupFiles: SERVER_SETUP },
    },
    {
      extends: true,
      test: { name: 'client', include: include.client, exclude, globalSetup: ['src/client/test/global-setup.ts'] },
    },
  ];
}

export default defineConfig({
  resolve: { tsconfigPaths: true }, // #server/…, #shared/…, #client/… (tsconfig.json paths)
  test: {
    ...unitOptions,
    projects: unitProjects({ server: SERVER_TESTS, client: CLIENT_TESTS }, [
      ...configDefaults.exclude,
      ...THOROUGH_TESTS,
    ]),
  },
});
