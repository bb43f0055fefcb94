// Test support for backup.test.ts and schedule.test.ts (decision 203): the shipped commands run as an operator runs
// them, in child processes: `npm run db:backup`, `npm run db:restore -- FILE`, and the compiled server
// (`node dist/server/main.cjs`, what `npm start` execs) on a folder of its own.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LIMITS, limitEnvName, type LimitName } from '../http/limits';
import { TEST_JWT_SECRET } from '../testing/db';

/** Builds dist/server when stale (the first step of every `npm run db:*`), so later commands start at once. */
export function buildServer(): void {
  const r = spawnSync(process.execPath, ['scripts/start.mjs', '--server-only'], { encoding: 'utf8' });
  if (r.status !== 0)
    throw new Error(`scripts/start.mjs --server-only failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
}

/** Environment of a child: the test's, without a PostgreSQL URL or a schedule, plus `env`. */
export function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', BACKUP_SCHEDULE: '', ...env };
}

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Collects a child's output; `done` settles when it exits. */
export function watch(child: ChildProcess): { done: Promise<Finished>; output: () => string } {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<Finished>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { done, output: () => stdout + stderr };
}

/** A command line run under `umask` (e.g. '000', where nothing is private unless the shop makes it so), or as it is. */
const underUmask = (command: string[], umask?: string): [string, string[]] =>
  umask === undefined
    ? [command[0]!, command.slice(1)]
    : ['bash', ['-c', `umask ${umask} && exec "$@"`, 'bash', ...command]];

/**
 * `npm run <script> [-- args]` in its own process group (so a test can press Ctrl-C on it, as a terminal does),
 * optionally under a given umask.
 */
export function npmRun(script: string, args: string[], env: Record<string, string>, umask?: string) {
  const [file, argv] = underUmask(['npm', 'run', script, ...(args.length ? ['--', ...args] : [])], umask);
  const child = spawn(file, argv, {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  return { child, ...watch(child) };
}

/** Generous rate limits: the tests place many orders from one address. */
const roomyLimits = () =>
  Object.fromEntries((Object.keys(DEFAULT_LIMITS) as LimitName[]).map((n) => [limitEnvName(n), '1000000/60']));

export interface Shop {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<Finished>;
}

/** The compiled server on DATABASE_PATH/UPLOADS_DIR of `env` (under `umask` if given), on a free port; resolves once it serves. */
export async function startShop(env: Record<string, string>, umask?: string): Promise<Shop> {
  const [file, argv] = underUmask([process.execPath, 'dist/server/main.cjs'], umask);
  const child = spawn(file, argv, {
    env: childEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'info',
      ...roomyLimits(),
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const w = watch(child);
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return w.done;
  };
  for (let waited = 0; waited < 60_000; waited += 50) {
    const m = /serving on (http:\/\/127\.0\.0\.1:\d+)/.exec(w.output());
    if (m) return { url: m[1]!, child, output: w.output, stop };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await stop();
  throw new Error(`the shop did not start:\n${w.output()}`);
}

/** Files under `dir`, relative, sorted ("small/x.webp"). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  const visit = (d: string, rel: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) visit(path.join(d, e.name), `${rel}${e.name}/`);
      else out.push(rel + e.name);
    }
  };
  visit(dir, '');
  return out.sort();
}

/** The permission bits of a file or folder (0o600, 0o700), or null when it is gone (renamed or removed meanwhile). */
export function modeOf(p: string): number | null {
  try {
    return fs.statSync(p).mode & 0o777;
  } catch {
    return null;
  }
}

/** Anything half-written (`….partial`, `….restoring`) in or under the given folders. */
export function leftovers(...dirs: string[]): string[] {
  const found: string[] = [];
  const visit = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (/\.(partial|restoring)$/.test(e.name)) found.push(p);
      if (e.isDirectory()) visit(p);
    }
  };
  for (const d of dirs) if (fs.existsSync(d)) visit(d);
  return found;
}
