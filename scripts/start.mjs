// `npm start`, step one (plain node, no dependencies): runs `npm run build:client` / `build:server` in a child
// process when dist/ is missing or older than its sources, then exits, so the serving process that package.json
// starts next (`node dist/server/main.cjs`) never holds the bundler (decisions 003, 150).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();

function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function builtAt(file) {
  try {
    return fs.statSync(path.join(root, file)).mtimeMs;
  } catch {
    return 0;
  }
}

/** Built output older than any of its sources (or missing). */
const stale = (output, sources) => {
  const built = builtAt(output);
  return built === 0 || Math.max(...sources.map((s) => newestMtime(path.join(root, s)))) > built;
};

const steps = [];
const serverOnly = process.argv.includes('--server-only'); // db:* scripts need no client
if (!serverOnly && !process.env.SKIP_CLIENT_BUILD && stale('dist/ssr/entry-server.js', ['src/client', 'src/shared', 'index.html', 'vite.config.ts', 'public', 'package.json'])) {
  steps.push(['build:client', 'Building the storefront (first start or changed sources)…']);
}
if (stale('dist/server/main.cjs', ['src/server', 'src/shared', 'migrations', 'scripts', 'package.json'])) {
  steps.push(['build:server', 'Building the server (first start or changed sources)…']);
}
// The build is the largest process of a first start (Vite peaked at ~445 MB here). Two malloc arenas and a
// 256 MB JS heap make V8 and glibc give memory back sooner (~405-425 MB, measured by `npm run measure:runtime`);
// the build needs well under that heap today. A NODE_OPTIONS of the operator's comes last, so it wins.
const buildEnv = {
  ...process.env,
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  NODE_OPTIONS: ['--max-old-space-size=256', process.env.NODE_OPTIONS].filter(Boolean).join(' '),
};
for (const [script, note] of steps) {
  console.log(note);
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit', env: buildEnv });
  if (result.status !== 0) {
    console.error(`\`npm run ${script}\` failed; the shop was not started.`);
    process.exit(result.status ?? 1);
  }
}
