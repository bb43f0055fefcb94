// Unit, service and HTTP contract tests (fresh SQLite per file). Browser journeys: vitest.e2e.config.ts.
import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'migrations/**/*.test.ts',
      'scripts/**/*.test.ts',
      'lint/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker less than the cores: one worker on a 2-core VPS or CI runner. Files are
    // independent (own database each), so every core runs one: the SQLite suite 201 -> 128 s on 2 cores.
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
});
