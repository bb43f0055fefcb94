// The deploy files (deploy/): the systemd unit passes `systemd-analyze verify` where systemd-analyze exists, and the
// unit, Dockerfile, compose file and Caddyfile keep the properties docs/operations.md "Deploy" relies on.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configFromEnv, configWarnings, loadEnv } from '../src/server/config';

const read = (f: string) => fs.readFileSync(`deploy/${f}`, 'utf8');
const hasSystemdAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;

describe('deploy files', () => {
  it.skipIf(!hasSystemdAnalyze)('the systemd unit passes systemd-analyze verify', () => {
    // Throws (non-zero exit) on any error; warnings would be printed to stderr, which we also refuse.
    const out = execFileSync('systemd-analyze', ['verify', 'deploy/butiku.service'], {
      stdio: 'pipe',
      encoding: 'utf8',
    });
    expect(out).toBe('');
  });

  it('the unit runs as a non-root user from an EnvironmentFile, restarts on failure and is hardened', () => {
    const unit = read('butiku.service');
    for (const line of [
      'User=butiku',
      'EnvironmentFile=/etc/butiku.env',
      'Environment=MALLOC_ARENA_MAX=2',
      'ExecStart=/usr/bin/node dist/server/main.cjs',
      'Restart=on-failure',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'ReadWritePaths=/srv/butiku/data /srv/butiku/uploads /srv/butiku/backups /srv/butiku/dist',
    ])
      expect(unit).toContain(line);
  });

  it('the image builds in two stages and runs as a non-root user with volumes and a /readyz health check', () => {
    const docker = read('Dockerfile');
    expect(docker.match(/^FROM /gm)).toHaveLength(2);
    expect(docker).toMatch(/^USER node$/m);
    expect(docker).toContain('VOLUME ["/data", "/uploads", "/backups"]');
    expect(docker).toMatch(/HEALTHCHECK[\s\S]*\/readyz/);
    expect(docker).toContain('MALLOC_ARENA_MAX=2');
    expect(docker).toContain('CMD ["node", "dist/server/main.cjs"]');
    const compose = read('compose.yaml');
    for (const v of ['data:/data', 'uploads:/uploads', 'backups:/backups']) expect(compose).toContain(v);
  });

  it("Caddy terminates TLS for a domain, compresses, passes the app's cache headers on and checks /healthz", () => {
    const caddy = read('Caddyfile');
    expect(caddy).toMatch(/^butiku\.shop \{/m);
    expect(caddy).toContain('encode zstd gzip');
    // The app decides caching (immutable assets and pictures, 5 minutes for a missing picture's fallback: see the
    // spa and media tests); an override here would pin the fallback for a year.
    expect(caddy).not.toMatch(/^\s*header\b.*Cache-Control/im);
    expect(caddy).toContain('health_uri /healthz');
  });

  it('the shop is reached only through Caddy, which writes X-Forwarded-For, and believes it only from Caddy (decision 204)', () => {
    // Caddy replaces the client's header with the address it sees, never appends to it.
    expect(read('Caddyfile')).toMatch(/^\s*header_up X-Forwarded-For \{remote_host\}$/m);
    expect(read('Caddyfile')).not.toMatch(/^\s*trusted_proxies\b/m);
    const unit = read('butiku.service');
    expect(unit).toContain('Environment=HOST=127.0.0.1');
    expect(unit).toContain('Environment=TRUST_PROXY=loopback');
    const example = read('butiku.env.example');
    expect(example).toMatch(/^HOST=127\.0\.0\.1$/m);
    expect(example).toMatch(/^TRUST_PROXY=loopback$/m);
    const compose = read('compose.yaml');
    const gateway = /gateway: (\S+)/.exec(compose)?.[1];
    expect(compose).toContain(`TRUST_PROXY: "${gateway}"`);
    expect(compose).toContain('127.0.0.1:3000:3000');
    expect(read('Dockerfile')).not.toMatch(/^\s*(?:ENV\s+)?TRUST_PROXY=/m);
    // Every value shipped parses at start-up, names a proxy and warns about nothing.
    for (const value of ['loopback', gateway!]) {
      const env = loadEnv({ TRUST_PROXY: value });
      expect(configFromEnv(env, 'x'.repeat(40)).trustProxy).toEqual([value]);
      expect(configWarnings(env)).toEqual([]);
    }
  });

  it('the example asks for JWT_SECRET, generated with openssl, and ships none a copied file would start with (decision 236)', () => {
    const example = read('butiku.env.example');
    expect(example).toMatch(/^JWT_SECRET=$/m); // empty: a production start refuses until it is filled in
    expect(example).toContain('openssl rand -base64 48');
    expect(example).not.toMatch(/^SECRET_KEY_FILE=/m); // the key file is for development only
  });
});
