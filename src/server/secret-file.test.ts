// The keys and the development key file (decision 236): one key per purpose derived from one root secret (the TOTP
// key as before, so stored second factors still decrypt); the key file is created 0600 whatever the umask, atomically
// (four processes racing to create it all read the one value that won), never where backups look.
import { spawn } from 'node:child_process';
import { hkdfSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './config';
import { deriveKeys } from './keys';
import { readOrCreateSecretFile, secretKeyFile } from './secret-file';

const ROOT = 'a-root-secret-that-is-long-enough-for-every-purpose';
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-secret-'));

describe('purpose keys', () => {
  it('are 32 bytes each, all different, none the root itself, the same for the same root and different for another', () => {
    const keys = deriveKeys(ROOT);
    const all = Object.values(keys).map((k: Buffer) => k.toString('hex'));
    expect(Object.keys(keys).sort()).toEqual([
      'accessToken',
      'backInStockConfirm',
      'emailChange',
      'giftCardCode',
      'giftCardSeal',
      'loginChallenge',
      'orderLink',
      'totp',
      'unsubscribe',
    ]);
    for (const k of Object.values(keys)) expect(k.length).toBe(32);
    expect(new Set(all).size).toBe(all.length);
    expect(all).not.toContain(Buffer.from(ROOT).toString('hex'));
    expect(Object.values(deriveKeys(ROOT)).map((k: Buffer) => k.toString('hex'))).toEqual(all);
    const other = Object.values(deriveKeys(`${ROOT}!`)).map((k: Buffer) => k.toString('hex'));
    expect(other.filter((k) => all.includes(k))).toEqual([]);
  });

  it('derive the TOTP key exactly as decision 225 did, so second factors stored before still decrypt', () => {
    const before = Buffer.from(hkdfSync('sha256', ROOT, 'butiku-totp-salt', 'butiku totp secret v1', 32));
    expect(deriveKeys(ROOT).totp.equals(before)).toBe(true);
  });
});

describe('the development key file', () => {
  it('is created with mode 0600 (folder 0700) and the value given, then read back as it is', () => {
    const file = path.join(tmp(), 'new-folder', 'secret.key');
    const first = readOrCreateSecretFile(file, () => ROOT);
    expect(first).toEqual({ secret: ROOT, created: true });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o077).toBe(0);
    expect(readOrCreateSecretFile(file, () => 'another-value-another-value-another-value')).toEqual({
      secret: ROOT,
      created: false,
    });
    expect(fs.readdirSync(path.dirname(file))).toEqual(['secret.key']); // no temporary file left
  });

  it('tightens a copied-in file to 0600 and refuses one without a usable secret, naming the file', () => {
    const dir = tmp();
    const loose = path.join(dir, 'loose.key');
    fs.writeFileSync(loose, `${ROOT}\n`, { mode: 0o644 });
    fs.chmodSync(loose, 0o644);
    expect(readOrCreateSecretFile(loose, () => 'unused').secret).toBe(ROOT);
    expect(fs.statSync(loose).mode & 0o777).toBe(0o600);
    const short = path.join(dir, 'short.key');
    fs.writeFileSync(short, 'too-short\n');
    expect(() => readOrCreateSecretFile(short, () => ROOT)).toThrow(ConfigError);
    expect(() => readOrCreateSecretFile(short, () => ROOT)).toThrow(
      /SECRET_KEY_FILE .*short\.key holds no usable secret/,
    );
  });

  it('lies beside the SQLite file by default, or at SECRET_KEY_FILE; never inside UPLOADS_DIR or BACKUP_DIR', () => {
    expect(secretKeyFile(loadEnv({}), '/srv/shop')).toBe('/srv/shop/data/secret.key');
    expect(secretKeyFile(loadEnv({ DATABASE_PATH: '/var/lib/butiku/shop.db' }), '/srv/shop')).toBe(
      '/var/lib/butiku/secret.key',
    );
    expect(secretKeyFile(loadEnv({ SECRET_KEY_FILE: 'keys/dev.key' }), '/srv/shop')).toBe('/srv/shop/keys/dev.key');
    expect(() => secretKeyFile(loadEnv({ SECRET_KEY_FILE: 'uploads/secret.key' }), '/srv/shop')).toThrow(
      /SECRET_KEY_FILE .* is inside UPLOADS_DIR/,
    );
    expect(() =>
      secretKeyFile(loadEnv({ BACKUP_DIR: '/srv/backups', DATABASE_PATH: '/srv/backups/shop.db' }), '/srv/shop'),
    ).toThrow(/is inside BACKUP_DIR/);
  });

  it('four processes creating it at once under umask 000 (each with its own random value) end up with the same secret', async () => {
    const dir = tmp();
    const file = path.join(dir, 'data', 'secret.key');
    const go = path.join(dir, 'go');
    const script = [
      "import { randomBytes } from 'node:crypto';",
      "import fs from 'node:fs';",
      "import { readOrCreateSecretFile } from './src/server/secret-file.ts';",
      "process.stdout.write('ready\\n');",
      'while (!fs.existsSync(process.env.GO_FILE)) {}', // loaded and waiting: all create at once
      "const r = readOrCreateSecretFile(process.env.KEY_FILE, () => randomBytes(48).toString('base64url'));",
      'process.stdout.write(JSON.stringify(r));',
    ].join('\n');
    let ready = 0;
    const runs = Array.from(
      { length: 4 },
      () =>
        new Promise<{ secret: string; created: boolean }>((resolve, reject) => {
          // Under umask 000: the file and its folder are private all the same.
          const node = [process.execPath, '--import', 'tsx', '--input-type=module', '-e', script];
          const child = spawn('bash', ['-c', 'umask 000 && exec "$@"', 'bash', ...node], {
            env: { ...process.env, KEY_FILE: file, GO_FILE: go },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let out = '';
          let waiting = false;
          child.stdout.on('data', (d: Buffer) => {
            out += d.toString();
            if (!waiting && out.includes('ready\n')) {
              waiting = true;
              if (++ready === 4) fs.writeFileSync(go, ''); // every process is loaded and waiting: go
            }
          });
          child.stderr.on('data', (d: Buffer) => (out += d.toString()));
          child.on('close', (code) =>
            code === 0 ? resolve(JSON.parse(out.slice('ready\n'.length))) : reject(new Error(out)),
          );
        }),
    );
    const results = await Promise.all(runs);
    const secret = fs.readFileSync(file, 'utf8').trim();
    expect(results.map((r) => r.secret)).toEqual(Array(4).fill(secret));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['secret.key']);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  }, 60_000);
});
