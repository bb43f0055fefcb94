// Password reset (issue 13, decisions 171 and 207): a request queues an e-mail for a single-use link valid 30
// minutes; the link's token is minted when the e-mail is sent and only its SHA-256 is stored, so no outbox row,
// staff screen or backup holds a usable link. Using it sets the new password and revokes every session of the user.
// The request's answer is the same, in about the same time, whether or not the account exists.
import { createHash, randomBytes } from 'node:crypto';
import { accountMessages } from '#shared/messages/account';
import type { ForgotPasswordInput, ResetPasswordInput } from '#shared/schemas/accounts';
import type { AppDeps } from '#server/deps';
import type { DB } from '#server/db/client';
import { AppError } from '#server/errors';
import { RateLimiterKysely } from '#server/http/rate-limit-store';
import { linkBase, enqueueMail, notifyMailQueued, registerSecretLink, SECRET_LINK, passwordResetMail } from '../outbox';
import { findUserByEmail, revokeUserFamiliesExcept, updatePasswordHash } from './accounts.queries';
import { hashPassword } from './passwords';
import { queueAccountNotice } from './account-notices';
import { dropEmailChangesOf } from './email-change.queries';
import * as q from './password-reset.queries';

export const RESET_TTL_MINUTES = 30;
/** Every request answers after at least this long, so an existing account's extra work cannot be timed. */
const MIN_ANSWER_MS = 600;
/** Links sent per e-mail address and window, whoever asks (beyond: still 202, nothing sent). */
const PER_EMAIL = { points: 3, duration: 15 * 60 };

type Deps = Pick<AppDeps, 'db' | 'config' | 'logger'>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/**
 * Mints the link of reset row `resetId` as the worker sends its e-mail: a fresh token whose hash replaces the row's,
 * so only the copy handed to SMTP can use it. Null once the row is used or expired (the e-mail is then not sent).
 */
async function mintResetLink(deps: Pick<AppDeps, 'db' | 'config'>, resetId: number, now: Date): Promise<string | null> {
  const token = newToken();
  const minted = await q.rehashOpenResetToken(deps.db, resetId, hashToken(token), now.toISOString());
  return minted ? `${linkBase(deps.config)}/reset-password?token=${token}` : null;
}
registerSecretLink('password_reset', mintResetLink);

const emailLimiters = new WeakMap<DB, RateLimiterKysely>();
function emailLimiter(db: DB): RateLimiterKysely {
  let l = emailLimiters.get(db);
  if (!l)
    emailLimiters.set(
      db,
      (l = new RateLimiterKysely({
        db,
        keyPrefix: 'rl:resetEmail',
        points: PER_EMAIL.points,
        duration: PER_EMAIL.duration,
      })),
    );
  return l;
}

/** True while this address may still be sent a link in the current window (counts one). */
async function mayMail(db: DB, email: string): Promise<boolean> {
  try {
    await emailLimiter(db).consume(email.trim().toLowerCase());
    return true;
  } catch (err) {
    if (err instanceof Error) throw err;
    return false; // RateLimiterRes: over the limit
  }
}

/** POST /api/users/forgot-password: always resolves (202), after MIN_ANSWER_MS whatever happened. */
export async function requestPasswordReset(deps: Deps, input: ForgotPasswordInput, now = new Date()): Promise<void> {
  const started = Date.now();
  try {
    const allowed = await mayMail(deps.db, input.email);
    const user = await findUserByEmail(deps.db, input.email);
    if (!user || !allowed) return;
    await deps.db.transaction().execute(async (trx) => {
      const expiresAt = new Date(now.getTime() + RESET_TTL_MINUTES * 60_000).toISOString();
      // The row starts with the hash of a token nobody is given; the worker mints the real one when it sends (decision 207).
      const resetId = await q.insertResetToken(trx, {
        userId: user.user_id,
        tokenHash: hashToken(newToken()),
        createdAt: now.toISOString(),
        expiresAt,
      });
      const mail = passwordResetMail(user.first_name ?? '', SECRET_LINK, RESET_TTL_MINUTES);
      await enqueueMail(
        trx,
        { kind: 'password_reset', to: user.email, ...mail, secret: { kind: 'password_reset', ref: resetId } },
        now,
      );
    });
    notifyMailQueued();
  } catch (err) {
    // The answer must not differ; the failure is logged for staff.
    deps.logger?.error({ err: err instanceof Error ? err.message : String(err) }, 'password reset request failed');
  } finally {
    const wait = MIN_ANSWER_MS - (Date.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
}

const invalidToken = () =>
  new AppError('BAD_REQUEST', accountMessages.account.resetTokenInvalid, {
    token: [accountMessages.account.resetTokenInvalid],
  });

/**
 * POST /api/users/reset-password: sets the password once per token, then every session of the user ends and the owner
 * is told (decision 237).
 */
export async function resetPassword(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: ResetPasswordInput,
  now = new Date(),
): Promise<void> {
  const hash = hashToken(input.token);
  const nowIso = now.toISOString();
  const row = await q.findResetToken(deps.db, hash);
  if (!row || row.used_at !== null || row.expires_at <= nowIso) throw invalidToken();
  const passwordHash = await hashPassword(input.password); // outside the transaction: Argon2 takes a while
  await deps.db.transaction().execute(async (trx) => {
    // Guarded: of two uses racing, one wins; the loser is told the link is used.
    if (!(await q.claimResetToken(trx, row.reset_id, nowIso))) throw invalidToken();
    await q.retireUserResetTokens(trx, row.user_id, nowIso);
    await updatePasswordHash(trx, row.user_id, passwordHash);
    await revokeUserFamiliesExcept(trx, row.user_id, null, nowIso);
    await dropEmailChangesOf(trx, row.user_id); // a waiting e-mail change was asked with the old password (decision 259)
    await queueAccountNotice(trx, deps, row.user_id, 'account_password_changed', { now });
  });
  notifyMailQueued();
}
