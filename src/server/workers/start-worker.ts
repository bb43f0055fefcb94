// Starts one of the server's worker threads (read-worker.ts, render-worker.ts): the built `<name>.cjs` beside
// main.cjs (scripts/build-server.mjs builds both), or the TypeScript source through tsx when the server runs from
// source (npm run dev, the tests).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/** tsx's ES-module API (its `import` condition: require.resolve would give the CommonJS one). */
function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const exports = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as TsxManifest).exports['./esm/api'].import.default;
  return pathToFileURL(path.join(path.dirname(manifest), exports)).href;
}
type TsxManifest = { exports: { './esm/api': { import: { default: string } } } };

/** The worker `name` (a file of src/server/workers/ without its extension) with these heap bounds. */
export function startWorker(name: 'read-worker' | 'render-worker', resourceLimits: ResourceLimits): Worker {
  if (import.meta.url.endsWith('.cjs'))
    return new Worker(new URL(`./${name}.cjs`, import.meta.url), { resourceLimits });
  const source = new URL(`./${name}.ts`, import.meta.url).href;
  const boot = `import(${JSON.stringify(tsxEsmApi())}).then((t) => t.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`;
  return new Worker(boot, { resourceLimits, eval: true });
}
