// `npm run test:thorough`: the slow property, memory, child-process and timing files on SQLite (THOROUGH_TESTS in
// vitest.config.ts); CI runs it beside `npm test` and `npm run test:pg` (decision 245).
import { defineConfig } from 'vitest/config';
import { SERVER_SETUP, THOROUGH_TESTS, unitOptions } from './vitest.config';

export default defineConfig({
  resolve: { tsconfigPaths: true }, // #server/…, #shared/…, #client/… (tsconfig.json paths)
  test: { ...unitOptions, include: THOROUGH_TESTS, isolate: false, setupFiles: SERVER_SETUP },
});
