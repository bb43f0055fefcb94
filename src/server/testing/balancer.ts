// A real load balancer for tests of several app processes (decision 267): Debian's Caddy on a loopback port running
// the two-server example's Caddyfile (deploy/two-servers/Caddyfile: round robin, the /readyz health check, retries),
// its health checks every half second. Each answer names the upstream that served it in X-Upstream, so a test can
// show which process answered. Caddy's admin endpoint is off; its data and config folders are a temporary folder
// removed at stop().
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './smtp';

export const CADDY = '/usr/bin/caddy';

export interface Balancer {
  /** http://127.0.0.1:{port} */
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** deploy/two-servers/Caddyfile, as shipped, with Caddy's admin endpoint off and each answer naming its upstream. */
export function testCaddyfile(): string {
  const shipped = fs.readFileSync(path.resolve('deploy/two-servers/Caddyfile'), 'utf8');
  const proxy = /^(\s*)reverse_proxy .*\{$/m;
  if (!proxy.test(shipped)) throw new Error('deploy/two-servers/Caddyfile has no reverse_proxy block');
  const named = shipped.replace(
    proxy,
    (line, indent: string) => `${line}\n${indent}\theader_down X-Upstream {http.reverse_proxy.upstream.hostport}`,
  );
  return `{\n\tadmin off\n}\n\n${named}`;
}

/** Starts Caddy in front of `upstreams` (host:port each); resolves once it answers. */
export async function startBalancer(upstreams: string[]): Promise<Balancer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-caddy-'));
  const port = await freePort();
  const config = path.join(dir, 'Caddyfile');
  fs.writeFileSync(config, testCaddyfile());
  const child: ChildProcess = spawn(CADDY, ['run', '--config', config, '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      XDG_DATA_HOME: dir,
      XDG_CONFIG_HOME: dir,
      // The shipped file's variables: an http:// address turns automatic HTTPS off for it.
      SITE_ADDRESS: `http://127.0.0.1:${port}`,
      APP_SERVERS: upstreams.join(' '),
      HEALTH_INTERVAL: '500ms',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Caddy exited (${child.exitCode}):\n${output}`);
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`Caddy did not answer in 20 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}
