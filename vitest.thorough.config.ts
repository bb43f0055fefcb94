// `npm run test:thorough`: the slow property, memory, child-process and timing files on SQLite (THOROUGH_TESTS in
// vitest.config.ts); CI runs it beside `npm test` and `npm run test:pg` (decision 245), half in each lane
// (THOROUGH_LANE=1 or 2, decision 285).
import { defineConfig } from 'vitest/config';
import { SERVER_SETUP, thoroughFiles, unitOptions } from './vitest.config';

export default defineConfig({
  resolve: { tsconfigPaths: true }, // #server/…, #shared/…, #client/… (tsconfig.json paths)
  test: { ...unitOptions, include: thoroughFiles(process.env.THOROUGH_LANE), isolate: false, setupFiles: SERVER_SETUP },
});
