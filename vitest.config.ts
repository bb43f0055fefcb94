// Unit, service and HTTP contract tests (fresh SQLite per file). Browser journeys: vitest.e2e.config.ts.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'migrations/**/*.test.ts', 'scripts/**/*.test.ts', 'lint/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
