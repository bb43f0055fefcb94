// Passkeys through the services on the real database (decision 226): real WebAuthn bytes from a software
// authenticator (testing/passkey-authenticator.ts), checked by @simplewebauthn/server as a browser's would be.
import { beforeEach, describe, expect, it } from 'vitest';
import { fill, messages, plural } from '#shared/messages';
import { MAX_PASSKEYS } from '#shared/schemas/passkeys';
import type { AppDeps } from '#server/deps';
import { createCustomer, createStaff, createAdmin } from '#server/testing/auth';
import { createTestDeps } from '#server/testing/db';
import { SoftAuthenticator } from '#server/testing/passkey-authenticator';
import { passkeysAvailable, relyingParty } from './passkeys.config';
import * as passkeys from './passkeys.service';
import { rotateSession } from './sessions';
import { verifyAccessToken } from './tokens';
import { accountMessages } from '#shared/messages/account';

const ORIGIN = 'http://localhost:5173';
const p = accountMessages.passkeys;
let deps: AppDeps;

beforeEach(async () => {
  deps = await createTestDeps({ publicUrl: ORIGIN });
});

type User = Awaited<ReturnType<typeof createCustomer>>;
const actorOf = (u: User) => ({ userId: u.userId, roleID: u.roleID });

/** A passkey registered for `user` on `device` through both steps of the ceremony. */
async function addPasskey(user: User, device = new SoftAuthenticator(ORIGIN)) {
  const options = await passkeys.registrationOptions(deps, actorOf(user));
  const saved = await passkeys.register(deps, actorOf(user), { response: device.create(options) as never });
  return { device, saved };
}

async function signIn(device: SoftAuthenticator, email?: string) {
  const options = await passkeys.loginOptions(deps, { email });
  return passkeys.login(deps, { response: device.get(options) as never });
}

const storedRow = (passkeyId: number) =>
  deps.db.selectFrom('passkeys').selectAll().where('passkey_id', '=', passkeyId).executeTakeFirstOrThrow();

describe('registering a passkey', () => {
  it('asks for a discoverable, user-verified credential and keeps it under a default name', async () => {
    const user = await createCustomer(deps);
    const options = await passkeys.registrationOptions(deps, actorOf(user));
    expect(options.rp).toEqual({ id: 'localhost', name: messages.common.shopName });
    expect(options.user.name).toBe(user.email);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const device = new SoftAuthenticator(ORIGIN);
    const saved = await passkeys.register(deps, actorOf(user), { response: device.create(options) as never });
    expect(saved).toEqual({
      passkeyID: expect.any(Number),
      name: fill(p.defaultName, { n: 1 }),
      createdAt: expect.any(String),
      lastUsedAt: null,
      synced: false,
    });
    expect(await passkeys.listPasskeys(deps, actorOf(user))).toEqual([saved]);
    // A second passkey: the same user handle, the first one excluded from the new prompt.
    const next = await passkeys.registrationOptions(deps, actorOf(user));
    expect(next.user.id).toBe(options.user.id);
    expect(next.excludeCredentials?.map((c) => c.id)).toEqual([device.credentials[0]!.id]);
  });

  it('refuses a reused, foreign, unknown or expired challenge, and an answer from another origin', async () => {
    const user = await createCustomer(deps);
    const other = await createCustomer(deps);
    const options = await passkeys.registrationOptions(deps, actorOf(user));
    const answer = new SoftAuthenticator(ORIGIN).create(options);
    // Another account presents it: refused, and the challenge is used up.
    await expect(passkeys.register(deps, actorOf(other), { response: answer as never })).rejects.toThrow(
      p.challengeInvalid,
    );
    await expect(passkeys.register(deps, actorOf(user), { response: answer as never })).rejects.toThrow(
      p.challengeInvalid,
    );
    const forged = new SoftAuthenticator(ORIGIN).create({ ...options, challenge: 'bm90LWlzc3VlZC1ieS10aGUtc2hvcA' });
    await expect(passkeys.register(deps, actorOf(user), { response: forged as never })).rejects.toThrow(
      p.challengeInvalid,
    );
    const phishing = new SoftAuthenticator('https://butiku-shop.example').create(
      await passkeys.registrationOptions(deps, actorOf(user)),
    );
    await expect(passkeys.register(deps, actorOf(user), { response: phishing as never })).rejects.toThrow(
      p.verifyFailed,
    );
    const late = await passkeys.registrationOptions(deps, actorOf(user));
    await deps.db.updateTable('passkey_challenges').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    await expect(
      passkeys.register(deps, actorOf(user), { response: new SoftAuthenticator(ORIGIN).create(late) as never }),
    ).rejects.toThrow(p.challengeInvalid);
    expect(await passkeys.listPasskeys(deps, actorOf(user))).toEqual([]);
  });

  it(`keeps at most ${MAX_PASSKEYS} passkeys per account`, async () => {
    const user = await createCustomer(deps);
    for (let i = 0; i < MAX_PASSKEYS; i++) await addPasskey(user);
    await expect(passkeys.registrationOptions(deps, actorOf(user))).rejects.toThrow(plural(p.tooMany, MAX_PASSKEYS));
  });
});

describe('signing in with a passkey', () => {
  it('starts the same login a password does: a live access token and a refresh token that rotates', async () => {
    const user = await createCustomer(deps);
    const { device, saved } = await addPasskey(user);
    const outcome = await signIn(device);
    expect(outcome.body).toEqual({ token: expect.any(String), roleID: user.roleID, userID: user.userId });
    const claims = await verifyAccessToken(outcome.body.token, deps.config.keys.accessToken);
    expect(claims).toMatchObject({ userId: user.userId, roleID: user.roleID });
    const rotated = await rotateSession(deps.db, outcome.refreshToken);
    expect(rotated.familyId).toBe(claims!.familyId);
    const row = await storedRow(saved.passkeyID);
    expect(row.counter).toBe(1);
    expect(row.last_used_at).not.toBeNull();
    // With the e-mail typed first (any case), that account's passkey is accepted.
    expect((await signIn(device, user.email.toUpperCase())).body.userID).toBe(user.userId);
    expect((await storedRow(saved.passkeyID)).counter).toBe(2);
  });

  it('signs staff in with their role, as a password sign-in would', async () => {
    const staff = await createStaff(deps);
    const { device } = await addPasskey(staff);
    expect((await signIn(device)).body).toMatchObject({ userID: staff.userId, roleID: staff.roleID });
  });

  it('refuses a challenge it never issued and one already used', async () => {
    const user = await createCustomer(deps);
    const { device } = await addPasskey(user);
    const forged = device.get({ challenge: 'bm90LWlzc3VlZC1ieS10aGUtc2hvcA', rpId: 'localhost' });
    await expect(passkeys.login(deps, { response: forged as never })).rejects.toThrow(p.challengeInvalid);
    const options = await passkeys.loginOptions(deps, {});
    const answer = device.get(options);
    await passkeys.login(deps, { response: answer as never });
    await expect(passkeys.login(deps, { response: answer as never })).rejects.toThrow(p.challengeInvalid);
    // A registration challenge is no sign-in challenge.
    const regOptions = await passkeys.registrationOptions(deps, actorOf(user));
    await expect(
      passkeys.login(deps, { response: device.get({ challenge: regOptions.challenge }) as never }),
    ).rejects.toThrow(p.challengeInvalid);
  });

  it('refuses an unknown credential, another account’s passkey after an e-mail, and a forged signature', async () => {
    const arta = await createCustomer(deps);
    const besa = await createCustomer(deps);
    const { device: artaDevice } = await addPasskey(arta);
    const { device: besaDevice } = await addPasskey(besa);
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.create({ challenge: 'AAAAAAAAAAAAAAAAAAAAAA', rp: { id: 'localhost' }, user: { id: 'dXNlcg' } });
    await expect(signIn(stranger)).rejects.toThrow(p.unknownKey);
    await expect(signIn(besaDevice, arta.email)).rejects.toThrow(p.otherAccount);
    // Besa's credential id signed with Arta's key: the signature does not match Besa's public key.
    const options = await passkeys.loginOptions(deps, {});
    const forged = artaDevice.get(options, { ...artaDevice.credentials[0]!, id: besaDevice.credentials[0]!.id });
    await expect(passkeys.login(deps, { response: forged as never })).rejects.toThrow(p.verifyFailed);
  });

  it('refuses a counter that goes back (a cloned authenticator), accepts a synced passkey that stays at 0', async () => {
    const user = await createCustomer(deps);
    const { device } = await addPasskey(user);
    await signIn(device);
    await signIn(device);
    device.credentials[0]!.counter = 0; // the clone signs with counter 1 again
    await expect(signIn(device)).rejects.toThrow(p.verifyFailed);
    const synced = new SoftAuthenticator(ORIGIN, false);
    await addPasskey(user, synced);
    await signIn(synced);
    expect((await signIn(synced)).body.userID).toBe(user.userId);
  });

  it('refuses an answer made for another site', async () => {
    const user = await createCustomer(deps);
    const { device } = await addPasskey(user);
    const options = await passkeys.loginOptions(deps, {});
    const elsewhere = device.get(options, device.credentials[0], 'butiku-shop.example');
    await expect(passkeys.login(deps, { response: elsewhere as never })).rejects.toThrow(p.verifyFailed);
  });
});

describe('managing passkeys', () => {
  it('renames and removes only the caller’s own: staff and administrators get not found for another’s', async () => {
    const customer = await createCustomer(deps);
    const staff = await createStaff(deps);
    const admin = await createAdmin(deps);
    const { saved } = await addPasskey(customer);
    for (const other of [staff, admin]) {
      expect(await passkeys.listPasskeys(deps, actorOf(other))).toEqual([]);
      await expect(
        passkeys.renamePasskey(deps, actorOf(other), { passkeyId: saved.passkeyID, name: 'E imja' }),
      ).rejects.toThrow(p.notFound);
      await expect(passkeys.removePasskey(deps, actorOf(other), { passkeyId: saved.passkeyID })).rejects.toThrow(
        p.notFound,
      );
    }
    const renamed = await passkeys.renamePasskey(deps, actorOf(customer), {
      passkeyId: saved.passkeyID,
      name: 'Telefoni',
    });
    expect(renamed).toMatchObject({ passkeyID: saved.passkeyID, name: 'Telefoni' });
    await passkeys.removePasskey(deps, actorOf(customer), { passkeyId: saved.passkeyID });
    expect(await passkeys.listPasskeys(deps, actorOf(customer))).toEqual([]);
  });

  it('a removed passkey no longer signs in', async () => {
    const user = await createCustomer(deps);
    const { device, saved } = await addPasskey(user);
    await passkeys.removePasskey(deps, actorOf(user), { passkeyId: saved.passkeyID });
    await expect(signIn(device)).rejects.toThrow(p.unknownKey);
  });
});

describe('the relying party', () => {
  it('is the public origin and its host name; an IP address or plain http elsewhere cannot hold passkeys', () => {
    expect(relyingParty({ publicUrl: 'https://butiku.shop', port: 3000 })).toEqual({
      rpID: 'butiku.shop',
      origin: 'https://butiku.shop',
      rpName: messages.common.shopName,
    });
    expect(relyingParty({ publicUrl: undefined, port: 3000 }).origin).toBe('http://localhost:3000');
    expect(passkeysAvailable({ publicUrl: 'https://butiku.shop', port: 3000 })).toBe(true);
    for (const publicUrl of ['http://192.168.1.5:3000', 'http://butiku.shop', 'https://[::1]:3000']) {
      // A 409 (the shop's set-up), never a 5xx (decision 238).
      expect(() => relyingParty({ publicUrl, port: 3000 })).toThrow(
        expect.objectContaining({ code: 'CONFLICT', message: p.unavailable }),
      );
      expect(passkeysAvailable({ publicUrl, port: 3000 })).toBe(false);
    }
  });
});
