// Passkeys (issue 28, decision 226): registering a WebAuthn credential on the profile, signing in with one (it counts
// as both factors: the same login a password + code gives, no second step), and the owner's list, rename and remove.
// Challenges are stored server-side, each good once for five minutes; the checks are @simplewebauthn/server's.
import { randomBytes } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeyDto } from '#shared/dto/passkeys';
import { fill, messages, plural } from '#shared/messages';
import {
  MAX_PASSKEYS,
  type PasskeyIdInput,
  type PasskeyLoginInput,
  type PasskeyLoginOptionsInput,
  type PasskeyRegisterInput,
  type RenamePasskeyInput,
} from '#shared/schemas/passkeys';
import type { AppDeps } from '#server/deps';
import { isUniqueViolation } from '#server/db/errors';
import { AppError } from '#server/errors';
import { notifyMailQueued } from '../outbox';
import { queueAccountNotice } from './account-notices';
import { recordSignIn } from './sign-ins';
import { proofGiven } from './step-up';
import type { StepUpDto } from '#shared/dto/accounts';
import * as accounts from './accounts.queries';
import { issueLogin, type LoginClient, type LoginOutcome } from './accounts.service';
import { relyingParty } from './passkeys.config';
import * as q from './passkeys.queries';
import type { Actor } from './tokens';
import { accountMessages } from '#shared/messages/account';

/**
 * @simplewebauthn/server loaded at the first passkey step, not at start: evaluating it and its ASN.1 schemas took
 * 0.5-0.9 s of a start of 1-2 s (issue 38's start under 2 s), for a step few requests take.
 */
type WebAuthn = typeof import('@simplewebauthn/server');
const webauthn = (): Promise<WebAuthn> => import('@simplewebauthn/server');

/** How long a challenge is good for (the browser's own prompt times out after one minute). */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const PROMPT_TIMEOUT_MS = 60_000;
const p = accountMessages.passkeys;

const bad = (message: string) => new AppError('BAD_REQUEST', message);
const refused = (message: string) => new AppError('UNAUTHORIZED', message);
const iso = (ms: number) => new Date(ms).toISOString();

const toDto = (r: q.PasskeyListRow): PasskeyDto => ({
  passkeyID: r.passkey_id,
  name: r.name,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  synced: r.device_type === 'multiDevice' && Number(r.backed_up) === 1,
});

/** The challenge an answer signed, read from its clientDataJSON (verified again by @simplewebauthn). */
function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof data.challenge === 'string' && /^[A-Za-z0-9_-]{16,100}$/.test(data.challenge)) return data.challenge;
  } catch {
    // fall through: not JSON
  }
  throw bad(p.verifyFailed);
}

async function storeChallenge(
  deps: AppDeps,
  challenge: string,
  row: { purpose: q.ChallengePurpose; userId?: number; email?: string; userHandle?: string },
): Promise<void> {
  const now = Date.now();
  await q.deleteExpiredChallenges(deps.db, iso(now));
  await q.insertChallenge(deps.db, {
    challenge,
    purpose: row.purpose,
    userId: row.userId ?? null,
    email: row.email ?? null,
    userHandle: row.userHandle ?? null,
    expiresAt: iso(now + CHALLENGE_TTL_MS),
  });
}

const tooMany = () => new AppError('CONFLICT', plural(p.tooMany, MAX_PASSKEYS));

/** Options for navigator.credentials.create(): a discoverable credential, verified user, no attestation. */
export async function registrationOptions(
  deps: AppDeps,
  actor: Actor,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty(deps.config);
  const user = await accounts.findUserById(deps.db, actor.userId);
  if (!user) throw refused(messages.common.sessionExpired);
  const existing = await q.credentialsOf(deps.db, actor.userId);
  if (existing.length >= MAX_PASSKEYS) throw tooMany();
  // One random handle per account (never the id or e-mail): an authenticator keeps one passkey per handle.
  const userHandle = existing[0]?.user_handle ?? randomBytes(32).toString('base64url');
  const options = await (
    await webauthn()
  ).generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: `${user.first_name} ${user.last_name}`.trim(),
    userID: new Uint8Array(Buffer.from(userHandle, 'base64url')),
    timeout: PROMPT_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: splitTransports(c.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(deps, options.challenge, { purpose: 'register', userId: actor.userId, userHandle });
  return options;
}

const splitTransports = (value: string) => (value ? value.split(',') : undefined);

async function verifiedRegistration(deps: AppDeps, actor: Actor, response: RegistrationResponseJSON) {
  const rp = relyingParty(deps.config);
  const challenge = challengeOf(response.response.clientDataJSON);
  const taken = await q.takeChallenge(deps.db, challenge, 'register', iso(Date.now()));
  if (!taken || taken.user_id !== actor.userId || !taken.user_handle) throw bad(p.challengeInvalid);
  try {
    const result = await (
      await webauthn()
    ).verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
    if (result.verified) return { info: result.registrationInfo, userHandle: taken.user_handle };
  } catch {
    // a malformed or forged answer: the same refusal as a failed check
  }
  throw bad(p.verifyFailed);
}

/** Checks the browser's answer to `registrationOptions` and keeps the credential under a default name. */
export async function register(deps: AppDeps, actor: Actor, input: PasskeyRegisterInput): Promise<PasskeyDto> {
  const response = input.response as RegistrationResponseJSON;
  const { info, userHandle } = await verifiedRegistration(deps, actor, response);
  const count = (await q.credentialsOf(deps.db, actor.userId)).length;
  if (count >= MAX_PASSKEYS) throw tooMany();
  try {
    // The passkey and the owner's notice in one transaction (decision 237).
    const row = await deps.db.transaction().execute(async (trx) => {
      const inserted = await q.insertPasskey(trx, {
        userId: actor.userId,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        userHandle,
        counter: info.credential.counter,
        transports: (info.credential.transports ?? response.response.transports ?? []).join(','),
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        name: fill(p.defaultName, { n: count + 1 }),
        createdAt: iso(Date.now()),
      });
      await queueAccountNotice(trx, deps, actor.userId, 'account_passkey_added');
      return inserted;
    });
    notifyMailQueued();
    return toDto(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', p.alreadyAdded);
    throw err;
  }
}

/**
 * Options for navigator.credentials.get(): no list of credentials (discoverable passkeys: the browser offers the
 * ones it holds), so nothing tells whether an e-mail has an account; a typed e-mail is kept with the challenge and
 * only that account's passkey is then accepted.
 */
export async function loginOptions(
  deps: AppDeps,
  input: PasskeyLoginOptionsInput,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rp = relyingParty(deps.config);
  const options = await (
    await webauthn()
  ).generateAuthenticationOptions({
    rpID: rp.rpID,
    timeout: PROMPT_TIMEOUT_MS,
    userVerification: 'required',
  });
  await storeChallenge(deps, options.challenge, { purpose: 'login', email: input.email });
  return options;
}

/** The credential an answer names, its account, and the typed e-mail's match. */
async function signingPasskey(deps: AppDeps, response: AuthenticationResponseJSON, email: string | null) {
  const passkey = await q.findByCredentialId(deps.db, response.id);
  if (!passkey) throw refused(p.unknownKey);
  if (email && passkey.email.toLowerCase() !== email.toLowerCase()) throw refused(p.otherAccount);
  if (response.response.userHandle && response.response.userHandle !== passkey.user_handle)
    throw refused(p.verifyFailed);
  return passkey;
}

/** Signs in with a passkey: both factors at once, the same tokens and session as a password sign-in. */
export type PasskeyLoginOutcome = LoginOutcome;

export async function login(deps: AppDeps, input: PasskeyLoginInput, client: LoginClient = {}): Promise<LoginOutcome> {
  relyingParty(deps.config); // a shop whose address cannot hold passkeys says so before anything else (409)
  const response = input.response as AuthenticationResponseJSON;
  const challenge = challengeOf(response.response.clientDataJSON);
  const taken = await q.takeChallenge(deps.db, challenge, 'login', iso(Date.now()));
  if (!taken) throw bad(p.challengeInvalid);
  const passkey = await signingPasskey(deps, response, taken.email);
  await verifyAssertion(deps, response, challenge, passkey);
  return issueLogin(deps, passkey, client, 'passkey');
}

/** Checks a signed answer against the stored passkey (and moves its counter); a 401 when it does not hold. */
async function verifyAssertion(
  deps: AppDeps,
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: Awaited<ReturnType<typeof signingPasskey>>,
): Promise<void> {
  const rp = relyingParty(deps.config);
  let outcome: Awaited<ReturnType<WebAuthn['verifyAuthenticationResponse']>>;
  try {
    outcome = await (
      await webauthn()
    ).verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: Number(passkey.counter),
        transports: splitTransports(passkey.transports) as never,
      },
      requireUserVerification: true,
    });
  } catch {
    // a bad signature, origin, RP ID, or a counter that went back (a cloned authenticator)
    throw refused(p.verifyFailed);
  }
  if (!outcome.verified) throw refused(p.verifyFailed);
  const info = outcome.authenticationInfo;
  await q.markUsed(deps.db, passkey.passkey_id, {
    counter: info.newCounter,
    backedUp: info.credentialBackedUp,
    at: iso(Date.now()),
  });
}

/**
 * Options for a step-up with a passkey (decision 237): only the caller's own credentials are offered, and the
 * challenge is kept for the caller's account.
 */
export async function stepUpOptions(deps: AppDeps, actor: Actor): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const own = await q.credentialsOf(deps.db, actor.userId);
  if (own.length === 0) throw new AppError('NOT_FOUND', p.empty);
  const options = await (
    await webauthn()
  ).generateAuthenticationOptions({
    rpID: relyingParty(deps.config).rpID,
    timeout: PROMPT_TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: own.map((c) => ({ id: c.credential_id, transports: splitTransports(c.transports) as never })),
  });
  await storeChallenge(deps, options.challenge, { purpose: 'stepUp', userId: actor.userId });
  return options;
}

/** A step-up answered with one of the caller's passkeys: this login's proof, in the sign-in history like the others. */
export async function stepUpWithPasskey(
  deps: AppDeps,
  actor: Actor,
  input: PasskeyLoginInput,
  client: { ip: string; userAgent?: string | null },
): Promise<StepUpDto> {
  relyingParty(deps.config); // 409 where passkeys cannot work, before the challenge is read
  const response = input.response as AuthenticationResponseJSON;
  const challenge = challengeOf(response.response.clientDataJSON);
  const taken = await q.takeChallenge(deps.db, challenge, 'stepUp', iso(Date.now()));
  if (!taken || taken.user_id !== actor.userId) throw bad(p.challengeInvalid);
  const passkey = await signingPasskey(deps, response, null);
  if (passkey.user_id !== actor.userId) throw refused(p.otherAccount);
  try {
    await verifyAssertion(deps, response, challenge, passkey);
  } catch (err) {
    await recordSignIn(deps.db, { userId: actor.userId, ok: false, method: 'stepUp', ...client });
    throw err;
  }
  await recordSignIn(deps.db, { userId: actor.userId, ok: true, method: 'stepUp', ...client });
  return proofGiven(deps, actor);
}

export async function listPasskeys(deps: AppDeps, actor: Actor): Promise<PasskeyDto[]> {
  return (await q.passkeysOf(deps.db, actor.userId)).map(toDto);
}

/** Renames one of the caller's passkeys; anyone else's (staff and administrators included) is not found. */
export async function renamePasskey(deps: AppDeps, actor: Actor, input: RenamePasskeyInput): Promise<PasskeyDto> {
  const row = await q.renamePasskey(deps.db, actor.userId, input.passkeyId, input.name);
  if (!row) throw new AppError('NOT_FOUND', p.notFound);
  return toDto(row);
}

export async function removePasskey(deps: AppDeps, actor: Actor, input: PasskeyIdInput): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await q.deletePasskey(trx, actor.userId, input.passkeyId))) throw new AppError('NOT_FOUND', p.notFound);
    await queueAccountNotice(trx, deps, actor.userId, 'account_passkey_removed');
  });
  notifyMailQueued();
}
