// A throw-away PostgreSQL cluster in a temporary folder (for `npm run test:pg`, CI and trying the shop on
// PostgreSQL locally): initdb + pg_ctl from Debian's `postgresql` package, a free loopback port, the socket in
// the same folder, fsync off. initdb refuses to run as root, so as root the server runs as the `postgres` user
// (created by the Debian package) and the folder is handed to it.
//
//   node scripts/pg-cluster.mjs start   -> prints DATABASE_URL=postgres://...  and the folder (keeps running)
//   node scripts/pg-cluster.mjs stop <folder>
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function binDir() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const v of versions) if (fs.existsSync(path.join(base, v, 'bin', 'initdb'))) return path.join(base, v, 'bin');
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      "PostgreSQL binaries not found: install Debian's `postgresql` package or set PG_BIN to the folder holding initdb and pg_ctl",
    );
  }
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function run(bin, args) {
  const cmd = asRoot ? 'runuser' : bin;
  const full = asRoot ? ['-u', 'postgres', '--', bin, ...args] : args;
  const r = spawnSync(cmd, full, { encoding: 'utf8' });
  if (r.status !== 0)
    throw new Error(
      `${path.basename(bin)} failed (${r.status}): ${(r.stderr || r.stdout || '').trim().slice(0, 2000)}`,
    );
  return r.stdout;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Creates and starts a cluster; returns { dir, port, url } (user `butiku`, password `butiku`, database `postgres`). */
export async function startCluster({ port } = {}) {
  const bin = binDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-pg-'));
  fs.chmodSync(dir, 0o755);
  const data = path.join(dir, 'data');
  const pwfile = path.join(dir, 'pw');
  fs.writeFileSync(pwfile, 'butiku\n');
  if (asRoot) execFileSync('chown', ['-R', 'postgres:', dir]);
  run(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'butiku',
    '--pwfile',
    pwfile,
    '-A',
    'scram-sha-256',
    '-E',
    'UTF8',
    '--locale',
    'C.UTF-8',
    '--no-sync',
  ]);
  const p = port ?? (await freePort());
  const opts = `-p ${p} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300 -c shared_buffers=64MB`;
  run(path.join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-o',
    opts,
    '-w',
    '-t',
    '60',
    'start',
  ]);
  return { dir, port: p, url: `postgres://butiku:butiku@127.0.0.1:${p}/postgres` };
}

/**
 * Stops the cluster (immediate) and removes its folder. With `background`, a detached `rm -rf` removes it after this
 * process has gone on: a whole `npm run test:pg` leaves about 1 000 database copies (7 GB, 480 000 files) whose
 * removal took 40 s of CI's PostgreSQL lane (decision 285).
 */
export function stopCluster(dir, { background = false } = {}) {
  const bin = binDir();
  try {
    run(path.join(bin, 'pg_ctl'), ['-D', path.join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
  } finally {
    if (background) spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' }).unref();
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [cmd, arg] = process.argv.slice(2);
  if (cmd === 'start') {
    const c = await startCluster({ port: arg ? Number(arg) : undefined });
    console.log(`DATABASE_URL=${c.url}`);
    console.log(`folder: ${c.dir}   (stop with: node scripts/pg-cluster.mjs stop ${c.dir})`);
  } else if (cmd === 'stop' && arg) {
    stopCluster(arg);
    console.log(`stopped and removed ${arg}`);
  } else {
    console.error('usage: node scripts/pg-cluster.mjs start [port] | stop <folder>');
    process.exit(2);
  }
}
