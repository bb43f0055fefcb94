// The server a memory or latency measure runs against, started as `npm start` runs it: scripts/build-server.mjs
// into a folder of its own under dist/ (dist/server is left alone; npm packages resolve from the repository's
// node_modules), then `node <the start script's flags> main.cjs` as a child process on a folder of its own.
// MEASURE_SERVER=tsx runs src/server/main.ts under tsx instead (no build; more memory: tsx keeps its transforms).
// Used by scripts/upload-memory.ts and scripts/measure-csv-import.ts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The node flags `npm start` serves with (`exec node <flags> dist/server/main.cjs` in package.json). */
export function startFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const m = /exec node (.*?)\s*dist\/server\/main\.cjs/.exec(pkg.scripts.start);
  if (!m) throw new Error('package.json start script no longer execs node on dist/server/main.cjs');
  return m[1]!.split(/\s+/).filter(Boolean);
}

/** Builds the server once into dist/<prefix>-*; `command` starts it, `dispose` removes the build. */
export function buildMeasuredServer(prefix: string): { command: string[]; label: string; dispose: () => void } {
  if (process.env.MEASURE_SERVER === 'tsx')
    return { command: ['--import', 'tsx', 'src/server/main.ts'], label: 'src/server/main.ts under tsx', dispose() {} };
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(root, 'dist', `${prefix}-`));
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs', '--outdir', dir], {
    cwd: root,
    stdio: 'pipe',
  });
  if (built.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`building the server failed:\n${built.stderr.toString()}`);
  }
  return {
    command: [...startFlags(), path.join(dir, 'main.cjs')],
    label: `the compiled server (node ${startFlags().join(' ')} main.cjs)`,
    dispose: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export interface MeasuredServerOptions {
  /** A fresh folder for the database and uploads. */
  dir: string;
  admin: { email: string; password: string };
  /** Keep DATABASE_URL from the environment (the PostgreSQL suite); otherwise always a fresh SQLite file. */
  keepDatabaseUrl?: boolean;
  port?: number;
  env?: Record<string, string>;
}

/** Starts `command` as the serving child process and resolves once it prints its address. */
export async function startMeasuredServer(
  command: string[],
  opts: MeasuredServerOptions,
): Promise<{ child: ChildProcess; port: number }> {
  const { DATABASE_URL, ...inherited } = process.env;
  const child = spawn(process.execPath, command, {
    cwd: root,
    env: {
      ...inherited,
      ...(opts.keepDatabaseUrl && DATABASE_URL ? { DATABASE_URL } : {}),
      NODE_ENV: 'test',
      SKIP_CLIENT_BUILD: '1',
      PORT: String(opts.port ?? 0),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      DATABASE_PATH: path.join(opts.dir, 'shop.db'),
      UPLOADS_DIR: path.join(opts.dir, 'uploads'),
      ADMIN_EMAIL: opts.admin.email,
      ADMIN_PASSWORD: opts.admin.password,
      RATE_LIMIT_PASSWORD: '1000/60',
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = /serving on http:\/\/[^:]+:(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  }).catch((err: unknown) => {
    child.kill('SIGKILL'); // never leave a half-started server behind
    throw err;
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return { child, port };
}

/** Stops the child and waits for it to exit. */
export async function stopMeasuredServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** A field of /proc/<pid>/status in kB (VmHWM: peak RSS; VmRSS: now); 0 once the process is gone. */
export function procKb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** One HTTP request on a fresh connection; resolves with the status and the body as text. */
export function request(
  port: number,
  method: string,
  p: string,
  headers: Record<string, string>,
  body?: Buffer | string,
  timeoutMs = 0,
) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: p, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    if (timeoutMs) req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    // A server that refuses an upload early may close while we are still sending: the answer already came.
    req.on('error', reject);
    req.end(body);
  });
}
