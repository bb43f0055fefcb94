// Browser journeys in real headless Chromium (playwright-core + Debian chromium) against the built app.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
    globalSetup: ['e2e/support/global-setup.ts'],
  },
});
