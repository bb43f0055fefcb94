// `npm run build:server`: compiles the server entry points to plain CommonJS JavaScript in dist/server/*.cjs
// (esbuild), so `npm start` runs them with plain `node` (decision 150).
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * migrations/index.ts lists its folder when run from source; in the bundle it becomes static imports of the same
 * files (decision 278), so a migration stays one file and the built server reads no folder.
 */
export const migrationsIndex = {
  name: 'migrations-index',
  setup(b) {
    b.onLoad({ filter: /[\\/]migrations[\\/]index\.ts$/ }, () => {
      const dir = path.join(root, 'migrations');
      const names = fs
        .readdirSync(dir)
        .map((f) => /^(\d{4}_[a-z0-9_]+)\.ts$/.exec(f)?.[1])
        .filter(Boolean)
        .sort();
      const imports = names.map((n, i) => `import * as m${i} from './${n}';`).join('\n');
      const entries = names.map((n, i) => `  '${n}': m${i},`).join('\n');
      return { contents: `${imports}\nexport const migrations = {\n${entries}\n};\n`, loader: 'ts', resolveDir: dir };
    });
  },
};

/** Every program the production install runs, by output name. */
export const SERVER_ENTRIES = {
  // `npm start` runs main.cjs: it loads the shop (shop.cjs) through a V8 code cache kept beside it (decision 291).
  main: 'src/server/boot.ts',
  shop: 'src/server/main.ts',
  seed: 'src/server/seed/child.ts',
  'db-migrate': 'scripts/db-migrate.ts',
  'db-seed': 'scripts/db-seed.ts',
  'db-backup': 'scripts/db-backup.ts',
  'db-restore': 'scripts/db-restore.ts',
  'db-copy': 'scripts/db-copy.ts',
  'media-copy': 'scripts/media-copy.ts',
  // Not a program: the read workers' entry (src/server/workers/read-pool.ts starts it beside main.cjs, decision 261).
  'read-worker': 'src/server/workers/read-worker.ts',
  // Nor this: the storefront's render worker (src/server/workers/render-pool.ts, decision 288).
  'render-worker': 'src/server/workers/render-worker.ts',
};

/**
 * Compiles `entries` (output name -> source file) into `outdir`, emptied first. The client component tests build
 * their test server this way too (src/client/test/global-setup.ts): one file loads in a fraction of the time tsx
 * takes to load the server's modules, for each of their child processes.
 */
export async function buildServer(entries, outdir) {
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.join(root, file)])),
    outdir,
    // CommonJS files (.cjs, the package is "type": "module"): node loads one CommonJS file and its require()d
    // packages ~150 ms faster than the same code as ES modules (measured: first answer ~650 ms vs ~800 ms here).
    outExtension: { '.js': '.cjs' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20.19',
    // npm packages are bundled too (one file parses far faster than hundreds of modules, e.g. kysely's), except
    // native addons (pg-native: pg's optional libpq binding, never installed), pino (its transports load files by path in worker threads) and rate-limiter-flexible (one of its
    // files is required by path in rate-limit-store.ts; two copies would break its instanceof checks). The AWS SDK
    // stays in node_modules too: only a shop with a bucket configured loads it (storage/open.ts, decision 266).
    external: [
      '@aws-sdk/client-s3',
      '@aws-sdk/lib-storage',
      'better-sqlite3',
      'pg-native',
      'sharp',
      '@node-rs/argon2',
      'pino',
      'pino-pretty',
      'rate-limiter-flexible',
      'rate-limiter-flexible/*',
    ],
    // The sources are ES modules: import.meta.url becomes the file's URL.
    define: { 'import.meta.url': '__importMetaUrl' },
    banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    plugins: [migrationsIndex],
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  for (const name of Object.keys(entries)) latin1Only(path.join(outdir, `${name}.cjs`));
}

/**
 * Escapes the characters above U+00FF that esbuild leaves as they are (in regular expressions and comments: "’",
 * "€", "—"). V8 keeps a script's source for as long as the script lives, one byte a character when every character
 * fits in Latin-1 and two bytes otherwise: twenty such characters made main.cjs's 5 MB source take 9.5 MB of the
 * serving thread's heap (issue 38). A `\uXXXX` escape means the same character in a string, a regular expression,
 * an identifier and a template, and is text in a comment; only a raw template (String.raw) would keep the escape as
 * text, so the build stops if a line with one holds such a character. Columns after an escape on its line move in
 * the source map; the lines stay right.
 */
function latin1Only(file) {
  const text = fs.readFileSync(file, 'utf8');
  const raw = text.split('\n').find((line) => line.includes('String.raw') && /[^\u0000-\u00ff]/.test(line));
  if (raw) throw new Error(`${file}: a raw template holds a character above U+00FF: ${raw.trim()}`);
  const escaped = text.replace(/[^\u0000-\u00ff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (escaped !== text) fs.writeFileSync(file, escaped);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const at = process.argv.indexOf('--outdir'); // tests build into a folder of their own
  const outdir = path.resolve(root, at === -1 ? 'dist/server' : process.argv[at + 1]);
  const started = Date.now();
  await buildServer(SERVER_ENTRIES, outdir);
  console.log(`Built the server into ${path.relative(root, outdir)} in ${Date.now() - started} ms.`);
}
