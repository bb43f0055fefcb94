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
    // A page answers within a second on a quiet machine, not on a loaded CI runner: polls wait up to 10 s.
    expect: { poll: { timeout: 10_000 } },
    globalSetup: ['e2e/support/global-setup.ts'],
  },
});
