// `npm run build:server`: compiles the server entry points to plain ESM JavaScript in dist/server (esbuild; npm
// packages stay imports from node_modules), so `npm start` runs them with plain `node` (decision 150).
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const at = process.argv.indexOf('--outdir'); // tests build into a folder of their own
const outdir = path.resolve(root, at === -1 ? 'dist/server' : process.argv[at + 1]);

/** Every program the production install runs, by output name. */
export const SERVER_ENTRIES = {
  main: 'src/server/main.ts',
  seed: 'src/server/seed/child.ts',
  'db-migrate': 'scripts/db-migrate.ts',
  'db-seed': 'scripts/db-seed.ts',
  'db-backup': 'scripts/db-backup.ts',
  'db-restore': 'scripts/db-restore.ts',
};

fs.rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // npm packages are bundled too (one file parses far faster than hundreds of ESM modules, e.g. kysely's), except
  // native addons, pino (its transports load files by path in worker threads) and rate-limiter-flexible (one of its
  // files is required by path in rate-limit-store.ts; two copies would break its instanceof checks).
  external: ['better-sqlite3', 'sharp', '@node-rs/argon2', 'pino', 'pino-pretty', 'rate-limiter-flexible', 'rate-limiter-flexible/*'],
  // CommonJS packages inside the ESM bundle still call require() for node built-ins.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
});
console.log(`Built the server into ${path.relative(root, outdir)} in ${Date.now() - started} ms.`);
