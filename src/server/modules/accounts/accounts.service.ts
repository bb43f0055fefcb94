// Account rules: sign-up, email and social login, refresh and logout, profile, roles. Plain functions taking deps first.
import { formatPhone, storedPhone } from '#shared/phone';
import { randomBytes } from 'node:crypto';
import { messages } from '#shared/messages';
import { accountMessages } from '#shared/messages/account';
import type {
  AuthProvidersDto,
  LoginResultDto,
  ProfileDto,
  RegisteredUserDto,
  RoleDto,
  SignedUpDto,
  SignInMethod,
} from '#shared/dto/accounts';
import { ROLE_CUSTOMER } from '#shared/roles';
import type { LoginInput, RegisterUserInput, SocialLoginInput, UpdateProfileInput } from '#shared/schemas/accounts';
import type { LoginChallengeDto } from '#shared/dto/second-factor';
import type { LoginSecondFactorInput } from '#shared/schemas/second-factor';
import type { AppDeps } from '#server/deps';
import { isUniqueViolation } from '#server/db/errors';
import { AppError } from '#server/errors';
import { notifyMailQueued } from '../outbox';
import { audited, type StateOf } from '../audit';
import * as q from './accounts.queries';
import { clearedRefreshCookie, refreshCookie } from './cookies';
import { hashPassword, verifyPassword } from './passwords';
import { requireActor } from './roles';
import { endSession, familyOf, recordProof, rotateSession, startSession } from './sessions';
import { queueAccountNotice } from './account-notices';
import { recordSignIn } from './sign-ins';
import { verifySocialToken, type VerifiedIdentity } from './social';
import { signLoginChallenge, verifyLoginChallenge } from './login-challenge';
import { passkeysAvailable } from './passkeys.config';
import { cappedCodeCheck } from './second-factor-cap';
import { loginThrottleFor, throttledCheck } from './throttle';
import { signAccessToken, type Actor } from './tokens';
import { checkSecondFactor, hasSecondFactor } from './totp.service';
import { dropEmailChangesOf, pendingEmailChangeOf } from './email-change.queries';

type UserRow = NonNullable<Awaited<ReturnType<typeof q.findUserById>>>;

/** What a successful login hands to the door: the JSON answer and the refresh token for the cookie. */
export interface LoginOutcome {
  body: LoginResultDto;
  refreshToken: string;
}

/** A first step (password or social login) of an account with a second factor: a challenge, no tokens yet. */
export interface LoginChallengeOutcome {
  body: LoginChallengeDto;
  refreshToken: null;
}

/** What the first step of a login answers: tokens, or the challenge the second step redeems (decision 225). */
export type LoginStep = LoginOutcome | LoginChallengeOutcome;

/** A user row as the API shows an account (also the base of the dashboard's user rows). */
export const toRegistered = (
  u: Pick<UserRow, 'user_id' | 'first_name' | 'last_name' | 'email' | 'phone_number' | 'role_id'>,
): RegisteredUserDto => ({
  userID: u.user_id,
  firstName: u.first_name,
  lastName: u.last_name,
  email: u.email,
  phoneNumber: formatPhone(u.phone_number),
  roleID: u.role_id,
});

/** The account as its owner sees it, with the e-mail change waiting for its link, if any (decision 259). */
async function profileOf(deps: Pick<AppDeps, 'db'>, u: UserRow, now = new Date()): Promise<ProfileDto> {
  const pending = await pendingEmailChangeOf(deps.db, u.user_id, now.toISOString());
  return {
    ...toRegistered(u),
    aboutMe: u.about_me,
    pendingEmailChange: pending ? { newEmail: pending.new_email, expiresAt: pending.expires_at } : null,
  };
}

const emailTaken = () =>
  new AppError('CONFLICT', accountMessages.account.emailTaken, { email: [accountMessages.account.emailTaken] });

/**
 * Creates an account with a hashed password. Self sign-up always makes a customer; the users module
 * (administrators) may pass another role.
 */
export async function createAccount(
  deps: AppDeps,
  input: RegisterUserInput,
  opts: { roleID?: number; audit?: StateOf } = {},
): Promise<RegisteredUserDto> {
  if (await q.findUserByEmail(deps.db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  const insert = (db: AppDeps['db']) =>
    q.insertUser(db, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phoneNumber: storedPhone(input.phoneNumber), // no country on an account: Kosovo's rules (decision 246)
      passwordHash,
      roleID: opts.roleID ?? ROLE_CUSTOMER,
    });
  try {
    // An administrator's creation is a staff write: its audit row in the same transaction (decision 228).
    const row = opts.audit
      ? await audited(
          deps.db,
          { entity: 'user', action: 'create', idOf: (r: { user_id: number }) => r.user_id },
          opts.audit,
          insert,
        )
      : await insert(deps.db);
    return toRegistered(row);
  } catch (err) {
    // Two sign-ups racing for one address: the NOCASE unique index decides.
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

/**
 * Self sign-up: a customer account, and the shopper is signed in at once (decision 215): the answer carries the
 * access token as a login's does, the refresh token goes to the cookie (`sessionStarted`).
 */
export async function register(
  deps: AppDeps,
  input: RegisterUserInput,
  client: LoginClient = {},
): Promise<{ body: SignedUpDto; refreshToken: string }> {
  const user = await createAccount(deps, input, { roleID: ROLE_CUSTOMER });
  const login = await issueLogin(deps, { user_id: user.userID, role_id: user.roleID }, client, 'signup');
  return { body: { ...user, token: login.body.token }, refreshToken: login.refreshToken };
}

/** Where a sign-in comes from (the trusted-proxy client address and the User-Agent header). */
export interface LoginClient {
  ip?: string;
  userAgent?: string | null;
}

/** A successful sign-in: the session and its sign-in record (and a new device's e-mail) in one transaction. */
export async function issueLogin(
  deps: AppDeps,
  user: { user_id: number; role_id: number },
  client: LoginClient,
  method: SignInMethod,
): Promise<LoginOutcome> {
  const { session, mailed } = await deps.db.transaction().execute(async (trx) => {
    const started = await startSession(trx, user.user_id, client);
    const record = await recordSignIn(trx, { userId: user.user_id, ok: true, method, ...client });
    return { session: started, mailed: record.newDeviceMail };
  });
  if (mailed) notifyMailQueued();
  const token = await signAccessToken(
    { userId: user.user_id, roleID: user.role_id, familyId: session.familyId },
    deps.config.keys.accessToken,
  );
  return { body: { token, roleID: user.role_id, userID: user.user_id }, refreshToken: session.refreshToken };
}

// A real argon2id hash of a random string, so an unknown e-mail costs the same time as a wrong password.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword(`dummy-${randomBytes(16).toString('hex')}-Aa#`));

export async function login(
  deps: AppDeps,
  input: LoginInput,
  clientIp: string,
  userAgent?: string | null,
): Promise<LoginStep> {
  const throttle = loginThrottleFor(deps);
  await throttle.begin(input.email, clientIp);
  const user = await q.findUserByEmail(deps.db, input.email);
  const ok = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : (await verifyPassword(await getDummyHash(), input.password), false);
  if (!user || !ok) {
    await throttle.failed(input.email);
    if (user)
      await recordSignIn(deps.db, { userId: user.user_id, ok: false, method: 'password', ip: clientIp, userAgent });
    throw new AppError('UNAUTHORIZED', accountMessages.account.invalidCredentials);
  }
  const step = await loginOrChallenge(deps, user, { ip: clientIp, userAgent }, 'password');
  // With a second factor the password is half a sign-in: the throttle is cleared only when the code is accepted, so
  // someone holding the password cannot wipe the count of wrong codes by signing in again between guesses.
  if (step.refreshToken === null) await throttle.firstStepPassed(input.email, clientIp);
  else await throttle.succeeded(input.email, clientIp);
  return step;
}

/** Tokens at once for an account without a second factor (the spec's answer, unchanged); a challenge otherwise. */
async function loginOrChallenge(
  deps: AppDeps,
  user: { user_id: number; role_id: number },
  client: LoginClient,
  method: SignInMethod,
): Promise<LoginStep> {
  if (!(await hasSecondFactor(deps, user.user_id))) return issueLogin(deps, user, client, method);
  const challenge = await signLoginChallenge(user.user_id, deps.config.keys.loginChallenge);
  return { body: { secondFactorRequired: true, challenge }, refreshToken: null };
}

/**
 * The second step: a code from the app or a recovery code, with the first step's challenge; behind the same
 * throttle as passwords (per e-mail and address) and the account's cap on wrong codes. Issues the tokens.
 */
export async function loginSecondFactor(
  deps: AppDeps,
  input: LoginSecondFactorInput,
  clientIp: string,
  userAgent?: string | null,
): Promise<LoginOutcome> {
  const userId = await verifyLoginChallenge(input.challenge, deps.config.keys.loginChallenge);
  const user = userId ? await q.findUserById(deps.db, userId) : undefined;
  if (!user) throw new AppError('UNAUTHORIZED', accountMessages.secondFactor.challengeExpired);
  const isOk = (o: Awaited<ReturnType<typeof checkSecondFactor>>) => o === 'ok';
  const checked = async () => {
    const o = await throttledCheck(
      deps,
      user.email,
      clientIp,
      () => checkSecondFactor(deps, user.user_id, input.code),
      isOk,
    );
    // The password was right but the code was not: the account's history shows the failed attempt (decision 227).
    if (!isOk(o))
      await recordSignIn(deps.db, { userId: user.user_id, ok: false, method: 'totp', ip: clientIp, userAgent });
    return o;
  };
  // The account's cap (decision 238) around the per-address throttle: from any number of addresses, at most
  // SECOND_FACTOR_CAP.wrongCodes wrong codes per window, then 429, and the owner told (after the last failed attempt).
  const outcome = await cappedCodeCheck(deps, user, { ip: clientIp, userAgent }, checked, isOk);
  if (outcome !== 'ok') {
    const text = outcome === 'used' ? accountMessages.secondFactor.codeUsed : accountMessages.secondFactor.codeInvalid;
    throw new AppError('UNAUTHORIZED', text, { code: [text] });
  }
  return issueLogin(deps, user, { ip: clientIp, userAgent }, 'totp');
}

/** Splits a provider's display name into the first and last name the users table needs. */
function namesOf(
  identity: VerifiedIdentity,
  fallbackName: string | null | undefined,
  email: string,
): { firstName: string; lastName: string } {
  const full = (identity.name ?? fallbackName ?? '').trim().replace(/\s+/g, ' ');
  const parts = full ? full.split(' ') : [];
  const firstName = (identity.givenName ?? parts[0] ?? email.split('@')[0] ?? '').trim().slice(0, 60);
  const lastName = (identity.familyName ?? parts.slice(1).join(' ')).trim().slice(0, 60);
  return { firstName: firstName || email.split('@')[0]!.slice(0, 60), lastName };
}

export async function socialLogin(
  deps: AppDeps,
  input: SocialLoginInput,
  client: LoginClient = {},
): Promise<LoginStep> {
  // Only what the provider vouches for counts: the client's email/uid/name are not trusted.
  const identity = await verifySocialToken(deps.config, input.provider, input.idToken);
  if (!identity.email)
    throw new AppError('BAD_REQUEST', accountMessages.account.noProviderEmail, {
      email: [accountMessages.account.noProviderEmail],
    });
  const email = identity.email.trim();
  const linked = await q.findSocialAccount(deps.db, identity.provider, identity.uid);
  let user = linked ? await q.findUserById(deps.db, linked.user_id) : undefined;
  if (!user) {
    user = await deps.db.transaction().execute(async (trx) => {
      const existing = await q.findUserByEmail(trx, email);
      const row =
        existing ??
        (await q.insertUser(trx, {
          ...namesOf(identity, input.name, email),
          email,
          phoneNumber: '',
          passwordHash: null,
          roleID: ROLE_CUSTOMER,
        }));
      await q.insertSocialAccount(trx, identity.provider, identity.uid, row.user_id);
      return row;
    });
  }
  return loginOrChallenge(deps, user, client, 'social');
}

/** Swaps a refresh token for a new one and a new access token carrying the user's current role. */
export async function refresh(deps: AppDeps, presented: string | null | undefined): Promise<LoginOutcome> {
  const session = await rotateSession(deps.db, presented);
  const user = await q.findUserById(deps.db, session.userId);
  if (!user) throw new AppError('UNAUTHORIZED', accountMessages.account.refreshFailed);
  const token = await signAccessToken(
    { userId: user.user_id, roleID: user.role_id, familyId: session.familyId },
    deps.config.keys.accessToken,
  );
  return { body: { token, roleID: user.role_id, userID: user.user_id }, refreshToken: session.refreshToken };
}

export async function logout(deps: AppDeps, presented: string | null | undefined): Promise<{ Message: string }> {
  await endSession(deps.db, presented);
  return { Message: accountMessages.profile.loggedOut };
}

/** How a door answers with a Set-Cookie header (REST: c.header; tRPC: ctx.resHeaders). */
export type SetCookie = (setCookieHeader: string) => void;

// The refresh cookie follows the session, the same on both doors (decision 100): set when a session starts or
// rotates, cleared on logout and when a refresh fails (a dead refresh token is of no further use to the browser).

/**
 * A login or refresh that succeeded: the cookie carries the new refresh token; the body goes to the caller. A first
 * step that answered a second-factor challenge started no session: no cookie.
 */
export function sessionStarted<O extends { body: unknown; refreshToken: string | null }>(
  deps: AppDeps,
  setCookie: SetCookie,
  outcome: O,
): O['body'] {
  if (outcome.refreshToken !== null) setCookie(refreshCookie(deps.config, outcome.refreshToken));
  return outcome.body;
}

export async function refreshSession(
  deps: AppDeps,
  presented: string | null | undefined,
  setCookie: SetCookie,
): Promise<LoginResultDto> {
  try {
    return sessionStarted(deps, setCookie, await refresh(deps, presented));
  } catch (err) {
    setCookie(clearedRefreshCookie(deps.config));
    throw err;
  }
}

export async function logoutSession(
  deps: AppDeps,
  presented: string | null | undefined,
  setCookie: SetCookie,
): Promise<{ Message: string }> {
  const body = await logout(deps, presented);
  setCookie(clearedRefreshCookie(deps.config));
  return body;
}

/** The signed-in caller's account; 401 when it no longer exists (such a token is as good as no token). */
async function ownAccount(deps: Pick<AppDeps, 'db'>, actor: Actor | null): Promise<UserRow> {
  const user = await q.findUserById(deps.db, requireActor(actor).userId);
  if (!user) throw new AppError('UNAUTHORIZED', messages.common.sessionExpired);
  return user;
}

export async function getProfile(deps: AppDeps, actor: Actor | null): Promise<ProfileDto> {
  return profileOf(deps, await ownAccount(deps, actor));
}

/** The names and phone an update gives, completed with the stored ones; null when it gives none. */
function detailsOf(user: UserRow, input: UpdateProfileInput) {
  if (input.firstName === undefined && input.lastName === undefined && input.phoneNumber === undefined) return null;
  return {
    firstName: input.firstName ?? user.first_name,
    lastName: input.lastName ?? user.last_name,
    // No country on an account: Kosovo's rules, as at sign-up (decision 246).
    phoneNumber: input.phoneNumber === undefined ? user.phone_number : storedPhone(input.phoneNumber),
  };
}

/**
 * The profile's changes. Names and phone when given (decision 259: taken as typed, stored as sign-up stores them;
 * they keep no access, so no proof and no notice). The password when one is given ('' = no change), only with the
 * current one (decision 207; wrong guesses count against the login throttle of the account and address); other
 * logins of the user are signed out, a waiting e-mail change is cancelled, the owner is e-mailed, and the current
 * password counts as this login's fresh proof (decision 237). A social-login account without a password sets its
 * first one through the reset link. Everything is checked first and written in one transaction.
 */
export async function updateProfile(
  deps: AppDeps,
  a: Actor,
  input: UpdateProfileInput,
  presentedRefresh: string | null | undefined,
  clientIp: string,
): Promise<ProfileDto> {
  const user = await ownAccount(deps, a);
  const details = detailsOf(user, input);
  let passwordHash: string | null = null;
  if (input.password) {
    await checkCurrentPassword(deps, user, input.currentPassword ?? '', clientIp);
    passwordHash = await hashPassword(input.password);
  }
  if (!details && !passwordHash) return profileOf(deps, user);
  const keep = passwordHash ? await familyOf(deps.db, presentedRefresh, a.userId) : null;
  await deps.db.transaction().execute(async (trx) => {
    if (details) await q.updateUserDetails(trx, a.userId, details);
    if (!passwordHash) return;
    await q.updatePasswordHash(trx, a.userId, passwordHash);
    await q.revokeUserFamiliesExcept(trx, a.userId, keep, new Date().toISOString());
    // Whoever asked to move the account's e-mail knew the old password: the new one cancels that (decision 259).
    await dropEmailChangesOf(trx, a.userId);
    // The current password was the owner's proof on this login; the owner is told (decision 237).
    await recordProof(trx, a);
    await queueAccountNotice(trx, deps, a.userId, 'account_password_changed');
  });
  if (passwordHash) notifyMailQueued();
  return getProfile(deps, a);
}

const currentPasswordError = (message: string) => new AppError('BAD_REQUEST', message, { currentPassword: [message] });

/**
 * The current password as the proof of a change that keeps the account (decision 207): 400 on `currentPassword` when
 * wrong, counted against the login throttle of the account and address (429 once it locks).
 */
export async function checkCurrentPassword(
  deps: AppDeps,
  user: { email: string; password_hash: string | null },
  current: string,
  clientIp: string,
): Promise<void> {
  if (!user.password_hash) throw currentPasswordError(accountMessages.account.noPasswordYet);
  const throttle = loginThrottleFor(deps);
  await throttle.begin(user.email, clientIp);
  if (!(await verifyPassword(user.password_hash, current))) {
    await throttle.failed(user.email);
    throw currentPasswordError(accountMessages.account.currentPasswordWrong);
  }
  await throttle.succeeded(user.email, clientIp);
}

/** The names and phone of a user (the old /checkout screen fills its order with them). */
export async function contactDetails(deps: Pick<AppDeps, 'db'>, userId: number) {
  const user = await q.findUserById(deps.db, userId);
  return user ? { first_name: user.first_name, last_name: user.last_name, phone_number: user.phone_number } : undefined;
}

/** The address and first name of each given account that still exists (decision 275: a cart's reminder). */
export async function reminderRecipients(
  deps: Pick<AppDeps, 'db'>,
  userIds: number[],
): Promise<Map<number, { email: string; firstName: string }>> {
  const rows = await q.emailsOf(deps.db, [...new Set(userIds)]);
  return new Map(rows.map((r) => [r.user_id, { email: r.email, firstName: r.first_name }]));
}

/** "First Last" of each given user that still exists (an order's history names the staff who changed it). */
export async function displayNames(deps: Pick<AppDeps, 'db'>, userIds: number[]): Promise<Map<number, string>> {
  const rows = await q.namesOf(deps.db, [...new Set(userIds)]);
  return new Map(rows.map((r) => [r.user_id, `${r.first_name} ${r.last_name ?? ''}`.trim()]));
}

export async function listRoles(deps: AppDeps): Promise<RoleDto[]> {
  const rows = await q.listRoles(deps.db);
  return rows.map((r) => ({ roleID: r.role_id, roleName: r.role_name }));
}

export function providers(deps: AppDeps): AuthProvidersDto {
  const { google, facebook } = deps.config;
  return {
    google: google ? { clientId: google.clientId } : null,
    facebook: facebook ? { appId: facebook.appId } : null,
    passkeys: passkeysAvailable(deps.config),
  };
}
