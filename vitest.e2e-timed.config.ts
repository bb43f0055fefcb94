// The journeys that assert timings (INP), one file at a time on an otherwise idle runner.
import { defineConfig } from 'vitest/config';
import { journeyOptions, TIMED_JOURNEYS } from './vitest.e2e.config';

export default defineConfig({
  resolve: { tsconfigPaths: true }, // #server/…, #shared/…, #client/… (tsconfig.json paths)
  test: { ...journeyOptions, include: TIMED_JOURNEYS, fileParallelism: false },
});
