// Step-up before anything that keeps an account (issue 33, decision 237; GitHub's "sudo mode"): adding or removing a
// passkey, a second factor, new recovery codes, a new e-mail or password need the owner's proof on this login within
// the last STEP_UP_SECONDS. The proof time lives on the login (login_sessions.proved_at, found by the access token's
// family id): a sign-in sets it, a step-up (the password or a code again) renews it, a refresh never does, so a
// stolen 15-minute token, or one renewed from a stolen refresh cookie, cannot plant a lasting way in.
import { accountMessages } from '#shared/messages/account';
import type { StepUpDto } from '#shared/dto/accounts';
import type { StepUpInput } from '#shared/schemas/accounts';
import type { AppDeps } from '#server/deps';
import { AppError } from '#server/errors';
import { findUserById } from './accounts.queries';
import { verifyPassword } from './passwords';
import { recordProof } from './sessions';
import { findProof } from './sessions.queries';
import { recordSignIn } from './sign-ins';
import { throttledCheck } from './throttle';
import type { Actor } from './tokens';
import { checkSecondFactor, hasSecondFactor } from './totp.service';

/** The machine-readable reason of the 403 (REST body `details.reason`, tRPC `data.details.reason`). */
export const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED';
/** How long a proof counts when the configuration names no STEP_UP_SECONDS. */
export const DEFAULT_STEP_UP_SECONDS = 300;

const stepUpSeconds = (deps: Pick<AppDeps, 'config'>) => deps.config.stepUpSeconds ?? DEFAULT_STEP_UP_SECONDS;

/** The 403 the client answers by asking for the password or a code and trying again. */
export const stepUpRequired = () =>
  new AppError('FORBIDDEN', accountMessages.stepUp.required, undefined, {
    reason: STEP_UP_REQUIRED,
  });

/** Whether the caller's login was proved within STEP_UP_SECONDS (a token without a login never was). */
export async function hasFreshProof(deps: Pick<AppDeps, 'db' | 'config'>, actor: Actor, now = Date.now()) {
  if (!actor.familyId) return false;
  const row = await findProof(deps.db, actor.familyId, actor.userId);
  const at = row?.proved_at ? Date.parse(row.proved_at) : NaN;
  return at > now - stepUpSeconds(deps) * 1000;
}

/** Refuses (403, STEP_UP_REQUIRED) a caller whose login has no fresh proof. */
export async function requireFreshProof(deps: Pick<AppDeps, 'db' | 'config'>, actor: Actor): Promise<void> {
  if (!(await hasFreshProof(deps, actor))) throw stepUpRequired();
}

/**
 * POST /api/users/step-up: the password, or a code from the app or a recovery code, behind the login throttle of the
 * account and address; the attempt is in the account's sign-in history. Renews the proof of the caller's login.
 */
export async function stepUp(
  deps: AppDeps,
  actor: Actor,
  input: StepUpInput,
  client: { ip: string; userAgent?: string | null },
): Promise<StepUpDto> {
  const user = await findUserById(deps.db, actor.userId);
  if (!user) throw new AppError('UNAUTHORIZED', accountMessages.account.refreshFailed);
  // A provider-only account without a second factor has nothing to type: a new sign-in with the provider is its proof.
  if (!user.password_hash && !(await hasSecondFactor(deps, user.user_id)))
    throw new AppError('BAD_REQUEST', accountMessages.stepUp.signInAgain, {
      passwordOrCode: [accountMessages.stepUp.signInAgain],
    });
  const typed = input.passwordOrCode;
  const ok = await throttledCheck(deps, user.email, client.ip, async () => {
    if (user.password_hash && (await verifyPassword(user.password_hash, typed))) return true;
    return (await checkSecondFactor(deps, user.user_id, typed)) === 'ok';
  });
  await recordSignIn(deps.db, { userId: user.user_id, ok, method: 'stepUp', ...client });
  if (!ok) {
    const text = accountMessages.stepUp.wrong;
    throw new AppError('BAD_REQUEST', text, { passwordOrCode: [text] });
  }
  return proofGiven(deps, actor);
}

/** Records a step-up's proof on the caller's login; the answer says until when it counts. */
export async function proofGiven(deps: AppDeps, actor: Actor, now = new Date()): Promise<StepUpDto> {
  await recordProof(deps.db, actor, now);
  return { provedUntil: new Date(now.getTime() + stepUpSeconds(deps) * 1000).toISOString() };
}
