// A backup is not a key (issue 33, decision 236). A shop an earlier version started (its generated secret in
// app_settings) runs as shipped without JWT_SECRET; its administrator turns on a second factor; `npm run db:backup`
// (under umask 000) writes the backup. From that file alone, nothing signs an access token the server accepts, nor
// a second-factor challenge it accepts, nor decrypts the administrator's TOTP secret: every app_settings value and
// every other text that could be a secret is tried as the root secret (through the shop's own derivation) and as a
// key itself. The same forgeries made with the shop's real secret (its key file, which no backup holds) are
// accepted, so the test can tell a refused forgery from a broken one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Secret, TOTP } from 'otpauth';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDecipheriv } from 'node:crypto';
import { SignJWT } from 'jose';
import { deriveKeys, type ServerKeys } from '../keys';
import { signAccessToken } from '../modules/accounts';
import { createAdmin } from '../testing/auth';
import { createTestDeps } from '../testing/db';
import { listBackups, uploadsArchiveFor } from './backup';
import { buildServer, modeOf, npmRun, startShop, type Shop } from './test-support';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'butiku-backup-secrecy-'));
const live = {
  DATABASE_PATH: path.join(tmp, 'shop', 'data', 'shop.db'),
  UPLOADS_DIR: path.join(tmp, 'shop', 'uploads'),
  JWT_SECRET: '', // none: outside production the shop keeps its secret in a key file
};
const keyFile = path.join(tmp, 'shop', 'data', 'secret.key');
const backupDir = path.join(tmp, 'offsite', 'backups');
/** What an earlier version generated into app_settings. */
const OLD = 'generated-into-app-settings-by-an-earlier-version-0123';

let shop: Shop;
let admin: { userId: number; roleID: number; email: string; password: string };
let totpSecret: string;
let backupFile: string;

const post = (url: string, body: unknown, token?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
/** A code of the step `offset` steps from now (each step is accepted once; the server accepts one step either side). */
const codeAt = (offset: number) =>
  new TOTP({ secret: Secret.fromBase32(totpSecret) }).generate({ timestamp: Date.now() + offset * 30_000 });

beforeAll(async () => {
  buildServer();
  const deps = await createTestDeps({ databasePath: live.DATABASE_PATH, uploadsDir: live.UPLOADS_DIR }, 'sqlite');
  await deps.db.insertInto('app_settings').values({ key: 'jwt_secret', value: OLD }).execute();
  const a = await createAdmin(deps);
  admin = { userId: a.userId, roleID: a.roleID, email: a.email, password: a.password };
  await deps.db.destroy();
  shop = await startShop(live);

  // The administrator signs in and turns on TOTP through the API, as in the dashboard.
  const login = await post(`${shop.url}/api/users/login`, { email: admin.email, password: admin.password });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const setup = await post(`${shop.url}/api/users/second-factor/setup`, {}, token);
  expect(setup.status, await setup.clone().text()).toBe(200);
  totpSecret = ((await setup.json()) as { secret: string }).secret;
  // Away from a step's end, so that the codes used below stay inside the server's window for the test's length.
  const intoStep = Date.now() % 30_000;
  if (intoStep > 20_000) await new Promise((r) => setTimeout(r, 30_100 - intoStep));
  expect((await post(`${shop.url}/api/users/second-factor/confirm`, { code: codeAt(-1) }, token)).status).toBe(200);
  // And requires a second factor of all staff: a setting of the shop, in app_settings like the old secret was.
  const required = await fetch(`${shop.url}/api/Settings/security`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ requireStaffSecondFactor: true }),
  });
  expect(required.status, await required.clone().text()).toBe(200);

  const r = await npmRun('db:backup', [], { ...live, BACKUP_DIR: backupDir }, '000').done;
  expect(r.code, r.stdout + r.stderr).toBe(0);
  backupFile = listBackups(backupDir)[0]!;
}, 180_000);

afterAll(async () => {
  await shop?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The second-factor login challenge as the attacker would sign it (decision 225's claims) under `key`. */
const forgeChallenge = (userId: number, key: Uint8Array) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer('butiku')
    .setAudience('butiku-second-factor')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);

/** The attacker's attempt at a stored TOTP secret ("v1.<iv>.<tag>.<data>", AES-256-GCM, the user id as AAD). */
function openTotp(key: Uint8Array, userId: number, stored: string): string | null {
  const [, iv, tag, data] = stored.split('.');
  try {
    const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv!, 'base64url'));
    d.setAAD(Buffer.from(`user:${userId}`));
    d.setAuthTag(Buffer.from(tag!, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(data!, 'base64url')), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Every text value in the backup that could be a secret: app_settings values, and any other long unbroken text. */
function candidatesIn(file: string): { settings: string[]; texts: string[] } {
  const db = new SQLite(file, { readonly: true });
  try {
    const settings = (db.prepare('select value from app_settings').all() as Array<{ value: string }>).map(
      (r) => r.value,
    );
    const texts = new Set<string>();
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      .all() as Array<{ name: string }>;
    for (const { name } of tables) {
      for (const row of db.prepare(`select * from "${name}"`).all() as Array<Record<string, unknown>>) {
        for (const value of Object.values(row))
          if (typeof value === 'string' && value.length >= 16 && !/\s/.test(value)) texts.add(value);
      }
    }
    return { settings, texts: [...texts] };
  } finally {
    db.close();
  }
}

describe('a backup alone', () => {
  it('is private on disk (0600 files in a 0700 folder, under umask 000) and holds no key file', async () => {
    expect([modeOf(backupDir), modeOf(backupFile), modeOf(uploadsArchiveFor(backupFile))]).toEqual([
      0o700, 0o600, 0o600,
    ]);
    expect(fs.readdirSync(backupDir).filter((f) => f.includes('secret'))).toEqual([]);
    const archived: string[] = [];
    await tar.t({ file: uploadsArchiveFor(backupFile), onReadEntry: (e) => void archived.push(e.path) });
    expect(archived.filter((p) => p.includes('secret'))).toEqual([]);
    // The shop's secret is in its key file, beside the database but outside the backup, and is the one it had.
    expect(fs.readFileSync(keyFile, 'utf8').trim()).toBe(OLD);
    expect(modeOf(keyFile)).toBe(0o600);
  });

  it('holds no jwt_secret row, and nothing in it forges an access token, a challenge, or opens the TOTP secret', async () => {
    const copy = new SQLite(backupFile, { readonly: true });
    expect(copy.prepare("select count(*) as n from app_settings where key = 'jwt_secret'").get()).toEqual({ n: 0 });
    const family = (
      copy
        .prepare('select family_id from refresh_tokens where user_id = ? and revoked_at is null order by 1 desc')
        .get(admin.userId) as { family_id: string }
    ).family_id;
    const secretEnc = (
      copy.prepare('select secret_enc from user_totp where user_id = ?').get(admin.userId) as { secret_enc: string }
    ).secret_enc;
    copy.close();
    const { settings, texts } = candidatesIn(backupFile);
    expect(settings.length).toBeGreaterThan(0);
    expect(texts).toContain(secretEnc); // the reading found the table texts
    expect(texts).toContain(family);

    const claims = { userId: admin.userId, roleID: admin.roleID, familyId: family };
    /** What the server answers a token (profile) and a challenge with a valid code (the second step). */
    const tryKeys = async (keys: { accessToken: Uint8Array; loginChallenge: Uint8Array }) => {
      const token = await signAccessToken(claims, keys.accessToken as ServerKeys['accessToken']);
      const profile = (await fetch(`${shop.url}/api/users/profile`, { headers: { authorization: `Bearer ${token}` } }))
        .status;
      const challenge = await forgeChallenge(admin.userId, keys.loginChallenge);
      const secondStep = (await post(`${shop.url}/api/users/login/second-factor`, { challenge, code: codeAt(0) }))
        .status;
      return { profile, secondStep };
    };
    const candidates = [...new Set([...settings, ...texts])];
    console.log(`tried ${candidates.length} texts of the backup as the root secret and as keys`);
    const answers = new Set<string>();
    for (const candidate of candidates) {
      // As the root secret, through the shop's own derivation.
      const derived = deriveKeys(candidate);
      answers.add(JSON.stringify(await tryKeys(derived)));
      expect(openTotp(derived.totp, admin.userId, secretEnc)).toBeNull();
      // As a key itself (as the secret was used before decision 236), and for AES its first 32 bytes.
      const raw = Buffer.from(candidate);
      answers.add(JSON.stringify(await tryKeys({ accessToken: raw, loginChallenge: raw })));
      if (raw.length >= 32) expect(openTotp(raw.subarray(0, 32), admin.userId, secretEnc)).toBeNull();
    }
    expect([...answers]).toEqual([JSON.stringify({ profile: 401, secondStep: 401 })]);

    // The same forgeries under the real secret (the key file no backup holds) pass: the forging above was sound.
    const real = deriveKeys(fs.readFileSync(keyFile, 'utf8').trim());
    expect(openTotp(real.totp, admin.userId, secretEnc)).toBe(totpSecret);
    expect(await tryKeys(real)).toEqual({ profile: 200, secondStep: 200 });
  }, 120_000);
});
