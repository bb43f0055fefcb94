// Browser journeys in real headless Chromium (playwright-core + Debian chromium) against the built app.
// Each journey file starts its own server on a copy of the seeded template database, so files run four at a time:
// a journey waits on its pages too (one alone kept 47 % of two cores busy, two together 66 %).
// The journeys that assert timings (INP medians) run alone afterwards (vitest.e2e-timed.config.ts), so a neighbour's
// load never decides their figures. The first-tap journey runs with the others: what it asserts (no tap lost, some
// made before the app was live) must hold however busy the machine is, and a busy one only makes hydration later;
// so do the filters' (decision 286: a price typed before or after the app is live opens the same filtered page).
import { defineConfig } from 'vitest/config';
import type { ViteUserConfig } from 'vitest/config';
import { LongestJourneyFirst } from './e2e/support/sequencer';
import { FS_MODULE_CACHE } from './vitest.config';

/** Journeys whose assertions are timings: they run one at a time, after the others. */
export const TIMED_JOURNEYS = ['e2e/interaction.e2e.ts'];

/** What every journey run shares. */
export const journeyOptions: NonNullable<ViteUserConfig['test']> = {
  environment: 'node',
  testTimeout: 120_000,
  hookTimeout: 180_000,
  pool: 'forks',
  // Journey files share a worker's loaded modules (the server, the catalogues) instead of importing them anew for
  // each file (decision 245); each file still starts its own server on its own database copy and its own browser.
  isolate: false,
  // A page answers within a second on a quiet machine, not on a loaded CI runner: polls wait up to 10 s.
  expect: { poll: { timeout: 10_000 } },
  globalSetup: ['e2e/support/global-setup.ts'],
  // The app runs as `npm start` runs it: React's production server render, the built page read once (decision 286).
  env: { NODE_ENV: 'production' },
  experimental: { fsModuleCache: FS_MODULE_CACHE }, // CI's shared transforms (vitest.config.ts)
};

export default defineConfig({
  resolve: { tsconfigPaths: true }, // #server/…, #shared/…, #client/… (tsconfig.json paths)
  test: {
    ...journeyOptions,
    include: ['e2e/**/*.e2e.ts'],
    exclude: TIMED_JOURNEYS,
    fileParallelism: true,
    // Four at a time (decision 269: two journeys together kept about a third of two quiet cores busy, three about
    // half); E2E_WORKERS tries another count.
    maxWorkers: Number(process.env.E2E_WORKERS ?? 4),
    // Longest first (decision 269): a clean clone has no cached durations, and a long file started last runs alone.
    sequence: { sequencer: LongestJourneyFirst },
  },
});
