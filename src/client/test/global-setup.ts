// The client component tests' global setup: compiles their test server (serve.ts) once per run into one CommonJS
// file, as `npm run build:server` compiles the shop's programs. Each component test file starts that server in a
// child process (server.ts); node loads the one file in about 2 s less than tsx loads the server's modules, for
// each of some twenty files. Built inside node_modules/.cache so the bundle's require() finds the native drivers.
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error a JavaScript build script without type declarations
import { buildServer } from '#scripts/build-server.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** The compiled test server (serve.cjs), started by server.ts. */
    clientTestServer: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  // A folder of this run's own: two runs at once (two worktrees, a watch and a run) never share one.
  // node_modules/.cache is made by tools on their first run: a clean clone may have none yet (CI at 34ceed1).
  const cache = path.join(root, 'node_modules/.cache');
  fs.mkdirSync(cache, { recursive: true });
  const dir = fs.mkdtempSync(path.join(cache, 'butiku-client-test-'));
  await (buildServer as (entries: Record<string, string>, outdir: string) => Promise<void>)(
    {
      serve: 'src/client/test/serve.ts',
      'read-worker': 'src/server/workers/read-worker.ts',
      'render-worker': 'src/server/workers/render-worker.ts',
    },
    dir,
  );
  project.provide('clientTestServer', path.join(dir, 'serve.cjs'));
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
