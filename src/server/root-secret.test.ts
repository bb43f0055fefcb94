// The root secret at start-up (decision 236), on SQLite and PostgreSQL, for a shop whose earlier version generated
// its secret into app_settings ('jwt_secret'): in development it moves into the key file; with JWT_SECRET the row is
// deleted, and when JWT_SECRET differs the second factors are re-encrypted and every session ends; production
// without JWT_SECRET refuses to start, saying what to do without printing the secret. Idempotent, and two
// processes doing it at once do it once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './config';
import type { AppDeps } from './deps';
import { deriveKeys } from './keys';
import { beginSetup, checkSecondFactor, confirmSetup } from './modules/accounts/totp.service';
import { decryptSecret } from './modules/accounts/totp-crypto';
import { retireStoredSecret, rootSecretAtStart } from './root-secret';
import { createAdmin, createCustomer } from './testing/auth';
import { createTestDeps, openSameDatabase, TEST_ENGINE } from './testing/db';

const OLD = 'the-secret-an-earlier-version-generated-into-the-database';
const NEW = 'the-secret-the-operator-now-sets-as-JWT_SECRET-0123456789';

let deps: AppDeps;
let dir: string;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let customer: Awaited<ReturnType<typeof createCustomer>>;
/** The TOTP secrets as the users' apps hold them: the administrator's confirmed, the customer's still pending. */
const plain: Record<number, string> = {};

const storedRow = () =>
  deps.db.selectFrom('app_settings').select('value').where('key', '=', 'jwt_secret').executeTakeFirst();
const totpRows = () =>
  deps.db.selectFrom('user_totp').select(['user_id', 'secret_enc', 'confirmed_at']).orderBy('user_id').execute();
const liveTokens = async () =>
  Number(
    (
      await deps.db
        .selectFrom('refresh_tokens')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );
const env = (vars: Record<string, string>) =>
  loadEnv({
    NODE_ENV: 'test',
    DATABASE_PATH: path.join(dir, 'data', 'shop.db'),
    UPLOADS_DIR: path.join(dir, 'uploads'),
    BACKUP_DIR: path.join(dir, 'backups'),
    ...vars,
  });
const keyFile = () => path.join(dir, 'data', 'secret.key');

beforeEach(async () => {
  // A shop as an earlier version left it: its generated secret in app_settings, everything keyed by it.
  deps = await createTestDeps();
  deps = { ...deps, config: { ...deps.config, keys: deriveKeys(OLD) } };
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-root-secret-'));
  await deps.db.insertInto('app_settings').values({ key: 'jwt_secret', value: OLD }).execute();
  admin = await createAdmin(deps);
  customer = await createCustomer(deps);
  const adminActor = { userId: admin.userId, roleID: admin.roleID };
  plain[admin.userId] = (await beginSetup(deps, adminActor)).secret;
  const code = new TOTP({ secret: Secret.fromBase32(plain[admin.userId]!) }).generate();
  await confirmSetup(deps, adminActor, { code });
  plain[customer.userId] = (await beginSetup(deps, { userId: customer.userId, roleID: customer.roleID })).secret;
});

/** Every stored TOTP secret decrypts under the TOTP key of `root` to what the user's app holds. */
async function expectSecondFactorsUnder(root: string) {
  const rows = await totpRows();
  expect(rows).toHaveLength(2);
  for (const row of rows)
    expect(decryptSecret(deriveKeys(root).totp, row.user_id, row.secret_enc)).toBe(plain[row.user_id]);
}

describe('an old generated secret in app_settings', () => {
  it('in development moves into a new key file (0600) and leaves the database; sessions and second factors stay', async () => {
    const before = await totpRows();
    const started = await rootSecretAtStart(env({}), deps.db);
    expect(started.secret).toBe(OLD);
    expect(fs.readFileSync(keyFile(), 'utf8').trim()).toBe(OLD);
    expect(fs.statSync(keyFile()).mode & 0o777).toBe(0o600);
    expect(started.notes.join('\n')).toContain(
      `Moved the secret this shop generated earlier from the database into ${keyFile()}`,
    );
    expect(started.notes.join('\n')).not.toContain(OLD);
    expect(await storedRow()).toBeUndefined();
    expect(await totpRows()).toEqual(before);
    expect(await liveTokens()).toBe(2);
    // The next start reads the file and changes nothing.
    expect(await rootSecretAtStart(env({}), deps.db)).toEqual({ secret: OLD, notes: [] });
  });

  it('with JWT_SECRET equal to it: only the row is deleted', async () => {
    const before = await totpRows();
    const started = await rootSecretAtStart(env({ JWT_SECRET: OLD }), deps.db);
    expect(started).toEqual({
      secret: OLD,
      notes: ['Deleted the old generated secret from the database (app_settings)'],
    });
    expect(await storedRow()).toBeUndefined();
    expect(await totpRows()).toEqual(before);
    expect(await liveTokens()).toBe(2);
    expect(fs.existsSync(keyFile())).toBe(false); // JWT_SECRET set: no key file
  });

  it('with another JWT_SECRET: second factors are re-encrypted under the new key, every session ends, once', async () => {
    const started = await rootSecretAtStart(env({ JWT_SECRET: NEW }), deps.db);
    expect(started.secret).toBe(NEW);
    expect(started.notes).toEqual([
      'Deleted the old generated secret from the database (app_settings); the configured secret differs, so 2 second factor(s) were re-encrypted under the new key (0 unreadable, left for an administrator to reset) and every session was ended (2 refresh token(s) revoked)',
    ]);
    expect(await storedRow()).toBeUndefined();
    await expectSecondFactorsUnder(NEW);
    for (const row of await totpRows())
      expect(decryptSecret(deriveKeys(OLD).totp, row.user_id, row.secret_enc)).toBeNull();
    expect(await liveTokens()).toBe(0);
    // The administrator's app still signs in under the new key.
    const after = { ...deps, config: { ...deps.config, keys: deriveKeys(NEW) } };
    // (the next step's code: the current one was taken by the setup's confirmation)
    const code = new TOTP({ secret: Secret.fromBase32(plain[admin.userId]!) }).generate({
      timestamp: Date.now() + 30_000,
    });
    expect(await checkSecondFactor(after, admin.userId, code)).toBe('ok');
    // Run again (the next start): nothing more happens.
    const rows = await totpRows();
    expect(await rootSecretAtStart(env({ JWT_SECRET: NEW }), deps.db)).toEqual({ secret: NEW, notes: [] });
    expect(await totpRows()).toEqual(rows);
  });

  it('in development with a key file already there (an old backup restored): the file wins, the accounts move to it', async () => {
    fs.mkdirSync(path.dirname(keyFile()), { recursive: true });
    fs.writeFileSync(keyFile(), `${NEW}\n`, { mode: 0o600 });
    const started = await rootSecretAtStart(env({}), deps.db);
    expect(started.secret).toBe(NEW);
    expect(await storedRow()).toBeUndefined();
    await expectSecondFactorsUnder(NEW);
    expect(await liveTokens()).toBe(0);
  });

  it('in production without JWT_SECRET: start-up stops, says how to keep or replace it, prints no secret, changes nothing', async () => {
    const production = env({ NODE_ENV: 'production', PUBLIC_URL: 'https://butiku.shop' });
    const before = await totpRows();
    const err = await rootSecretAtStart(production, deps.db).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    const message = (err as ConfigError).message;
    expect(message).toContain('JWT_SECRET must be set in production');
    expect(message).toContain('openssl rand -base64 48');
    expect(message).toContain("app_settings, key 'jwt_secret'");
    expect(message).toContain('to keep everyone signed in');
    expect(message).toContain('to sign everyone out');
    expect(message).not.toContain(OLD);
    expect((await storedRow())?.value).toBe(OLD);
    expect(await totpRows()).toEqual(before);
    expect(fs.existsSync(keyFile())).toBe(false);

    // A shop that never had one is told only to set it.
    await deps.db.deleteFrom('app_settings').where('key', '=', 'jwt_secret').execute();
    const fresh = await rootSecretAtStart(production, deps.db).catch((e: unknown) => e);
    expect((fresh as ConfigError).message).toContain('JWT_SECRET must be set in production');
    expect((fresh as ConfigError).message).not.toContain('app_settings');
  });

  it('two processes retiring it at once: one re-encrypts, the other finds it gone (never encrypted twice)', async () => {
    // PostgreSQL: a second pool, as another app process; SQLite: one connection per process, as the shop runs.
    const other = TEST_ENGINE === 'postgres' ? openSameDatabase(deps.config) : deps.db;
    try {
      const outcomes = await Promise.all([retireStoredSecret(deps.db, NEW), retireStoredSecret(other, NEW)]);
      expect(outcomes.map((o) => o.outcome).sort()).toEqual(['none', 'replaced']);
      await expectSecondFactorsUnder(NEW);
      expect(await storedRow()).toBeUndefined();
    } finally {
      if (other !== deps.db) await other.destroy();
    }
  });
});
