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
import { createApp } from './app';
import { ConfigError, loadEnv } from './config';
import { deriveKeys } from './keys';
import { retireStoredSecret, rootSecretAtStart } from './root-secret';
import { createTestApp, type TestApp } from './testing/app';
import { createAdmin, createCustomer } from './testing/auth';
import { openSameDatabase, TEST_ENGINE } from './testing/db';

const OLD = 'the-secret-an-earlier-version-generated-into-the-database';
const NEW = 'the-secret-the-operator-now-sets-as-JWT_SECRET-0123456789';

let t: TestApp;
let dir: string;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let customer: Awaited<ReturnType<typeof createCustomer>>;
/** The TOTP secrets as the users' apps hold them: the administrator's confirmed, the customer's still pending. */
const plain: Record<number, string> = {};
const codeOf = (userId: number, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(plain[userId]!) }).generate({ timestamp: Date.now() + steps * 30_000 });

const storedRow = () =>
  t.db.selectFrom('app_settings').select('value').where('key', '=', 'jwt_secret').executeTakeFirst();
const totpRows = () =>
  t.db.selectFrom('user_totp').select(['user_id', 'secret_enc', 'confirmed_at']).orderBy('user_id').execute();
const liveTokens = async () =>
  Number(
    (
      await t.db
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

/** The shop on this database started with `root`: a request to it (the real app, its keys derived from `root`). */
function shopWith(root: string) {
  const app = createApp({ ...t, config: { ...t.config, keys: deriveKeys(root) } });
  return (p: string, json: unknown, token?: string) =>
    app.request(p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(json),
    });
}

/** What the customer's pending setup's confirmation answers on a shop started with `root` (a fresh login there). */
async function pendingConfirms(root: string): Promise<number> {
  const post = shopWith(root);
  const login = await post('/api/users/login', { email: customer.email, password: customer.password });
  const { token } = (await login.json()) as { token: string };
  return (await post('/api/users/second-factor/confirm', { code: codeOf(customer.userId) }, token)).status;
}

/** What the administrator's second step answers on a shop started with `root` (password, then an app code). */
async function adminSignsIn(root: string, steps: number): Promise<number> {
  const post = shopWith(root);
  const first = await post('/api/users/login', { email: admin.email, password: admin.password });
  expect(first.status).toBe(200);
  const { challenge } = (await first.json()) as { challenge: string };
  return (await post('/api/users/login/second-factor', { challenge, code: codeOf(admin.userId, steps) })).status;
}

beforeEach(async () => {
  // A shop as an earlier version left it: its generated secret in app_settings, everything keyed by it.
  t = await createTestApp({ keys: deriveKeys(OLD) });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-root-secret-'));
  await t.db.insertInto('app_settings').values({ key: 'jwt_secret', value: OLD }).execute();
  admin = await createAdmin(t);
  customer = await createCustomer(t);
  // Away from a step's end: the codes of this step and the next stay valid for the test's length.
  const intoStep = Date.now() % 30_000;
  if (intoStep > 25_000) await new Promise((r) => setTimeout(r, 30_100 - intoStep));
  for (const u of [admin, customer]) {
    const setup = await t.request('/api/users/second-factor/setup', { method: 'POST', json: {}, token: u.token });
    expect(setup.status).toBe(200);
    plain[u.userId] = ((await setup.json()) as { secret: string }).secret;
  }
  const confirm = { code: codeOf(admin.userId) };
  expect(
    (await t.request('/api/users/second-factor/confirm', { method: 'POST', json: confirm, token: admin.token })).status,
  ).toBe(200);
});

describe('an old generated secret in app_settings', () => {
  it('in development moves into a new key file (0600) and leaves the database; sessions and second factors stay', async () => {
    const before = await totpRows();
    const started = await rootSecretAtStart(env({}), t.db);
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
    expect(await rootSecretAtStart(env({}), t.db)).toEqual({ secret: OLD, notes: [] });
    expect(await adminSignsIn(OLD, 1)).toBe(200);
  });

  it('with JWT_SECRET equal to it: only the row is deleted', async () => {
    const before = await totpRows();
    const started = await rootSecretAtStart(env({ JWT_SECRET: OLD }), t.db);
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
    const started = await rootSecretAtStart(env({ JWT_SECRET: NEW }), t.db);
    expect(started.secret).toBe(NEW);
    expect(started.notes).toEqual([
      'Deleted the old generated secret from the database (app_settings); the configured secret differs, so 2 second factor(s) were re-encrypted under the new key (0 unreadable, left for an administrator to reset) and every session was ended (2 refresh token(s) revoked)',
    ]);
    expect(await storedRow()).toBeUndefined();
    expect(await liveTokens()).toBe(0);
    // The administrator's app still signs in on the shop started with the new secret (not with the old one), and the
    // customer's pending setup is confirmed there: both secrets were carried over.
    expect(await adminSignsIn(OLD, 1)).toBe(401);
    expect(await adminSignsIn(NEW, 1)).toBe(200);
    expect(await pendingConfirms(NEW)).toBe(200);
    // Run again (the next start): nothing more happens.
    const rows = await totpRows();
    expect(await rootSecretAtStart(env({ JWT_SECRET: NEW }), t.db)).toEqual({ secret: NEW, notes: [] });
    expect(await totpRows()).toEqual(rows);
  });

  it('in development with a key file already there (an old backup restored): the file wins, the accounts move to it', async () => {
    fs.mkdirSync(path.dirname(keyFile()), { recursive: true });
    fs.writeFileSync(keyFile(), `${NEW}\n`, { mode: 0o600 });
    const started = await rootSecretAtStart(env({}), t.db);
    expect(started.secret).toBe(NEW);
    expect(await storedRow()).toBeUndefined();
    expect(await liveTokens()).toBe(0);
    expect(await adminSignsIn(NEW, 1)).toBe(200);
  });

  it('in production without JWT_SECRET: start-up stops, says how to keep or replace it, prints no secret, changes nothing', async () => {
    const production = env({ NODE_ENV: 'production', PUBLIC_URL: 'https://butiku.shop' });
    const before = await totpRows();
    const err = await rootSecretAtStart(production, t.db).catch((e: unknown) => e);
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
    await t.db.deleteFrom('app_settings').where('key', '=', 'jwt_secret').execute();
    const fresh = await rootSecretAtStart(production, t.db).catch((e: unknown) => e);
    expect((fresh as ConfigError).message).toContain('JWT_SECRET must be set in production');
    expect((fresh as ConfigError).message).not.toContain('app_settings');
  });

  it('two processes retiring it at once: one re-encrypts, the other finds it gone (never encrypted twice)', async () => {
    // PostgreSQL: a second pool, as another app process; SQLite: one connection per process, as the shop runs.
    const other = TEST_ENGINE === 'postgres' ? openSameDatabase(t.config) : t.db;
    try {
      const outcomes = await Promise.all([retireStoredSecret(t.db, NEW), retireStoredSecret(other, NEW)]);
      expect(outcomes.map((o) => o.outcome).sort()).toEqual(['none', 'replaced']);
      expect(await storedRow()).toBeUndefined();
      expect(await adminSignsIn(NEW, 1)).toBe(200); // encrypted once under the new key, not twice
    } finally {
      if (other !== t.db) await other.destroy();
    }
  });
});
