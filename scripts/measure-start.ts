// `npm run measure:start` (issue 38, decision 263): start-up on a big shop, and `npm run db:backup` beside a serving
// shop. Runs the compiled server (scripts/measured-server.ts) on a copy of DATABASE_PATH (UPLOADS_DIR as it is) and
// probes /healthz every 10 ms from a second process (this one): the time from spawning to the first answer, then the
// worst /healthz over MEASURE_AFTER_SECONDS (20) while the start's background work (decision 263) runs, with the
// server's log lines about it. With --backup it then runs `npm run db:backup` of that copy as a child process and
// prints its time and the worst /healthz meanwhile. Build the shop first: `npm run bench:scale -- --build-only`.
//   DATABASE_PATH=/tmp/big/shop.db UPLOADS_DIR=/tmp/big/uploads npm run measure:start [-- --backup] [-- --in-place]
// --in-place starts on DATABASE_PATH itself (no copy: the start's repairs stay in it).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildMeasuredServer } from './measured-server';

const args = process.argv.slice(2);
const source = process.env.DATABASE_PATH;
const uploads = process.env.UPLOADS_DIR;
if (!source || !uploads || !fs.existsSync(source)) {
  console.error('Set DATABASE_PATH (an existing SQLite file) and UPLOADS_DIR; see the header of this script.');
  process.exit(1);
}
const afterSeconds = Number(process.env.MEASURE_AFTER_SECONDS ?? 20);
const inPlace = args.includes('--in-place');

/** One GET /healthz: its latency in ms, or null when it failed (not listening yet). */
function probe(port: number): Promise<number | null> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - started : null));
    });
    req.on('error', () => resolve(null));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Probes every 10 ms (one at a time) until `done()`; the worst latency and the count. */
async function probeWhile(port: number, done: () => boolean): Promise<{ worst: number; probes: number }> {
  let worst = 0;
  let probes = 0;
  while (!done()) {
    const ms = await probe(port);
    if (ms !== null) {
      worst = Math.max(worst, ms);
      probes++;
    }
    await sleep(10);
  }
  return { worst, probes };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-measure-start-'));
  const server = buildMeasuredServer('measure-start');
  let databasePath = source!;
  if (!inPlace) {
    databasePath = path.join(dir, 'shop.db');
    fs.copyFileSync(source!, databasePath);
    for (const side of ['-wal', '-shm'])
      if (fs.existsSync(source + side)) fs.copyFileSync(source + side, databasePath + side);
  }
  const port = 20000 + Math.floor(Math.random() * 20000);
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET: 'measure-start-secret-measure-start-secret-0123456789',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    DATABASE_PATH: databasePath,
    UPLOADS_DIR: uploads!,
    BACKUP_DIR: path.join(dir, 'backups'),
    MALLOC_ARENA_MAX: '2',
  };
  const log: string[] = [];
  const started = performance.now();
  const child = spawn(process.execPath, server.command, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const collect = (d: Buffer) => log.push(...d.toString().split('\n').filter(Boolean));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exited = false;
  child.on('exit', () => (exited = true));
  try {
    let first: number | null = null;
    while (first === null) {
      if (exited) throw new Error(`the server exited:\n${log.join('\n')}`);
      if ((await probe(port)) !== null) first = performance.now() - started;
      else await sleep(10);
    }
    console.log(
      `load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(`start to the first /healthz: ${Math.round(first)} ms`);
    const until = performance.now() + afterSeconds * 1000;
    const after = await probeWhile(port, () => performance.now() > until);
    console.log(
      `worst /healthz over the next ${afterSeconds} s: ${after.worst.toFixed(1)} ms (${after.probes} probes)`,
    );
    console.log('server log (start):');
    for (const line of log) console.log(`  ${line.length > 300 ? line.slice(0, 300) + '…' : line}`);
    if (args.includes('--backup')) await measureBackup(port, env);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (exited ? r(null) : child.once('exit', r)));
    server.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `npm run db:backup` of the served database as a child process, with /healthz probed meanwhile. */
async function measureBackup(port: number, env: NodeJS.ProcessEnv) {
  spawnSync(process.execPath, ['scripts/start.mjs', '--server-only'], { stdio: 'inherit' }); // dist/ fresh first
  console.log(
    `load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const started = performance.now();
  const backup = spawn('npm', ['run', '--silent', 'db:backup'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  backup.stdout.on('data', (d: Buffer) => (output += d.toString()));
  backup.stderr.on('data', (d: Buffer) => (output += d.toString()));
  let code: number | null = null;
  let done = false;
  backup.on('exit', (c) => {
    code = c;
    done = true;
  });
  const during = await probeWhile(port, () => done);
  console.log(`npm run db:backup: exit ${code}, ${Math.round(performance.now() - started)} ms (with npm and tsx)`);
  console.log(output.trim().replace(/^/gm, '  '));
  console.log(`worst /healthz during the backup: ${during.worst.toFixed(1)} ms (${during.probes} probes)`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
