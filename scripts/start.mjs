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

const serverOnly = process.argv.includes('--server-only'); // db:* scripts need no client
const staleSteps = () => {
  const steps = [];
  if (
    !serverOnly &&
    !process.env.SKIP_CLIENT_BUILD &&
    stale('dist/ssr/entry-server.js', [
      'src/client',
      'src/shared',
      'index.html',
      'vite.config.ts',
      'public',
      'package.json',
    ])
  ) {
    steps.push(['build:client', 'Building the storefront (first start or changed sources)…']);
  }
  if (stale('dist/server/main.cjs', ['src/server', 'src/shared', 'migrations', 'scripts', 'package.json'])) {
    steps.push(['build:server', 'Building the server (first start or changed sources)…']);
  }
  return steps;
};

// One build at a time (decision 203): `npm start`, `npm run db:backup` and friends may start together (a timer, an
// operator, tests), and two builds writing dist/ at once would leave a mix. The lock file holds the builder's pid; a
// lock whose process is gone is taken over. Whoever waited checks again: the other build usually made dist/ fresh.
const lockFile = path.join(root, 'dist', '.build.lock');
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
};
function lockBuilds() {
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  let told = false;
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      process.once('exit', () => fs.rmSync(lockFile, { force: true }));
      return;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    let holder = 0;
    try {
      holder = Number(fs.readFileSync(lockFile, 'utf8'));
    } catch {
      continue; // released meanwhile
    }
    if (!holder || !alive(holder)) {
      fs.rmSync(lockFile, { force: true });
      continue;
    }
    if (!told) console.log(`Waiting for another build (pid ${holder}) to finish…`);
    told = true;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
  }
}

/**
 * The server is built into a folder of its own and then swapped in with two renames, so a program starting from
 * dist/server meanwhile finds the old files or the new ones, never an emptied folder.
 */
function swapServerBuild(built) {
  const live = path.join(root, 'dist', 'server');
  const old = path.join(root, 'dist', `.server-old-${process.pid}`);
  if (fs.existsSync(live)) fs.renameSync(live, old);
  fs.renameSync(built, live);
  fs.rmSync(old, { recursive: true, force: true });
}

let steps = staleSteps();
if (steps.length) {
  lockBuilds();
  steps = staleSteps();
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
  const built = path.join('dist', `.server-build-${process.pid}`);
  const extra = script === 'build:server' ? ['--', '--outdir', built] : [];
  const result = spawnSync('npm', ['run', '--silent', script, ...extra], { stdio: 'inherit', env: buildEnv });
  if (result.status !== 0) {
    fs.rmSync(path.join(root, built), { recursive: true, force: true });
    console.error(`\`npm run ${script}\` failed; the shop was not started.`);
    process.exit(result.status ?? 1);
  }
  if (script === 'build:server') swapServerBuild(path.join(root, built));
}
