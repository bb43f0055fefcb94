// Two-step sign-in with TOTP (RFC 6238; issue 28, decision 225): setting it up (QR code and the secret to type,
// confirmed with a first code), checking a code or a single-use recovery code, turning it off, new recovery codes,
// and the administrator's side (the staff requirement, resetting a user's second factor). The secret is stored
// encrypted (totp-crypto.ts) and leaves the server in one answer only, the setup's.
import { Secret, TOTP } from 'otpauth';
import { messages } from '#shared/messages';
import { staffMessages } from '#shared/messages-staff';
import { isStaffRole } from '#shared/roles';
import type {
  RecoveryCodesDto,
  SecondFactorSetupDto,
  SecondFactorStatusDto,
  StaffSecuritySettingsDto,
  UserSecondFactorDto,
} from '#shared/dto/second-factor';
import type { AppCodeInput, DisableSecondFactorInput, StaffSecuritySettingsInput } from '#shared/schemas/second-factor';
import type { AppDeps } from '#server/deps';
import { AppError, notFound } from '#server/errors';
import { recordAudit } from '../audit';
import { notifyMailQueued } from '../outbox';
import { queueAccountNotice } from './account-notices';
import { findUserById } from './accounts.queries';
import { verifyPassword } from './passwords';
import { setStaffSecondFactorRequired, staffSecondFactorRequired } from './security-settings';
import { recordProof } from './sessions';
import { throttledCheck } from './throttle';
import type { Actor } from './tokens';
import { decryptSecret, encryptSecret, hashRecoveryCode, newRecoveryCode, RECOVERY_CODE_COUNT } from './totp-crypto';
import * as q from './totp.queries';
import { accountMessages } from '#shared/messages/account';

const m = accountMessages.secondFactor;
const ISSUER = 'Butiku';
const PERIOD = 30;
/** One step either side: a phone's clock a little off, or a code typed as it turned over. */
const WINDOW = 1;

const totpOf = (base32: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(base32) });

const codeError = (message: string, field = 'code', code: 'BAD_REQUEST' | 'UNAUTHORIZED' = 'BAD_REQUEST') =>
  new AppError(code, message, { [field]: [message] });

const nowIso = () => new Date().toISOString();

export type CodeCheck = 'ok' | 'invalid' | 'used';

/** The time-step a 6-digit code is valid for under this secret, or null. */
function stepOf(base32: string, code: string): number | null {
  const totp = totpOf(base32);
  const delta = totp.validate({ token: code, window: WINDOW });
  return delta === null ? null : totp.counter() + delta;
}

/** True when the account has a confirmed second factor (a login then asks for a code). */
export async function hasSecondFactor(deps: Pick<AppDeps, 'db'>, userId: number): Promise<boolean> {
  return !!(await q.findTotp(deps.db, userId))?.confirmed_at;
}

/**
 * Checks a code from the app (its time-step taken once: a code cannot be replayed within its window) or, for
 * anything that is not 6 digits, a recovery code (used once).
 */
export async function checkSecondFactor(deps: AppDeps, userId: number, typed: string): Promise<CodeCheck> {
  const row = await q.findTotp(deps.db, userId);
  if (!row?.confirmed_at) return 'invalid';
  const digits = typed.replace(/\s/g, '');
  if (!/^\d{6}$/.test(digits))
    return (await q.useRecoveryCode(deps.db, userId, hashRecoveryCode(typed), nowIso())) ? 'ok' : 'invalid';
  const base32 = decryptSecret(deps.config.keys.totp, userId, row.secret_enc);
  const step = base32 ? stepOf(base32, digits) : null;
  if (step === null) return 'invalid';
  return (await q.claimStep(deps.db, userId, step)) ? 'ok' : 'used';
}

async function requiredOf(deps: Pick<AppDeps, 'db'>, a: Actor): Promise<boolean> {
  return isStaffRole(a.roleID) && (await staffSecondFactorRequired(deps.db));
}

export async function secondFactorStatus(deps: Pick<AppDeps, 'db'>, a: Actor): Promise<SecondFactorStatusDto> {
  const enabled = await hasSecondFactor(deps, a.userId);
  const required = await requiredOf(deps, a);
  const recoveryCodesLeft = enabled ? await q.countUnusedRecoveryCodes(deps.db, a.userId) : 0;
  return { enabled, recoveryCodesLeft, required, mustSetUp: required && !enabled };
}

async function accountOf(deps: Pick<AppDeps, 'db'>, a: Actor) {
  const user = await findUserById(deps.db, a.userId);
  if (!user) throw new AppError('UNAUTHORIZED', messages.common.sessionExpired);
  return user;
}

/** A new secret awaiting its first code (replacing an unconfirmed one): the only answer that carries it. */
export async function beginSetup(deps: AppDeps, a: Actor): Promise<SecondFactorSetupDto> {
  const user = await accountOf(deps, a);
  if (await hasSecondFactor(deps, a.userId)) throw new AppError('CONFLICT', m.alreadyOn);
  const secret = new Secret({ size: 20 }).base32;
  await deps.db
    .transaction()
    .execute((trx) =>
      q.putPendingTotp(trx, a.userId, encryptSecret(deps.config.keys.totp, a.userId, secret), nowIso()),
    );
  const otpauthUri = totpOf(secret, user.email).toString();
  // Loaded here, not at start (175 ms of a start of 1-2 s, for a step staff take once).
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri, qrSvg };
}

function newRecoveryCodes(): { shown: string[]; hashes: string[] } {
  const shown = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { shown, hashes: shown.map(hashRecoveryCode) };
}

/** The first code confirms the pending secret; the ten recovery codes are answered once and stored hashed. */
export async function confirmSetup(deps: AppDeps, a: Actor, input: AppCodeInput): Promise<RecoveryCodesDto> {
  const row = await q.findTotp(deps.db, a.userId);
  if (!row) throw codeError(m.noPendingSetup);
  if (row.confirmed_at) throw new AppError('CONFLICT', m.alreadyOn);
  const base32 = decryptSecret(deps.config.keys.totp, a.userId, row.secret_enc);
  const step = base32 ? stepOf(base32, input.code) : null;
  if (step === null) throw codeError(m.codeInvalid);
  const codes = newRecoveryCodes();
  const confirmed = await deps.db.transaction().execute(async (trx) => {
    if (!(await q.confirmTotp(trx, a.userId, step, nowIso()))) return false;
    await q.replaceRecoveryCodes(trx, a.userId, codes.hashes);
    await queueAccountNotice(trx, deps, a.userId, 'account_second_factor_on');
    return true;
  });
  if (!confirmed) throw new AppError('CONFLICT', m.alreadyOn);
  notifyMailQueued();
  return { recoveryCodes: codes.shown };
}

/** Turns it off with the password or a code (app or recovery); not while the administrator requires it of staff. */
export async function disableSecondFactor(
  deps: AppDeps,
  a: Actor,
  input: DisableSecondFactorInput,
  clientIp: string,
): Promise<SecondFactorStatusDto> {
  const user = await accountOf(deps, a);
  if (!(await hasSecondFactor(deps, a.userId))) throw new AppError('CONFLICT', m.notOn);
  if (await requiredOf(deps, a)) throw new AppError('CONFLICT', m.cannotTurnOff);
  const ok = await throttledCheck(deps, user.email, clientIp, async () => {
    if (user.password_hash && (await verifyPassword(user.password_hash, input.passwordOrCode))) return true;
    return (await checkSecondFactor(deps, a.userId, input.passwordOrCode)) === 'ok';
  });
  if (!ok) throw codeError(m.codeInvalid, 'passwordOrCode');
  // The password or code was the owner's proof (decision 237): it counts for this login too.
  await deps.db.transaction().execute(async (trx) => {
    await q.deleteSecondFactor(trx, a.userId);
    await recordProof(trx, a);
    await queueAccountNotice(trx, deps, a.userId, 'account_second_factor_off');
  });
  notifyMailQueued();
  return secondFactorStatus(deps, a);
}

/** Ten new recovery codes (the old ones stop working), after a code from the app. */
export async function regenerateRecoveryCodes(
  deps: AppDeps,
  a: Actor,
  input: AppCodeInput,
  clientIp: string,
): Promise<RecoveryCodesDto> {
  const user = await accountOf(deps, a);
  if (!(await hasSecondFactor(deps, a.userId))) throw new AppError('CONFLICT', m.notOn);
  const outcome = await throttledCheck(
    deps,
    user.email,
    clientIp,
    () => checkSecondFactor(deps, a.userId, input.code),
    (o) => o === 'ok',
  );
  if (outcome !== 'ok') throw codeError(outcome === 'used' ? m.codeUsed : m.codeInvalid);
  const codes = newRecoveryCodes();
  await deps.db.transaction().execute(async (trx) => {
    await q.replaceRecoveryCodes(trx, a.userId, codes.hashes);
    await recordProof(trx, a);
    await queueAccountNotice(trx, deps, a.userId, 'account_recovery_codes');
  });
  notifyMailQueued();
  return { recoveryCodes: codes.shown };
}

export async function staffSecuritySettings(deps: Pick<AppDeps, 'db'>): Promise<StaffSecuritySettingsDto> {
  return { requireStaffSecondFactor: await staffSecondFactorRequired(deps.db) };
}

/** The administrator requires (or no longer requires) a second factor of staff; only after turning on their own. */
export async function updateStaffSecuritySettings(
  deps: Pick<AppDeps, 'db'>,
  a: Actor,
  input: StaffSecuritySettingsInput,
): Promise<StaffSecuritySettingsDto> {
  const own = staffMessages.secondFactor.ownFirst;
  if (input.requireStaffSecondFactor && !(await hasSecondFactor(deps, a.userId)))
    throw new AppError('CONFLICT', own, { requireStaffSecondFactor: [own] });
  await deps.db.transaction().execute(async (trx) => {
    const before = { require_staff_second_factor: await staffSecondFactorRequired(trx) };
    await setStaffSecondFactorRequired(trx, input.requireStaffSecondFactor);
    // The shop's settings are one audit entity (id 0); the field names the setting (decision 228).
    const after = { require_staff_second_factor: input.requireStaffSecondFactor };
    await recordAudit(trx, { entity: 'setting', entityId: 0, action: 'update', before, after });
  });
  return staffSecuritySettings(deps);
}

/** Whether a user has a second factor (the administrators' user screen); never its secret. */
export async function userSecondFactor(deps: Pick<AppDeps, 'db'>, userId: number): Promise<UserSecondFactorDto> {
  if (!(await findUserById(deps.db, userId))) throw notFound(staffMessages.dashboardSales.userNotFound);
  return { enabled: await hasSecondFactor(deps, userId) };
}

/** The administrator resets a user's second factor (lost phone): the secret and recovery codes are deleted. */
export async function resetUserSecondFactor(deps: AppDeps, userId: number): Promise<UserSecondFactorDto> {
  if (!(await findUserById(deps.db, userId))) throw notFound(staffMessages.dashboardSales.userNotFound);
  const had = await deps.db.transaction().execute(async (trx) => {
    const had = await q.deleteSecondFactor(trx, userId);
    // Only that it was reset: never the secret or the recovery codes (decision 228). Who did it: the request context.
    const [before, after] = [{ has_second_factor: had }, { has_second_factor: false }];
    await recordAudit(trx, { entity: 'user', entityId: userId, action: 'second-factor-reset', before, after });
    // The owner is told (decision 237), as when they turn it off themselves.
    if (had) await queueAccountNotice(trx, deps, userId, 'account_second_factor_off');
    return had;
  });
  if (had) notifyMailQueued();
  return { enabled: false };
}
