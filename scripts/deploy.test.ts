// The deploy files (deploy/): the systemd unit passes `systemd-analyze verify` where systemd-analyze exists, and the
// unit, Dockerfile, compose file and Caddyfile keep the properties docs/operations.md "Deploy" relies on.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configFromEnv, configWarnings, loadEnv } from '#server/config';
import { CADDY } from '#server/testing/balancer';

const read = (f: string) => fs.readFileSync(`deploy/${f}`, 'utf8');
const hasSystemdAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;
const hasCaddy = spawnSync(CADDY, ['version']).status === 0;

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

  describe('two app servers (deploy/two-servers, decision 267)', () => {
    interface Service {
      environment?: Record<string, string>;
      networks?: string[] | Record<string, { ipv4_address?: string }>;
      depends_on?: Record<string, unknown> | string[];
    }
    const compose = parse(read('two-servers/compose.yaml'), { merge: true }) as { services: Record<string, Service> };
    const { services } = compose;

    it('runs two app servers on PostgreSQL and one bucket, behind Caddy, believing X-Forwarded-For from Caddy only', () => {
      expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'buckets', 'caddy', 'db', 'minio']);
      const caddyAddress = (services.caddy!.networks as Record<string, { ipv4_address: string }>).shop!.ipv4_address;
      for (const app of [services.app1!, services.app2!]) {
        expect(app.environment!.DATABASE_URL).toMatch(
          /^postgres:\/\/butiku:\$\{POSTGRES_PASSWORD:\?.*\}@db:5432\/butiku$/,
        );
        expect(app.environment!.STORAGE_URL).toMatch(/^s3:\/\/butiku-pictures\?.*endpoint=http:\/\/minio:9000/);
        expect(app.environment!.TRUST_PROXY).toBe(caddyAddress);
        expect(app.depends_on).toMatchObject({ buckets: { condition: 'service_completed_successfully' } });
      }
      // What the app servers would start with: a valid configuration (the keys from the example filled in).
      const env = Object.fromEntries(
        Object.entries(services.app1!.environment!).map(([k, v]) => [k, v.replace(/\$\{(\w+):\?[^}]*\}/g, 'secret')]),
      );
      expect(() => configFromEnv(loadEnv(env), 'x'.repeat(40))).not.toThrow();
      expect(read('two-servers/shop.env.example')).toMatch(/^JWT_SECRET=$/m);
    });

    it('Caddy balances round robin, checks /readyz and retries a request that reached no app server', () => {
      const caddy = read('two-servers/Caddyfile');
      for (const line of [
        'lb_policy round_robin',
        'health_uri /readyz',
        'lb_try_duration 5s',
        'header_up X-Forwarded-For {remote_host}',
      ])
        expect(caddy).toContain(line);
      expect(caddy).toContain('{$APP_SERVERS:app1:3000 app2:3000}');
    });

    it.skipIf(!hasCaddy)('Caddy reads both Caddyfiles', () => {
      for (const f of ['deploy/Caddyfile', 'deploy/two-servers/Caddyfile'])
        expect(spawnSync(CADDY, ['adapt', '--config', f, '--adapter', 'caddyfile']).status, f).toBe(0);
    });
  });
});
