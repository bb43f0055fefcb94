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

/**
 * CI's second lane's part of THOROUGH_TESTS (`THOROUGH_LANE=2`); the first lane (`THOROUGH_LANE=1`) takes the rest.
 * Split by measured time, not by Vitest's --shard (which splits by count): the PostgreSQL lane's own suite runs about
 * a minute longer than the SQLite one, so it takes the short part and both lanes end together (decision 285).
 */
export const THOROUGH_SECOND_LANE = [
  'src/server/http/valid-pages.test.ts',
  'src/server/main.test.ts',
  'src/server/http/client-address.test.ts',
  'src/server/root-secret.test.ts',
  'src/server/modules/accounts/second-factor-cap.test.ts',
  'src/server/modules/accounts/password-reset.test.ts',
  'src/server/modules/catalog/admin/upload-memory.test.ts',
];

/** The thorough files a CI lane runs (THOROUGH_LANE '1' or '2'), or all of them. */
export function thoroughFiles(lane: string | undefined): string[] {
  const stray = THOROUGH_SECOND_LANE.filter((f) => !THOROUGH_TESTS.includes(f));
  if (stray.length) throw new Error(`THOROUGH_SECOND_LANE lists files THOROUGH_TESTS does not: ${stray.join(', ')}`);
  if (lane === '2') return THOROUGH_SECOND_LANE;
  if (lane === '1') return THOROUGH_TESTS.filter((f) => !THOROUGH_SECOND_LANE.includes(f));
  return THOROUGH_TESTS;
}

/**
 * Transformed modules kept on disk (node_modules/.vitest-cache) and shared by every Vitest run of the machine, when
 * VITEST_FS_CACHE=1: CI sets it, so its lanes, thorough parts and journey runs transform each file once between them
 * on a clean clone (decision 285). Off by default: a developer's runs keep Vitest's usual in-memory transforms.
 */
export const FS_MODULE_CACHE = process.env.VITEST_FS_CACHE === '1';

/** What every unit run shares. */
export const unitOptions = {
  environment: 'node',
  experimental: { fsModuleCache: FS_MODULE_CACHE },
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
